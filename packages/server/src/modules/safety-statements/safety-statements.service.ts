import {
  SAFETY_STATEMENT_MSG as M,
  type SafetyStatement,
} from '@backhaul/shared/modules/safety-statements/safety-statements.contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { writeAudit } from '../../platform/audit/audit';
import type { AuthUser } from '../../platform/auth/access';
import { departments, users } from '../../platform/auth/auth.table';
import { AppError } from '../../platform/errors';
import { inTransaction, isUniqueViolation } from '../../platform/record/record.service';
import { addMonths, firstDay, refuseFutureMonth, saveRate } from '../dispatcher-statements';
import { drivers } from '../drivers';
import { loads } from '../trips';
import { safetyStatementDrivers as d, safetyStatements as s } from './safety-statements.table';

export const SAFETY_RATE_KIND = 'safety';
export const DEFAULT_SAFETY_RATE = 1;

/** Safety staff: the active users of the Safety department. */
const safetyUsers = (companyId: number) => sql`
  select u.id, u.name from ${users} u join ${departments} dep on dep.id = u.department_id
  where u.company_id = ${companyId} and u.active and u.customer_id is null and dep.name = 'Safety'`;

/** The safety users of a month and whether each has its statement. */
export async function listSafetyUsers(db: DbOrTx, user: AuthUser, month: string) {
  return rowsOf<{ id: number; name: string; has_statement: boolean }>(
    db,
    sql`select su.id, su.name, exists (select 1 from ${s} where ${s.userId} = su.id and ${s.month} = ${firstDay(month)}::date) as has_statement
      from (${safetyUsers(user.companyId)}) su order by su.name`,
  );
}

/** The company's drivers with loads delivered in the month (Chicago days), at the rate; taken = on a statement. */
export async function listDrivers(db: DbOrTx, user: AuthUser, opts: { month: string; rateBp: number }) {
  const rows = await rowsOf<{
    driver_id: number;
    driver: string;
    count_load: number;
    gross: string;
    amount: string;
    taken: boolean;
  }>(
    db,
    sql`select dr.id as driver_id, dr.name as driver, count(l.id)::int as count_load,
        coalesce(sum(l.gross_cents), 0)::bigint as gross,
        round(coalesce(sum(l.gross_cents), 0) * ${opts.rateBp}::int / 10000.0)::bigint as amount,
        exists (select 1 from ${d} where ${d.driverId} = dr.id and ${d.month} = ${firstDay(opts.month)}::date) as taken
      from ${drivers} dr join ${loads} l on l.driver_id = dr.id and l.delivery_at is not null
        and (l.delivery_at at time zone 'America/Chicago')::date >= ${firstDay(opts.month)}::date
        and (l.delivery_at at time zone 'America/Chicago')::date < ${firstDay(addMonths(opts.month, 1))}::date
      where dr.company_id = ${user.companyId}
      group by dr.id, dr.name order by dr.name`,
  );
  return rows.map((r) => ({ ...r, gross: Number(r.gross) / 100, amount: Number(r.amount) / 100 }));
}

