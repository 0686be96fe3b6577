import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { cities } from '../cities';
import { type LatLon, type RoutedLeg, type RoutingProvider, routeLegs } from '../mileage';
import { deliveredBy, loadStops, loads } from '../trips';

/**
 * A stop's key: its city id, or `STATE|city` (lower case) for a stop typed without one. Keys, not
 * coordinates, travel from SQL: a quarter's tens of thousands of stops are a few dozen cities.
 */
type StopKey = string;

/** The quarter (or any period) in the company's time zone, and what counts as delivered. */
export type MilesPeriod = {
  companyId: number;
  /** First and last day, YYYY-MM-DD, in `timeZone`. */
  from: string;
  to: string;
  timeZone: string;
  /** Delivered means delivered by this instant (the clock's now). */
  now: Date;
  truckId: number | null;
};

/** A period's first instant and the instant after its last day, as sargable bounds on a timestamptz. */
const periodBounds = (p: Pick<MilesPeriod, 'from' | 'to' | 'timeZone'>) => ({
  start: sql`(${p.from}::date::timestamp at time zone ${p.timeZone})`,
  end: sql`((${p.to}::date + 1)::timestamp at time zone ${p.timeZone})`,
});

/**
 * The quarter's loads (delivered in it, by the trips module's definition) with, for each truck, its
 * last delivery before the quarter: the start of its first empty leg. CTEs q, seq and legs: `legs`
 * has each load's stop keys in stop order (`path`), and `prev`, the truck's previous load's. One
 * index range on (company, delivery_at) and one index probe per truck; each load's stops are read
 * by their index in stop order, in a subquery per load, so the planner has no join of stops to
 * misestimate. `detail` (the audit file) adds the trip, the stops' names and the previous delivery.
 */
export function quarterLoadsSql(p: MilesPeriod, detail = false): SQL {
  const { start, end } = periodBounds(p);
  const truck = p.truckId ? sql`and l.truck_id = ${p.truckId}` : sql``;
  const extra = detail ? sql`, l.trip_id` : sql``;
  const stopsOf = (what: SQL) =>
    sql`(select array_agg(${what} order by s.type, s.position, s.id) from ${loadStops} s where s.load_id = x.id)`;
  const names = detail
    ? sql`, ${stopsOf(sql`s.city || ', ' || s.state`)} as names,
        ${stopsOf(sql`to_char(s.at at time zone ${p.timeZone}, 'YYYY-MM-DD HH24:MI')`)} as stop_at`
    : sql``;
  const lagged = (col: string) =>
    sql`case when truck_id is null then null else lag(${sql.raw(col)}) over (partition by truck_id order by delivery_at, id) end`;
  return sql`q as materialized (
      select l.id, l.truck_id, l.delivery_at, true as inq ${extra} from ${loads} l
      where l.company_id = ${p.companyId} and l.delivery_at >= ${start} and l.delivery_at < ${end}
        and ${deliveredBy(p.now)} ${truck}
    ),
    seq as materialized (
      select x.*, ${stopsOf(sql`coalesce(s.city_id::text, upper(trim(s.state)) || '|' || lower(trim(s.city)))`)} as path
        ${names}
      from (
        select * from q
        union all
        select pl.* from (select distinct truck_id from q where truck_id is not null) t
          cross join lateral (
            select l.id, l.truck_id, l.delivery_at, false as inq ${extra} from ${loads} l
            where l.truck_id = t.truck_id and l.company_id = ${p.companyId} and l.delivery_at < ${start}
            order by l.delivery_at desc, l.id desc limit 1
          ) pl
      ) x
    ),
    legs as (
      select seq.*, ${lagged('path')} as prev
        ${detail ? sql`, ${lagged('names')} as prev_names, ${lagged('delivery_at')} as prev_at` : sql``}
      from seq
    )`;
}

/** Loaded or empty: a load's stops in order, or the road from the previous delivery to its first pickup. */
type RecordKind = 'loaded' | 'empty';

/**
 * One distinct record shape of a truck in the quarter: its kind, its stops' keys joined by '>' (an
 * empty leg: the previous delivery's and the first pickup's; null when the truck has no delivery
 * before) and how many of the truck's records have it. Text, not arrays: tens of thousands of rows
 * parse faster, and the same path of two trucks is measured once.
 */
