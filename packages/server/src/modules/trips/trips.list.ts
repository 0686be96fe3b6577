import { can, EXTRA_ACTION, SECTION } from '@backhaul/shared';
import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type AnyPgColumn, type AnyPgTable, alias } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../platform/auth/access';
import { users } from '../../platform/auth/auth.table';
import {
  defineList,
  type ListColumnSpec,
  type ListDefinition,
  type ListOptions,
  listColumn,
  toOne,
} from '../../platform/list/define-list';
import { brokers } from '../brokers';
import { customers } from '../customers';
import { drivers } from '../drivers';
import { trailerTypes } from '../general';
import { trailers } from '../trailers';
import { trucks } from '../trucks';
import { loads } from './loads.table';
import { dayTotalsOf } from './trips.day-totals';
import { tripsDefaultFilters } from './trips.filters';
import { tripNotes } from './trips.table';

const TZ = 'America/Chicago';
const shown = (expr: SQL) => sql`to_char(${expr} at time zone ${TZ}, 'YYYY-MM-DD HH24:MI')`;
const yesNo = (expr: SQL, yes: string, no: string) => sql`case when ${expr} then ${yes} else ${no} end`;
const none = sql`select null::int as value, null::text as label where false`;

/**
 * Dollars per mile to the cent, halves away from zero: what round(cents / 100.0 / miles, 2) gives,
 * in float8 instead of numeric (~1 ms instead of ~8 for 8,000 rows). Exact while cents + miles
 * stay below 2^50 ($11 trillion): a quotient c/m that is not exactly a half misses one by at least
 * 1/(2m), more than float8's error in c/m + 0.5. `+ 0` turns the -0 of a small negative into 0.
 * Null without miles.
 */
export const rpm = (cents: SQLWrapper, miles: SQLWrapper) =>
  sql`(sign(${cents}::float8) * floor(abs(${cents})::float8 / nullif(${miles}, 0) + 0.5) / 100 + 0)`;

/**
 * The dispatcher scope (VIEW_ALL_TRIPS 1001): without it a caller sees only loads it dispatches.
 * Decided with can() on the grants the guard put on the caller; the list, its totals and its export share it.
 */
export function tripsScope(user: AuthUser): SQL {
  const company = sql`${loads.companyId} = ${user.companyId}`;
  const customer = user.customerId ? sql` and ${loads.customerId} = ${user.customerId}` : sql``;
  const seesAll = user.grants
    ? can(user.grants, { section: SECTION.Trips, action: EXTRA_ACTION.VIEW_ALL_TRIPS })
    : false;
  return seesAll ? sql`${company}${customer}` : sql`${company}${customer} and ${loads.dispatcherId} = ${user.id}`;
}

const companyOptions =
  (table: AnyPgTable & { id: AnyPgColumn; companyId: AnyPgColumn }, label: AnyPgColumn) => (user: AuthUser) =>
    sql`select ${table.id} as value, ${label} as label from ${table} where ${table.companyId} = ${user.companyId} order by 2 limit 1000`;

/**
 * List filter options read from the registries (not by scanning the loads), per caller: the trips
 * list's and the lists over the same loads (dispatch statistics) declare them by column.
 */
export const TRIPS_FILTER_OPTIONS = {
  customer: companyOptions(customers, customers.name),
  broker_name: companyOptions(brokers, brokers.name),
  truck: companyOptions(trucks, trucks.truckNumber),
  trailer: companyOptions(trailers, trailers.trailerNumber),
  trailer_type: companyOptions(trailerTypes, trailerTypes.name),
  driver: companyOptions(drivers, drivers.name),
  dispatcher: (
    user: AuthUser,
  ) => sql`select u.id as value, u.name as label from users u left join departments d on d.id = u.department_id
      where u.company_id = ${user.companyId} and (d.name = 'Dispatch' or u.role = 2) order by 2`,
  ai_status: sql`select v as value, v as label from (values ('extracted'), ('confirmed')) x(v)`,
} satisfies Record<string, ListOptions>;

