import type {
  DispatcherCandidate,
  DispatcherStatement,
} from '@backhaul/shared/modules/dispatcher-statements/dispatcher-statements.contract';
import { DISPATCHER_STATEMENT_MSG as M } from '@backhaul/shared/modules/dispatcher-statements/dispatcher-statements.contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { writeAudit } from '../../platform/audit/audit';
import type { AuthUser } from '../../platform/auth/access';
import { users } from '../../platform/auth/auth.table';
import { AppError } from '../../platform/errors';
import { inTransaction, isUniqueViolation } from '../../platform/record/record.service';
import { loads } from '../trips';
import { dispatcherStatementLoads, dispatcherStatements, staffPayRates } from './dispatcher-statements.table';
import { addMonths, firstDay, refuseFutureMonth } from './staff-months';

export const DISPATCHER_RATE_KIND = 'dispatcher';
/** Until a month's rate is saved, the form starts from the last saved one, else this (percent). */
export const DEFAULT_DISPATCHER_RATE = 3;

/** A dispatcher user (role number 2) sees only their own statements (001 §6 variant). */
export const isDispatcherUser = (user: AuthUser): boolean => user.role === 2;

/** The rate saved for a month of a kind, else the latest saved before it, else `fallback` (percent). */
export async function rateFor(db: DbOrTx, opts: { companyId: number; kind: string; month: string; fallback: number }) {
  const [row] = await db
    .select({ rateBp: staffPayRates.rateBp })
    .from(staffPayRates)
    .where(
      and(
        eq(staffPayRates.companyId, opts.companyId),
        eq(staffPayRates.kind, opts.kind),
        sql`${staffPayRates.month} <= ${firstDay(opts.month)}`,
      ),
    )
    .orderBy(desc(staffPayRates.month))
    .limit(1);
  return row ? row.rateBp / 100 : opts.fallback;
}

/** Saves the month's rate of a kind (one row per company, kind and month), audited. */
export async function saveRate(
  tx: DbOrTx,
  opts: { user: AuthUser; kind: string; month: string; rateBp: number },
): Promise<void> {
  await tx
    .insert(staffPayRates)
    .values({
      companyId: opts.user.companyId,
      kind: opts.kind,
      month: firstDay(opts.month),
      rateBp: opts.rateBp,
      updatedBy: opts.user.id,
    })
    .onConflictDoUpdate({
      target: [staffPayRates.companyId, staffPayRates.kind, staffPayRates.month],
      set: { rateBp: opts.rateBp, updatedBy: opts.user.id, updatedAt: new Date() },
    });
  await writeAudit(tx, {
    actor: opts.user,
    entity: 'staff_pay_rate',
    entityId: `${opts.kind}:${opts.month}`,
    action: 'update',
    after: { rate_bp: opts.rateBp },
  });
}

/** The month's delivered loads not yet on a statement (delivery day in Chicago time). */
const freeLoads = (companyId: number, month: string) => sql`
  select l.id, l.dispatcher_id, l.gross_cents, (l.mileage_loaded + l.mileage_empty) as miles
  from ${loads} l
  where l.company_id = ${companyId} and l.dispatcher_id is not null and l.delivery_at is not null
    and (l.delivery_at at time zone 'America/Chicago')::date >= ${firstDay(month)}::date
    and (l.delivery_at at time zone 'America/Chicago')::date < ${firstDay(addMonths(month, 1))}::date
    and not exists (select 1 from ${dispatcherStatementLoads} dsl where dsl.load_id = l.id)`;

/** round(gross × rate) per load, in cents: a statement's amount is the sum of these. */
const lineAmount = (grossSql: string, rateBp: number) =>
  sql.raw(`round(${grossSql} * ${Math.trunc(rateBp)} / 10000.0)`);

const rpmOf = (grossCents: number, miles: number) => (miles > 0 ? Math.round(grossCents / miles) / 100 : 0);

/**
 * The dispatchers of the create form for a month at a rate: every active dispatcher user, and
 * anyone who dispatched a load delivered that month; what is left to count, and whether the month
 * already has their statement.
 */
