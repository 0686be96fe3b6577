// What receivables change on a load: its billing flag (billing module) and the invoice that bills it
// (invoices module). Only the trips module writes loads; those modules call these in their transaction.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clock } from '../../platform/clock';
import { loads } from './loads.table';

/** The loads are (or are no longer) ready for invoicing: `loads.billing` mirrors their billing rows. */
export async function setLoadsBilling(tx: DbOrTx, loadIds: number[], billing: boolean): Promise<void> {
  if (loadIds.length === 0) return;
  await tx.update(loads).set({ billing, updatedAt: clock.now() }).where(inArray(loads.id, loadIds));
}

/** Each load is billed on its invoice (the generator's run): one UPDATE for the batch. */
export async function linkLoadsToInvoices(tx: DbOrTx, links: { loadId: number; invoiceId: number }[]): Promise<void> {
  if (links.length === 0) return;
  const ids = (values: number[]) => `{${values.map((v) => Math.trunc(v)).join(',')}}`;
  await tx.execute(sql`update ${loads} l set customer_invoice_id = v.invoice_id, updated_at = ${clock.now().toISOString()}::timestamptz
    from unnest(${ids(links.map((k) => k.loadId))}::int[], ${ids(links.map((k) => k.invoiceId))}::int[]) as v(load_id, invoice_id)
    where l.id = v.load_id`);
}

/**
 * The loads the invoice billed may be billed again: all of them (the invoice is deleted), or those of
 * `loadIds` (lines taken off it).
 */
export async function unlinkInvoiceLoads(tx: DbOrTx, invoiceId: number, loadIds?: number[]): Promise<void> {
  if (loadIds?.length === 0) return;
  const billed = eq(loads.customerInvoiceId, invoiceId);
  await tx
    .update(loads)
    .set({ customerInvoiceId: null, updatedAt: clock.now() })
    .where(loadIds ? and(inArray(loads.id, loadIds), billed) : billed);
}
