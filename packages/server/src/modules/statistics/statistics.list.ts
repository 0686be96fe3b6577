import { SECTION } from '@backhaul/shared';
import { type SQL, sql } from 'drizzle-orm';
import { users } from '../../platform/auth/auth.table';
import { defineList, type ListColumnSpec } from '../../platform/list/define-list';
import { brokers } from '../brokers';
import { customers } from '../customers';
import { drivers } from '../drivers';
import { trailerTypes } from '../general';
import { trailers } from '../trailers';
import { loads, rpm, TRIPS_FILTER_OPTIONS, TRIPS_JOINS, tripsScope } from '../trips';
import { trucks } from '../trucks';

const TZ = 'America/Chicago';
const shown = (expr: SQL) => sql`to_char(${expr} at time zone ${TZ}, 'YYYY-MM-DD HH24:MI')`;
const miles = sql`(${loads.mileageLoaded} + ${loads.mileageEmpty})`;

const date = (id: string, title: string, expr: SQL): ListColumnSpec => ({
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
const COLUMNS: ListColumnSpec[] = [
  { id: 'trip_id', title: 'Trip', column: loads.tripId, filter: 'number', footer: 'unique', align: 'left' },
  { id: 'load_id', title: 'Load', column: loads.id, filter: 'number', footer: 'count', align: 'left' },
  {
    id: 'broker_name',
    title: 'Broker',
    column: brokers.name,
    filterSql: sql`${loads.brokerId}`,
    filter: 'list',
    options: TRIPS_FILTER_OPTIONS.broker_name,
    joins: ['broker'],
    search: true,
    clip: 26,
  },
  { id: 'broker_number', priority: 6, title: 'Broker #', column: loads.brokerNumber, filter: 'note', search: true },
  {
    id: 'carrier',
    priority: 5,
    title: 'Carrier',
    column: customers.name,
    filterSql: sql`${loads.customerId}`,
    filter: 'list',
    options: TRIPS_FILTER_OPTIONS.customer,
    joins: ['customer'],
    search: true,
    clip: 26,
  },
  {
    id: 'truck',
    priority: 5,
    title: 'Truck',
    column: trucks.truckNumber,
    filterSql: sql`${loads.truckId}`,
    filter: 'list',
    options: TRIPS_FILTER_OPTIONS.truck,
    joins: ['truck'],
    footer: 'unique',
    footerSql: sql`${loads.truckId}`,
  },
  {
    id: 'trailer',
    priority: 6,
    title: 'Trailer',
    column: trailers.trailerNumber,
    filterSql: sql`${loads.trailerId}`,
    filter: 'list',
    options: TRIPS_FILTER_OPTIONS.trailer,
    joins: ['trailer'],
  },
  {
    id: 'trailer_type',
    priority: 6,
    title: 'Trailer type',
    column: trailerTypes.name,
    filterSql: sql`(select ${trailers.trailerTypeId} from ${trailers} where ${trailers.id} = ${loads.trailerId})`,
    filter: 'list',
    options: TRIPS_FILTER_OPTIONS.trailer_type,
    joins: ['trailer', 'trailerType'],
  },
  {
    id: 'driver',
    priority: 4,
    title: 'Driver',
    column: drivers.name,
    filterSql: sql`${loads.driverId}`,
    filter: 'list',
    options: TRIPS_FILTER_OPTIONS.driver,
    joins: ['driver'],
    clip: 22,
  },
  {
    id: 'dispatcher',
    priority: 5,
    title: 'Dispatcher',
    column: users.name,
    filterSql: sql`${loads.dispatcherId}`,
    filter: 'list',
    options: TRIPS_FILTER_OPTIONS.dispatcher,
    joins: ['dispatcher'],
  },
  {
    id: 'routs',
    priority: 3,
    title: 'Route',
    sql: sql`${loads.pickupCity} || ', ' || ${loads.pickupState} || ' → ' || ${loads.deliveryCity} || ', ' || ${loads.deliveryState}`,
    filter: 'address',
    address: {
      1: { state: sql`${loads.pickupState}`, city: sql`${loads.pickupCity}` },
      2: { state: sql`${loads.deliveryState}`, city: sql`${loads.deliveryCity}` },
    },
    sortSql: sql`${loads.pickupState}`,
    clip: 44,
  },
  { id: 'gross', title: 'Gross', column: loads.grossCents, filter: 'number', footer: 'sum', dollar: true },
  {
    id: 'rpm',
    priority: 3,
    title: 'RPM',
    sql: rpm(loads.grossCents, miles),
    filter: 'number',
    align: 'right',
    exportKind: 'number',
  },
  { id: 'mileage_total', priority: 4, title: 'Total miles', sql: miles, filter: 'number', footer: 'sum', miles: true },
  {
    id: 'mileage_empty',
    priority: 6,
    title: 'Empty miles',
    column: loads.mileageEmpty,
    filter: 'number',
    footer: 'sum',
    miles: true,
  },
  date('pick_up_datetime', 'Pick up', sql`${loads.pickupAt}`),
  date('delivery_datetime', 'Delivery', sql`${loads.deliveryAt}`),
];

/** Dispatch statistics (000 §2 /statistics/dispatch-statistics): loads in the trips' dispatcher scope. */
export const dispatchStatisticsList = defineList({
  key: 'dispatch-statistics',
  title: 'Dispatch statistics',
  section: SECTION.DispatchStatistics,
  from: sql`${loads}`,
  rowKey: sql`${loads.id}`,
  joins: TRIPS_JOINS,
  base: tripsScope,
  defaultSort: { sort: 'delivery_datetime', order: 'desc' },
  columns: COLUMNS,
});
