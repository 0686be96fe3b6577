import { can, EXTRA_ACTION, SECTION } from '@backhaul/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/access';
import { defineList, type ListColumn, type ListDefinition } from '../../platform/list/define-list';

const TZ = 'America/Chicago';
const shown = (expr: SQL) => sql`to_char(${expr} at time zone ${TZ}, 'YYYY-MM-DD HH24:MI')`;
const yesNo = (expr: SQL, yes: string, no: string) => sql`case when ${expr} then ${yes} else ${no} end`;
const none = sql`select null::int as value, null::text as label where false`;

/**
 * The dispatcher scope (VIEW_ALL_TRIPS 1001): without it a caller sees only loads it dispatches.
 * Decided with can() on the grants the guard put on the caller; the list, its totals and its export share it.
 */
export function tripsScope(user: AuthUser): SQL {
  const company = sql`loads.company_id = ${user.companyId}`;
  const customer = user.customerId ? sql` and loads.customer_id = ${user.customerId}` : sql``;
  const seesAll = user.grants
    ? can(user.grants, { section: SECTION.Trips, action: EXTRA_ACTION.VIEW_ALL_TRIPS })
    : false;
  return seesAll ? sql`${company}${customer}` : sql`${company}${customer} and loads.dispatcher_id = ${user.id}`;
}

/** A registry's label for a load's id: a scalar subquery, so the page query plans without joins. */
const nameOf = (table: string, column: string, id: string) =>
  sql.raw(`(select ${table}.${column} from ${table} where ${table}.id = loads.${id})`);

const companyOptions = (table: string, label: string) => (user: AuthUser) =>
  sql`select id as value, ${sql.raw(label)} as label from ${sql.raw(table)} where company_id = ${user.companyId} order by 2 limit 1000`;