type Shape = { kind: RecordKind; truck_id: number | null; path: string | null; n: number };
const SEP = '>';

/** The coordinates of the stop keys (cities by id; by state and name for stops typed without one). */
export async function placesOf(db: DbOrTx, keys: Iterable<StopKey | null>): Promise<Map<StopKey, LatLon>> {
  const ids: number[] = [];
  const names: string[] = [];
  for (const k of new Set(keys)) {
    if (k === null) continue;
    if (/^\d+$/.test(k)) ids.push(Number(k));
    else names.push(k);
  }
  const places = new Map<StopKey, LatLon>();
  const put = (rows: Array<{ key: string; lat: number | null; lon: number | null }>) => {
    for (const r of rows)
      if (r.lat !== null && r.lon !== null) places.set(String(r.key), { lat: Number(r.lat), lon: Number(r.lon) });
  };
  if (ids.length)
    put(
      await rowsOf(
        db,
        sql`select ${cities.id}::text as key, ${cities.latitude} as lat, ${cities.longitude} as lon
          from ${cities} where ${cities.id} in ${ids}`,
      ),
    );
  if (names.length)
    put(
      await rowsOf(
        db,
        sql`select distinct on (key) ${cities.state} || '|' || lower(${cities.city}) as key,
            ${cities.latitude} as lat, ${cities.longitude} as lon
          from ${cities}
          where ${cities.state} || '|' || lower(${cities.city}) in ${names} and ${cities.latitude} is not null
          order by key, ${cities.id}`,
      ),
    );
  return places;
}

/** A record's legs, end to end: each pair of consecutive stops. */
export type RecordLeg = { from: StopKey | null; to: StopKey | null };
export const legsOfPath = (path: ReadonlyArray<StopKey | null>): RecordLeg[] =>
  path.slice(1).map((to, i) => ({ from: path[i] ?? null, to }));

const legKey = (a: LatLon, b: LatLon) => `${a.lat},${a.lon}|${b.lat},${b.lon}`;

/**
 * Routes the legs of many records at once (each distinct leg once; the mileage module keeps routed
 * legs by their ends, in memory and in routed_legs, so a quarter seen before routes nothing).
 */
export async function routeRecords(
  db: DbOrTx,
  routing: RoutingProvider,
  places: Map<StopKey, LatLon>,
  records: ReadonlyArray<ReadonlyArray<RecordLeg>>,
): Promise<{ leg: (l: RecordLeg) => RoutedLeg | 'same' | null; provider: string }> {
  const wanted = new Map<string, { from: LatLon; to: LatLon }>();
  const byStops = new Map<string, string>();
  for (const legs of records)
    for (const l of legs) {
      const stops = `${l.from}${SEP}${l.to}`;
      if (byStops.has(stops)) continue;
      const a = l.from === null ? undefined : places.get(l.from);
      const b = l.to === null ? undefined : places.get(l.to);
      if (!a || !b || l.from === l.to) continue;
      const key = legKey(a, b);
      wanted.set(key, { from: a, to: b });
      byStops.set(stops, key);
    }
  const list = [...wanted.values()];
  const routed = await routeLegs(list, { db, provider: routing });
  const byKey = new Map(list.map((l, i) => [legKey(l.from, l.to), routed[i] as RoutedLeg]));
  return {
    provider: routed[0]?.provider ?? (await routing.key()),
    leg: (l) => {
      if (l.from !== null && l.from === l.to) return 'same';
      const key = byStops.get(`${l.from}${SEP}${l.to}`);
      return key === undefined ? null : (byKey.get(key) ?? null);
    },
  };
}

/**
 * One record's whole miles per jurisdiction: its legs' road miles per state added up, the total
 * rounded, and the whole miles shared out by largest remainder (ties by code), so a record's
 * jurisdictions add up to its rounded total and the return, a sum of records, agrees with the audit
 * file to the mile.
 */
