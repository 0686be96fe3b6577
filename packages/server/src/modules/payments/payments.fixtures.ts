import { eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../platform/auth/auth.table';
import { customers } from '../customers';
import { applyInvoiceAmounts, invoices } from '../invoices';

/** Test data for receivables: an invoice made as the generator would, its total on the customer's balance. */
export async function makeInvoice(
  db: Db,
  opts: {
    customerId: number;
    totalCents: number;
    periodFrom: string;
    periodTo: string;
    /** The invoice date (the day it was made, Chicago): its terms run from it. Default: today. */
    invoiceDate?: string;
  },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [customer] = await tx.select().from(customers).where(eq(customers.id, opts.customerId));
    if (!customer) throw new Error(`customer ${opts.customerId} missing`);
    const [row] = await tx
      .insert(invoices)
      .values({
        companyId: customer.companyId,
        customerId: opts.customerId,
        periodFrom: opts.periodFrom,
        periodTo: opts.periodTo,
        status: 'Sent',
        // 17:00 UTC is midday in Chicago, so the date is the same there.
        ...(opts.invoiceDate ? { createdAt: new Date(`${opts.invoiceDate}T17:00:00Z`) } : {}),
      })
      .returning({ id: invoices.id });
    if (!row) throw new Error('invoice not created');
    await applyInvoiceAmounts(tx, row.id, { totalDelta: opts.totalCents });
    return row.id;
  });
}

/** The demo customer user's customer and another customer of the company. */
export async function demoCustomers(db: Db): Promise<{ own: number; other: number }> {
  const [user] = await db.select().from(users).where(eq(users.email, 'customer@backhaul.demo'));
  const own = user?.customerId;
  if (!own) throw new Error('customer@backhaul.demo has no customer');
  const [other] = await db.select({ id: customers.id }).from(customers).where(ne(customers.id, own)).limit(1);
  if (!other) throw new Error('no other customer');
  return { own, other: other.id };
}

export async function readInvoice(db: Db, id: number) {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  if (!row) throw new Error(`invoice ${id} missing`);
  return row;
}

export async function readBalance(db: Db, customerId: number): Promise<number> {
  const [row] = await db.select({ cents: customers.balanceCents }).from(customers).where(eq(customers.id, customerId));
  return row?.cents ?? Number.NaN;
}
