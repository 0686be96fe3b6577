// Owner-operator escrow (49 CFR 376.12(k)): deposits taken as statement deductions until the
// target is reached, interest paid each quarter at the lease's rate, and the balance (with the
// interest of the quarter's days held) returned on the final statement, within 45 days of the lease's
// end. Every movement is a statement line of source 'escrow', so the balance is the sum of those
// lines and never drifts from the statements.
import { addDays, formatMoney } from '@backhaul/shared/formats/formats';
import { divRound } from '@backhaul/shared/money';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Candidate, SourceContext } from '../../platform/pay/define-statement';
import { drivers } from '../drivers';

/** Days the carrier has to return the fund after the lease ends (49 CFR 376.12(k)(6)). */
export const ESCROW_RETURN_DAYS = 45;

type Account = {
  id: number;
  target_cents: string;
  deposit_cents: string;
  interest_rate_milli: number;
  opened_on: string;
  closed_on: string | null;
  terminated_on: string | null;
};

/**
 * The fund's balance from the escrow lines of the driver's statements (deposits are negative lines,
 * the return a positive one; interest is paid out and leaves the balance as it is): all of them, or
 * those of statements ending by `asOf`, or all but one statement's.
 */
export async function escrowBalance(
  db: DbOrTx,
  o: { companyId: number; driverId: number; asOf?: string; exceptStatement?: number | null },
): Promise<number> {
  const [row] = await rowsOf<{ balance: string | null }>(
    db,
    sql`select -coalesce(sum(pl.amount_cents), 0) as balance from pay_statement_lines pl
      join pay_statements s on s.id = pl.statement_id
      where pl.company_id = ${o.companyId} and pl.kind = 'driver' and pl.payee_id = ${o.driverId}
        and pl.source = 'escrow' and coalesce(pl.data->>'entry', '') <> 'interest'
        ${o.asOf ? sql`and s.period_to <= ${o.asOf}` : sql``}
        ${o.exceptStatement ? sql`and s.id <> ${o.exceptStatement}` : sql``}`,
  );
  return Number(row?.balance ?? 0);
}

export async function escrowAccountOf(db: DbOrTx, companyId: number, driverId: number): Promise<Account | undefined> {
  const [a] = await rowsOf<Account>(
    db,
    sql`select a.id, a.target_cents, a.deposit_cents, a.interest_rate_milli, a.opened_on::text as opened_on,
        a.closed_on::text as closed_on, d.terminated_on::text as terminated_on
      from escrow_accounts a join ${drivers} d on d.id = a.driver_id
      where a.company_id = ${companyId} and a.driver_id = ${driverId}`,
  );
  return a;
}

type Quarter = { label: string; first: string; last: string };

/** The calendar quarter of a day: its label and first and last days. */
function quarterOf(day: string): Quarter {
  const y = Number(day.slice(0, 4));
  const q = Math.floor((Number(day.slice(5, 7)) - 1) / 3);
  const first = `${y}-${String(q * 3 + 1).padStart(2, '0')}-01`;
  const next = q === 3 ? `${y + 1}-01-01` : `${y}-${String(q * 3 + 4).padStart(2, '0')}-01`;
  return { label: `${y} Q${q + 1}`, first, last: addDays(next, -1) };
}

/** The calendar quarters that ended from `from` to `to`: their first and last days. */
function quartersEnded(from: string, to: string): Quarter[] {
  const out: Quarter[] = [];
  for (let q = quarterOf(from); q.last <= to; q = quarterOf(addDays(q.last, 1))) out.push(q);
  return out;
}

/** The day the lease (or the fund) ended by the period's end, or null while it runs. */
function endedOn(a: Account, by: string): string | null {
  const days = [a.terminated_on, a.closed_on].filter((d): d is string => d !== null && d <= by).sort();
  return days[0] ?? null;
}

/** The day the fund must be back with the driver: 45 days after the lease ended (49 CFR 376.12(k)(6)). */
export const escrowDueBy = (endedDay: string) => addDays(endedDay, ESCROW_RETURN_DAYS);

const days = (first: string, last: string) => Math.round((Date.parse(last) - Date.parse(first)) / 86_400_000) + 1;

/**
 * What the escrow offers a statement: this period's deposit, the quarters' interest, and after the
 * lease ends the return of the balance with the interest of the last quarter's days held.
 */
export async function escrowCandidates(ctx: SourceContext): Promise<Candidate[]> {
  const a = await escrowAccountOf(ctx.tx, ctx.user.companyId, ctx.payee.id);
  if (!a || a.opened_on > ctx.period.to) return [];
  const balance = await escrowBalance(ctx.tx, {
    companyId: ctx.user.companyId,
    driverId: ctx.payee.id,
    exceptStatement: ctx.statementId,
  });
  const left = endedOn(a, ctx.period.to);
  const out: Candidate[] = [];
  const target = Number(a.target_cents);
  if (!left && balance < target) {
    const deposit = Math.min(Number(a.deposit_cents), target - balance);
    out.push({
      key: `${a.id}:d:${ctx.period.from}`,
      date: ctx.period.to,
      type: 'Escrow deposit',
      description: `Escrow deposit (balance ${formatMoney((balance + deposit) / 100)} of ${formatMoney(target / 100)})`,
      category: 'deduction',
      amountCents: -deposit,
      data: { entry: 'deposit', account_id: a.id },
    });
  }
  /** Interest on `held` cents for the days from the quarter's first (or the fund's opening) to `to`. */
  const interest = (q: Quarter, to: string, held: number, note: string): Candidate => {
    const from = a.opened_on > q.first ? a.opened_on : q.first;
    return {
      key: `${a.id}:i:${q.label}`,
      date: to,
      earned: { from, to },
      type: 'Escrow interest',
      description: `Interest on the escrow balance for ${q.label}${note} at ${a.interest_rate_milli / 1000}% a year`,
      category: 'credit',
      amountCents: divRound(held * a.interest_rate_milli * days(from, to), 100_000 * 365),
      data: { entry: 'interest', account_id: a.id },
    };
  };
  if (a.interest_rate_milli > 0) {
    for (const q of quartersEnded(a.opened_on, left ?? ctx.period.to)) {
      const held = await escrowBalance(ctx.tx, { companyId: ctx.user.companyId, driverId: ctx.payee.id, asOf: q.last });
      if (held > 0) out.push(interest(q, q.last, held, ''));
    }
    // The lease ended inside a quarter: its days held up to the end are paid with the return.
    const last = left ? quarterOf(left) : null;
    if (left && last && last.last !== left && balance > 0)
      out.push(interest(last, left, balance, ` to ${left} (lease ended)`));
  }
  if (left && balance > 0) {
    out.push({
      key: `${a.id}:r`,
      date: ctx.period.to,
      type: 'Escrow return',
      description: `Escrow return: the balance held at the lease's end (${left}), due by ${escrowDueBy(left)}`,
      category: 'credit',
      amountCents: balance,
      data: { entry: 'return', account_id: a.id, ended_on: left, due_by: escrowDueBy(left) },
    });
  }
  return out;
}