export async function listCandidates(
  db: DbOrTx,
  user: AuthUser,
  opts: { month: string; rateBp: number },
): Promise<DispatcherCandidate[]> {
  const own = isDispatcherUser(user) ? sql`and u.id = ${user.id}` : sql``;
  const rows = await rowsOf<{
    id: number;
    name: string;
    count_load: number;
    gross: string;
    miles: string;
    amount: string;
    has_statement: boolean;
  }>(
    db,
    sql`with free as (${freeLoads(user.companyId, opts.month)})
      select u.id, u.name, count(free.id)::int as count_load, coalesce(sum(free.gross_cents), 0)::bigint as gross,
        coalesce(sum(free.miles), 0)::bigint as miles,
        coalesce(sum(${lineAmount('free.gross_cents', opts.rateBp)}), 0)::bigint as amount,
        exists (select 1 from ${dispatcherStatements} s where s.dispatcher_id = u.id and s.month = ${firstDay(opts.month)}::date) as has_statement
      from ${users} u left join free on free.dispatcher_id = u.id
      where u.company_id = ${user.companyId} and u.customer_id is null
        and ((u.role = 2 and u.active) or free.id is not null) ${own}
      group by u.id, u.name order by u.name`,
  );
  return rows.map((r) => ({
    dispatcher_id: r.id,
    name: r.name,
    count_load: r.count_load,
    gross: Number(r.gross) / 100,
    miles: Number(r.miles),
    rpm: rpmOf(Number(r.gross), Number(r.miles)),
    amount: Number(r.amount) / 100,
    has_statement: r.has_statement,
    checked: false,
  }));
}

/**
 * Creates the month's statements of the chosen dispatchers at the rate, in one transaction: each
 * statement takes the month's loads no statement has (the unique load index makes a parallel
 * request skip them), its totals are the sums of its lines, the month's rate is saved, all audited.
 * A dispatcher who already has the month's statement, or has nothing left to count, is a 422.
 */
export async function createStatements(
  db: DbOrTx,
  user: AuthUser,
  opts: { month: string; rateBp: number; dispatcherIds: number[] },
): Promise<number[]> {
  refuseFutureMonth(opts.month, 'filter.date', M.futureMonth);
  if (!opts.dispatcherIds.length) throw AppError.invalidField('dispatchers', M.chooseDispatchers);
  const ids = [...new Set(opts.dispatcherIds)];
  const people = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.companyId, user.companyId), inArray(users.id, ids), sql`${users.customerId} is null`));
  if (people.length !== ids.length) throw AppError.invalidField('dispatchers', M.notDispatcher);
  const names = new Map(people.map((p) => [p.id, p.name]));
  try {
    return await inTransaction(db, async (tx) => {
      const created: number[] = [];
      for (const dispatcherId of ids) {
        const name = names.get(dispatcherId) ?? '';
        const [statement] = await tx
          .insert(dispatcherStatements)
          .values({
            companyId: user.companyId,
            dispatcherId,
            month: firstDay(opts.month),
            rateBp: opts.rateBp,
            createdBy: user.id,
          })
          .onConflictDoNothing()
          .returning({ id: dispatcherStatements.id });
        if (!statement) throw AppError.invalidField('dispatchers', M.already(name, opts.month));
        const lines = await rowsOf<{ load_id: number }>(
          tx,
          sql`insert into ${dispatcherStatementLoads} (statement_id, load_id, gross_cents, miles, amount_cents)
            select ${statement.id}, free.id, free.gross_cents, free.miles, ${lineAmount('free.gross_cents', opts.rateBp)}
            from (${freeLoads(user.companyId, opts.month)}) free where free.dispatcher_id = ${dispatcherId}
            on conflict (load_id) do nothing returning load_id`,
        );
        if (!lines.length) throw AppError.invalidField('dispatchers', M.noLoads(name, opts.month));
        const [after] = await rowsOf<Record<string, unknown>>(
          tx,
          sql`update ${dispatcherStatements} s set gross_cents = t.gross, load_count = t.n, miles = t.miles, amount_cents = t.amount
            from (select sum(gross_cents) as gross, count(*) as n, sum(miles) as miles, sum(amount_cents) as amount
                  from ${dispatcherStatementLoads} where statement_id = ${statement.id}) t
            where s.id = ${statement.id} returning s.*`,
        );
        await tx
          .update(loads)
          .set({ dispatcherStatementId: statement.id })
          .where(
            sql`${loads.id} in (select load_id from ${dispatcherStatementLoads} where statement_id = ${statement.id})`,
          );
        await writeAudit(tx, {
          actor: user,
          entity: 'dispatcher_statement',
          entityId: statement.id,
          action: 'create',
          after: { ...after, loads: lines.map((l) => l.load_id) },
        });
        created.push(statement.id);
      }
      await saveRate(tx, { user, kind: DISPATCHER_RATE_KIND, month: opts.month, rateBp: opts.rateBp });
      return created;
    });
  } catch (err) {
    // A parallel request made the same statement first (the unique index of dispatcher and month).
    if (isUniqueViolation(err)) throw AppError.invalidField('dispatchers', M.already('The dispatcher', opts.month));
    throw err;
  }
}