export function wholeMiles(states: Record<string, number>): Record<string, number> {
  const entries = Object.entries(states).filter(([, m]) => m > 0);
  const total = Math.round(entries.reduce((s, [, m]) => s + m, 0));
  const floors = entries.map(([s, m]) => ({ s, whole: Math.floor(m), rest: m - Math.floor(m) }));
  let left = total - floors.reduce((s, f) => s + f.whole, 0);
  const order = [...floors].sort((a, b) => b.rest - a.rest || a.s.localeCompare(b.s));
  for (const f of order) {
    if (left <= 0) break;
    f.whole++;
    left--;
  }
  return Object.fromEntries(floors.filter((f) => f.whole > 0).map((f) => [f.s, f.whole]));
}

/** A record's unrounded state miles, the routes it drove and how many of its legs could not be measured. */
export function measureRecord(legs: ReadonlyArray<RecordLeg>, leg: (l: RecordLeg) => RoutedLeg | 'same' | null) {
  const states: Record<string, number> = {};
  const routes: string[] = [];
  let skipped = 0;
  for (const l of legs) {
    const r = leg(l);
    if (r === 'same') continue;
    if (!r) {
      skipped++;
      continue;
    }
    for (const [s, m] of Object.entries(r.states)) states[s] = (states[s] ?? 0) + m;
    for (const name of r.routes) if (name !== 'local' && routes[routes.length - 1] !== name) routes.push(name);
  }
  return { miles: wholeMiles(states), routes, skipped };
}

/** Whole miles per jurisdiction, loaded and empty, of one truck (null: loads without a truck). */
export type TruckMiles = { loaded: Record<string, number>; empty: Record<string, number> };

export type QuarterMiles = {
  trucks: Map<number | null, TruckMiles>;
  skippedLegs: number;
  emptyWithoutStart: number;
  provider: string;
};

const add = (into: Record<string, number>, miles: Record<string, number>, times: number) => {
  for (const [s, m] of Object.entries(miles)) into[s] = (into[s] ?? 0) + m * times;
};

/**
 * The quarter's road miles per truck and jurisdiction: each delivered load's stops in order
 * (loaded) and each truck's road from its previous delivery to the load's first pickup (empty).
 * SQL answers the distinct record shapes per truck with their counts; each shape is measured once.
 */
export async function quarterMiles(db: DbOrTx, routing: RoutingProvider, p: MilesPeriod): Promise<QuarterMiles> {
  const shapes = await rowsOf<Shape>(
    db,
    sql`with ${quarterLoadsSql(p)}
      select 'loaded' as kind, truck_id, array_to_string(path, ${SEP}) as path, count(*)::int as n
      from legs where inq group by truck_id, path
      union all
      select 'empty', truck_id, prev[cardinality(prev)] || ${SEP} || path[1], count(*)::int
      from legs where inq and truck_id is not null group by 1, 2, 3`,
  );
  // Each distinct path once: its legs, routed together, then measured.
  const paths = new Map<string, RecordLeg[]>();
  for (const s of shapes) if (s.path !== null && !paths.has(s.path)) paths.set(s.path, legsOfPath(s.path.split(SEP)));
  const places = await placesOf(
    db,
    [...paths.keys()].flatMap((path) => path.split(SEP)),
  );
  const routed = await routeRecords(db, routing, places, [...paths.values()]);
  const measured = new Map([...paths].map(([path, legs]) => [path, measureRecord(legs, routed.leg)]));
  const trucks = new Map<number | null, TruckMiles>();
  let skippedLegs = 0;
  let emptyWithoutStart = 0;
  for (const s of shapes) {
    const n = Number(s.n);
    const m = s.path === null ? undefined : measured.get(s.path);
    if (!m) {
      // A load without stops has no legs; an empty leg without a start is counted apart.
      if (s.kind === 'empty') emptyWithoutStart += n;
      continue;
    }
    const truckId = s.truck_id === null ? null : Number(s.truck_id);
    let t = trucks.get(truckId);
    if (!t) {
      t = { loaded: {}, empty: {} };
      trucks.set(truckId, t);
    }
    skippedLegs += m.skipped * n;
    add(s.kind === 'loaded' ? t.loaded : t.empty, m.miles, n);
  }
  return { trucks, skippedLegs, emptyWithoutStart, provider: routed.provider };
}
