// Dispatcher statements (000 §3, 001 §3, §7): the register's calls mapped onto the pay-statement engine.
import { MSG } from '@backhaul/shared';
import { COMPANY_TIME_ZONE_DEFAULT } from '@backhaul/shared/formats/formats';
import type {
  DispatcherCandidate,
  DispatcherStatement,
} from '@backhaul/shared/modules/dispatcher-statements/dispatcher-statements.contract';
import { DISPATCHER_STATEMENT_MSG as M } from '@backhaul/shared/modules/dispatcher-statements/dispatcher-statements.contract';
import { toDollars } from '@backhaul/shared/money';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { compileList, selectPage } from '../../platform/list/run-list';
import type { Candidate, PayPeriod } from '../../platform/pay/define-statement';
import { createStatement, deleteStatement, offerLines } from '../../platform/pay/statement.service';
import { defineCommand, runCommand } from '../../platform/record/command';
import { deliveredBy, loads } from '../trips';
import { DISPATCHER_KIND, isDispatcherUser, dispatcherStatementKind as kind } from './dispatcher-statements.kind';
import { dispatcherStatementsList } from './dispatcher-statements.list';
import { addMonths, firstDay, monthPeriod } from './staff-months';
import { saveMonthRate } from './staff-pay-rates.record';

export const DISPATCHER_RATE_KIND = 'dispatcher';
/** Until a month's rate is saved, the form starts from the last saved one, else this (percent). */
export const DEFAULT_DISPATCHER_RATE = 3;

const rpmOf = (grossCents: number, miles: number) => (miles > 0 ? Math.round(grossCents / miles) / 100 : 0);
const monthOf = (p: PayPeriod | null | undefined) => (p ? p.from.slice(0, 7) : null);

/** What the engine offers a new statement of the dispatcher for the month at the rate: its load lines. */
async function offeredLoads(
  db: DbOrTx,
  user: AuthUser,
  o: { id: number; name: string; month: string; rateMilli: number },
) {
  const offered = await offerLines(db, kind, user, {
    payee: { id: o.id, name: o.name },
    period: monthPeriod(o.month),
    statementId: null,
    terms: { rate_milli: o.rateMilli },
  });
  return offered.get('load') ?? [];
}

/**
 * The dispatchers of the create form for a month at a rate: every active dispatcher user, anyone
 * with the month's statement, and anyone with a delivered load on no statement up to the month's
 * end; what a new statement would count (the engine's offer) and whether the month has theirs.
 */
export async function listCandidates(
  db: DbOrTx,
  user: AuthUser,
  opts: { month: string; rateMilli: number },
): Promise<DispatcherCandidate[]> {
  const period = monthPeriod(opts.month);
  const own = isDispatcherUser(user) ? sql`and u.id = ${user.id}` : sql``;
  const monthEnd = sql`(${firstDay(addMonths(opts.month, 1))}::date::timestamp at time zone ${COMPANY_TIME_ZONE_DEFAULT})`;
  const people = await rowsOf<{ id: number; name: string; dispatcher: boolean; has_statement: boolean }>(
    db,
    sql`select u.id, u.name, (u.role = 2 and u.active) as dispatcher,
        exists (select 1 from pay_statements s where s.company_id = u.company_id and s.kind = ${DISPATCHER_KIND}
          and s.payee_id = u.id and s.period_from <= ${period.to} and s.period_to >= ${period.from}) as has_statement
      from users u
      where u.company_id = ${user.companyId} and u.customer_id is null ${own}
        and ((u.role = 2 and u.active)
          or exists (select 1 from pay_statements s where s.company_id = u.company_id and s.kind = ${DISPATCHER_KIND}
            and s.payee_id = u.id and s.period_from = ${period.from})
          or exists (select 1 from ${loads} l where l.company_id = u.company_id and l.dispatcher_id = u.id
            and ${deliveredBy(clock.now())} and l.delivery_at < ${monthEnd}
            and not exists (select 1 from pay_statement_lines pl where pl.company_id = l.company_id
              and pl.kind = ${DISPATCHER_KIND} and pl.source = 'load' and pl.source_key = l.id::text)))
      order by u.name, u.id`,
  );
  const answer: DispatcherCandidate[] = [];
  for (const p of people) {
    const lines = await offeredLoads(db, user, { id: Number(p.id), name: p.name, ...opts });
    if (!p.dispatcher && !p.has_statement && !lines.length) continue;
    const gross = lines.reduce((t, c) => t + (c.grossCents ?? 0), 0);
    const miles = lines.reduce((t, c) => t + (c.miles ?? 0), 0);
    answer.push({
      dispatcher_id: Number(p.id),
      name: p.name,
      count_load: lines.length,
      gross: toDollars(gross),
      miles,
      rpm: rpmOf(gross, miles),
      amount: toDollars(lines.reduce((t, c) => t + c.amountCents, 0)),
      has_statement: p.has_statement,
      checked: false,
    });
  }
  return answer;
}

type CreateMonth = { month: string; rateMilli: number; dispatcherIds: number[] };

/**
 * The month's statements of the chosen dispatchers at the rate, all or none: each takes every load
 * the engine offers it (the month's delivered loads and late ones of earlier months; one statement
 * per dispatcher and month, each load once, also under parallel requests), then the month's rate is
 * saved. A dispatcher with nothing to count is a 422. Dispatchers are taken in id order, so two
 * requests wait on each other's dispatcher locks in one order.
 */
