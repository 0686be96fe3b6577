import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../auth/access';
import { clock } from '../clock';
import { AppError } from '../errors';
import { type CommandContext, defineCommand, runCommand } from '../record/command';
import type { StatementKind } from './define-statement';
import { payStatementPayments, payStatements } from './pay.table';
import { settle, target } from './statement.service';

// A pay statement's money after it is closed: payments (never more than it owes), a payment taken
// back, the write-off of what the payee owes, and the paid status the lists and PDFs show.

type Statement = typeof payStatements.$inferSelect;

export type PayInput = { id: number; amountCents: number; date: string; note: string };

/** A payment of a closed statement, at most what it still owes the payee. */
export function payStatement(db: DbOrTx, kind: StatementKind, user: AuthUser, input: PayInput) {
  return runCommand(
    db,
    defineCommand({
      action: 'pay',
      target: target(kind),
      run: async ({ tx, row }: CommandContext<PayInput, typeof payStatements>) => {
        if (row.status !== 'Closed') throw AppError.precondition(kind.messages.notClosed);
        const due = row.amountCents - row.paidCents;
        // A statement the payee owes (or worth nothing) takes no payment; one paid in full takes
        // nothing more: the amount is then more than it owes (also for a second payment under a race).
        if (due < 0 || row.amountCents <= 0) throw AppError.precondition(kind.messages.nothingDue);
        if (input.amountCents > due) throw AppError.invalidField('amount', kind.messages.overpaid);
        const [p] = await tx
          .insert(payStatementPayments)
          .values({
            companyId: row.companyId,
            statementId: row.id,
            amountCents: input.amountCents,
            paidOn: input.date,
            note: input.note,
            createdBy: user.id,
          })
          .returning();
        await settle(tx, row.id);
        return p?.id as number;
      },
    }),
    user,
    input,
  );
}

/** Takes a payment back; answers its statement's id. */
export async function deleteStatementPayment(db: DbOrTx, kind: StatementKind, user: AuthUser, paymentId: number) {
  const [p] = await db
    .select({ statementId: payStatementPayments.statementId })
    .from(payStatementPayments)
    .where(and(eq(payStatementPayments.id, paymentId), eq(payStatementPayments.companyId, user.companyId)));
  if (!p) throw AppError.notFound();
  await runCommand(
    db,
    defineCommand({
      action: 'delete-payment',
      target: target(kind),
      run: async ({ tx, row }: CommandContext<{ id: number }, typeof payStatements>) => {
        const gone = await tx
          .delete(payStatementPayments)
          .where(and(eq(payStatementPayments.id, paymentId), eq(payStatementPayments.statementId, row.id)))
          .returning();
        if (!gone.length) throw AppError.notFound();
        await settle(tx, row.id);
      },
    }),
    user,
    { id: p.statementId },
  );
  return p.statementId;
}

/** Writes off what the payee owes on a closed negative statement, with a reason (audited). */
export function writeOffBalance(
  db: DbOrTx,
  kind: StatementKind,
  user: AuthUser,
  input: { id: number; reason: string },
) {
  return runCommand(
    db,
    defineCommand({
      action: 'write-off',
      target: target(kind),
      run: async ({ tx, row }: CommandContext<{ id: number; reason: string }, typeof payStatements>) => {
        if (row.status !== 'Closed' || row.amountCents - row.paidCents >= 0 || row.settlement)
          throw AppError.precondition(kind.messages.notOwed);
        if (!input.reason.trim()) throw AppError.invalidField('reason', kind.messages.writeOffReason);
        await tx
          .update(payStatements)
          .set({ settlement: 'written_off', settlementNote: input.reason.trim(), updatedAt: clock.now() })
          .where(eq(payStatements.id, row.id));
      },
    }),
    user,
    input,
  );
}

export function statementPayments(db: DbOrTx, id: number) {
  return rowsOf<{ id: number; amount_cents: string; date: string; note: string; created_by: string | null }>(
    db,
    sql`select p.id, p.amount_cents, p.paid_on::text as date, p.note, u.name as created_by
      from pay_statement_payments p left join users u on u.id = p.created_by
      where p.statement_id = ${id} order by p.paid_on, p.id`,
  );
}

/**
 * The paid status of a statement, in SQL over the table as `alias` names it: what the payee was
 * paid, or that the payee owes (and what became of it).
 */
export function paidStatusSql(owed: string, alias = 'pay_statements'): SQL<string> {
  const c = (name: string) => sql.raw(`${alias}.${name}`);
  const [amount, paid, settlement] = [c('amount_cents'), c('paid_cents'), c('settlement')];
  return sql<string>`case
    when ${amount} - ${paid} < 0 and ${settlement} = 'carried' then 'Carried'
    when ${amount} - ${paid} < 0 and ${settlement} = 'written_off' then 'Written off'
    when ${amount} - ${paid} < 0 then ${owed}
    when ${amount} = 0 then 'Nothing due'
    when ${paid} = 0 then 'Not paid'
    when ${paid} < ${amount} then 'Partly paid'
    else 'Paid' end`;
}

export function paidStatusOf(owed: string, s: Pick<Statement, 'amountCents' | 'paidCents' | 'settlement'>): string {
  const due = s.amountCents - s.paidCents;
  if (due < 0) return s.settlement === 'carried' ? 'Carried' : s.settlement === 'written_off' ? 'Written off' : owed;
  if (s.amountCents === 0) return 'Nothing due';
  if (s.paidCents === 0) return 'Not paid';
  return s.paidCents < s.amountCents ? 'Partly paid' : 'Paid';
}
