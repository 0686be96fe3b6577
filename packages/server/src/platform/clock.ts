import { nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * The one clock of the server: business rules ask it for "now" and "today" (America/Chicago) and
 * hand the instant to SQL as a parameter, never `now()` or `current_date`, so a test that freezes
 * it freezes JavaScript and the database alike.
 */
let frozen: Date | null = null;

export const clock = {
  now: (): Date => (frozen ? new Date(frozen) : new Date()),
  /** Today in the company's time zone, YYYY-MM-DD. */
  today: (): string => nowInCompanyTimeZone(clock.now()).date,
};

/** Tests: stop the clock at `at` (an ISO instant) until `thawClock()`. */
export function freezeClock(at: string | Date): void {
  frozen = new Date(at);
}

export function thawClock(): void {
  frozen = null;
}

/**
 * The clock's "now" and "today" for SQL, read when the query is built (so a list column declared
 * when its module loads asks the clock at each request): `${SQL_NOW}` is a timestamptz parameter,
 * `${SQL_TODAY}` the company day as a date parameter. Never `now()` or `current_date` in a rule.
 */
export const SQL_NOW: SQL = sql`${{ getSQL: () => sql`${clock.now().toISOString()}::timestamptz` } satisfies SQLWrapper}`;
export const SQL_TODAY: SQL = sql`${{ getSQL: () => sql`${clock.today()}::date` } satisfies SQLWrapper}`;
