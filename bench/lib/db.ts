// A minimal connection for the bench's own work (seeding, reading dataset facts, resetting what an
// invoice run wrote): pg for a PostgreSQL server, PGlite for a data folder. The servers under test
// open their own connections; the bench never shares one with them.
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type BenchDb = {
  kind: 'postgres' | 'pglite';
  /** Multi-statement SQL, no parameters. */
  exec: (sql: string) => Promise<void>;
  query: <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;
  close: () => Promise<void>;
};

// The app reads dates as text and int8 as numbers; the bench does the same so figures compare.
const PARSERS = { 1082: (v: string) => v, 20: (v: string) => Number(v) };

export async function connectPostgres(url: string): Promise<BenchDb> {
  const client = new pg.Client({ connectionString: url, types: { getTypeParser: pgParser } });
  await client.connect();
  client.on('error', () => {});
  return {
    kind: 'postgres',
    exec: async (sql) => {
      await client.query(sql);
    },
    query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
    close: () => client.end(),
  };
}

function pgParser(oid: number, format?: string) {
  const own = PARSERS[oid as keyof typeof PARSERS];
  return own ?? pg.types.getTypeParser(oid, format as 'text');
}

export async function openPgliteFolder(dir: string): Promise<BenchDb> {
  const client = await PGlite.create({ dataDir: dir, parsers: PARSERS });
  return {
    kind: 'pglite',
    exec: async (sql) => {
      await client.exec(sql);
    },
    query: async <T>(sql: string, params?: unknown[]) => (await client.query<T>(sql, params)).rows,
    close: () => client.close(),
  };
}

/** The same server with another database name in the URL (to create or drop the bench database). */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