/** The columns of 000 §3 "Trips and loads columns", then the unit and people filters (hidden). */
function columns(): ListColumn[] {
  const routs = sql`loads.pickup_city || ', ' || loads.pickup_state || ' → ' || loads.delivery_city || ', ' || loads.delivery_state`;
  const miles = sql`(loads.mileage_loaded + loads.mileage_empty)`;
  return [
    { id: 'trip_id', title: 'Trip', sql: sql`loads.trip_id`, filter: 'number', footer: 'unique', align: 'left' },
    { id: 'load_id', title: 'Load', sql: sql`loads.id`, filter: 'number', footer: 'count', align: 'left' },
    {
      id: 'routs',
      title: 'Route',
      sql: routs,
      filter: 'address',
      address: {
        1: { state: sql`loads.pickup_state`, city: sql`loads.pickup_city` },
        2: { state: sql`loads.delivery_state`, city: sql`loads.delivery_city` },
      },
      sortSql: sql`loads.pickup_state`,
      clip: 48,
    },
    {
      id: 'pick_up_datetime',
      title: 'Pick up',
      sql: shown(sql`loads.pickup_at`),
      filterSql: sql`loads.pickup_at`,
      sortSql: sql`loads.pickup_at`,
      filter: 'date',
      dateType: 'timestamp',
    },
    {
      id: 'delivery_datetime',
      title: 'Delivery',
      sql: shown(sql`loads.delivery_at`),
      filterSql: sql`loads.delivery_at`,
      sortSql: sql`loads.delivery_at`,
      filter: 'date',
      dateType: 'timestamp',
    },
    {
      id: 'customer',
      title: 'Customer',
      sql: nameOf('customers', 'name', 'customer_id'),
      filterSql: sql`loads.customer_id`,
      filter: 'list',
      search: true,
      clip: 28,
    },
    {
      id: 'broker_name',
      title: 'Broker',
      sql: nameOf('brokers', 'name', 'broker_id'),
      filterSql: sql`loads.broker_id`,
      filter: 'list',
      search: true,
      clip: 28,
    },
    {
      id: 'broker_number',
      title: 'Broker #',
      sql: sql`loads.broker_number`,
      filter: 'note',
      search: true,
    },
    { id: 'gross', title: 'Gross', sql: sql`loads.gross_cents`, filter: 'number', footer: 'sum', dollar: true },
    {
      id: 'dispatcher',
      title: 'Dispatcher',
      sql: nameOf('users', 'name', 'dispatcher_id'),
      filterSql: sql`loads.dispatcher_id`,
      filter: 'list',
    },
    { id: 'bol', title: 'BOL', sql: sql`loads.bol`, filter: 'note', search: true },
    {
      id: 'invoice',
      title: 'Invoice',
      sql: yesNo(sql`loads.customer_invoice_id is not null`, 'Exist', 'Not exist'),
      filterSql: sql`loads.customer_invoice_id is not null`,
      filter: 'options',
    },
    {
      id: 'factoring',
      title: 'Factoring',
      sql: yesNo(sql`loads.factoring`, 'Yes', 'No'),
      filterSql: sql`loads.factoring`,
      filter: 'options',
    },
    {
      id: 'ppw_url',
      title: 'PPW',
      sql: yesNo(sql`loads.ppw = 1`, 'PPW exist', 'PPW not exist'),
      filterSql: sql`loads.ppw = 1`,
      filter: 'options',
    },
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
      id: 'pick_up_mileage',
      title: 'Loaded miles',
      sql: sql`loads.mileage_loaded`,
      filter: 'number',
      footer: 'sum',
      miles: true,
    },
    {
      id: 'mileage_empty',
      title: 'Empty miles',
      sql: sql`loads.mileage_empty`,
      filter: 'number',
      footer: 'sum',
      miles: true,
    },
    {
      id: 'created_at',
      title: 'Created',
      sql: shown(sql`loads.created_at`),
      filterSql: sql`loads.created_at`,
      sortSql: sql`loads.created_at`,
      filter: 'date',
      dateType: 'timestamp',
      hidden: true,
    },
    {
      id: 'customer_invoice',
      title: 'Customer invoice',
      sql: sql`loads.customer_invoice_id`,
      filter: 'number',
      hidden: true,
      align: 'left',
    },
    {
      id: 'dispatcher_statement',
      title: 'Dispatcher statement',
      sql: sql`loads.dispatcher_statement_id`,
      filter: 'number',
      hidden: true,
      align: 'left',
    },
    { id: 'ai_status', title: 'AI status', sql: sql`loads.ai_status`, filter: 'list', hidden: true },
    {
      id: 'truck',
      title: 'Truck',
      sql: nameOf('trucks', 'truck_number', 'truck_id'),
      filterSql: sql`loads.truck_id`,
      filter: 'list',
      hidden: true,
    },
    {
      id: 'trailer',
      title: 'Trailer',
      sql: nameOf('trailers', 'trailer_number', 'trailer_id'),
      filterSql: sql`loads.trailer_id`,
      filter: 'list',
      hidden: true,
    },
    {
      id: 'trailer_type',
      title: 'Trailer type',
      sql: sql`(select tt.name from trailers tl join trailer_types tt on tt.id = tl.trailer_type_id where tl.id = loads.trailer_id)`,
      filterSql: sql`(select tl.trailer_type_id from trailers tl where tl.id = loads.trailer_id)`,
      filter: 'list',
      hidden: true,
    },
    {
      id: 'driver',
      title: 'Driver',
      sql: nameOf('drivers', 'name', 'driver_id'),
      filterSql: sql`loads.driver_id`,
      filter: 'list',
      hidden: true,
    },
    { id: 'billing', title: 'Billing', sql: sql`loads.billing`, filter: 'options', data: true },
    // selectId of the spec (several trip ids); options are not offered for it.
    { id: 'trip_ids', title: 'Trips', sql: sql`loads.trip_id`, filter: 'list', options: none, data: true },
    { id: 'ppw', title: 'PPW flag', sql: sql`loads.ppw`, data: true },
    {
      id: 'trip_loads',
      title: 'Loads in trip',
      sql: sql`(select count(*)::int from loads l2 where l2.trip_id = loads.trip_id)`,
      data: true,
    },
    {
      id: 'trip_highlight',
      title: 'New notes',
      sql: sql`exists (select 1 from trip_notes n where n.trip_id = loads.trip_id and n.status in ('new', 'edit'))`,
      data: true,
    },
  ];
}

