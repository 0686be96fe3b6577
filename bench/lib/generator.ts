// The bulk of the bench data, set-based: trips, loads, stops, billings and trip notes made with
// INSERT … SELECT generate_series on top of the demo company the project's own seeders made (its
// customers, brokers, trucks, drivers, dispatchers and the lanes its trips drove). Deterministic:
// every value comes from the row number through a multiplicative hash, so the same size and anchor
// give the same rows. Bump GENERATOR_REV (or change the SQL) and every prepared dataset rebuilds.
import { createHash } from 'node:crypto';

const GENERATOR_REV = 1;

/** The reference dataset: 1M loads over five years (about 200,000 loads a year, 550 a day). */
export const REFERENCE_LOADS = 1_000_000;
export const REFERENCE_YEARS = 5;

/**
 * Years of history for `loads` at the reference rate: a carrier grows its history, not its loads per
 * day, so 5M loads span 25 years and a window (4 weeks, a year) holds the same rows as at 1M.
 */
export const yearsAtReferenceRate = (loads: number) => (REFERENCE_YEARS * loads) / REFERENCE_LOADS;

export type GeneratorParams = {
  companyId: number;
  /** Loads to add. */
  loads: number;
  /** Trips per load (0.4: about 2.5 loads a trip, as in shared/performance-notes.md). */
  tripsPerLoad: number;
  /** The newest delivery (the seed's "now"), ISO timestamp. */
  anchor: string;
  years: number;
  /** Highest existing ids: new ids follow them. */
  loadBase: number;
  tripBase: number;
  /** Rows in the registries the generator draws from (read from the database before it runs). */
  fleet: number;
  dispatchers: number;
  brokers: number;
  lanes: number;
};

/** Registries of the demo company, numbered 0..n-1 so a hash picks one with a modulo. */
export const registriesSql = (companyId: number) => `
  drop table if exists bench_fleet, bench_disp, bench_brokers, bench_lanes, bench_plan;
  create temp table bench_fleet as
    select (row_number() over (order by id) - 1)::int as k, id as truck_id, customer_id, trailer_id, driver_id
    from trucks where company_id = ${companyId} and status = 'active';
  create temp table bench_disp as
    select (row_number() over (order by u.id) - 1)::int as k, u.id
    from users u left join departments d on d.id = u.department_id
    where u.company_id = ${companyId} and u.active and (d.name = 'Dispatch' or u.role = 2);
  create temp table bench_brokers as
    select (row_number() over (order by id) - 1)::int as k, id from brokers where company_id = ${companyId};
  create temp table bench_lanes as
    select (row_number() over (order by l.id) - 1)::int as k, l.mileage_loaded as miles,
      p.city as p_city, p.state as p_state, p.zip as p_zip, p.city_id as p_city_id,
      d.city as d_city, d.state as d_state, d.zip as d_zip, d.city_id as d_city_id
    from loads l
    join load_stops p on p.load_id = l.id and p.type = 1 and p.position = 1
    join lateral (select * from load_stops s where s.load_id = l.id and s.type = 2 order by s.position desc limit 1) d on true
    where l.company_id = ${companyId} and l.mileage_loaded > 0;
`;

const SEASON = 'array[-0.25, -0.3, -0.1, 0.05, 0.2, 0.35, 0.25, 0.05, 0.0, 0.1, 0.3, 0.4]';
const STREETS = `array['Main St', 'Industrial Pkwy', 'Commerce Dr', 'Distribution Way', 'Logistics Blvd', 'Airport Rd', 'Harbor Ave', 'Rail Yard Rd']`;
const NAMES = `array['Acme', 'Summit', 'Prairie', 'Lakeside', 'Frontier', 'Keystone', 'Pioneer', 'Redwood', 'Atlas', 'Cardinal']`;
const GOODS = `array['Foods', 'Paper', 'Steel', 'Produce', 'Beverage', 'Plastics', 'Lumber', 'Chemicals']`;
const SITES = `array['DC', 'Warehouse', 'Plant', 'Cold Storage']`;
const NOTES = `array['Receiver asks for a call one hour out.', 'Lumper paid by driver, receipt in PPW.',
  'Detention at shipper: 3 hours, broker notified.', 'Appointment moved by the broker; new time confirmed.',
  'Driver reports a TONU risk: load not ready.']`;

