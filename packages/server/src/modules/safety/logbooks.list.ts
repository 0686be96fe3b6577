import { SECTION } from '@backhaul/shared';
import { SAFETY_ACTION_KINDS } from '@backhaul/shared/modules/safety/safety.contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/access';
import { col } from '../../platform/list/columns';
import { defineList } from '../../platform/list/define-list';
import { customers } from '../customers';
import { drivers } from '../drivers';

const TZ = 'America/Chicago';

/** Driver actions the caller reaches: its company's, shown (status 0 is deleted), a customer user's own drivers. */
export const logbookScope = (user: AuthUser): SQL =>
  sql`safety_actions.company_id = ${user.companyId} and safety_actions.status <> 0${
    user.customerId === null ? sql`` : sql` and ${drivers.customerId} = ${user.customerId}`
  }`;

const kindLabel = sql`case safety_actions.kind ${sql.join(
  Object.entries(SAFETY_ACTION_KINDS).map(([value, label]) => sql`when ${value} then ${label}`),
  sql` `,
)} else safety_actions.kind end`;

/** Logbooks (001 §3 "Logbook"): the driver actions as a log, newest first, filtered by customer. */
export const logbooksList = defineList({
  key: 'logbooks',
  title: 'Logbooks',
  section: SECTION.Logbooks,
  from: sql`safety_actions join ${drivers} on ${drivers.id} = safety_actions.driver_id`,
  rowKey: sql`safety_actions.id`,
  joins: {
    customer: sql`left join ${customers} on ${customers.id} = ${drivers.customerId}`,
    author: sql`left join users author on author.id = safety_actions.created_by`,
  },
  base: logbookScope,
  defaultSort: { sort: 'date', order: 'desc' },
  columns: [
    col.id(sql`safety_actions.id`),
    {
      id: 'date',
      priority: 4,
      title: 'Date',
      sql: sql`to_char(safety_actions.date, 'YYYY-MM-DD')`,
      filterSql: sql`safety_actions.date`,
      sortSql: sql`safety_actions.date`,
      filter: 'date',
      dateType: 'date',
    },
    { id: 'driver_id', title: 'Driver ID', sql: sql`safety_actions.driver_id`, hidden: true, data: true },
    {
      id: 'driver',
      priority: 2,
      title: 'Driver',
      sql: sql`${drivers.name}`,
      filterSql: sql`safety_actions.driver_id`,
      filter: 'list',
      search: true,
      footer: 'unique',
    },
    {
      id: 'customers',
      priority: 5,
      title: 'Customer',
      sql: sql`${customers.name}`,
      filterSql: sql`${drivers.customerId}`,
      filter: 'list',
      joins: ['customer'],
      search: true,
    },
    { id: 'kind', priority: 3, title: 'Action', sql: kindLabel, filterSql: sql`safety_actions.kind`, filter: 'list' },
    { id: 'note', priority: 3, title: 'Note', sql: sql`safety_actions.note`, filter: 'note', search: true, clip: 80 },
    {
      id: 'created_by',
      priority: 5,
      title: 'Added by',
      sql: sql`author.name`,
      filterSql: sql`safety_actions.created_by`,
      filter: 'list',
      joins: ['author'],
    },
    {
      id: 'dateTime',
      priority: 5,
      title: 'Added',
      sql: sql`to_char(safety_actions.created_at at time zone ${TZ}, 'YYYY-MM-DD HH24:MI')`,
      filterSql: sql`safety_actions.created_at`,
      sortSql: sql`safety_actions.created_at`,
      filter: 'date',
      dateType: 'timestamp',
    },
    { id: 'status', title: 'Status', sql: sql`safety_actions.status`, data: true },
  ],
});
