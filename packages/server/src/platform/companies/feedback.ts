import type { DbOrTx } from '../../db/client';
import { feedback } from './companies.table';

/** A signed-in user's note about the app (POST /feedback), kept with the page it was written on. */
export async function recordFeedback(
  db: DbOrTx,
  note: { companyId: number; userId: number; message: string; page: string | null },
): Promise<void> {
  await db.insert(feedback).values(note);
}
