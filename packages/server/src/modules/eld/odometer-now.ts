import { and, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type RoutingProvider, resolvePlace, routeLegs } from '../mileage';
import { type StopPlace, type TruckDeliveredLoad, truckDeliveredLoads } from '../trips';
import { trucks } from '../trucks';
import { odometerReadings, truckOdometers } from './eld.table';

const DAY_MS = 86_400_000;
/** The window of readings the pace (miles a day) is measured over. */
const PACE_DAYS = 90;

/**
 * The routing the app is configured with (MILEAGE_PROVIDER), set when the eld routes are registered:
 * the service schedule, the planner and the digest refresh odometers without a config of their own.
 */
let configured: RoutingProvider | undefined;
export function useOdometerRouting(provider: RoutingProvider): void {
  configured = provider;
}

/** A truck's odometer at an instant: its last accepted reading plus the routed miles delivered since. */
export type OdometerNow = {
  truckId: number;
  odometer: number | null;
  readingId: number | null;
  /** The reading's source, or 'truck' for the truck form's odometer when it has no reading. */
  source: string | null;
  readAt: Date | null;
  reading: number | null;
  routedMiles: number;
  loads: number;
  milesPerDay: number;
};

type LatLon = { lat: number; lon: number };
/** A stop's coordinates as the trip dialog places it (zip, else city and state), or null. */
export const placeOf = (p: StopPlace | null): LatLon | null => {
  if (!p) return null;
  const found = resolvePlace({ zip: p.zip ?? '', city: p.city, state: p.state });
  return 'unknown' in found ? null : { lat: found.lat, lon: found.lon };
};

/**
 * A load's routed miles: stop to stop (loaded) and from the previous delivery to its first stop
 * (empty). A stop no place resolves for takes the miles the trip carries for that part instead.
 */
async function loadMiles(rows: TruckDeliveredLoad[], provider: RoutingProvider | undefined, db: DbOrTx) {
  type Part = { load: number; legs: Array<{ from: LatLon; to: LatLon }> | null; fallback: number };
  const parts: Part[] = [];
  rows.forEach((l, i) => {
    const stops = l.stops.map(placeOf);
    const loaded = stops.every((s) => s) && stops.length > 1;
    parts.push({
      load: i,
      legs: loaded
        ? stops.slice(1).map((to, k) => ({ from: stops[k] as LatLon, to: to as LatLon }))
        : stops.length === 1 && stops[0]
          ? []
          : null,
      fallback: l.mileage_loaded,
    });
    const from = placeOf(l.previous);
    const to = stops[0] ?? null;
    parts.push({
      load: i,
      legs: l.previous === null ? [] : from && to ? [{ from, to }] : null,
      fallback: l.previous === null ? 0 : l.mileage_empty,
    });
  });
  const legs = parts.flatMap((p) => p.legs ?? []);
  const using = provider ?? configured;
  const routed = legs.length ? await routeLegs(legs, { db, ...(using ? { provider: using } : {}) }) : [];
  const miles = rows.map(() => 0);
  let at = 0;
  for (const p of parts) {
    if (p.legs === null) miles[p.load] = (miles[p.load] ?? 0) + p.fallback;
    else for (const _ of p.legs) miles[p.load] = (miles[p.load] ?? 0) + (routed[at++]?.miles ?? 0);
  }
  return miles;
}

/**
 * The odometer of each truck of the company (or of `truckIds`) at `now`: its last accepted reading
 * by then plus the routed miles (loaded and empty) of the loads it delivered after the reading; a
 * truck without readings shows the truck form's odometer, which nothing moves. `milesPerDay` is the
 * pace over the last 90 days of readings.
 */
