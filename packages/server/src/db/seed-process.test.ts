import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withDatabase } from '../../test/template';
import { SERVER_ROOT } from '../paths';
import { type Database, openPglite, openPostgres } from './client';
import { prepareDatabase } from './prepare';
import { isNewDemoFolder, prepareInChildProcess, seedInChildProcess } from './seed-process';

// The child runs the seed entry from source, through tsx as `npm run dev` would.
const args = ['--import', 'tsx', join(SERVER_ROOT, 'src/seed.ts')];
const SCALE = 0.02;
const demo = { SEED: 'demo', SEED_SCALE: SCALE, DEMO_PASSWORD: 'backhaul' } as const;
const url = process.env.DATABASE_URL;

async function demoFacts(database: Database) {
  const [row] = await database.query<{ companies: number; admin: number }>(
    `select (select count(*)::int from companies) as companies,
       (select count(*)::int from users where email = 'admin@backhaul.demo') as admin`,
  );
  return row;
}

describe.skipIf(!!url)('preparing the demo company in a child process, embedded database', () => {
  const dirs: string[] = [];
  const newDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'backhaul-seed-child-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const env = (dir: string) => ({
    ...process.env,
    DATABASE_URL: '',
    DATA_DIR: dir,
    ...demo,
    SEED_SCALE: String(SCALE),
  });

  // Seeding itself is the next test's: here the child only creates and migrates (SEED=none), to stay quick.
  it('creates and migrates a new folder before the server opens it', { timeout: 120_000 }, async () => {
    const dir = newDir();
    expect(isNewDemoFolder({ SEED: 'auto', dataDir: dir })).toBe(true);
    expect(isNewDemoFolder({ SEED: 'none', dataDir: dir })).toBe(false);
    const lines: string[] = [];
    await prepareInChildProcess({ args, env: { ...env(dir), SEED: 'none' }, log: (line) => lines.push(line) });
    expect(lines).toEqual([]);
    expect(isNewDemoFolder({ SEED: 'auto', dataDir: dir })).toBe(false);
    const database = await openPglite({ dataDir: dir });
    try {
      expect(await demoFacts(database)).toEqual({ companies: 0, admin: 0 });
      const [applied] = await database.query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect(applied?.n).toBeGreaterThan(20);
    } finally {
      await database.close();
    }
  });

  it('seeds a migrated empty folder while the server waits, then opens it again and holds its lock', {
    timeout: 300_000,
  }, async () => {
    const dir = newDir();
    const first = await openPglite({ dataDir: dir });
    await prepareDatabase(first, { ...demo, SEED: 'none' });
    const reopen = () => openPglite({ dataDir: dir });
    const lines: string[] = [];
    const { seeded, database } = await prepareDatabase(
      first,
      demo,
      () => {},
      seedInChildProcess({ args, env: env(dir), log: (line) => lines.push(line), reopen }),
    );
    try {
      expect(seeded).toBe(true);
      expect(lines[0]).toBe('Loading the demo company…');
      expect(lines.some((l) => /^seeded company in \d+ ms$/.test(l))).toBe(true);
      expect(database).not.toBe(first);
      expect(await demoFacts(database)).toEqual({ companies: 1, admin: 1 });
      expect(readFileSync(join(dir, 'backhaul.lock'), 'utf8')).toBe(String(process.pid));
    } finally {
      await database.close();
    }
  });
});

describe.runIf(!!url)('seeding the demo company in a child process, PostgreSQL', () => {
  const name = `backhaul_seed_child_${process.pid}`;
  afterAll(async () => {
    const admin = await openPostgres(url as string, 1);
    await admin.exec(`drop database if exists ${name} with (force)`);
    await admin.close();
  });

  it('seeds while the server holds the start-up lock, and the server goes on with its own pool', {
    timeout: 300_000,
  }, async () => {
    const admin = await openPostgres(url as string, 1);
    await admin.exec(`drop database if exists ${name} with (force)`);
    await admin.exec(`create database ${name}`);
    await admin.close();
    const target = withDatabase(url as string, name);
    const database = await openPostgres(target, 3);
    try {
      const env = { ...process.env, DATABASE_URL: target, ...demo, SEED_SCALE: String(SCALE) };
      const prepared = await prepareDatabase(
        database,
        demo,
        () => {},
        seedInChildProcess({ args, env, log: () => {}, reopen: () => openPostgres(target, 3) }),
      );
      expect(prepared.seeded).toBe(true);
      expect(prepared.database).toBe(database);
      expect(await demoFacts(database)).toEqual({ companies: 1, admin: 1 });
    } finally {
      await database.close();
    }
  });
});
