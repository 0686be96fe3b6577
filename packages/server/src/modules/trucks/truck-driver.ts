import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../platform/auth/access';
import { sqlHook } from '../../platform/module-hooks';

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

/*
 * What trucks read of drivers, who sit above them: the drivers module provides it from its routes
 * (a driver's name comes from the units module's `driverName`).
 */

/** The company's first driver (lowest id) on a truck other than `except`, as an id (null when none). */
export const driverOnTruck = sqlHook<[truckId: SQL, except: SQL, companyId: SQL]>('the first driver on a truck');

/** The (value, label) choices of a truck form's driver select: the company's active drivers, a customer's only when given. */
export const activeDriverOptions = sqlHook<[companyId: SQL, customerId: SQL | null]>("a truck form's drivers");
