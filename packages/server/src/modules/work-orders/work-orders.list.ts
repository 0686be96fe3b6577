import { SECTION } from '@backhaul/shared';
import {
  PRIORITIES,
  UNIT_TYPE_LABELS,
  WO_CANCELED,
  WO_DEFAULT_STATUSES,
  WO_TYPES,
  WORK_ORDER_STATUS,
} from '@backhaul/shared/modules/work-orders/work-orders.contract';
import { sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import { defineList } from '../../platform/list/define-list';
import { downtimeClock } from '../downtime';
import { WO_SQL } from './work-orders.sql';

const valuesOf = (entries: Array<[string | number, string]>) =>
  sql.raw(
    `select * from (values ${entries.map(([v, l]) => `('${v}', '${l.replace(/'/g, "''")}')`).join(', ')}) o(value, label)`,
  );
const flag = (id: string, title: string) =>
  ({ id, title, sql: sql.raw(`w.${id}`), filter: 'checkbox', align: 'center', format: 'text', priority: 7 }) as const;

/**
 * The work orders list (001 §3): id, create_at, wo_type, unit_type, unit, arrived, arrival_date, the
 * service icons, dispatch_request as Priority, status (painted by its id), check_in, check_out,
 * technician as Shop manager, total. By default every status but Closed and Canceled (001 §3); a
 * search looks at every status, and a Canceled order leaves the list on save (001 §6).
 */
export const workOrdersList = defineList({
  key: 'work-order',
  title: 'Work orders',
  section: SECTION.WorkOrders,
  // The clock's now for the downtime days (downtime module), one parameter per query.
  from: () => sql`work_orders w ${downtimeClock(clock.now())}`,
  rowKey: sql`w.id`,
  // The record's scope is the company alone; the list reads the table under an alias.
  base: (user) => sql`w.company_id = ${user.companyId}`,
  defaultSort: { sort: 'id', order: 'desc' },
  defaults: { filters: () => ({ status: { values: WO_DEFAULT_STATUSES } }), searchPast: true },
  removedOnSave: sql`w.status = ${WO_CANCELED}`,
  columns: [
    { id: 'id', title: 'ID', sql: sql`w.id`, filter: 'number', footer: 'count', align: 'left', search: true },
    {
      id: 'create_at',
      priority: 5,
      title: 'Created',
      sql: WO_SQL.createdAt,
      sortSql: sql`w.created_at`,
      filterSql: sql`w.created_at`,
      filter: 'date',
      dateType: 'timestamp',
    },
    {
      id: 'wo_type',
      priority: 3,
      title: 'Type',
      sql: sql`w.wo_type`,
      filter: 'list',
      options: valuesOf(WO_TYPES.map((t) => [t, t])),
    },
    {
      id: 'unit_type',
      priority: 5,
      title: 'Unit type',
      sql: sql`w.unit_type`,
      filter: 'list',
      options: valuesOf(Object.entries(UNIT_TYPE_LABELS)),
    },
    { id: 'unit', priority: 2, title: 'Unit#', sql: WO_SQL.unit, filter: 'note', search: true },
    { id: 'customer', title: 'Customer', sql: WO_SQL.customer, filter: 'note', search: true, hidden: true },
    {
      id: 'arrived',
      priority: 6,
      title: 'Arrived',
      sql: sql`w.arrived`,
      filter: 'checkbox',
      align: 'center',
      format: 'text',
    },
    {
      id: 'arrival_date',
      priority: 4,
      title: 'Arrival date',
      sql: sql`to_char(w.arrival_date, 'YYYY-MM-DD')`,
      filterSql: sql`w.arrival_date`,
      sortSql: sql`w.arrival_date`,
      filter: 'date',
      dateType: 'date',
    },
    flag('alignment', 'Alignment'),
    flag('inspection', 'Inspection'),
    flag('pm', 'PM'),
    flag('towing', 'Towing'),
    {
      id: 'dispatch_request',
      priority: 3,
      title: 'Priority',
      sql: sql`w.dispatch_request`,
      filter: 'list',
      options: valuesOf(Object.entries(PRIORITIES)),
      format: 'text',
    },
    {
      id: 'status',
      title: 'Status',
      sql: sql`w.status`,
      filter: 'list',
      options: valuesOf(Object.entries(WORK_ORDER_STATUS)),
      format: 'text',
    },
    {
      id: 'check_in',
      priority: 5,
      title: 'Check-in',
      sql: WO_SQL.checkIn,
      filterSql: sql`w.check_in`,
      sortSql: sql`w.check_in`,
      filter: 'date',
      dateType: 'timestamp',
    },
    {
      id: 'check_out',
      priority: 5,
      title: 'Check-out',
      sql: WO_SQL.checkOut,
      filterSql: sql`w.check_out`,
      sortSql: sql`w.check_out`,
      filter: 'date',
      dateType: 'timestamp',
    },
    {
      id: 'technician',
      priority: 4,
      title: 'Shop manager',
      sql: WO_SQL.technician,
      filterSql: sql`w.technician_id`,
      filter: 'list',
      search: true,
    },
    {
      id: 'downtime_days',
      title: 'Downtime days',
      sql: WO_SQL.downtimeDays,
      filter: 'number',
      hidden: true,
      sortable: false,
    },
    {
      id: 'total',
      title: 'Total',
      sql: sql`w.total_cents`,
      filter: 'number',
      footer: 'sum',
      dollar: true,
      align: 'right',
    },
  ],
});
