// Safety statements on the pay-statement engine (platform/pay): the payee (a safety user), the one
// source (driver-months of delivered loads) and the messages. The rules and their sources: README.md.
import { ACTION, can, SECTION } from '@backhaul/shared';
import { COMPANY_TIME_ZONE_DEFAULT } from '@backhaul/shared/formats/formats';
import { STAFF_STATEMENT_STATE_MSG } from '@backhaul/shared/modules/dispatcher-statements/dispatcher-statements.contract';
import { SAFETY_STATEMENT_MSG as M } from '@backhaul/shared/modules/safety-statements/safety-statements.contract';
import { divRound } from '@backhaul/shared/money';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { departments, users } from '../../platform/auth/auth.table';
import { AppError } from '../../platform/errors';
import { defineStatementKind, type PaySource } from '../../platform/pay/define-statement';
import { payStatements } from '../../platform/pay/pay.table';
import { addMonths, firstDay } from '../dispatcher-statements';
import { drivers } from '../drivers';
import { deliveredBy, loads } from '../trips';

export const SAFETY_KIND = 'safety';
const SOURCE = 'driver';

/** A driver-month's line key: `<driver id>:<YYYY-MM>`, on one safety statement of the company at most. */
export const driverMonthKey = (driverId: number, month: string) => `${driverId}:${month}`;

/** The rate a statement pays, in thousandths of a percent (2,500 = 2.5 %), kept in its terms. */
export const rateMilliOf = (terms: Record<string, unknown>): number => Number(terms.rate_milli ?? 0);

/**
 * Whose statements a caller reads: the company's for who may make them (Safety statements create, 8),
 * else one's own, as a dispatcher reads only its own dispatcher statements (001 §6 variant).
 */
export const seesEverySafetyStatement = (user: AuthUser) =>
  Boolean(user.grants && can(user.grants, { section: SECTION.SafetyStatements, action: ACTION.CREATE }));

/** Safety staff: the active users of the Safety department. */
export const safetyUsers = (companyId: number) => sql`
  select u.id, u.name from ${users} u join ${departments} dep on dep.id = u.department_id
  where u.company_id = ${companyId} and u.active and u.customer_id is null and dep.name = 'Safety'`;

export type DriverMonth = {
  driver_id: number;
  driver: string;
  count_load: number;
  gross_cents: number;
  amount_cents: number;
  /** On a safety statement (another one, when `where` lets through this statement's own). */
  taken: boolean;
};

/**
 * The company's drivers with loads delivered in the month (Chicago days) by `now`, as the drivers'
 * own loads (the load's driver), each driver-month's gross and what it pays at the rate
 * (round(gross × rate), half away from zero); `where` narrows on the line key.
 */
export async function driverMonths(
  db: DbOrTx,
  o: { companyId: number; month: string; now: Date; rateMilli: number; where?: (key: SQL) => SQL },
): Promise<DriverMonth[]> {
  const key = sql`(dr.id::text || ':' || ${o.month})`;
  const day = (d: string) => sql`(${d}::date::timestamp at time zone ${COMPANY_TIME_ZONE_DEFAULT})`;
  const rows = await rowsOf<{ driver_id: number; driver: string; count_load: number; gross: string; taken: boolean }>(
    db,
    sql`select dr.id as driver_id, dr.name as driver, count(l.id)::int as count_load, sum(l.gross_cents)::bigint as gross,
        exists (select 1 from pay_statement_lines pl where pl.company_id = ${o.companyId} and pl.kind = ${SAFETY_KIND}
          and pl.source = ${SOURCE} and pl.source_key = ${key}) as taken
      from ${drivers} dr join ${loads} l on l.driver_id = dr.id and l.company_id = dr.company_id
      where dr.company_id = ${o.companyId} and ${deliveredBy(o.now)}
        and l.delivery_at >= ${day(firstDay(o.month))} and l.delivery_at < ${day(firstDay(addMonths(o.month, 1)))}
        ${o.where ? sql`and ${o.where(key)}` : sql``}
      group by dr.id, dr.name order by dr.name, dr.id`,
  );
  return rows.map((r) => ({
    driver_id: Number(r.driver_id),
    driver: r.driver,
    count_load: r.count_load,
    gross_cents: Number(r.gross),
    amount_cents: divRound(Number(r.gross) * o.rateMilli, 100_000),
    taken: r.taken,
  }));
}

/** Each chosen driver's month: one line per driver (`data.subject`, so the statement counts drivers). */
const DRIVER_MONTHS: PaySource = {
  name: SOURCE,
  section: 'trips',
  field: 'drivers',
  candidates: async (ctx) => {
    const month = ctx.period.from.slice(0, 7);
    const rows = await driverMonths(ctx.tx, {
      companyId: ctx.user.companyId,
      month,
      now: ctx.now,
      rateMilli: rateMilliOf(ctx.terms),
      where: (key) => ctx.unclaimed(SOURCE, key),
    });
    return rows.map((r) => ({
      key: driverMonthKey(r.driver_id, month),
      date: ctx.period.from,
      type: 'Driver',
      description: r.driver,
      grossCents: r.gross_cents,
      loadCount: r.count_load,
      amountCents: r.amount_cents,
      data: { subject: r.driver_id, rate_milli: rateMilliOf(ctx.terms) },
    }));
  },
};

export const safetyStatementKind = defineStatementKind({
  kind: SAFETY_KIND,
  section: SECTION.SafetyStatements,
  payeeField: 'user_id',
  periodField: 'date',
  payee: async ({ tx, user }, id) => {
    const [person] = await rowsOf<{ id: number; name: string }>(
      tx,
      sql`select su.id, su.name from (${safetyUsers(user.companyId)}) su where su.id = ${id}`,
    );
    if (!person) throw AppError.invalidField('user_id', M.chooseUser);
    return { id: Number(person.id), name: person.name };
  },
  sources: [DRIVER_MONTHS],
  rowScope: (user) => (seesEverySafetyStatement(user) ? undefined : sql`${payStatements.payeeId} = ${user.id}`),
  messages: {
    ...STAFF_STATEMENT_STATE_MSG,
    lineTaken: M.taken,
    futurePeriod: M.futureMonth,
    overlap: (p) => M.already(p.payee, p.from.slice(0, 7)),
  },
});