/** The registries a load names by id: looked up per row for a page, hash-joined for 'All' and exports. */
export const TRIPS_JOINS = {
  customer: toOne(customers, eq(customers.id, loads.customerId)),
  broker: toOne(brokers, eq(brokers.id, loads.brokerId)),
  dispatcher: toOne(users, eq(users.id, loads.dispatcherId)),
  truck: toOne(trucks, eq(trucks.id, loads.truckId)),
  trailer: toOne(trailers, eq(trailers.id, loads.trailerId)),
  // Through the trailer join declared before it (a column showing the type names both): the two
  // registries memoized by the trailer's and the type's id, where a join of its own looked up both
  // tables for every row (~15 ms of an 8,000-row batch at 1M loads).
  trailerType: toOne(trailerTypes, eq(trailerTypes.id, trailers.trailerTypeId)),
  driver: toOne(drivers, eq(drivers.id, loads.driverId)),
};

const tripLoads = alias(loads, 'trip_loads');

/** The columns of 000 §3 "Trips and loads columns", then the unit and people filters (hidden). */
function columns(): ListColumnSpec[] {
  const routs = sql`${loads.pickupCity} || ', ' || ${loads.pickupState} || ' → ' || ${loads.deliveryCity} || ', ' || ${loads.deliveryState}`;
  const miles = sql`(${loads.mileageLoaded} + ${loads.mileageEmpty})`;
  const O = TRIPS_FILTER_OPTIONS;
  return [
    { id: 'trip_id', title: 'Trip', column: loads.tripId, filter: 'number', footer: 'unique', align: 'left' },
    { id: 'load_id', priority: 2, title: 'Load', column: loads.id, filter: 'number', footer: 'count', align: 'left' },
    {
      id: 'routs',
      priority: 3,
      title: 'Route',
      sql: routs,
      filter: 'address',
      address: {
        1: { state: sql`${loads.pickupState}`, city: sql`${loads.pickupCity}` },
        2: { state: sql`${loads.deliveryState}`, city: sql`${loads.deliveryCity}` },
      },
      sortSql: sql`${loads.pickupState}`,
      clip: 48,
    },
    {
      id: 'pick_up_datetime',
      priority: 5,
      title: 'Pick up',
      sql: shown(sql`${loads.pickupAt}`),
      filterSql: sql`${loads.pickupAt}`,
      sortSql: sql`${loads.pickupAt}`,
      filter: 'date',
      dateType: 'timestamp',
    },
    {
      id: 'delivery_datetime',
      priority: 3,
      title: 'Delivery',
      sql: shown(sql`${loads.deliveryAt}`),
      filterSql: sql`${loads.deliveryAt}`,
      sortSql: sql`${loads.deliveryAt}`,
      filter: 'date',
      dateType: 'timestamp',
    },
    {
      id: 'customer',
      priority: 2,
      title: 'Customer',
      column: customers.name,
      joins: ['customer'],
      filterSql: sql`${loads.customerId}`,
      filter: 'list',
      options: O.customer,
      search: true,
      clip: 28,
    },
    {
      id: 'broker_name',
      priority: 4,
      title: 'Broker',
      column: brokers.name,
      joins: ['broker'],
      filterSql: sql`${loads.brokerId}`,
      filter: 'list',
      options: O.broker_name,
      search: true,
      clip: 28,
    },
    { id: 'broker_number', priority: 6, title: 'Broker #', column: loads.brokerNumber, filter: 'note', search: true },
    { id: 'gross', title: 'Gross', column: loads.grossCents, filter: 'number', footer: 'sum', dollar: true },
    {
      id: 'dispatcher',
      priority: 5,
      title: 'Dispatcher',
      column: users.name,
      joins: ['dispatcher'],
      filterSql: sql`${loads.dispatcherId}`,
      filter: 'list',
      options: O.dispatcher,
    },
    { id: 'bol', priority: 6, title: 'BOL', column: loads.bol, filter: 'note', search: true },
    {
      id: 'invoice',
      priority: 5,
      title: 'Invoice',
      sql: yesNo(sql`${loads.customerInvoiceId} is not null`, 'Exist', 'Not exist'),
      filterSql: sql`${loads.customerInvoiceId} is not null`,
      offSql: sql`${loads.customerInvoiceId} is null`,
      filter: 'options',
    },
    {
      id: 'factoring',
      priority: 6,
      title: 'Factoring',
      sql: yesNo(sql`${loads.factoring}`, 'Yes', 'No'),
      filterSql: sql`${loads.factoring}`,
      filter: 'options',
    },
    {
      id: 'ppw_url',
      priority: 6,
      title: 'PPW',
      sql: yesNo(sql`${loads.ppw} = 1`, 'PPW exist', 'PPW not exist'),
      filterSql: sql`${loads.ppw} = 1`,
      filter: 'options',
    },
    {
      id: 'rpm',
      priority: 4,
      title: 'RPM',
      sql: rpm(loads.grossCents, miles),
      filter: 'number',
      align: 'right',
      exportKind: 'number',
    },
    {
      id: 'mileage_total',
      priority: 4,
      title: 'Total miles',
      sql: miles,
      filter: 'number',
      footer: 'sum',
      miles: true,
    },
    {
      id: 'pick_up_mileage',
      priority: 6,
      title: 'Loaded miles',
      column: loads.mileageLoaded,
      filter: 'number',
      footer: 'sum',
      miles: true,
    },
    {
      id: 'mileage_empty',
      priority: 6,
      title: 'Empty miles',
      column: loads.mileageEmpty,
      filter: 'number',
      footer: 'sum',
      miles: true,
    },
    {
      id: 'created_at',
      title: 'Created',
      sql: shown(sql`${loads.createdAt}`),
      filterSql: sql`${loads.createdAt}`,
      sortSql: sql`${loads.createdAt}`,
      filter: 'date',
      dateType: 'timestamp',
      hidden: true,
    },
    {
      id: 'customer_invoice',
      title: 'Customer invoice',
      column: loads.customerInvoiceId,
      filter: 'number',
      hidden: true,
      align: 'left',
    },
    {
      id: 'dispatcher_statement',
      title: 'Dispatcher statement',
      // The pay-statement engine's line that pays the load to its dispatcher (kind 'dispatcher', key: the load id).
      sql: sql`(select pl.statement_id from pay_statement_lines pl where pl.company_id = ${loads.companyId}
        and pl.kind = 'dispatcher' and pl.source = 'load' and pl.source_key = ${loads.id}::text)`,
      filter: 'number',
      hidden: true,
      align: 'left',
    },
    { id: 'ai_status', title: 'AI status', column: loads.aiStatus, filter: 'list', options: O.ai_status, hidden: true },
    {
      id: 'truck',
      title: 'Truck',
      column: trucks.truckNumber,
      joins: ['truck'],
      filterSql: sql`${loads.truckId}`,
      filter: 'list',
      options: O.truck,
      hidden: true,
    },
    {
      id: 'trailer',
      title: 'Trailer',
      column: trailers.trailerNumber,
      joins: ['trailer'],
      filterSql: sql`${loads.trailerId}`,
      filter: 'list',
      options: O.trailer,
      hidden: true,
    },
    {
      id: 'trailer_type',
      title: 'Trailer type',
      column: trailerTypes.name,
      joins: ['trailer', 'trailerType'],
      filterSql: sql`(select ${trailers.trailerTypeId} from ${trailers} where ${trailers.id} = ${loads.trailerId})`,
      filter: 'list',
      options: O.trailer_type,
      hidden: true,
    },
    {
      id: 'driver',
      title: 'Driver',
      column: drivers.name,
      joins: ['driver'],
      filterSql: sql`${loads.driverId}`,
      filter: 'list',
      options: O.driver,
      hidden: true,
    },
    { id: 'billing', title: 'Billing', column: loads.billing, filter: 'options', data: true },
    // selectId of the spec (several trip ids); options are not offered for it.
    { id: 'trip_ids', title: 'Trips', column: loads.tripId, filter: 'list', options: none, data: true },
    { id: 'ppw', title: 'PPW flag', column: loads.ppw, data: true },
    {
      id: 'trip_loads',
      title: 'Loads in trip',
      sql: sql`(select count(*)::int from ${loads} ${tripLoads} where ${tripLoads.tripId} = ${loads.tripId})`,
      data: true,
    },
    {
      id: 'trip_highlight',
      title: 'New notes',
      sql: sql`exists (select 1 from ${tripNotes} where ${tripNotes.tripId} = ${loads.tripId} and ${tripNotes.status} in ('new', 'edit'))`,
      data: true,
    },
  ];
}

