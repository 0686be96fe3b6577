import { APP_MSG } from '@backhaul/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../errors';
import { loginAttempts } from './auth.table';

export type ThrottleOptions = { maxFailures: number; lockSeconds: number };

/** Keys an attempt is counted under: the account, and (with a higher allowance) the address. */
export function throttleKeys(email: string, ip: string | undefined): { key: string; max: (m: number) => number }[] {
  const keys = [{ key: `email:${email.trim().toLowerCase()}`, max: (m: number) => m }];
  if (ip) keys.push({ key: `ip:${ip}`, max: (m: number) => m * 4 });
  return keys;
}

/** Refuses with 429 while any key is locked. */
export async function assertNotLocked(db: Db, email: string, ip: string | undefined): Promise<void> {
  const keys = throttleKeys(email, ip).map((k) => k.key);
  const rows = await db
    .select({ lockedUntil: loginAttempts.lockedUntil })
    .from(loginAttempts)
    .where(inArray(loginAttempts.key, keys));
  const now = Date.now();
  const until = Math.max(0, ...rows.map((r) => (r.lockedUntil ? new Date(r.lockedUntil).getTime() : 0)));
  if (until > now) {
    const seconds = Math.ceil((until - now) / 1000);
    throw AppError.tooMany(APP_MSG.tooManyAttempts(Math.ceil(seconds / 60)), seconds);
  }
}

/** Counts a failure; failures older than the lock window start a new count. */
export async function recordFailure(db: Db, email: string, ip: string | undefined, opts: ThrottleOptions) {
  for (const { key, max } of throttleKeys(email, ip)) {
    const window = `${opts.lockSeconds} seconds`;
    await db
      .insert(loginAttempts)
      .values({ key, failures: 1 })
      .onConflictDoUpdate({
        target: loginAttempts.key,
        set: {
          failures: sql`case when ${loginAttempts.firstFailureAt} < now() - ${window}::interval then 1 else ${loginAttempts.failures} + 1 end`,
          firstFailureAt: sql`case when ${loginAttempts.firstFailureAt} < now() - ${window}::interval then now() else ${loginAttempts.firstFailureAt} end`,
        },
      });
    await db
      .update(loginAttempts)
      .set({ lockedUntil: sql`now() + ${window}::interval` })
      .where(sql`${loginAttempts.key} = ${key} and ${loginAttempts.failures} >= ${max(opts.maxFailures)}`);
  }
}

export async function clearFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, `email:${email.trim().toLowerCase()}`));
}
