import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../platform/auth/access';

/** A work order's check-in reading: a truck's odometer when it came in (null when it holds none). */
export type CheckInOdometer = {
  workOrderId: number;
  reading: { truckId: number; checkIn: Date; odometer: number } | null;
};

export type CheckInFollower = (tx: DbOrTx, user: AuthUser, change: CheckInOdometer) => Promise<void>;

const followers = new Set<CheckInFollower>();

/**
 * Odometers follow work-order check-ins: the eld module registers here when its routes are
 * registered, so work orders never import it (no cycle).
 */
export function onCheckInOdometer(follower: CheckInFollower): void {
  followers.add(follower);
}

/** Runs the followers in the work order's transaction: a refused reading refuses the save. */
export async function checkInOdometerChanged(tx: DbOrTx, user: AuthUser, change: CheckInOdometer): Promise<void> {
  for (const follow of followers) await follow(tx, user, change);
}
