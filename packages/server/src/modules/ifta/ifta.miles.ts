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
/** Between a path's stop keys. */
const SEP = '>';

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

/** A stop's key in SQL (see StopKey). */
const stopKey = sql`coalesce(s.city_id::text, upper(trim(s.state)) || '|' || lower(trim(s.city)))`;

/**
 * CTEs q and x: the quarter's loads (delivered in it, by the trips module's definition: `inq`) and,
 * for each truck, its last delivery before the quarter (the start of its first empty leg). One index
 * range on (company_id, delivery_at) and one index probe per truck (truck_id, delivery_at).
 */
function loadsCte(p: MilesPeriod, extra: SQL): SQL {
  const { start, end } = periodBounds(p);
  const truck = p.truckId ? sql`and l.truck_id = ${p.truckId}` : sql``;
  return sql`q as materialized (
      select l.id, l.truck_id, l.delivery_at, true as inq ${extra} from ${loads} l
      where l.company_id = ${p.companyId} and l.delivery_at >= ${start} and l.delivery_at < ${end}
        and ${deliveredBy(p.now)} ${truck}
    ),
    x as materialized (
      select * from q
      union all
      select pl.* from (select distinct truck_id from q where truck_id is not null) t
        cross join lateral (
          select l.id, l.truck_id, l.delivery_at, false as inq ${extra} from ${loads} l
          where l.truck_id = t.truck_id and l.company_id = ${p.companyId} and l.delivery_at < ${start}
          order by l.delivery_at desc, l.id desc limit 1
        ) pl
    )`;
}

/**
 * The audit file's loads (CTE `legs`): each with its stop keys in stop order (`path`), their names
 * and times, and the truck's previous load's (`prev`, `prev_names`, `prev_at`); each load's stops
 * read by their index in stop order, in a subquery per load (no join for the planner to misestimate).
 */
export function quarterLoadsSql(p: MilesPeriod): SQL {
  const stopsOf = (what: SQL) =>
    sql`(select array_agg(${what} order by s.type, s.position, s.id) from ${loadStops} s where s.load_id = x.id)`;
  const lagged = (col: string) =>
    sql`case when truck_id is null then null else lag(${sql.raw(col)}) over (partition by truck_id order by delivery_at, id) end`;
  return sql`${loadsCte(p, sql`, l.trip_id`)},
    seq as materialized (
      select x.*, ${stopsOf(stopKey)} as path, ${stopsOf(sql`s.city || ', ' || s.state`)} as names,
        ${stopsOf(sql`to_char(s.at at time zone ${p.timeZone}, 'YYYY-MM-DD HH24:MI')`)} as stop_at
      from x
    ),
    legs as (
      select seq.*, ${lagged('path')} as prev, ${lagged('names')} as prev_names, ${lagged('delivery_at')} as prev_at
      from seq
    )`;
}

/**
 * Each load's stop keys joined by '>', kept by load id with the load row's version (`xmin`, the
 * transaction that last wrote it): the trips module rewrites a load's stops only in a save that
 * updates the load, so an unchanged version is unchanged stops. (Not updated_at: two saves under
 * one frozen clock, or in one second of a coarse clock, would carry the same stamp.) A quarter read again reads no stops (its tens of thousands of loads' stops are most of a
 * first report's time); past PATHS_KEPT loads the oldest kept go.
 */
const PATHS_KEPT = 200_000;
const kept = new Map<number, { stamp: string; path: string | null }>();

/** The stop paths of these loads (same order), from memory where their stamp is unchanged, else read. */
async function loadPaths(db: DbOrTx, loads: ReadonlyArray<{ id: number; stamp: string }>) {
  const missing = loads.filter((l) => kept.get(Number(l.id))?.stamp !== l.stamp);
  for (let i = 0; i < missing.length; i += 20_000) {
    const chunk = missing.slice(i, i + 20_000);
    const rows = await rowsOf<{ id: number; path: string }>(
      db,
      sql`select s.load_id as id, string_agg(${stopKey}, ${SEP} order by s.type, s.position, s.id) as path
        from ${loadStops} s where s.load_id = any(${`{${chunk.map((l) => l.id).join(',')}}`}::int[])
        group by s.load_id`,
    );
    const found = new Map(rows.map((r) => [Number(r.id), r.path]));
    for (const l of chunk) {
      const id = Number(l.id);
      kept.delete(id);
      kept.set(id, { stamp: l.stamp, path: found.get(id) ?? null });
    }
  }
  while (kept.size > PATHS_KEPT) kept.delete(kept.keys().next().value as number);
  return loads.map((l) => kept.get(Number(l.id))?.path ?? null);
}

/** Loaded or empty: a load's stops in order, or the road from the previous delivery to its first pickup. */
type RecordKind = 'loaded' | 'empty';

/**
 * One distinct record shape of a truck in the quarter: its kind, its stops' keys joined by '>' (an
 * empty leg: the previous delivery's and the first pickup's; null when the truck has no delivery
 * before) and how many of the truck's records have it. The same path of two trucks is measured once.
 */
type Shape = { kind: RecordKind; truck_id: number | null; path: string | null; n: number };

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
  // The quarter's loads and each truck's delivery before it, in each truck's order; then the stops.
  const rows = await rowsOf<{ id: number; truck_id: number | null; stamp: string; inq: boolean }>(
    db,
    sql`with ${loadsCte(p, sql`, l.xmin::text as stamp`)}
      select id, truck_id, stamp, inq from x order by truck_id nulls first, delivery_at, id`,
  );
  const pathOf = await loadPaths(db, rows);
  // Record shapes per truck with their counts: each load's path (loaded) and the road from the
  // truck's previous delivery to its first pickup (empty; null without a delivery before).
  const perTruck = new Map<number | null, { loaded: Map<string | null, number>; empty: Map<string | null, number> }>();
  const bump = (m: Map<string | null, number>, path: string | null) => m.set(path, (m.get(path) ?? 0) + 1);
  let previous: { truck: number | null; path: string | null } | null = null;
  rows.forEach((r, i) => {
    const truckId = r.truck_id === null ? null : Number(r.truck_id);
    const path = pathOf[i] ?? null;
    if (r.inq) {
      let t = perTruck.get(truckId);
      if (!t) {
        t = { loaded: new Map(), empty: new Map() };
        perTruck.set(truckId, t);
      }
      bump(t.loaded, path);
      if (truckId !== null) {
        const before = previous?.truck === truckId ? previous.path : null;
        const to = path === null ? null : path.split(SEP, 1)[0];
        bump(t.empty, before === null || !to ? null : `${before.slice(before.lastIndexOf(SEP) + 1)}${SEP}${to}`);
      }
    }
    previous = { truck: truckId, path };
  });
  const shapes: Shape[] = [...perTruck].flatMap(([truckId, t]) => [
    ...[...t.loaded].map(([path, n]): Shape => ({ kind: 'loaded', truck_id: truckId, path, n })),
    ...[...t.empty].map(([path, n]): Shape => ({ kind: 'empty', truck_id: truckId, path, n })),
  ]);
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
    const n = s.n;
    const m = s.path === null ? undefined : measured.get(s.path);
    if (!m) {
      // A load without stops has no legs; an empty leg without a start is counted apart.
      if (s.kind === 'empty') emptyWithoutStart += n;
      continue;
    }
    const truckId = s.truck_id;
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
