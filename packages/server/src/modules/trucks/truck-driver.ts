import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../platform/auth/access';

/** A truck's driver changed: the truck, its trailer, and the driver before and after. */
export type TruckDriverChange = {
  truckId: number;
  trailerId: number | null;
  before: number | null;
  after: number | null;
};

export type TruckDriverFollower = (tx: DbOrTx, user: AuthUser, change: TruckDriverChange) => Promise<void>;

const followers = new Set<TruckDriverFollower>();

/**
 * Drivers follow their truck: the drivers module, which depends on trucks, registers here when its
 * routes are registered, so trucks never imports drivers (no cycle). A Set: every app built in one
 * process registers the same function once.
 */
export function onTruckDriverChange(follower: TruckDriverFollower): void {
  followers.add(follower);
}

/** Runs the followers in the caller's transaction, so the truck and its drivers change together. */
export async function truckDriverChanged(tx: DbOrTx, user: AuthUser, change: TruckDriverChange): Promise<void> {
  for (const follow of followers) await follow(tx, user, change);
}
