// What a customer owes (balance_cents: Σ of its invoices' need-pay) moves with its invoices: billed,
// paid, written off, deleted. Only the customers module writes customers; invoices and payments call this.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clock } from '../../platform/clock';
import { customers } from './customers.table';

/** Adds each move's cents (negative lowers it) to its customer's balance, in one UPDATE. */
export async function moveCustomerBalances(tx: DbOrTx, moves: { customerId: number; cents: number }[]): Promise<void> {
  const nonZero = moves.filter((m) => m.cents !== 0);
  if (nonZero.length === 0) return;
  const list = (values: number[]) => `{${values.map((v) => Math.trunc(v)).join(',')}}`;
  await tx.execute(sql`update ${customers} c set balance_cents = c.balance_cents + m.cents,
      updated_at = ${clock.now().toISOString()}::timestamptz
    from (select customer_id, sum(cents)::bigint as cents
      from unnest(${list(nonZero.map((m) => m.customerId))}::int[], ${list(nonZero.map((m) => m.cents))}::bigint[])
        as u(customer_id, cents) group by customer_id) m
    where c.id = m.customer_id`);
}
