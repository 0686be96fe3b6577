import { openPglite, openPostgres } from '../src/db/client';
import { prepareDatabase } from '../src/db/prepare';

/** Scale of the demo seed inside the test template: every seeder runs, with little data. */
export const TEST_SEED_SCALE = 0.05;
export const TEST_PASSWORD = 'backhaul';
const seedConfig = { SEED: 'demo', SEED_SCALE: TEST_SEED_SCALE, DEMO_PASSWORD: TEST_PASSWORD } as const;

/** PGlite: migrate and seed once, dump the data folder; each test file loads the dump (~0.3 s). */
export async function buildPgliteTemplate(): Promise<Blob> {
  const database = await openPglite({});
  await prepareDatabase(database, seedConfig);
  const dump = await database.pglite?.dumpDataDir('none');
  await database.close();
  if (!dump) throw new Error('PGlite dump failed');
  return dump;
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** PostgreSQL: a template database that each test file copies with CREATE DATABASE … TEMPLATE. */
export async function buildPostgresTemplate(url: string, name: string): Promise<void> {
  const admin = await openPostgres(url, 1);
  await admin.exec(`drop database if exists ${name} with (force)`);
  await admin.exec(`create database ${name}`);
  await admin.close();
  const database = await openPostgres(withDatabase(url, name), 2);
  await prepareDatabase(database, seedConfig);
  await database.close();
}
