import { SECTION } from '@backhaul/shared';
import { sql } from 'drizzle-orm';
import { defineList } from '../../platform/list/define-list';
import { brokerRecord } from './brokers.record';

/** Brokers (001 §3): broker_id, broker, pa_street_1, email_address, local_phone; more on demand. */
export const brokersList = defineList({
  key: 'brokers',
  title: 'Brokers',
  section: SECTION.Brokers,
  from: sql`brokers`,
  rowKey: sql`brokers.id`,
  base: brokerRecord.scope,
  defaultSort: { sort: 'broker', order: 'asc' },
  columns: [
    { id: 'broker_id', title: 'ID', sql: sql`brokers.id`, filter: 'number', footer: 'count', align: 'left' },
    { id: 'broker', title: 'Broker', sql: sql`brokers.name`, filter: 'note', search: true, clip: 40 },
    { id: 'mc_number', title: 'MC number', sql: sql`brokers.mc_number`, filter: 'note', search: true, hidden: true },
    { id: 'pa_street_1', title: 'Address', sql: sql`brokers.pa_street_1`, filter: 'note', search: true, clip: 36 },
    { id: 'pa_city', title: 'City', sql: sql`brokers.pa_city`, filter: 'note', hidden: true },
    { id: 'pa_state', title: 'State', sql: sql`brokers.pa_state`, filter: 'list', footer: 'unique', hidden: true },
    { id: 'pa_zip', title: 'Zip', sql: sql`brokers.pa_zip`, filter: 'note', hidden: true },
    { id: 'email_address', title: 'E-mail', sql: sql`brokers.email_address`, filter: 'note', search: true },
    { id: 'local_phone', title: 'Phone', sql: sql`brokers.local_phone`, filter: 'note', search: true },
    {
      id: 'created_at',
      title: 'Added',
      sql: sql`to_char(brokers.created_at at time zone 'America/Chicago', 'YYYY-MM-DD')`,
      filterSql: sql`brokers.created_at`,
      sortSql: sql`brokers.created_at`,
      filter: 'date',
      dateType: 'timestamp',
      hidden: true,
    },
  ],
});