const COLUMNS = columns();
const DAY_TOTALS = dayTotalsOf(COLUMNS.map(listColumn), tripsScope);

/** A whole number the search text may be (an id): at most 9 digits, so it fits an integer column. */
const idIn = (text: string) => (/^\d{1,9}$/.test(text) ? Number(text) : null);

/**
 * The ids of a registry's rows whose name or number matches: an uncorrelated subquery, which
 * PostgreSQL runs once per statement and probes as a hash (a "hashed SubPlan") for each load of the
 * window, never once per row and without joining the registry. The company need not be named: the
 * list's scope already keeps the loads to the caller's company, whose loads name only its own rows.
 */
const idsMatching = (table: AnyPgTable & { id: AnyPgColumn }, label: AnyPgColumn, pattern: string) =>
  sql`(select ${table.id} from ${table} where lower(${label}) like ${pattern})`;

/**
 * What the trips search covers besides its searched columns (customer, broker, broker #, BOL): every
 * stop's city and state (first, intermediate and last), the driver (or the team's second driver),
 * truck and trailer, the load and trip numbers and the invoice number. Stops are matched with an
 * EXISTS served by load_stops_load_idx (load_id first), one probe per load of the window the indexed
 * filters (company, dispatcher, delivery date) already chose: no copy of the stops to keep in step,
 * and a renamed city is found at once.
 */
