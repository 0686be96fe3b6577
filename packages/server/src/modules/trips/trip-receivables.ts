import type { DbOrTx } from '../../db/client';

/** Rows about the invoices billing a trip's loads, by invoice id (the company's only). */
export type ReceivablesLookup = (
  db: DbOrTx,
  companyId: number,
  invoiceIds: number[],
) => Promise<Record<string, unknown>[]>;

const lookups: { invoices: ReceivablesLookup | null; payments: ReceivablesLookup | null } = {
  invoices: null,
  payments: null,
};

/**
 * The trip detail shows the invoices billing its loads and the payments on them. Invoices and
 * payments depend on this module (they bill and pay loads), so they answer by registering here
 * from their routes instead of this module reading their tables (no cycle).
 * - invoices: id, status, from, to, total_cents, paid_cents, due_cents, sent_at;
 * - payments: id, invoice_id, paid_on, amount_cents, method (newest first).
 */
export function provideTripReceivables(kind: keyof typeof lookups, fn: ReceivablesLookup): void {
  lookups[kind] = fn;
}

export function tripReceivables(
  kind: keyof typeof lookups,
  db: DbOrTx,
  companyId: number,
  invoiceIds: number[],
): Promise<Record<string, unknown>[]> {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  const lookup = lookups[kind];
  if (!lookup) throw new Error(`No trip ${kind} lookup: the ${kind} module registers it with its routes`);
  return lookup(db, companyId, invoiceIds);
}
