// What a truck's odometer reads of the loads (the eld module): the stops of the loads a truck
// delivered after a time, to route its loaded and empty miles between odometer readings.
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { deliveredBy } from './trips.pay';

/** A stop's place as the trip dialog routes it (zip, else city and state). */
export type StopPlace = { zip: string | null; city: string; state: string };

export type TruckDeliveredLoad = {
  load_id: number;
  truck_id: number;
  pickup_at: Date | null;
  delivery_at: Date;
  /** The load's miles as the trip carries them: the fallback when a stop cannot be placed. */
  mileage_loaded: number;
  mileage_empty: number;
  /** Pickups, then deliveries, each in its order. */
  stops: StopPlace[];
  /** The last stop of the load the truck delivered before this one: where its empty miles start. */
  previous: StopPlace | null;
};

const stopJson = (alias: string) =>
  sql.raw(`json_build_object('zip', ${alias}.zip, 'city', ${alias}.city, 'state', ${alias}.state)`);

/**
 * The loads each truck delivered after its own time (`since`: truck id → instant) and by `now`, in
 * delivery order, with their stops and the previous delivery's last stop. Delivered as the trips
 * module defines it (`deliveredBy`).
 */
export async function truckDeliveredLoads(
  db: DbOrTx,
  o: { companyId: number; since: ReadonlyArray<{ truckId: number; after: Date }>; now: Date },
): Promise<TruckDeliveredLoad[]> {
  if (!o.since.length) return [];
  const windows: SQL = sql.join(
    o.since.map((s) => sql`(${s.truckId}::int, ${s.after.toISOString()}::timestamptz)`),
    sql`, `,
  );
  const rows = await rowsOf<{
    load_id: number;
    truck_id: number;
    pickup_at: string | Date | null;
    delivery_at: string | Date;
    mileage_loaded: number;
    mileage_empty: number;
    stops: StopPlace[] | string | null;
    previous: StopPlace | string | null;
  }>(
    db,
    sql`select l.id as load_id, l.truck_id, l.pickup_at, l.delivery_at, l.mileage_loaded, l.mileage_empty,
        (select json_agg(${stopJson('s')} order by s.type, s.position, s.id) from load_stops s where s.load_id = l.id) as stops,
        (select ${stopJson('ps')} from loads p join load_stops ps on ps.load_id = p.id
          where p.truck_id = l.truck_id and p.company_id = l.company_id and p.id <> l.id
            and p.delivery_at is not null
            and (p.delivery_at < l.delivery_at or (p.delivery_at = l.delivery_at and p.id < l.id))
          order by p.delivery_at desc, p.id desc, ps.type desc, ps.position desc, ps.id desc limit 1) as previous
      from (values ${windows}) w(truck_id, after)
      -- Per truck through loads_truck_delivery_idx: joined as a set, the planner hashes every load of
      -- the company (505 ms at 1M loads, against 18 ms); 'offset 0' keeps the lateral as written.
      cross join lateral (select * from loads l where l.truck_id = w.truck_id and l.company_id = ${o.companyId}
        and l.delivery_at > w.after and ${deliveredBy(o.now)} offset 0) l
      order by l.truck_id, l.delivery_at, l.id`,
  );
  const json = <T>(v: T | string | null): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
  return rows.map((r) => ({
    load_id: Number(r.load_id),
    truck_id: Number(r.truck_id),
    pickup_at: r.pickup_at === null ? null : new Date(r.pickup_at),
    delivery_at: new Date(r.delivery_at),
    mileage_loaded: Number(r.mileage_loaded),
    mileage_empty: Number(r.mileage_empty),
    stops: json(r.stops) ?? [],
    previous: json(r.previous),
  }));
}

/**
 * A truck's miles a day: the loaded and empty miles of the loads it delivered in the 90 days before
 * `now` ÷ 90, at most 700 (what a solo driver runs in a day). The demo's seeds run odometers at it.
 */
export const truckPaceSql = (truckId: SQL, now: Date): SQL =>
  sql`(select least(700, coalesce(sum(p.mileage_loaded + p.mileage_empty), 0) / 90.0)::float8 from loads p
    where p.truck_id = ${truckId} and p.delivery_at <= ${now.toISOString()}::timestamptz
      and p.delivery_at > ${new Date(now.getTime() - 90 * 86_400_000).toISOString()}::timestamptz)`;