/** Creates a user's statement of a month for the chosen drivers: each driver's month once, totals from the lines. */
export async function createSafetyStatement(
  db: DbOrTx,
  user: AuthUser,
  opts: { userId: number; month: string; rateBp: number; driverIds: number[] },
): Promise<number> {
  refuseFutureMonth(opts.month, 'date', M.futureMonth);
  const safety = await listSafetyUsers(db, user, opts.month);
  const person = safety.find((u) => u.id === opts.userId);
  if (!person) throw AppError.invalidField('user_id', M.chooseUser);
  const ids = [...new Set(opts.driverIds)];
  try {
    return await inTransaction(db, async (tx) => {
      const [statement] = await tx
        .insert(s)
        .values({
          companyId: user.companyId,
          userId: opts.userId,
          month: firstDay(opts.month),
          rateBp: opts.rateBp,
          createdBy: user.id,
        })
        .onConflictDoNothing()
        .returning({ id: s.id });
      if (!statement) throw AppError.invalidField('user_id', M.already(person.name, opts.month));
      const lines = await rowsOf<{ driver_id: number }>(
        tx,
        sql`insert into ${d} (statement_id, company_id, driver_id, month, load_count, gross_cents, amount_cents)
          select ${statement.id}, ${user.companyId}, dr.id, ${firstDay(opts.month)}::date, count(l.id), coalesce(sum(l.gross_cents), 0),
            round(coalesce(sum(l.gross_cents), 0) * ${opts.rateBp}::int / 10000.0)
          from ${drivers} dr left join ${loads} l on l.driver_id = dr.id and l.delivery_at is not null
            and (l.delivery_at at time zone 'America/Chicago')::date >= ${firstDay(opts.month)}::date
            and (l.delivery_at at time zone 'America/Chicago')::date < ${firstDay(addMonths(opts.month, 1))}::date
          where dr.company_id = ${user.companyId} and dr.id in (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )})
          group by dr.id
          on conflict (company_id, driver_id, month) do nothing returning driver_id`,
      );
      if (lines.length !== ids.length) throw AppError.invalidField('drivers', M.taken);
      const [after] = await rowsOf<Record<string, unknown>>(
        tx,
        sql`update ${s} set driver_count = t.n, load_count = t.loads, gross_cents = t.gross, amount_cents = t.amount
          from (select count(*) as n, sum(load_count) as loads, sum(gross_cents) as gross, sum(amount_cents) as amount
                from ${d} where statement_id = ${statement.id}) t
          where ${s.id} = ${statement.id} returning ${s}.*`,
      );
      await saveRate(tx, { user, kind: SAFETY_RATE_KIND, month: opts.month, rateBp: opts.rateBp });
      await writeAudit(tx, {
        actor: user,
        entity: 'safety_statement',
        entityId: statement.id,
        action: 'create',
        after: { ...after, drivers: lines.map((l) => l.driver_id) },
      });
      return statement.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.invalidField('drivers', M.taken);
    throw err;
  }
}

export async function safetyStatementRow(db: DbOrTx, user: AuthUser, id: number): Promise<SafetyStatement> {
  const [r] = await rowsOf<{
    id: number;
    user_id: number;
    user: string;
    month: string;
    rate_bp: number;
    driver_count: number;
    load_count: number;
    gross_cents: string;
    amount_cents: string;
    created_by: string | null;
  }>(
    db,
    sql`select ss.id, ss.user_id, u.name as user, to_char(ss.month, 'YYYY-MM') as month, ss.rate_bp, ss.driver_count,
        ss.load_count, ss.gross_cents, ss.amount_cents, c.name as created_by
      from ${s} ss join ${users} u on u.id = ss.user_id left join ${users} c on c.id = ss.created_by
      where ss.id = ${id} and ss.company_id = ${user.companyId}`,
  );
  if (!r) throw AppError.notFound();
  return {
    id: r.id,
    user_id: r.user_id,
    user: r.user,
    month: r.month,
    dispatcher_rate: r.rate_bp / 100,
    count_driver: r.driver_count,
    count_load: r.load_count,
    gross: Number(r.gross_cents) / 100,
    amount: Number(r.amount_cents) / 100,
    created_by: r.created_by,
  };
}

/** The drivers a statement pays for. */
export async function statementDrivers(db: DbOrTx, id: number) {
  const rows = await rowsOf<{
    driver_id: number;
    driver: string;
    count_load: number;
    gross_cents: string;
    amount_cents: string;
  }>(
    db,
    sql`select ${d.driverId} as driver_id, dr.name as driver, ${d.loadCount} as count_load, ${d.grossCents} as gross_cents, ${d.amountCents} as amount_cents
      from ${d} join ${drivers} dr on dr.id = ${d.driverId} where ${d.statementId} = ${id} order by dr.name`,
  );
  return rows.map((r) => ({
    driver_id: r.driver_id,
    driver: r.driver,
    count_load: r.count_load,
    gross: Number(r.gross_cents) / 100,
    amount: Number(r.amount_cents) / 100,
    taken: true,
  }));
}
