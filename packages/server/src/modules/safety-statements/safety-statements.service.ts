// Safety statements (001 §3, §7): the register's calls mapped onto the pay-statement engine.
import { MSG } from '@backhaul/shared';
import { toMilliPercent } from '@backhaul/shared/modules/dispatcher-statements/dispatcher-statements.contract';
import {
  SAFETY_STATEMENT_MSG as M,
  type SafetyStatement,
} from '@backhaul/shared/modules/safety-statements/safety-statements.contract';
import { toDollars } from '@backhaul/shared/money';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { compileList, selectPage } from '../../platform/list/run-list';
import { createStatement, deleteStatement, statementLines } from '../../platform/pay/statement.service';
import { monthPeriod, rateFor, refuseFutureMonth } from '../dispatcher-statements';
import { drivers } from '../drivers';
import {
  driverMonthKey,
  driverMonths,
  safetyStatementKind as kind,
  SAFETY_KIND,
  safetyUsers,
} from './safety-statements.kind';
import { safetyStatementsList } from './safety-statements.list';

export const SAFETY_RATE_KIND = 'safety';
export const DEFAULT_SAFETY_RATE = 1;

/** The month's rate of safety statements (saved, else the latest before it, else 1 %), in percent. */
export const safetyRate = (companyId: number, month: string, db: DbOrTx) =>
  rateFor(db, { companyId, kind: SAFETY_RATE_KIND, month, fallback: DEFAULT_SAFETY_RATE });

/** The safety users of a month and whether each has its statement. */
export async function listSafetyUsers(db: DbOrTx, user: AuthUser, month: string) {
  const rows = await rowsOf<{ id: number; name: string; has_statement: boolean }>(
    db,
    sql`select su.id, su.name, exists (select 1 from pay_statements s where s.company_id = ${user.companyId}
        and s.kind = ${SAFETY_KIND} and s.payee_id = su.id and s.period_from = ${monthPeriod(month).from}) as has_statement
      from (${safetyUsers(user.companyId)}) su order by su.name`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** The drivers of the create form: each with loads delivered in the month, at the rate; taken = on a statement. */
export async function listDrivers(db: DbOrTx, user: AuthUser, opts: { month: string; rateMilli: number }) {
  const rows = await driverMonths(db, { companyId: user.companyId, now: clock.now(), ...opts });
  return rows.map((r) => ({
    driver_id: r.driver_id,
    driver: r.driver,
    count_load: r.count_load,
    gross: toDollars(r.gross_cents),
    amount: toDollars(r.amount_cents),
    taken: r.taken,
  }));
}

/**
 * A safety user's statement of a month for the chosen drivers at the month's rate: one line per
 * driver-month, each on one safety statement at most; one statement per user and month (the engine
 * checks both under its locks). A chosen driver without delivered loads in the month is a 422.
 */
export async function createSafetyStatement(
  db: DbOrTx,
  user: AuthUser,
  opts: { userId: number; month: string; driverIds: number[] },
): Promise<number> {
  refuseFutureMonth(opts.month, 'date', M.futureMonth);
  await kind.payee({ tx: db, user }, opts.userId);
  const rateMilli = toMilliPercent(await safetyRate(user.companyId, opts.month, db));
  const ids = [...new Set(opts.driverIds)];
  const month = await driverMonths(db, { companyId: user.companyId, month: opts.month, now: clock.now(), rateMilli });
  const driven = new Set(month.map((r) => r.driver_id));
  if (ids.some((id) => !driven.has(id))) throw AppError.invalidField('drivers', M.noLoads);
  return createStatement(db, kind, user, {
    payeeId: opts.userId,
    period: monthPeriod(opts.month),
    chosen: { drivers: ids.map((id) => driverMonthKey(id, opts.month)) },
    terms: { rate_milli: rateMilli },
  });
}

/** A statement as the list answers it, in the caller's reach (404 otherwise). */
export async function safetyStatementRow(db: DbOrTx, user: AuthUser, id: number): Promise<SafetyStatement> {
  const compiled = compileList(safetyStatementsList, user, { filters: { id: { op: 'eq', value: id } } });
  const [row] = await selectPage(db, safetyStatementsList, compiled, { limit: 1, offset: 0 });
  if (!row) throw AppError.notFound();
  return row as SafetyStatement;
}

/** The drivers a statement pays for: its driver-month lines. */
export async function statementDrivers(db: DbOrTx, id: number) {
  const lines = await statementLines(db, id);
  const ids = lines.map((l) => Number((l.data as { subject: number }).subject));
  const names = ids.length
    ? await rowsOf<{ id: number; name: string }>(
        db,
        sql`select id, name from ${drivers} where id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      )
    : [];
  const nameOf = new Map(names.map((n) => [Number(n.id), n.name]));
  return lines
    .map((l, i) => ({
      driver_id: ids[i] as number,
      driver: nameOf.get(ids[i] as number) ?? l.description,
      count_load: l.loadCount,
      gross: toDollars(l.grossCents),
      amount: toDollars(l.amountCents),
      taken: true,
    }))
    .sort((a, b) => a.driver.localeCompare(b.driver));
}

/** DELETE /safety-statement/:id: its driver-months are free again (audited by the engine). */
export async function deleteSafetyStatement(db: DbOrTx, user: AuthUser, id: number) {
  await deleteStatement(db, kind, user, id);
  return { message: MSG.deleteSuccess };
}
