import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { defineCommand, runCommand } from '../../platform/record/command';
import { findRecord } from '../../platform/record/record.service';
import { invoiceRecord } from './invoices.record';
import { applyInvoiceAmounts, numberInvoices, removeInvoice } from './invoices.service';
import { invoiceLines, invoices } from './invoices.table';

/** One line another module bills (a work order's labour, parts, tax, a vendor's invoice), in cents. */
export type BilledLine = { description: string; amountCents: number };

export type BillDocumentInput = {
  /** The invoice that bills the document so far (null: none yet). */
  invoiceId: number | null;
  /** The customer billed (null: nobody, so nothing is billed). */
  customerId: number | null;
  /** The invoice's description: what it bills ("Work order #12"). */
  description: string;
  /** What to bill; none (or a zero total) removes the invoice. */
  lines: readonly BilledLine[];
};

const totalOf = (lines: readonly BilledLine[]) => lines.reduce((s, l) => s + l.amountCents, 0);

const writeLines = async (tx: DbOrTx, invoiceId: number, lines: readonly BilledLine[]) => {
  await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
  if (lines.length)
    await tx
      .insert(invoiceLines)
      .values(
        lines.map((l) => ({ invoiceId, description: l.description, rate: l.amountCents, amountCents: l.amountCents })),
      );
};

/** A new invoice of the customer dated today, numbered, with its lines; the customer's balance moves by its total. */
const openDocumentInvoice = defineCommand<BillDocumentInput & { customerId: number }, number>({
  action: 'create',
  run: async ({ tx, user, input, audit }) => {
    const today = clock.today();
    const [created] = await tx
      .insert(invoices)
      .values({
        companyId: user.companyId,
        customerId: input.customerId,
        periodFrom: today,
        periodTo: today,
        description: input.description,
        createdBy: user.id,
      })
      .returning();
    if (!created) throw new AppError('internal', 'invoice not created');
    await numberInvoices(tx, user.companyId, [created.id]);
    await writeLines(tx, created.id, input.lines);
    const after = await applyInvoiceAmounts(tx, created.id, { totalDelta: totalOf(input.lines) });
    await audit({ entity: invoiceRecord.entity, entityId: created.id, action: 'create', after });
    return created.id;
  },
});

/** The invoice's lines replaced by the document's; its total and the customer's balance follow. */
const reviseDocumentInvoice = defineCommand({
  action: 'update',
  auditUnchanged: true,
  target: { record: invoiceRecord, id: (input: BillDocumentInput & { invoiceId: number }) => input.invoiceId },
  run: async ({ tx, row, input }) => {
    await writeLines(tx, row.id, input.lines);
    const delta = totalOf(input.lines) - row.totalCents;
    if (delta !== 0) await applyInvoiceAmounts(tx, row.id, { totalDelta: delta });
    return row.id;
  },
});

/**
 * Keeps one invoice equal to a document another module bills (a work order), in the caller's
 * transaction: made on the first call with something to bill, its lines rewritten on each, removed
 * when nothing is left to bill or the customer changed (refused once money was posted on it). An
 * invoice deleted in Accounting meanwhile is simply made again. Answers the invoice's id, or null.
 */
export async function billDocument(tx: DbOrTx, user: AuthUser, input: BillDocumentInput): Promise<number | null> {
  const customerId = input.customerId;
  const billable = customerId !== null && totalOf(input.lines) !== 0;
  let current = input.invoiceId;
  if (current !== null) {
    const found = await findRecord(tx, invoiceRecord, user, current).catch(() => null);
    if (!found) current = null;
    else if (found.customerId !== input.customerId || !billable) {
      await runCommand(tx, removeInvoice, user, { invoiceId: current });
      current = null;
    }
  }
  if (!billable) return null;
  if (current === null) return runCommand(tx, openDocumentInvoice, user, { ...input, customerId });
  return runCommand(tx, reviseDocumentInvoice, user, { ...input, invoiceId: current });
}

/** Deletes the invoice that billed a document going away (refused once money was posted on it). */
export async function unbillDocument(tx: DbOrTx, user: AuthUser, invoiceId: number | null): Promise<void> {
  if (invoiceId === null) return;
  const found = await findRecord(tx, invoiceRecord, user, invoiceId).catch(() => null);
  if (found) await runCommand(tx, removeInvoice, user, { invoiceId });
}
