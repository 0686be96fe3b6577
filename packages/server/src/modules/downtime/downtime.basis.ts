import { type SQL, sql } from 'drizzle-orm';
import { loads } from '../trips';

/**
 * The one basis of downtime (issue 28): days down are calendar days, and a truck's day down is
 * priced at its trailing 90-day gross per calendar day. The work order, the truck's card and the
 * Downtime report all count and price with these functions, so the three always agree.
 */

/** "Now" of one query, from the server's clock (platform/clock.ts), as `clk.now`: join it with `downtimeClock`. */
export const DOWNTIME_NOW = sql`clk.now`;
export const downtimeClock = (now: Date): SQL => sql`cross join (select ${now.toISOString()}::timestamptz as now) clk`;

/**
 * Calendar days down from `start` to `end` (or now): whole 24-hour days rounded up, at least one
 * once the unit is in; 0 before it is.
 */
export const downDaysSql = (start: SQL, end: SQL, now: SQL = DOWNTIME_NOW): SQL =>
  sql`(case when ${start} is null then 0
    else greatest(1, ceil(extract(epoch from (coalesce(${end}, ${now}) - ${start})) / 86400))::int end)`;

/**
 * A truck's trailing 90-day gross per calendar day before the instant `at` (numeric cents): the
 * gross of its loads delivered in the 90 days before `at`, ÷ 90. Read from loads_truck_delivery_idx
 * alone (it INCLUDEs gross_cents and company_id, migration 0029, issue 31): ~0.25 ms a work order at
 * 1M loads, where the heap reads of ~900 loads each took 1–3 ms.
 */
export function truckDailyGrossSql(truckId: SQL, companyId: SQL, at: SQL): SQL {
  return sql`((select coalesce(sum(l.gross_cents), 0) from ${loads} l
        where l.truck_id = ${truckId} and l.company_id = ${companyId}
          and l.delivery_at >= ${at} - interval '90 days' and l.delivery_at < ${at})::numeric / 90)`;
}

/** What `days` down cost a truck from the instant `at`: days × its daily gross, in whole cents. */
export const downtimeCostSql = (o: { days: SQL; truckId: SQL; companyId: SQL; at: SQL }): SQL =>
  sql`round(${o.days} * ${truckDailyGrossSql(o.truckId, o.companyId, o.at)})::bigint`;