/** List filter options the engine would otherwise scan the loads for: read from the registries. */
function withOptions(cols: ListColumn[], user: AuthUser): ListColumn[] {
  const opts: Record<string, SQL> = {
    customer: companyOptions('customers', 'name')(user),
    broker_name: companyOptions('brokers', 'name')(user),
    truck: companyOptions('trucks', 'truck_number')(user),
    trailer: companyOptions('trailers', 'trailer_number')(user),
    trailer_type: companyOptions('trailer_types', 'name')(user),
    driver: companyOptions('drivers', 'name')(user),
    dispatcher: sql`select u.id as value, u.name as label from users u left join departments d on d.id = u.department_id
      where u.company_id = ${user.companyId} and (d.name = 'Dispatch' or u.role = 2) order by 2`,
    ai_status: sql`select v as value, v as label from (values ('extracted'), ('confirmed')) x(v)`,
  };
  return cols.map((c) => (opts[c.id] ? { ...c, options: opts[c.id] } : c));
}

const COLUMNS = columns();

/** A whole number the search text may be (an id): at most 9 digits, so it fits an integer column. */
const idIn = (text: string) => (/^\d{1,9}$/.test(text) ? Number(text) : null);

/**
 * What the trips search covers besides its searched columns (customer, broker, broker #, BOL): every
 * stop's city and state (first, intermediate and last), the load and trip numbers and the invoice
 * number. Stops are matched with an EXISTS served by load_stops_load_idx (load_id first), one probe
 * per load of the window the indexed filters (company, dispatcher, delivery date) already chose: no
 * copy of the stops to keep in step, and a renamed city is found at once.
 */
const SEARCH: ListDefinition['search'] = [
  {
    label: 'Stop city or state',
    where: (pattern, text) =>
      sql`exists (select 1 from load_stops s where s.load_id = loads.id and (lower(s.city) like ${pattern} or lower(s.state) = ${text} or lower(s.city || ', ' || s.state) like ${pattern}))`,
  },
  {
    label: 'Load #',
    where: (_, text) => (idIn(text) === null ? sql`false` : sql`loads.id = ${idIn(text)}`),
  },
  {
    label: 'Trip #',
    where: (_, text) => (idIn(text) === null ? sql`false` : sql`loads.trip_id = ${idIn(text)}`),
  },
  {
    label: 'Invoice #',
    where: (_, text) => (idIn(text) === null ? sql`false` : sql`loads.customer_invoice_id = ${idIn(text)}`),
  },
];

function makeList(key: string, title: string): ListDefinition {
  return defineList({
    key,
    title,
    section: SECTION.Trips,
    from: sql`loads`,
    rowKey: sql`loads.id`,
    base: tripsScope,
    defaultSort: { sort: 'delivery_datetime', order: 'desc' },
    columns: COLUMNS,
    search: SEARCH,
  });
}

/** POST /trips and /trips/export: loads, newest delivery first, grouped by trip in the web. */
export const tripsList = makeList('trips', 'Trips');
/** POST /loads/export (fileType 4): the same rows under the loads title. */
export const loadsList = makeList('loads', 'Loads');

/** The list with options read from the registries for this caller (runList reads `options` per column). */
export const tripsListFor = (def: ListDefinition, user: AuthUser): ListDefinition => ({
  ...def,
  columns: withOptions([...def.columns], user),
});
