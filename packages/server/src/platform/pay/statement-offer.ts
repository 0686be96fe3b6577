// What a payee earned up to a period's end, offered as the statement's lines: each declared source's
// candidates, the balance carried from an earlier statement, minus what another statement claimed
// (split from statement.service.ts by responsibility).
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../auth/access';
import { clock } from '../clock';
import type { Candidate, Payee, PayPeriod, PaySource, SourceContext, StatementKind } from './define-statement';
import type { payStatements } from './pay.table';

type Statement = typeof payStatements.$inferSelect;

export const CARRIED = 'carried';

/** The balance of an earlier statement the payee still owes, offered on the next one (kinds with `carry`). */
function carriedSource(kind: StatementKind): PaySource {
  return {
    name: CARRIED,
    section: 'additionalPayments',
    field: 'carried',
    candidates: async (ctx) => {
      const rows = await rowsOf<{ id: number; period_from: string; period_to: string; due: string }>(
        ctx.tx,
        sql`select s.id, s.period_from::text as period_from, s.period_to::text as period_to,
            (s.amount_cents - s.paid_cents) as due
          from pay_statements s
          where s.company_id = ${ctx.user.companyId} and s.kind = ${kind.kind} and s.payee_id = ${ctx.payee.id}
            and s.status = 'Closed' and s.amount_cents - s.paid_cents < 0 and s.period_to < ${ctx.period.from}
            and (s.settlement is null or ${ctx.onThis(CARRIED, sql`s.id::text`)})
            and ${ctx.unclaimed(CARRIED, sql`s.id::text`)}
          order by s.period_from, s.id`,
      );
      return rows.map((r) => ({
        key: String(r.id),
        date: r.period_to,
        earned: { from: r.period_from, to: r.period_to },
        type: 'Carried balance',
        description: `${kind.messages.owed}: balance of statement #${r.id} (${r.period_from} – ${r.period_to})`,
        category: 'deduction',
        amountCents: Number(r.due),
      }));
    },
  };
}

export const sourcesOf = (kind: StatementKind): PaySource[] =>
  kind.carry ? [...kind.sources, carriedSource(kind)] : kind.sources;

/** Statements of a payee are made one at a time: a transaction-scoped lock on (kind, payee). */
export const lockPayee = (tx: DbOrTx, kind: string, payeeId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`pay:${kind}`}), ${payeeId}::int)`);

/** Keys of `source` among `rows` that another statement of the kind holds. */
async function claimedElsewhere(
  tx: DbOrTx,
  kind: StatementKind,
  user: AuthUser,
  source: string,
  rows: readonly Candidate[],
  statementId: number | null,
): Promise<Set<string>> {
  if (!rows.length) return new Set();
  const taken = await rowsOf<{ k: string }>(
    tx,
    sql`select source_key as k from pay_statement_lines
      where company_id = ${user.companyId} and kind = ${kind.kind} and source = ${source}
        and source_key in (${sql.join(
          rows.map((r) => sql`${r.key}`),
          sql`, `,
        )}) ${statementId ? sql`and statement_id <> ${statementId}` : sql``}`,
  );
  return new Set(taken.map((t) => t.k));
}

/** The statement period a day fell in, or the day itself when no statement covered it. */
const earnedIn = (periods: readonly { from: string; to: string }[], day: string): PayPeriod =>
  periods.find((p) => p.from <= day && day <= p.to) ?? { from: day, to: day };

/** Everything each source offers the statement, with what is on it already. */
export async function offerLines(
  tx: DbOrTx,
  kind: StatementKind,
  user: AuthUser,
  s: { payee: Payee; period: PayPeriod; statementId: number | null; terms: Record<string, unknown> },
): Promise<Map<string, Candidate[]>> {
  const [first] = await rowsOf<{ since: string | null }>(
    tx,
    sql`select min(period_from)::text as since from pay_statements
      where company_id = ${user.companyId} and kind = ${kind.kind} and payee_id = ${s.payee.id}`,
  );
  const since = first?.since && first.since < s.period.from ? first.since : s.period.from;
  const now = clock.now();
  const statementId = s.statementId;
  const ctx: SourceContext = {
    tx,
    user,
    kind: kind.kind,
    payee: s.payee,
    period: s.period,
    since,
    statementId,
    terms: s.terms,
    now,
    today: clock.today(),
    unclaimed: (source, key) =>
      sql`not exists (select 1 from pay_statement_lines pl where pl.company_id = ${user.companyId}
        and pl.kind = ${kind.kind} and pl.source = ${source} and pl.source_key = ${key}
        ${statementId ? sql`and pl.statement_id <> ${statementId}` : sql``})`,
    onThis: (source, key) =>
      statementId
        ? sql`exists (select 1 from pay_statement_lines pl where pl.statement_id = ${statementId}
            and pl.source = ${source} and pl.source_key = ${key})`
        : sql`false`,
  };
  // A line earned before this period is marked with the payee's statement period it fell in.
  const periods = await rowsOf<{ from: string; to: string }>(
    tx,
    sql`select period_from::text as from, period_to::text as to from pay_statements
      where company_id = ${user.companyId} and kind = ${kind.kind} and payee_id = ${s.payee.id}
        and period_to < ${s.period.from} order by period_from`,
  );
  const onIt = new Set(
    statementId
      ? (
          await rowsOf<{ k: string }>(
            tx,
            sql`select source || ':' || source_key as k from pay_statement_lines
              where statement_id = ${statementId} and source_key is not null`,
          )
        ).map((r) => r.k)
      : [],
  );
  const offered = new Map<string, Candidate[]>();
  for (const source of sourcesOf(kind)) {
    const rows = await source.candidates(ctx);
    const elsewhere = await claimedElsewhere(tx, kind, user, source.name, rows, statementId);
    offered.set(
      source.name,
      rows
        .filter((c) => !elsewhere.has(c.key))
        .map((c) => ({
          ...c,
          earned: c.earned ?? (c.date < s.period.from ? earnedIn(periods, c.date) : null),
          onIt: c.onIt ?? onIt.has(`${source.name}:${c.key}`),
          preselected: c.preselected ?? source.preselect ?? true,
        })),
    );
  }
  return offered;
}

/** A candidate as a line row of the statement. */
export const lineOf = (
  kind: StatementKind,
  s: Statement,
  source: PaySource,
  c: Candidate,
  userId: number,
): Record<string, unknown> => ({
  companyId: s.companyId,
  kind: kind.kind,
  payeeId: s.payeeId,
  source: source.name,
  sourceKey: c.key,
  section: source.section,
  lineDate: c.date,
  earnedFrom: c.earned?.from ?? null,
  earnedTo: c.earned?.to ?? null,
  type: c.type,
  description: c.description,
  countAction: c.countAction ?? '',
  schedule: c.schedule ?? '',
  category: c.category ?? null,
  grossCents: c.grossCents ?? 0,
  miles: c.miles ?? 0,
  loadCount: c.loadCount ?? 0,
  amountCents: c.amountCents,
  data: c.data ?? null,
  createdBy: userId,
});
