import type { Config } from '../config';
import type { Database } from './client';
import { migrateDatabase } from './migrate';

export async function isDatabaseEmpty(database: Database): Promise<boolean> {
  const [row] = await database.query<{ present: boolean }>('select exists(select 1 from companies) as present');
  return !row?.present;
}

/** Any constant shared by every process of the app: the key of the start-up advisory lock. */
const STARTUP_LOCK = 7_400_021;

/**
 * Runs `fn` while holding a PostgreSQL advisory lock, so processes started together on one
 * database (API replicas, workers: docs/deploy.md) migrate and seed one after the other instead of
 * racing on the same DDL. The lock lives on a connection of its own; `fn` uses the pool.
 */
export async function withStartupLock<T>(database: Database, fn: () => Promise<T>): Promise<T> {
  if (database.kind !== 'postgres' || !database.pool) return fn();
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await fn();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => {});
    client.release();
  }
}

export type SeedConfig = Pick<Config, 'SEED' | 'SEED_SCALE' | 'DEMO_PASSWORD'>;

/**
 * Loads the demo company into an empty `database` and answers the database to go on with: the same
 * one here, a reopened one when another process seeded the embedded folder (db/seed-process.ts).
 */
export type SeedDemo = (database: Database, config: SeedConfig, log: (line: string) => void) => Promise<Database>;

/** Seeds in this process (tests, the bench): the seeders and the data they read load only now. */
export const seedHere: SeedDemo = async (database, config, log) => {
  log('Loading the demo company…');
  const [{ runSeeders }, { SEEDERS }] = await Promise.all([import('../platform/seed/seed'), import('../seeders')]);
  await runSeeders(database.db, SEEDERS, { scale: config.SEED_SCALE, password: config.DEMO_PASSWORD, log });
  return database;
};

/** Whether the demo company is loaded into an empty database: see prepareDatabase. */
export function wantsDemo(config: Pick<Config, 'SEED'>, database: Pick<Database, 'kind'>): boolean {
  return config.SEED === 'demo' || (config.SEED === 'auto' && database.kind === 'pglite');
}

/**
 * Migrates, then loads the demo company when the database is empty: by default on the embedded
 * database, with SEED=demo on a server database; SEED=none never seeds. `seed` chooses where the
 * seeders run (`npm start`: a child process, so the server keeps none of what seeding held).
 */
export async function prepareDatabase(
  database: Database,
  config: SeedConfig,
  log: (line: string) => void = () => {},
  seed: SeedDemo = seedHere,
): Promise<{ seeded: boolean; database: Database }> {
  return withStartupLock(database, async () => {
    await migrateDatabase(database);
    if (!wantsDemo(config, database) || !(await isDatabaseEmpty(database))) return { seeded: false, database };
    return { seeded: true, database: await seed(database, config, log) };
  });
}
