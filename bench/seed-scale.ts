// The demo company at a carrier's size: SEED_SCALE=10 (default) through the project's seeders, on
// PGlite (a temporary data folder) and on PostgreSQL (a database of its own on BENCH_DATABASE_URL's
// server, dropped afterwards). Prints the seconds each database took, each seeder's time, the peak
// RSS of this process and the rows of every table. Figures only: nothing is asserted.
// Usage: node --import tsx bench/seed-scale.ts   (SEED_SCALE=10, BENCH_ONLY=pglite|postgres, BENCH_KEEP=1)
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../packages/server/src/config';
import { type Database, openPglite, openPostgres } from '../packages/server/src/db/client';
import { prepareDatabase } from '../packages/server/src/db/prepare';
import { databaseName, withDatabase } from './lib/db';

const scale = Number(process.env.SEED_SCALE ?? 10);
const only = process.env.BENCH_ONLY ?? 'all';
const keep = process.env.BENCH_KEEP === '1';
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55432/backhaul_bench';
const url = withDatabase(serverUrl, `backhaul_seed_${String(scale).replace(/\W/g, '_')}`);

type Result = { database: string; seconds: number; peakRssMb: number; seeders: string[]; rows: Record<string, number> };

async function countRows(database: Database): Promise<Record<string, number>> {
  const tables = await database.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const rows: Record<string, number> = {};
  for (const { name } of tables) {
    const [r] = await database.query<{ n: number }>(`select count(*)::int as n from "${name}"`);
    if (r && r.n > 0) rows[name] = r.n;
  }
  return rows;
}

async function seed(database: Database, label: string): Promise<Result> {
  const config = loadConfig({ ...process.env, SEED: 'demo', SEED_SCALE: String(scale) });
  const seeders: string[] = [];
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 200);
  const t0 = performance.now();
  try {
    await prepareDatabase(database, config, (line) => {
      seeders.push(line);
      console.log(`  ${label}: ${line}`);
    });
  } finally {
    clearInterval(timer);
  }
  const seconds = Math.round((performance.now() - t0) / 100) / 10;
  const rows = await countRows(database);
  return { database: label, seconds, peakRssMb: Math.round(peak / 2 ** 20), seeders, rows };
}

async function onPglite(): Promise<Result> {
  const dir = await mkdtemp(join(os.tmpdir(), 'backhaul-seed-'));
  const database = await openPglite({ dataDir: dir });
  try {
    return await seed(database, 'PGlite');
  } finally {
    await database.close();
    if (keep) console.log(`  PGlite folder kept: ${dir}`);
    else await rm(dir, { recursive: true, force: true });
  }
}

async function onPostgres(): Promise<Result | null> {
  const name = databaseName(url);
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  try {
    await admin.connect();
  } catch (err) {
    console.log(`PostgreSQL at ${withDatabase(url, 'postgres')} unreachable (${(err as Error).message}): skipped`);
    return null;
  }
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  const database = await openPostgres(url);
  try {
    return await seed(database, 'PostgreSQL');
  } finally {
    await database.close();
    if (keep) console.log(`  PostgreSQL database kept: ${name}`);
    else await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

const results: Result[] = [];
console.log(
  `SEED_SCALE=${scale}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
if (only !== 'postgres') results.push(await onPglite());
if (only !== 'pglite') {
  const r = await onPostgres();
  if (r) results.push(r);
}
const tables = [...new Set(results.flatMap((r) => Object.keys(r.rows)))].sort();
console.log(`\nSEED_SCALE=${scale}: seconds to migrate and seed, peak RSS, rows per table`);
console.log(`${'table'.padEnd(34)}${results.map((r) => r.database.padStart(12)).join('')}`);
console.log(`${'seconds'.padEnd(34)}${results.map((r) => String(r.seconds).padStart(12)).join('')}`);
console.log(`${'peak RSS MB'.padEnd(34)}${results.map((r) => String(r.peakRssMb).padStart(12)).join('')}`);
for (const t of tables)
  console.log(`${t.padEnd(34)}${results.map((r) => (r.rows[t] ?? 0).toLocaleString('en-US').padStart(12)).join('')}`);
console.log(
  `load average at the end ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
process.exit(0);
