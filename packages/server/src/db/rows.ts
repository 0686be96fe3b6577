import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';

/** The rows of a raw SQL query; both drivers (pg, PGlite) answer `{ rows }`. */
export async function rowsOf<T = Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
