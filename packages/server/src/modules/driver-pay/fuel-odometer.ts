import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../platform/auth/access';

/** A fuel row's odometer reading as saved: null odometer or truck (or a Canceled or deleted row) holds none. */
export type FuelOdometer = {
  fuelRowId: number;
  truckId: number | null;
  fuelDate: string;
  odometer: number | null;
  /** The form field it was typed in ('odometr'), or null for an imported row. */
  typedIn: string | null;
};

export type FuelOdometerFollower = (tx: DbOrTx, user: AuthUser, rows: FuelOdometer[]) => Promise<void>;

const followers = new Set<FuelOdometerFollower>();

/**
 * Odometers follow fuel purchases: the eld module, which depends on this one, registers here when its
 * routes are registered, so driver-pay never imports it (no cycle). A Set: every app built in one
 * process registers the same function once.
 */
export function onFuelOdometer(follower: FuelOdometerFollower): void {
  followers.add(follower);
}

/** Runs the followers in the fuel row's transaction: a refused reading refuses the save. */
export async function fuelOdometerChanged(tx: DbOrTx, user: AuthUser, rows: FuelOdometer[]): Promise<void> {
  if (!rows.length) return;
  for (const follow of followers) await follow(tx, user, rows);
}
