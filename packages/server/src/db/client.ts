import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { acquireDataDirLock } from './lock';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: services take this so callers choose. */
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs multi-statement SQL (migrations, job-queue DDL). */
  exec: (sql: string) => Promise<void>;
  /** Runs one parameterised statement and answers its rows (bench, job queue adapters). */
  query: <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;
  close: () => Promise<void>;
  pglite?: PGlite;
  pool?: pg.Pool;
};

// Dates as strings (business dates stay dates, no time-zone shift); int8 as numbers (counts, ids).
pg.types.setTypeParser(1082, (v) => v);
pg.types.setTypeParser(20, (v) => Number(v));

export async function openPostgres(url: string, max = 10): Promise<Database> {
  // JIT off: the app's statements are short; compiling a 5,000-row page's plan cost ~45 ms of its 110.
  const pool = new pg.Pool({ connectionString: url, max, options: '-c jit=off' });
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    pool,
    exec: async (sql) => {
      await pool.query(sql);
    },
    query: async (sql, params) => (await pool.query(sql, params as unknown[])).rows,
    close: () => pool.end(),
  };
}

const PGLITE_PARSERS = { 1082: (v: string) => v, 20: (v: string) => Number(v) };

export async function openPglite(opts: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  let release = () => {};
  let dir: string | undefined;
  if (opts.dataDir) {
    release = acquireDataDirLock(opts.dataDir);
    dir = join(opts.dataDir, 'pgdata');
  }
  try {
    const client = await PGlite.create({
      ...(dir ? { dataDir: dir } : {}),
      ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
      parsers: PGLITE_PARSERS,
    });
    const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      pglite: client,
      exec: async (sql) => {
        await client.exec(sql);
      },
      query: async <T>(sql: string, params?: unknown[]) => (await client.query<T>(sql, params as unknown[])).rows,
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

export function openDatabase(cfg: { DATABASE_URL?: string; dataDir: string }): Promise<Database> {
  return cfg.DATABASE_URL ? openPostgres(cfg.DATABASE_URL) : openPglite({ dataDir: cfg.dataDir });
}
