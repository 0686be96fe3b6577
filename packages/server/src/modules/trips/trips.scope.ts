// Which trips and loads a caller may reach: the one scope the trips module's reads and writes share.
import { can, EXTRA_ACTION, type GrantSet, SECTION } from '@backhaul/shared';
import { and, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AuthContext, AuthUser } from '../../platform/auth/access';
import { AppError } from '../../platform/errors';
import type { LiveEvent } from '../../platform/live/live.bus';
import { loads } from './loads.table';
import { trips } from './trips.table';

export const TZ = 'America/Chicago';

/** VIEW_ALL_TRIPS (1001): without it a caller reads and writes only trips it dispatches. */
export const seesAllTrips = (caller: { grants?: GrantSet | undefined }) =>
  caller.grants ? can(caller.grants, { section: SECTION.Trips, action: EXTRA_ACTION.VIEW_ALL_TRIPS }) : false;

/** The trip records' row scope (the company aside), as findTrip decides it: customer, then dispatcher. */
export const tripRowScope = (user: AuthUser): SQL | undefined =>
  and(
    user.customerId ? eq(trips.customerId, user.customerId) : undefined,
    seesAllTrips(user) ? undefined : eq(trips.dispatcherId, user.id),
  );

export type TripRecord = typeof trips.$inferSelect;

/** The trip when the caller may see it; a trip outside the scope is "not found", not "forbidden". */
export async function findTrip(db: DbOrTx, auth: AuthContext, id: number): Promise<TripRecord> {
  const [trip] = await db
    .select()
    .from(trips)
    .where(and(eq(trips.id, id), eq(trips.companyId, auth.user.companyId)));
  if (!trip) throw AppError.notFound();
  if (!seesAllTrips(auth) && trip.dispatcherId !== auth.user.id) throw AppError.notFound();
  if (auth.user.customerId && trip.customerId !== auth.user.customerId) throw AppError.notFound();
  return trip;
}

export async function findLoad(db: DbOrTx, auth: AuthContext, id: number) {
  const [load] = await db
    .select()
    .from(loads)
    .where(and(eq(loads.id, id), eq(loads.companyId, auth.user.companyId)));
  if (!load) throw AppError.notFound();
  await findTrip(db, auth, load.tripId);
  return load;
}

/** Who a trip belongs to for the row scope: its dispatcher and its customer. */
export type TripOwners = { dispatcherId: number | null; customerId: number | null };

/** Who a trip event concerns: the dispatchers and customers of the trip before and after the change. */
export function tripEventScope(...states: (TripOwners | null)[]): { dispatchers: number[]; customers: number[] } {
  const ids = (pick: (o: TripOwners) => number | null) => [
    ...new Set(states.flatMap((o) => (o && pick(o) !== null ? [pick(o) as number] : []))),
  ];
  return { dispatchers: ids((o) => o.dispatcherId), customers: ids((o) => o.customerId) };
}

/**
 * The live 'trips' topic's rule, the scope of findTrip and the list: a customer user hears of its
 * customer's trips only; without VIEW_ALL_TRIPS, of the trips it dispatches (or dispatched) only.
 * An event that names nobody reaches only those who see every trip.
 */
export function mayHearOfTrip(auth: AuthContext, event: LiveEvent): boolean {
  const dispatchers = event.scope?.dispatchers ?? [];
  const customers = event.scope?.customers ?? [];
  if (auth.user.customerId && !customers.includes(auth.user.customerId)) return false;
  return seesAllTrips(auth) || dispatchers.includes(auth.user.id);
}