const SEARCH: ListDefinition['search'] = [
  {
    label: 'Stop city or state',
    where: (pattern, text) =>
      sql`exists (select 1 from load_stops s where s.load_id = ${loads.id} and (lower(s.city) like ${pattern} or lower(s.state) = ${text} or lower(s.city || ', ' || s.state) like ${pattern}))`,
  },
  {
    label: 'Driver',
    where: (pattern) => {
      const ids = idsMatching(drivers, drivers.name, pattern);
      return sql`(${loads.driverId} in ${ids} or ${loads.teamDriverId} in ${ids})`;
    },
  },
  { label: 'Truck', where: (pattern) => sql`${loads.truckId} in ${idsMatching(trucks, trucks.truckNumber, pattern)}` },
  {
    label: 'Trailer',
    where: (pattern) => sql`${loads.trailerId} in ${idsMatching(trailers, trailers.trailerNumber, pattern)}`,
  },
  {
    label: 'Load #',
    where: (_, text) => (idIn(text) === null ? sql`false` : sql`${loads.id} = ${idIn(text)}`),
  },
  {
    label: 'Trip #',
    where: (_, text) => (idIn(text) === null ? sql`false` : sql`${loads.tripId} = ${idIn(text)}`),
  },
  {
    label: 'Invoice #',
    where: (_, text) => (idIn(text) === null ? sql`false` : sql`${loads.customerInvoiceId} = ${idIn(text)}`),
  },
];

function makeList(key: string, title: string): ListDefinition {
  return defineList({
    key,
    title,
    section: SECTION.Trips,
    from: sql`${loads}`,
    rowKey: sql`${loads.id}`,
    joins: TRIPS_JOINS,
    base: tripsScope,
    defaultSort: { sort: 'delivery_datetime', order: 'desc' },
    // The window bounds a large table: a search stays in it (and counts its matches outside).
    defaults: { filters: (_user, requested) => tripsDefaultFilters(requested), searchPast: false },
    columns: COLUMNS,
    search: SEARCH,
    // A whole-day window's totals from load_day_totals (issue 31), the same figures as the live sums.
    totals: DAY_TOTALS,
  });
}

/** POST /trips and /trips/export: loads, newest delivery first, grouped by trip in the web. */
export const tripsList = makeList('trips', 'Trips');
/** POST /loads/export (fileType 4): the same rows under the loads title. */
export const loadsList = makeList('loads', 'Loads');
