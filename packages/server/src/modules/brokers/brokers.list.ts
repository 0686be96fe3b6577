import { SECTION } from '@backhaul/shared';
import { ilike, sql } from 'drizzle-orm';
import { defineList } from '../../platform/list/define-list';
import { brokerRecord } from './brokers.record';
import { brokers } from './brokers.table';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Brokers (001 §3): broker_id, broker, pa_street_1, email_address, local_phone; more on demand. */
export const brokersList = defineList({
  key: 'brokers',
  title: 'Brokers',
  section: SECTION.Brokers,
  from: sql`${brokers}`,
  rowKey: sql`${brokers.id}`,
  base: brokerRecord.scope,
  defaultSort: { sort: 'broker', order: 'asc' },
  columns: [
    { id: 'broker_id', title: 'ID', column: brokers.id, filter: 'number', footer: 'count', align: 'left' },
    { id: 'broker', title: 'Broker', column: brokers.name, filter: 'note', search: true, clip: 40 },
    { id: 'mc_number', title: 'MC number', column: brokers.mcNumber, filter: 'note', search: true, hidden: true },
    { id: 'pa_street_1', title: 'Address', column: brokers.paStreet1, filter: 'note', search: true, clip: 36 },
    { id: 'pa_city', title: 'City', column: brokers.paCity, filter: 'note', hidden: true },
    { id: 'pa_state', title: 'State', column: brokers.paState, filter: 'list', footer: 'unique', hidden: true },
    { id: 'pa_zip', title: 'Zip', column: brokers.paZip, filter: 'note', hidden: true },
    { id: 'email_address', title: 'E-mail', column: brokers.emailAddress, filter: 'note', search: true },
    { id: 'local_phone', title: 'Phone', column: brokers.localPhone, filter: 'note', search: true },
    {
      id: 'created_at',
      title: 'Added',
      sql: sql`to_char(${brokers.createdAt} at time zone 'America/Chicago', 'YYYY-MM-DD')`,
      filterSql: sql`${brokers.createdAt}`,
      sortSql: sql`${brokers.createdAt}`,
      filter: 'date',
      dateType: 'timestamp',
      hidden: true,
    },
  ],
  // The load form's broker picker (POST /filterBrockers): the name contains the text, or the MC number starts with it.
  lookup: {
    match: (text) =>
      sql`(${ilike(brokers.name, `%${escapeLike(text)}%`)} or ${ilike(brokers.mcNumber, `${escapeLike(text)}%`)})`,
    orderBy: sql`${brokers.name} asc`,
  },
});
