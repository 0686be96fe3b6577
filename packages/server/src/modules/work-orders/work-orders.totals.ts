import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { shopRules } from '../settings';

/** The shop's billing rules the totals follow (Accounting settings, shop group). */
export type ShopRules = { subletMarkupMilli: number; laborTaxable: boolean };
export const NO_SHOP_RULES: ShopRules = { subletMarkupMilli: 0, laborTaxable: false };

/**
 * A vendor's invoice as billed to the customer: its amount plus the markup (thousandths of a
 * percent), rounded to the cent per invoice (numeric round: half away from zero), so the order's
 * total is the sum of its invoice lines. bigint: cents × 100,000 passes 2^31 from $214.75.
 */
export const subletBilledSql = (amountCents: SQL, markupMilli: SQL): SQL =>
  sql`round(${amountCents}::bigint * (100000 + ${markupMilli}) / 100000.0)::int`;

/**
 * Totals from the saved lines, under the order's row lock (the engine took it): labour + parts +
 * tax + vendors' invoices with the markup, each line counted once whatever ran in parallel.
 */
export async function recomputeTotals(tx: DbOrTx, companyId: number, id: number): Promise<void> {
  await recomputeWhere(tx, sql`w.id = ${id}`, await shopRules(tx, companyId));
}

/**
 * The same for many orders in one statement (the seed). The tax is the order's percent of its parts,
 * and of its labour too where the company's settings tax labour; vendors' invoices are not taxed
 * again (the vendor charged its own tax).
 */
export async function recomputeWhere(tx: DbOrTx, where: SQL, rules: ShopRules = NO_SHOP_RULES): Promise<void> {
  const markup = sql`${rules.subletMarkupMilli}::int`;
  const taxBase = rules.laborTaxable ? sql`(p.total + l.total)` : sql`p.total`;
  // bigint: cents × thousandths of a percent passes 2^31 from $2,600 of parts at 8.25 %.
  const tax = sql`round(${taxBase}::bigint * w.tax_milli / 100000.0)::int`;
  await tx.execute(sql`
    update work_orders w set
      labour_cents = l.total, parts_cents = p.total, sublet_cents = s.total,
      sublet_markup_milli = ${markup}, labour_taxed = ${rules.laborTaxable},
      tax_cents = ${tax},
      total_cents = l.total + p.total + ${tax} + s.total
    from work_orders o
      cross join lateral (select coalesce(sum(amount_cents), 0)::int as total from work_order_labour where work_order_id = o.id) l
      cross join lateral (select coalesce(sum(amount_cents), 0)::int as total from work_order_parts where work_order_id = o.id) p
      cross join lateral (select coalesce(sum(${subletBilledSql(sql`amount_cents`, markup)}), 0)::int as total
        from work_order_invoices where work_order_id = o.id) s
    where o.id = w.id and ${where}`);
}
