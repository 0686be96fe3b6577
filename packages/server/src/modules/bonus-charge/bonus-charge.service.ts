import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { signedCents } from './bonus-charge.columns';
import { bonusCharges as t } from './bonus-charge.table';

type MonthOf = { companyId: number; employeeId: number; month: string };

const ofMonth = (o: MonthOf) =>
  and(
    eq(t.companyId, o.companyId),
    eq(t.employeeId, o.employeeId),
    eq(t.salaryMonth, `${o.month.slice(0, 7)}-01`),
    eq(t.additional, false),
  );

/** The signed sum (cents) of an employee's bonus-or-charge entries for a salary month. */
export async function bonusOfMonth(db: DbOrTx, o: MonthOf): Promise<number> {
  const [row] = await rowsOf<{ cents: string | null }>(
    db,
    sql`select sum(${signedCents()})::bigint as cents from ${t} where ${ofMonth(o)}`,
  );
  return Number(row?.cents ?? 0);
}

/**
 * Locks (a statement counts them) or releases an employee's entries of a month: a locked entry
 * cannot be deleted (action_delete). Run in the statement's transaction; answers the signed sum.
 */
export async function lockMonthEntries(tx: DbOrTx, o: MonthOf & { locked: boolean }): Promise<number> {
  await tx.update(t).set({ actionDelete: o.locked }).where(ofMonth(o));
  return bonusOfMonth(tx, o);
}
