import { nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import { WO_CANCELED } from '@backhaul/shared/modules/work-orders/work-orders.contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { writeAudit } from '../../platform/audit/audit';
import type { AuthUser } from '../../platform/auth/access';
import { AppError } from '../../platform/errors';
import { applyInvoiceAmounts, invoiceLines, invoices, lockInvoice, numberInvoices } from '../invoices';
import { workOrders } from './work-orders.table';

type Order = typeof workOrders.$inferSelect;

/** What the customer owes for the order: its total, unless it is not a customer's or was canceled. */
const billable = (o: Order) =>
  o.unitType === 'customer' && o.customerId !== null && o.status !== WO_CANCELED ? o.totalCents : 0;

/**
 * Keeps an outside customer's invoice for the order equal to the order's total, through the
 * invoices module (`applyInvoiceAmounts` moves the customer's balance with it), in the order's
 * transaction: opened on the first billable save, its one line rewritten on each, taken to zero and
 * dropped when the order stops being billable (another customer gets a new invoice).
 */
export async function syncCustomerInvoice(tx: DbOrTx, user: AuthUser, orderId: number): Promise<void> {
  const [order] = await tx.select().from(workOrders).where(eq(workOrders.id, orderId));
  if (!order) return;
  let invoiceId = order.customerInvoiceId;
  if (invoiceId !== null) {
    // An invoice deleted in Accounting leaves the order unbilled; the next save opens a new one.
    const invoice = await lockInvoice(tx, user.companyId, invoiceId).catch(() => null);
    if (!invoice) invoiceId = null;
    else if (invoice.customerId !== order.customerId || billable(order) === 0) {
      await dropInvoice(tx, user, invoiceId, Number(invoice.totalCents));
      await tx.update(workOrders).set({ customerInvoiceId: null }).where(eq(workOrders.id, orderId));
      invoiceId = null;
    }
  }
  const amount = billable(order);
  if (amount === 0 || order.customerId === null) return;
  if (invoiceId === null) {
    const today = nowInCompanyTimeZone().date;
    const [created] = await tx
      .insert(invoices)
      .values({
        companyId: user.companyId,
        customerId: order.customerId,
        periodFrom: today,
        periodTo: today,
        description: `Work order #${order.id}`,
        createdBy: user.id,
      })
      .returning();
    invoiceId = Number(created?.id);
    await numberInvoices(tx, user.companyId, [invoiceId]);
    await tx.update(workOrders).set({ customerInvoiceId: invoiceId }).where(eq(workOrders.id, orderId));
    await writeAudit(tx, { actor: user, entity: 'invoice', entityId: invoiceId, action: 'create', after: created });
  }
  const [current] = await rowsOf<{ total: string }>(
    tx,
    sql`select total_cents as total from invoices where id = ${invoiceId}`,
  );
  await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
  await tx.insert(invoiceLines).values({
    invoiceId,
    description: `Work order #${order.id}: ${order.woType}, unit ${order.customerUnit ?? ''}`.trim(),
    amountCents: amount,
  });
  const before = Number(current?.total ?? 0);
  if (amount === before) return;
  const after = await applyInvoiceAmounts(tx, invoiceId, { totalDelta: amount - before });
  await writeAudit(tx, {
    actor: user,
    entity: 'invoice',
    entityId: invoiceId,
    action: 'update',
    before: current,
    after,
  });
}

/** Takes the invoice's total off the customer's balance and deletes it; refused once money was posted on it. */
async function dropInvoice(tx: DbOrTx, actor: AuthUser, invoiceId: number, totalCents: number) {
  const [posted] = await rowsOf<{ n: number }>(
    tx,
    sql`select (paid_cents + mistake_cents + loss_cents)::int as n from invoices where id = ${invoiceId}`,
  );
  if (Number(posted?.n ?? 0) !== 0) throw AppError.precondition('Delete the payments of this invoice first.');
  if (totalCents !== 0) await applyInvoiceAmounts(tx, invoiceId, { totalDelta: -totalCents });
  await tx.delete(invoices).where(eq(invoices.id, invoiceId));
  await writeAudit(tx, { actor, entity: 'invoice', entityId: invoiceId, action: 'delete', before: { totalCents } });
}

/** Before an order is deleted: its invoice goes with it (refused when paid on). */
export async function releaseCustomerInvoice(tx: DbOrTx, user: AuthUser, order: Order): Promise<void> {
  if (order.customerInvoiceId === null) return;
  const invoice = await lockInvoice(tx, user.companyId, order.customerInvoiceId).catch(() => null);
  if (invoice) await dropInvoice(tx, user, order.customerInvoiceId, Number(invoice.totalCents));
}
