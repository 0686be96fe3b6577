import { WO_CANCELED, WO_CLOSED, WO_WAITING_APPROVAL } from '@backhaul/shared/modules/work-orders/work-orders.contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { type BilledLine, billDocument, unbillDocument } from '../invoices';
import { workOrders } from './work-orders.table';
import { subletBilledSql } from './work-orders.totals';

type Order = typeof workOrders.$inferSelect;

/**
 * Whether the customer is billed for the order now: an outside customer's order once it is closed
 * (completed) or its estimate was approved and billed; never while it waits for approval as an
 * estimate, never when canceled.
 */
export const isBillable = (o: Order) =>
  o.unitType === 'customer' &&
  o.customerId !== null &&
  o.status !== WO_CANCELED &&
  o.status !== WO_WAITING_APPROVAL &&
  (o.status === WO_CLOSED || o.approvedAt !== null);

/** A rate as the invoice line writes it, from thousandths of a percent (the tax, the markup). */
const percent = (thousandths: number) => `${thousandths / 1000} %`;

/** The invoice's lines: labour, parts, the tax, and each vendor's invoice as billed (with the markup). */
async function billedLines(tx: DbOrTx, o: Order): Promise<BilledLine[]> {
  const sublets = await rowsOf<{ number: string; billed: number | string }>(
    tx,
    sql`select number, ${subletBilledSql(sql`amount_cents`, sql`${o.subletMarkupMilli}::int`)} as billed
      from work_order_invoices where work_order_id = ${o.id} order by id`,
  );
  const markup = o.subletMarkupMilli ? ` (+${percent(o.subletMarkupMilli)})` : '';
  const lines: BilledLine[] = [
    { description: 'Labour', amountCents: o.labourCents },
    { description: 'Parts', amountCents: o.partsCents },
    {
      description: `Sales tax ${percent(o.taxMilli)} on parts${o.labourTaxed ? ' and labour' : ''}`,
      amountCents: o.taxCents,
    },
    ...sublets.map((s) => ({
      description: `Sublet: vendor invoice ${s.number}${markup}`,
      amountCents: Number(s.billed),
    })),
  ];
  return lines.filter((l) => l.amountCents !== 0);
}

/**
 * Keeps an outside customer's invoice for the order equal to the order's total, through the
 * invoices module (`billDocument`), in the order's transaction: made when the order becomes
 * billable, its lines rewritten on each save, removed when the order stops being billable (another
 * customer gets a new invoice).
 */
export async function syncCustomerInvoice(tx: DbOrTx, user: AuthUser, orderId: number): Promise<void> {
  const [order] = await tx.select().from(workOrders).where(eq(workOrders.id, orderId));
  if (!order) return;
  const billable = isBillable(order);
  const invoiceId = await billDocument(tx, user, {
    invoiceId: order.customerInvoiceId,
    customerId: order.customerId,
    description: `Work order #${order.id}: ${order.woType}, unit ${order.customerUnit ?? ''}`.trim(),
    lines: billable ? await billedLines(tx, order) : [],
  });
  if (invoiceId !== order.customerInvoiceId)
    await tx.update(workOrders).set({ customerInvoiceId: invoiceId }).where(eq(workOrders.id, orderId));
}

/** Before an order is deleted: its invoice goes with it (refused when paid on). */
export async function releaseCustomerInvoice(tx: DbOrTx, user: AuthUser, order: Order): Promise<void> {
  await unbillDocument(tx, user, order.customerInvoiceId);
}