/** A dispatcher's loads of a month, free or on a statement: what the create form's detail shows. */
export async function loadsInfo(db: DbOrTx, user: AuthUser, opts: { month: string; dispatcherId: number }) {
  if (isDispatcherUser(user) && opts.dispatcherId !== user.id) throw AppError.notFound();
  const rows = await rowsOf<{
    load_id: number;
    delivery_date: string;
    route: string;
    gross_cents: string;
    miles: number;
    dispatcher_statement: number | null;
  }>(
    db,
    sql`select l.id as load_id, to_char(l.delivery_at at time zone 'America/Chicago', 'YYYY-MM-DD') as delivery_date,
        concat_ws(' → ', concat_ws(', ', l.pickup_city, l.pickup_state), concat_ws(', ', l.delivery_city, l.delivery_state)) as route,
        l.gross_cents, (l.mileage_loaded + l.mileage_empty) as miles, dsl.statement_id as dispatcher_statement
      from ${loads} l left join ${dispatcherStatementLoads} dsl on dsl.load_id = l.id
      where l.company_id = ${user.companyId} and l.dispatcher_id = ${opts.dispatcherId} and l.delivery_at is not null
        and (l.delivery_at at time zone 'America/Chicago')::date >= ${firstDay(opts.month)}::date
        and (l.delivery_at at time zone 'America/Chicago')::date < ${firstDay(addMonths(opts.month, 1))}::date
      order by l.delivery_at, l.id`,
  );
  const list = rows.map((r) => ({
    load_id: r.load_id,
    delivery_date: r.delivery_date,
    route: r.route,
    gross: Number(r.gross_cents) / 100,
    miles: Number(r.miles),
    dispatcher_statement: r.dispatcher_statement,
  }));
  return {
    date: opts.month,
    dispatcher_id: opts.dispatcherId,
    loads: list,
    count_load: list.length,
    gross: rows.reduce((s, r) => s + Number(r.gross_cents), 0) / 100,
  };
}

/** A statement as its row answers it (names behind the ids). */
export async function statementRow(db: DbOrTx, id: number): Promise<DispatcherStatement> {
  const [r] = await rowsOf<{
    id: number;
    created_by: string | null;
    month: string;
    dispatcher_id: number;
    dispatcher_name: string;
    gross_cents: string;
    load_count: number;
    miles: number;
    amount_cents: string;
    rate_bp: number;
  }>(
    db,
    sql`select s.id, c.name as created_by, to_char(s.month, 'YYYY-MM') as month, s.dispatcher_id, d.name as dispatcher_name,
        s.gross_cents, s.load_count, s.miles, s.amount_cents, s.rate_bp
      from ${dispatcherStatements} s join ${users} d on d.id = s.dispatcher_id left join ${users} c on c.id = s.created_by
      where s.id = ${id}`,
  );
  if (!r) throw AppError.notFound();
  return {
    id: r.id,
    created_by: r.created_by,
    date: r.month,
    dispatcher_id: r.dispatcher_id,
    dispatcher_name: r.dispatcher_name,
    gross: Number(r.gross_cents) / 100,
    count_load: r.load_count,
    miles: r.miles,
    rpm: rpmOf(Number(r.gross_cents), r.miles),
    amount: Number(r.amount_cents) / 100,
    dispatcher_rate: r.rate_bp / 100,
  };
}

/** The loads leave the statement (they may go on another one); the lines go with it (cascade). */
export async function releaseLoads(tx: DbOrTx, statementId: number): Promise<void> {
  await tx.update(loads).set({ dispatcherStatementId: null }).where(eq(loads.dispatcherStatementId, statementId));
}
