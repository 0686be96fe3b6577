// What pay statements read of the loads (platform/pay sources in driver-pay, dispatcher and safety
// statements): delivered loads only, by the trips module's own definition of "delivered".
import { addDays, COMPANY_TIME_ZONE_DEFAULT } from '@backhaul/shared/formats/formats';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

const TZ = COMPANY_TIME_ZONE_DEFAULT;

/** The first instant of a Chicago day, as a sargable bound on a timestamptz column. */
const dayStart = (day: string) => sql`(${day}::date::timestamp at time zone ${TZ})`;

/**
 * A load is delivered when its delivery time has come: a delivery still in the future is only
 * planned and earns nothing yet. Statements and IFTA count delivered loads only.
 */
export const deliveredBy = (now: Date, alias = 'l') => sql`${sql.raw(alias)}.delivery_at is not null
  and ${sql.raw(alias)}.delivery_at <= ${now.toISOString()}::timestamptz`;

/** The load's proof of delivery is in its paperwork: a PPW file typed 'pod'. */
export const hasProofOfDelivery = (alias = 'l') => sql`exists (select 1 from files pod
  where pod.entity = 'loads' and pod.entity_id = ${sql.raw(alias)}.id::text and pod.category = 'ppw' and pod.doc_type = 'pod')`;

export type PayableLoad = {
  load_id: number;
  trip_id: number;
  delivered_on: string;
  route: string;
  gross_cents: number;
  lumper_cents: number;
  fuel_surcharge_cents: number;
  loaded: number;
  empty: number;
  /** The driver's share of the load's pay in basis points (a team splits it; solo 10,000). */
  share_bp: number;
  team: boolean;
  on_it: boolean;
};

type LoadRaw = Omit<PayableLoad, 'gross_cents' | 'lumper_cents' | 'fuel_surcharge_cents'> & {
  gross_cents: string | number;
  lumper_cents: string | number;
  fuel_surcharge_cents: string | number;
};

/**
 * The loads a driver drove (alone or in a team) delivered from `since` to the end of `to` (Chicago
 * days) and by `now`, which `unclaimed` lets through; with `requirePod`, only those whose proof of
 * delivery is in. A statement's line key is `<load id>:<driver id>`, so each team driver's share is
 * claimed once.
 */
export async function payableDriverLoads(
  db: DbOrTx,
  o: {
    companyId: number;
    driverId: number;
    since: string;
    to: string;
    now: Date;
    requirePod: boolean;
    unclaimed: (key: SQL) => SQL;
    onThis: (key: SQL) => SQL;
  },
): Promise<PayableLoad[]> {
  const key = sql`(l.id::text || ':' || ${String(o.driverId)})`;
  const rows = await rowsOf<LoadRaw>(
    db,
    sql`select l.id as load_id, l.trip_id, to_char(l.delivery_at at time zone ${TZ}, 'YYYY-MM-DD') as delivered_on,
        concat_ws(', ', l.pickup_city, l.pickup_state) || ' → ' || concat_ws(', ', l.delivery_city, l.delivery_state) as route,
        l.gross_cents, l.lumper_cents, l.fuel_surcharge_cents, l.mileage_loaded as loaded, l.mileage_empty as empty,
        case when l.team_driver_id is null then 10000
          when l.driver_id = ${o.driverId} then t.team_share_bp else 10000 - t.team_share_bp end as share_bp,
        l.team_driver_id is not null as team,
        ${o.onThis(key)} as on_it
      from loads l join trips t on t.id = l.trip_id
      where l.company_id = ${o.companyId} and (l.driver_id = ${o.driverId} or l.team_driver_id = ${o.driverId})
        and ${deliveredBy(o.now)}
        and l.delivery_at >= ${dayStart(o.since)} and l.delivery_at < ${dayStart(addDays(o.to, 1))}
        ${o.requirePod ? sql`and ${hasProofOfDelivery()}` : sql``}
        and ${o.unclaimed(key)}
      order by l.delivery_at, l.id limit 1000`,
  );
  return rows.map((r) => ({
    ...r,
    load_id: Number(r.load_id),
    trip_id: Number(r.trip_id),
    gross_cents: Number(r.gross_cents),
    lumper_cents: Number(r.lumper_cents),
    fuel_surcharge_cents: Number(r.fuel_surcharge_cents),
    loaded: Number(r.loaded),
    empty: Number(r.empty),
    share_bp: Number(r.share_bp),
  }));
}

export type DispatchedLoad = {
  load_id: number;
  delivered_on: string;
  route: string;
  gross_cents: number;
  miles: number;
  on_it: boolean;
};

/** The loads a dispatcher dispatched delivered from `since` to the end of `to` and by `now` (key: the load id). */
export async function dispatchedLoads(
  db: DbOrTx,
  o: {
    companyId: number;
    dispatcherId: number;
    since: string;
    to: string;
    now: Date;
    unclaimed: (key: SQL) => SQL;
    onThis: (key: SQL) => SQL;
  },
): Promise<DispatchedLoad[]> {
  const key = sql`l.id::text`;
  const rows = await rowsOf<Omit<DispatchedLoad, 'gross_cents'> & { gross_cents: string | number }>(
    db,
    sql`select l.id as load_id, to_char(l.delivery_at at time zone ${TZ}, 'YYYY-MM-DD') as delivered_on,
        concat_ws(', ', l.pickup_city, l.pickup_state) || ' → ' || concat_ws(', ', l.delivery_city, l.delivery_state) as route,
        l.gross_cents, (l.mileage_loaded + l.mileage_empty) as miles, ${o.onThis(key)} as on_it
      from loads l
      where l.company_id = ${o.companyId} and l.dispatcher_id = ${o.dispatcherId}
        and ${deliveredBy(o.now)}
        and l.delivery_at >= ${dayStart(o.since)} and l.delivery_at < ${dayStart(addDays(o.to, 1))}
        and ${o.unclaimed(key)}
      order by l.delivery_at, l.id limit 5000`,
  );
  return rows.map((r) => ({
    ...r,
    load_id: Number(r.load_id),
    gross_cents: Number(r.gross_cents),
    miles: Number(r.miles),
  }));
}
