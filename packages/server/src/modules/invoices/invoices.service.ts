import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { customers } from '../customers/customers.table';
import { invoices } from './invoices.table';

export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * Locks an invoice of the company for the rest of the transaction (SELECT … FOR UPDATE), so
 * postings to it are serialised. Throws not found for another company's or a missing invoice.
 */
export async function lockInvoice(tx: DbOrTx, companyId: number, invoiceId: number): Promise<InvoiceRow> {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.companyId, companyId)))
    .for('update');
  if (!row) throw AppError.notFound();
  return row;
}

export type InvoiceAmountDeltas = { totalDelta?: number; paidDelta?: number; mistakeDelta?: number; lossDelta?: number };

/**
 * Moves an invoice's amounts (cents) and the customer's balance (what it owes: Σ need-pay) by the
 * same figure, in the caller's transaction. Lock the invoice first (lockInvoice). A fully settled
 * invoice becomes Paid; one that owes again after a correction goes back to Open.
 */
export async function applyInvoiceAmounts(tx: DbOrTx, invoiceId: number, deltas: InvoiceAmountDeltas): Promise<InvoiceRow> {
  const total = deltas.totalDelta ?? 0;
  const paid = deltas.paidDelta ?? 0;
  const mistake = deltas.mistakeDelta ?? 0;
  const loss = deltas.lossDelta ?? 0;
  const needPay = sql`(${invoices.totalCents} + ${total}) - (${invoices.paidCents} + ${paid}) - (${invoices.mistakeCents} + ${mistake}) - (${invoices.lossCents} + ${loss})`;
  const [row] = await tx
    .update(invoices)
    .set({
      totalCents: sql`${invoices.totalCents} + ${total}`,
      paidCents: sql`${invoices.paidCents} + ${paid}`,
      mistakeCents: sql`${invoices.mistakeCents} + ${mistake}`,
      lossCents: sql`${invoices.lossCents} + ${loss}`,
      status: sql`case
        when ${needPay} <= 0 and (${invoices.totalCents} + ${total}) > 0 then 'Paid'
        when ${invoices.status} = 'Paid' and ${needPay} > 0 then 'Open'
        else ${invoices.status} end`,
      updatedAt: new Date(),
    })
    .where(eq(invoices.id, invoiceId))
    .returning();
  if (!row) throw AppError.notFound();
  const balanceDelta = total - paid - mistake - loss;
  if (balanceDelta !== 0) {
    await tx
      .update(customers)
      .set({ balanceCents: sql`${customers.balanceCents} + ${balanceDelta}` })
      .where(eq(customers.id, row.customerId));
  }
  return row;
}
