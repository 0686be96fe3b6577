import { join } from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { SERVER_ROOT } from '../paths';
import type { Database } from './client';

export const MIGRATIONS_FOLDER = join(SERVER_ROOT, 'drizzle');

/** Applies the drizzle-kit migrations; the same files on PGlite and PostgreSQL (another folder: restore's partial level). */
export async function migrateDatabase(database: Database, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  const config = { migrationsFolder };
  if (database.kind === 'pglite') await migratePglite(database.db as unknown as PgliteDatabase, config);
  else await migratePg(database.db as unknown as NodePgDatabase, config);
}