const address = (h: string) => `(100 + ${h} % 9900) || ' ' || (${STREETS})[1 + (${h} / 10000) % 8]`;
const facility = (a: string, b: string) =>
  `(${NAMES})[1 + ${a} % 10] || ' ' || (${GOODS})[1 + ${b} % 8] || ' ' || (${SITES})[1 + (${a} / 10) % 4]`;

/** The generator's statements, in order, each with a label for the log. */
export function bulkStatements(p: GeneratorParams): Array<{ label: string; sql: string }> {
  const n = p.loads;
  const t = Math.max(1, Math.round(n * p.tripsPerLoad));
  const span = p.years * 365.25 * 86400;
  const anchor = `'${p.anchor}'::timestamptz`;
  const favourites = Math.max(5, Math.round(p.brokers / 6));
  const plan = `
    create temp table bench_plan as
    with g as (
      select i, i * ${t} / ${n} as j,
        (i + 1) * 2654435761 % 4294967296 as h1, (i + 7) * 2246822519 % 4294967296 as h2,
        (i + 13) * 3266489917 % 4294967296 as h3, (i + 29) * 668265263 % 4294967296 as h4,
        (i + 53) * 374761393 % 4294967296 as h5
      from generate_series(0::bigint, ${n - 1}::bigint) i
    ),
    x as (
      select g.*, ${anchor} - make_interval(secs => ((${n} - 1 - i) + ((h1 % 1000) / 1000.0 - 0.5)) / ${n} * ${span}) as delivery_at,
        f.customer_id, f.truck_id, f.trailer_id, f.driver_id, d.id as dispatcher_id, b.id as broker_id,
        ln.miles, ln.p_city, ln.p_state, ln.p_zip, ln.p_city_id, ln.d_city, ln.d_state, ln.d_zip, ln.d_city_id
      from g
      join bench_fleet f on f.k = g.j % ${p.fleet}
      join bench_disp d on d.k = (g.j % ${p.fleet}) % ${p.dispatchers}
      join bench_lanes ln on ln.k = g.h3 % ${p.lanes}
      join bench_brokers b on b.k = case when g.h2 % 100 < 65 then (g.h2 / 100) % ${favourites} else (g.h2 / 100) % ${p.brokers} end
    ),
    y as (
      select x.*, x.delivery_at - make_interval(secs => (x.miles / 48.0 + 1 + x.h4 % 3) * 3600) as pickup_at,
        x.delivery_at < ${anchor} - interval '2 days' as delivered
      from x
    )
    select ${p.loadBase} + i + 1 as id, ${p.tripBase} + j + 1 as trip_id,
      (i - (j * ${n} + ${t} - 1) / ${t} + 1)::smallint as position,
      customer_id, truck_id, trailer_id, driver_id, dispatcher_id, broker_id,
      (1000000 + h2 % 99000000)::text as broker_number, 'BOL' || (100000 + h1 % 900000) as bol,
      (round(least(3.2, greatest(1.8, 2.45 + (${SEASON})[extract(month from pickup_at at time zone 'UTC')::int]
        + (h4 % 51 - 25) / 100.0)) * miles / 25) * 2500)::bigint as gross_cents,
      miles as mileage_loaded, (8 + (h4 / 100) % 58)::int as mileage_empty,
      pickup_at, delivery_at, p_city, p_state, p_zip, p_city_id, d_city, d_state, d_zip, d_city_id,
      coalesce(customer_id, 0) % 3 = 0 as factoring,
      (delivered and h5 % 100 < 85) as ppw, delivered as billing,
      case when (h5 / 100) % 100 < 6 then 'confirmed' end as ai_status,
      pickup_at - make_interval(hours => (6 + (h3 / 7) % 90)::int) as created_at,
      (h1 / 1000) % 10 = 0 as second_pickup,
      h1, h2, h3, h4, h5
    from y`;
  return [
    { label: 'plan (one row per load)', sql: plan },
    {
      label: 'trips',
      sql: `insert into trips (id, company_id, customer_id, truck_id, trailer_id, driver_id, dispatcher_id, created_by, created_at, updated_at)
        select trip_id, ${p.companyId}, min(customer_id), min(truck_id), min(trailer_id), min(driver_id), min(dispatcher_id),
          min(dispatcher_id), min(created_at), min(created_at)
        from bench_plan group by trip_id`,
    },
    {
      label: 'loads',
      sql: `insert into loads (id, company_id, trip_id, position, broker_id, broker_number, bol, gross_cents, mileage_loaded,
          mileage_empty, pickup_at, delivery_at, pickup_city, pickup_state, delivery_city, delivery_state, customer_id, truck_id,
          trailer_id, driver_id, dispatcher_id, factoring, ppw, ppw_created_by, ppw_date, billing, ai_status, created_by, created_at, updated_at)
        select id, ${p.companyId}, trip_id, position, broker_id, broker_number, bol, gross_cents, mileage_loaded, mileage_empty,
          pickup_at, delivery_at, p_city, p_state, d_city, d_state, customer_id, truck_id, trailer_id, driver_id, dispatcher_id,
          factoring, case when ppw then 1 else 0 end, case when ppw then dispatcher_id end,
          case when ppw then delivery_at + make_interval(hours => (2 + h2 % 38)::int) end,
          billing, ai_status, dispatcher_id, created_at, created_at
        from bench_plan order by id`,
    },
    {
      label: 'stops',
      sql: `insert into load_stops (load_id, type, position, city_id, city, state, zip, address, facility, at)
        select id, 1, 1, p_city_id, p_city, p_state, p_zip, ${address('h1')}, ${facility('h2', 'h4')}, pickup_at from bench_plan
        union all
        select id, 1, 2, p_city_id, p_city, p_state, p_zip, ${address('h3')}, ${facility('h4', 'h1')}, pickup_at + interval '90 minutes'
        from bench_plan where second_pickup
        union all
        select id, 2, 1, d_city_id, d_city, d_state, d_zip, ${address('h5')}, ${facility('h3', 'h5')}, delivery_at from bench_plan`,
    },
    {
      label: 'billings',
      sql: `insert into billings (company_id, load_id, created_by, created_at)
        select ${p.companyId}, id, dispatcher_id, delivery_at + interval '1 day' from bench_plan where billing`,
    },
    {
      label: 'trip notes',
      sql: `insert into trip_notes (trip_id, text, status, created_by, created_at, updated_at)
        select trip_id, (${NOTES})[1 + trip_id % 5], case when trip_id % 997 = 0 then 'new' else 'seen' end,
          min(dispatcher_id), min(created_at) + interval '1 day', min(created_at) + interval '1 day'
        from bench_plan where trip_id::bigint * 2654435761 % 100 < 10 group by trip_id`,
    },
    {
      label: 'sequences',
      sql: `select setval(pg_get_serial_sequence('trips', 'id'), (select max(id) from trips));
        select setval(pg_get_serial_sequence('loads', 'id'), (select max(id) from loads));
        drop table bench_fleet, bench_disp, bench_brokers, bench_lanes, bench_plan`,
    },
  ];
}

/** Changes whenever the generator's SQL or revision does: a prepared dataset with another version is rebuilt. */
export function generatorVersion(): string {
  const sample: GeneratorParams = {
    companyId: 1,
    loads: 1000,
    tripsPerLoad: 0.4,
    anchor: '2000-01-01T00:00:00Z',
    years: 5,
    loadBase: 0,
    tripBase: 0,
    fleet: 1,
    dispatchers: 1,
    brokers: 1,
    lanes: 1,
  };
  const text = [registriesSql(1), ...bulkStatements(sample).map((s) => s.sql)].join('\n');
  return `bulk-${GENERATOR_REV}-${createHash('sha256').update(text).digest('hex').slice(0, 12)}`;
}
