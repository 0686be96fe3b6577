import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { employees } from './employees.table';

export type Employment = { hiredOn: string | null; terminatedOn: string | null };

/**
 * When a user worked for the company: the hire and termination dates of the employee record the
 * user signs in as (the latest, if several); null when the user has no employee record.
 */
export async function employmentOf(db: DbOrTx, o: { companyId: number; userId: number }): Promise<Employment | null> {
  const [row] = await db
    .select({ hiredOn: employees.hiredOn, terminatedOn: employees.terminatedOn })
    .from(employees)
    .where(and(eq(employees.companyId, o.companyId), eq(employees.userId, o.userId)))
    .orderBy(desc(employees.id))
    .limit(1);
  return row ?? null;
}
