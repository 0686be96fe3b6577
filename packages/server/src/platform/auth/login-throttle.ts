import { APP_MSG } from '@backhaul/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../errors';
import { loginAttempts } from './auth.table';

export type ThrottleOptions = {
  /** Failed sign-ins an account gets before each further one waits; ×4 for an address. */
  maxFailures: number;
  /** The address window: more than 4 × maxFailures failures in it and the address waits until it ends. */
  lockSeconds: number;
  /** The first wait of an account; it doubles with each further failure, up to backoffMaxSeconds. */
  backoffBaseSeconds: number;
  backoffMaxSeconds: number;
};

/** A failure count left alone this long starts again from nothing. */
const ACCOUNT_MEMORY = '1 day';

const accountKey = (email: string) => `email:${email.trim().toLowerCase()}`;
const addressKey = (ip: string) => `ip:${ip}`;

const secondsUntil = (until: Date | string | null | undefined) =>
  until ? Math.max(1, Math.ceil((new Date(until).getTime() - Date.now()) / 1000)) : 1;

/**
 * Counts one attempt under `key` in a fixed window and answers the seconds to wait when it is over
 * `max` (null while within). One statement, so parallel attempts cannot slip past the count.
 */
export async function takeWindowSlot(
  db: DbOrTx,
  key: string,
  opts: { max: number; windowSeconds: number },
): Promise<number | null> {
  const expired = sql`${loginAttempts.firstFailureAt} < now() - make_interval(secs => ${opts.windowSeconds})`;
  const [row] = await db
    .insert(loginAttempts)
    .values({ key, failures: 1 })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        failures: sql`case when ${expired} then 1 else ${loginAttempts.failures} + 1 end`,
        firstFailureAt: sql`case when ${expired} then now() else ${loginAttempts.firstFailureAt} end`,
      },
    })
    .returning({
      failures: loginAttempts.failures,
      until: sql<string>`${loginAttempts.firstFailureAt} + make_interval(secs => ${opts.windowSeconds})`,
    });
  if (!row || row.failures <= opts.max) return null;
  return secondsUntil(row.until);
}

/** Gives back a slot taken by `takeWindowSlot` (the attempt succeeded, or was refused elsewhere). */
async function releaseWindowSlot(db: DbOrTx, key: string): Promise<void> {
  await db
    .update(loginAttempts)
    .set({ failures: sql`greatest(${loginAttempts.failures} - 1, 0)` })
    .where(eq(loginAttempts.key, key));
}

/**
 * The account's turn: refused (answering the seconds to wait) while its backoff runs; otherwise
 * this attempt is counted as a failure and, from the maxFailures-th on, the next one is pushed
 * back by base × 2^(failures − maxFailures) seconds, capped. Attempts refused during the wait are not
 * counted, so an attacker cannot lengthen it: the owner waits at most the cap.
 */
async function takeAccountTurn(db: DbOrTx, key: string, opts: ThrottleOptions): Promise<number | null> {
  const fresh = sql`${loginAttempts.lockedUntil} < now() - ${ACCOUNT_MEMORY}::interval`;
  const failures = sql`(case when ${fresh} then 1 else ${loginAttempts.failures} + 1 end)`;
  const delay = (n: ReturnType<typeof sql>) =>
    sql`make_interval(secs => case when ${n} >= ${opts.maxFailures}
      then least(${opts.backoffBaseSeconds}::float8 * power(2, ${n} - ${opts.maxFailures}), ${opts.backoffMaxSeconds})
      else 0 end)`;
  const [taken] = await db
    .insert(loginAttempts)
    .values({ key, failures: 1, lockedUntil: sql`now() + ${delay(sql`1`)}` })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: { failures, firstFailureAt: sql`now()`, lockedUntil: sql`now() + ${delay(failures)}` },
      where: sql`${loginAttempts.lockedUntil} is null or ${loginAttempts.lockedUntil} <= now()`,
    })
    .returning({ failures: loginAttempts.failures });
  if (taken) return null;
  const [row] = await db
    .select({ until: loginAttempts.lockedUntil })
    .from(loginAttempts)
    .where(eq(loginAttempts.key, key));
  return secondsUntil(row?.until);
}

/**
 * Takes one sign-in attempt for the address and the account, before the password is checked; it
 * counts as a failure until `signInSucceeded`. Throws 429 with retry-after when either must wait.
 */
export async function takeSignInAttempt(
  db: Db,
  input: { email: string; ip: string | undefined },
  opts: ThrottleOptions,
): Promise<void> {
  const ipKey = input.ip ? addressKey(input.ip) : null;
  if (ipKey) {
    const wait = await takeWindowSlot(db, ipKey, { max: opts.maxFailures * 4, windowSeconds: opts.lockSeconds });
    if (wait !== null) throw AppError.tooMany(APP_MSG.tooManyAttempts(Math.ceil(wait / 60)), wait);
  }
  const wait = await takeAccountTurn(db, accountKey(input.email), opts);
  if (wait !== null) {
    // Waiting on the account is not a failure of the address (the owner may be the one waiting).
    if (ipKey) await releaseWindowSlot(db, ipKey);
    throw AppError.tooMany(APP_MSG.tooManyAttempts(Math.ceil(wait / 60)), wait);
  }
}

/** The password was right: the account starts afresh and the address gets its attempt back. */
export async function signInSucceeded(db: Db, input: { email: string; ip: string | undefined }): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, accountKey(input.email)));
  if (input.ip) await releaseWindowSlot(db, addressKey(input.ip));
}
