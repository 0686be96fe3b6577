import { MOTIVATION_RULES } from '@backhaul/shared/modules/safety/safety.contract';
import { type SQL, sql } from 'drizzle-orm';
import { SQL_TODAY } from '../../platform/clock';

const W = MOTIVATION_RULES.scoreWeights;

/**
 * A driver's safety score over [from, to): 100 less the weight of each warning, violation and
 * accident (shown actions only) and of each exception dated in the period, never below 0. One
 * scalar subquery, used by the safety table (this month) and the motivation programme.
 */
export const safetyScoreSql = (driverId: SQL, from: SQL, to: SQL): SQL => sql`greatest(0, 100
  - (select coalesce(sum(case a.kind when 'warning' then ${W.warning}::int when 'violation' then ${W.violation}::int
      when 'accident' then ${W.accident}::int else 0 end), 0) from safety_actions a
     where a.driver_id = ${driverId} and a.status <> 0 and a.date >= ${from} and a.date < ${to})
  - ${W.exception}::int * (select count(*) from safety_exceptions e
     where e.driver_id = ${driverId} and e.date >= ${from} and e.date < ${to}))::int`;

/** The first day of this month and of the next, in Chicago. */
export const THIS_MONTH = {
  from: sql`date_trunc('month', ${SQL_TODAY})::date`,
  to: sql`(date_trunc('month', ${SQL_TODAY}) + interval '1 month')::date`,
};