const createMonthStatements = defineCommand({
  action: 'create',
  run: async ({ tx, user, input }: { tx: DbOrTx; user: AuthUser; input: CreateMonth }) => {
    const period = monthPeriod(input.month);
    const terms = { rate_milli: input.rateMilli };
    const made = new Map<number, number>();
    for (const id of [...new Set(input.dispatcherIds)].sort((a, b) => a - b)) {
      const payee = await kind.payee({ tx, user }, id);
      const keys = (await offeredLoads(tx, user, { ...payee, month: input.month, rateMilli: input.rateMilli })).map(
        (c) => c.key,
      );
      made.set(id, await createStatement(tx, kind, user, { payeeId: id, period, chosen: { loads: keys }, terms }));
      if (!keys.length) throw AppError.invalidField('dispatchers', M.noLoads(payee.name, input.month));
    }
    await saveMonthRate(tx, user, { kind: DISPATCHER_RATE_KIND, month: input.month, rateMilli: input.rateMilli });
    return [...new Set(input.dispatcherIds)].map((id) => made.get(id) as number);
  },
});

/** Creates the month's statements of the chosen dispatchers (their ids, in the order asked). */
export async function createStatements(db: DbOrTx, user: AuthUser, input: CreateMonth): Promise<number[]> {
  if (!input.dispatcherIds.length) throw AppError.invalidField('dispatchers', M.chooseDispatchers);
  return runCommand(db, createMonthStatements, user, input);
}

/**
 * A dispatcher's loads of a month (POST /dispatcher/statement/info): what the month's statement
 * holds, or would take now (its own loads and late ones of earlier months), and the month's loads
 * that a later statement took because they were delivered after this one was made.
 */
export async function loadsInfo(db: DbOrTx, user: AuthUser, opts: { month: string; dispatcherId: number }) {
  if (isDispatcherUser(user) && opts.dispatcherId !== user.id) throw AppError.notFound();
  const period = monthPeriod(opts.month);
  const [statement] = await rowsOf<{ id: number; terms: Record<string, unknown> }>(
    db,
    sql`select id, terms from pay_statements where company_id = ${user.companyId} and kind = ${DISPATCHER_KIND}
      and payee_id = ${opts.dispatcherId} and period_from = ${period.from}`,
  );
  const statementId = statement ? Number(statement.id) : null;
  const offered = await offerLines(db, kind, user, {
    payee: { id: opts.dispatcherId, name: '' },
    period,
    statementId,
    terms: statement?.terms ?? {},
  });
  const held = (offered.get('load') ?? []).map((c: Candidate) => {
    const d = c.data as { load_id: number; route: string };
    return {
      load_id: d.load_id,
      delivery_date: c.date,
      route: d.route,
      gross_cents: c.grossCents ?? 0,
      miles: c.miles ?? 0,
      dispatcher_statement: c.onIt ? statementId : null,
      earned: monthOf(c.earned),
    };
  });
  const later = await rowsOf<{
    load_id: number;
    delivery_date: string;
    route: string;
    gross_cents: string;
    miles: number;
    dispatcher_statement: number;
  }>(
    db,
    sql`select (l.data->>'load_id')::int as load_id, l.line_date::text as delivery_date, l.data->>'route' as route,
        l.gross_cents, l.miles, l.statement_id as dispatcher_statement
      from pay_statement_lines l
      where l.company_id = ${user.companyId} and l.kind = ${DISPATCHER_KIND} and l.payee_id = ${opts.dispatcherId}
        and l.source = 'load' and l.earned_from = ${period.from} and l.statement_id <> ${statementId ?? 0}`,
  );
  const rows = [...held, ...later.map((r) => ({ ...r, gross_cents: Number(r.gross_cents), earned: opts.month }))].sort(
    (a, b) => a.delivery_date.localeCompare(b.delivery_date) || a.load_id - b.load_id,
  );
  const list = rows.map(({ gross_cents, ...r }) => ({ ...r, gross: toDollars(gross_cents), miles: Number(r.miles) }));
  return {
    date: opts.month,
    dispatcher_id: opts.dispatcherId,
    loads: list,
    count_load: list.length,
    gross: toDollars(rows.reduce((t, r) => t + r.gross_cents, 0)),
  };
}

/** A statement as its row answers it (the list's own columns), in the caller's reach (404 otherwise). */
export async function statementRow(db: DbOrTx, user: AuthUser, id: number): Promise<DispatcherStatement> {
  const compiled = compileList(dispatcherStatementsList, user, { filters: { id: { op: 'eq', value: id } } });
  const [row] = await selectPage(db, dispatcherStatementsList, compiled, { limit: 1, offset: 0 });
  if (!row) throw AppError.notFound();
  // A statement of loads without miles has no rate per mile: 0, as the contract answers it.
  return { ...row, rpm: row.rpm ?? 0 } as DispatcherStatement;
}

/** DELETE /dispatcher/statement/:id: its loads are free again (audited by the engine). */
export async function deleteDispatcherStatement(db: DbOrTx, user: AuthUser, id: number) {
  await deleteStatement(db, kind, user, id);
  return { message: MSG.deleteSuccess };
}
