import { COMPANY_TIME_ZONE_DEFAULT, formatDateTime } from '@backhaul/shared/formats/formats';
import type { TruckOdometer } from '@backhaul/shared/modules/eld/eld.contract';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { RoutingProvider } from '../mileage';
import { trucks } from '../trucks';
import { readingRow } from './eld.record';
import { odometerReadings } from './eld.table';
import { computeOdometers } from './odometer-now';

/** The recent readings the truck card lists under its odometer. */
const RECENT = 8;

/**
 * GET /eld/trucks/:id/odometer: the truck's odometer now (worked out live, not from the cache), the
 * reading it counts from, the routed miles since, its flagged readings and its latest readings.
 */
export async function truckOdometer(
  db: DbOrTx,
  user: AuthUser,
  truckId: number,
  provider: RoutingProvider | undefined,
): Promise<TruckOdometer> {
  const [truck] = await db
    .select({ id: trucks.id })
    .from(trucks)
    .where(and(eq(trucks.id, truckId), eq(trucks.companyId, user.companyId)));
  if (!truck) throw AppError.notFound();
  const ofTruck = and(eq(odometerReadings.truckId, truckId), eq(odometerReadings.companyId, user.companyId));
  const [now, flagged, recent] = await Promise.all([
    computeOdometers(db, {
      companyId: user.companyId,
      truckIds: [truckId],
      now: clock.now(),
      ...(provider ? { provider } : {}),
    }),
    db
      .select()
      .from(odometerReadings)
      .where(and(ofTruck, eq(odometerReadings.status, 'flagged')))
      .orderBy(desc(odometerReadings.readAt), desc(odometerReadings.id)),
    db
      .select()
      .from(odometerReadings)
      .where(ofTruck)
      .orderBy(desc(odometerReadings.readAt), desc(odometerReadings.id))
      .limit(RECENT),
  ]);
  const o = now.get(truckId);
  return {
    truck_id: truckId,
    odometer: o?.odometer ?? null,
    source: o?.source ?? null,
    read_at: o?.readAt ? formatDateTime(o.readAt, COMPANY_TIME_ZONE_DEFAULT) : null,
    reading: o?.reading ?? null,
    routed_miles: o?.routedMiles ?? 0,
    loads: o?.loads ?? 0,
    miles_per_day: o?.milesPerDay ?? 0,
    flagged: flagged.map(readingRow),
    recent: recent.map(readingRow),
  };
}