export async function computeOdometers(
  db: DbOrTx,
  o: { companyId: number; truckIds?: readonly number[]; now: Date; provider?: RoutingProvider },
): Promise<Map<number, OdometerNow>> {
  const only = o.truckIds ? inArray(trucks.id, [...o.truckIds]) : undefined;
  const fleet = await db
    .select({ id: trucks.id, odometer: trucks.odometer })
    .from(trucks)
    .where(and(eq(trucks.companyId, o.companyId), only))
    // One order for every refresh: concurrent upserts of truck_odometers take their row locks alike.
    .orderBy(trucks.id);
  if (!fleet.length) return new Map();
  const ids = fleet.map((t) => t.id);
  const accepted = and(
    eq(odometerReadings.companyId, o.companyId),
    inArray(odometerReadings.truckId, ids),
    eq(odometerReadings.status, 'accepted'),
    lte(odometerReadings.readAt, o.now),
  );
  const [last, first] = await Promise.all([
    db
      .selectDistinctOn([odometerReadings.truckId])
      .from(odometerReadings)
      .where(accepted)
      .orderBy(odometerReadings.truckId, desc(odometerReadings.readAt), desc(odometerReadings.id)),
    db
      .selectDistinctOn([odometerReadings.truckId])
      .from(odometerReadings)
      .where(and(accepted, gte(odometerReadings.readAt, new Date(o.now.getTime() - PACE_DAYS * DAY_MS))))
      .orderBy(odometerReadings.truckId, odometerReadings.readAt, odometerReadings.id),
  ]);
  const lastOf = new Map(last.map((r) => [r.truckId, r]));
  const firstOf = new Map(first.map((r) => [r.truckId, r]));
  const delivered = await truckDeliveredLoads(db, {
    companyId: o.companyId,
    since: last.map((r) => ({ truckId: r.truckId, after: r.readAt })),
    now: o.now,
  });
  const miles = await loadMiles(delivered, o.provider, db);
  const routed = new Map<number, { miles: number; loads: number }>();
  delivered.forEach((l, i) => {
    const sum = routed.get(l.truck_id) ?? { miles: 0, loads: 0 };
    routed.set(l.truck_id, { miles: sum.miles + (miles[i] ?? 0), loads: sum.loads + 1 });
  });
  const out = new Map<number, OdometerNow>();
  for (const t of fleet) {
    const r = lastOf.get(t.id);
    const since = routed.get(t.id) ?? { miles: 0, loads: 0 };
    const routedMiles = Math.round(since.miles);
    const odometer = r ? r.odometer + routedMiles : t.odometer;
    const start = firstOf.get(t.id);
    const days = start ? (o.now.getTime() - start.readAt.getTime()) / DAY_MS : 0;
    out.set(t.id, {
      truckId: t.id,
      odometer,
      readingId: r?.id ?? null,
      source: r ? r.source : t.odometer === null ? null : 'truck',
      readAt: r?.readAt ?? null,
      reading: r?.odometer ?? null,
      routedMiles: r ? routedMiles : 0,
      loads: r ? since.loads : 0,
      // Over at least a day, so two readings an hour apart do not make a pace.
      milesPerDay:
        start && odometer !== null && days >= 1
          ? Math.max(0, Math.round(((odometer - start.odometer) / days) * 10) / 10)
          : 0,
    });
  }
  return out;
}

/**
 * Works out the odometers again (computeOdometers) and keeps them in truck_odometers, where the
 * service schedule's SQL reads them (`odometerNowSql`). Called before the schedule is read.
 */
export async function refreshOdometers(
  db: DbOrTx,
  o: { companyId: number; truckIds?: readonly number[]; now: Date; provider?: RoutingProvider },
): Promise<Map<number, OdometerNow>> {
  const now = await computeOdometers(db, o);
  const values = [...now.values()].map((n) => ({
    truckId: n.truckId,
    companyId: o.companyId,
    odometer: n.odometer,
    readingId: n.readingId,
    readAt: n.readAt,
    source: n.source,
    routedMiles: n.routedMiles,
    milesPerDay: n.milesPerDay,
    refreshedAt: o.now,
  }));
  for (let i = 0; i < values.length; i += 500)
    await db
      .insert(truckOdometers)
      .values(values.slice(i, i + 500))
      .onConflictDoUpdate({
        target: truckOdometers.truckId,
        set: {
          companyId: sql`excluded.company_id`,
          odometer: sql`excluded.odometer`,
          readingId: sql`excluded.reading_id`,
          readAt: sql`excluded.read_at`,
          source: sql`excluded.source`,
          routedMiles: sql`excluded.routed_miles`,
          milesPerDay: sql`excluded.miles_per_day`,
          refreshedAt: sql`excluded.refreshed_at`,
        },
      });
  return now;
}

/**
 * The company's trucks' odometers as last refreshed, for other modules' SQL: a subquery with
 * truck_id, odometer, miles_per_day, read_at and source.
 */
export const odometerNowSql = (companyId: number): SQL =>
  sql`(select ${truckOdometers.truckId} as truck_id, ${truckOdometers.odometer} as odometer,
      ${truckOdometers.milesPerDay} as miles_per_day, ${truckOdometers.readAt} as read_at,
      ${truckOdometers.source} as source
    from ${truckOdometers} where ${truckOdometers.companyId} = ${companyId})`;
