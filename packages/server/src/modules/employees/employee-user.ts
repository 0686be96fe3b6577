import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { employees } from './employees.table';

/** A user is deleted: the employee it signed in as stays, no longer linked to it (in the caller's transaction). */
export async function unlinkEmployeeUser(tx: DbOrTx, userId: number): Promise<void> {
  await tx.update(employees).set({ userId: null }).where(eq(employees.userId, userId));
}
