import { SECTION } from '@backhaul/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/access';
import { defineList, type ListColumn, type ListDefinition } from '../../platform/list/define-list';
import { tripsListFor, tripsScope } from '../trips';

const TZ = 'America/Chicago';
const shown = (expr: SQL) => sql`to_char(${expr} at time zone ${TZ}, 'YYYY-MM-DD HH24:MI')`;
const miles = sql`(loads.mileage_loaded + loads.mileage_empty)`;

/** The joins of the display columns; filters and totals use the ids copied onto loads. */
export const STATISTICS_JOINS = {
  customer: sql`left join customers on customers.id = loads.customer_id`,
  broker: sql`left join brokers on brokers.id = loads.broker_id`,
  dispatcher: sql`left join users dispatcher on dispatcher.id = loads.dispatcher_id`,
  truck: sql`left join trucks on trucks.id = loads.truck_id`,
  trailer: sql`left join trailers on trailers.id = loads.trailer_id`,
  driver: sql`left join drivers on drivers.id = loads.driver_id`,
};

const date = (id: string, title: string, expr: SQL): ListColumn => ({
  id,
  title,
  sql: shown(expr),
  filterSql: expr,
  sortSql: expr,
  filter: 'date',
  dateType: 'timestamp',
  exportKind: 'text',
  hidden: true,
});

/** 000 §3 "Dispatch statistics row", then the window's date columns (hidden: the page sets them). */
const COLUMNS: ListColumn[] = [
  { id: 'trip_id', title: 'Trip', sql: sql`loads.trip_id`, filter: 'number', footer: 'unique', align: 'left' },
  { id: 'load_id', title: 'Load', sql: sql`loads.id`, filter: 'number', footer: 'count', align: 'left' },
  {
    id: 'broker_name',
    title: 'Broker',
    sql: sql`brokers.name`,
    filterSql: sql`loads.broker_id`,
    filter: 'list',
    joins: ['broker'],
    search: true,
    clip: 26,
  },
  { id: 'broker_number', title: 'Broker #', sql: sql`loads.broker_number`, filter: 'note', search: true },
  {
    id: 'carrier',
    title: 'Carrier',
    sql: sql`customers.name`,
    filterSql: sql`loads.customer_id`,
    filter: 'list',
    joins: ['customer'],
    search: true,
    clip: 26,
  },
  {
    id: 'truck',
    title: 'Truck',
    sql: sql`trucks.truck_number`,
    filterSql: sql`loads.truck_id`,
    filter: 'list',
    joins: ['truck'],
    footer: 'unique',
    footerSql: sql`loads.truck_id`,
  },
  {
    id: 'trailer',
    title: 'Trailer',
    sql: sql`trailers.trailer_number`,
    filterSql: sql`loads.trailer_id`,
    filter: 'list',
    joins: ['trailer'],
  },
  {
    id: 'trailer_type',
    title: 'Trailer type',
    sql: sql`(select name from trailer_types tt where tt.id = trailers.trailer_type_id)`,
    filterSql: sql`trailers.trailer_type_id`,
    filter: 'list',
    joins: ['trailer'],
  },
  {
    id: 'driver',
    title: 'Driver',
    sql: sql`drivers.name`,
    filterSql: sql`loads.driver_id`,
    filter: 'list',
    joins: ['driver'],
    clip: 22,
  },
  {
    id: 'dispatcher',
    title: 'Dispatcher',
    sql: sql`dispatcher.name`,
    filterSql: sql`loads.dispatcher_id`,
    filter: 'list',
    joins: ['dispatcher'],
  },
  {
    id: 'routs',
    title: 'Route',
    sql: sql`loads.pickup_city || ', ' || loads.pickup_state || ' → ' || loads.delivery_city || ', ' || loads.delivery_state`,
    filter: 'address',
    address: {
      1: { state: sql`loads.pickup_state`, city: sql`loads.pickup_city` },
      2: { state: sql`loads.delivery_state`, city: sql`loads.delivery_city` },
    },
    sortSql: sql`loads.pickup_state`,
    clip: 44,
  },
  { id: 'gross', title: 'Gross', sql: sql`loads.gross_cents`, filter: 'number', footer: 'sum', dollar: true },
  {
    id: 'rpm',
    title: 'RPM',
    sql: sql`round(loads.gross_cents / 100.0 / nullif(${miles}, 0), 2)::float8`,
    filter: 'number',
    align: 'right',
    exportKind: 'number',
  },
  { id: 'mileage_total', title: 'Total miles', sql: miles, filter: 'number', footer: 'sum', miles: true },
  {
    id: 'mileage_empty',
    title: 'Empty miles',
    sql: sql`loads.mileage_empty`,
    filter: 'number',
    footer: 'sum',
    miles: true,
  },
  date('pick_up_datetime', 'Pick up', sql`loads.pickup_at`),
  date('delivery_datetime', 'Delivery', sql`loads.delivery_at`),
];

/** Dispatch statistics (000 §2 /statistics/dispatch-statistics): loads in the trips' dispatcher scope. */
export const dispatchStatisticsList = defineList({
  key: 'dispatch-statistics',
  title: 'Dispatch statistics',
  section: SECTION.DispatchStatistics,
  from: sql`loads`,
  rowKey: sql`loads.id`,
  joins: STATISTICS_JOINS,
  base: tripsScope,
  defaultSort: { sort: 'delivery_datetime', order: 'desc' },
  columns: COLUMNS,
});

/** The list with its filter options read from the registries (the trips list's, plus carriers). */
export function dispatchStatisticsFor(user: AuthUser): ListDefinition {
  const def = tripsListFor(dispatchStatisticsList, user);
  const carriers = sql`select id as value, name as label from customers where company_id = ${user.companyId} order by 2 limit 1000`;
  return { ...def, columns: def.columns.map((c) => (c.id === 'carrier' ? { ...c, options: carriers } : c)) };
}
