import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EMPTY_CUSTOMER_FORM } from '@backhaul/shared/modules/customers/customers.contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEST_PASSWORD, withDatabase } from '../../test/template';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { migrateToLevel, readManifest } from './backup';
import { type Database, openPglite, openPostgres } from './client';
import { acquireDataDirLock } from './lock';
import { MIGRATIONS_FOLDER } from './migrate';

/**
 * `npm run backup` and `npm run restore` (the real scripts, in child processes) on the embedded
 * database, and with DATABASE_URL on PostgreSQL too: a restore into a fresh database gives back
 * every table row for row (counts and a checksum of every row, computed here independently of the
 * checks restore makes itself), the sequences, and the stored files byte for byte.
 */

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const PG_URL = process.env.DATABASE_URL;
const work = mkdtempSync(join(tmpdir(), 'backhaul-backup-'));
const pgNames: string[] = [];
let counter = 0;

type Target = {
  kind: 'pglite' | 'postgres';
  env: { DATABASE_URL: string; DATA_DIR: string };
  open: () => Promise<Database>;
};

function pgliteTarget(): Target {
  const dir = join(work, `data-${++counter}`);
  return { kind: 'pglite', env: { DATABASE_URL: '', DATA_DIR: dir }, open: () => openPglite({ dataDir: dir }) };
}

async function pgTarget(template?: string): Promise<Target> {
  const name = `backhaul_backup_${process.pid}_${++counter}`;
  pgNames.push(name);
  const admin = await openPostgres(PG_URL as string, 1);
  await admin.exec(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.close();
  const url = withDatabase(PG_URL as string, name);
  return {
    kind: 'postgres',
    env: { DATABASE_URL: url, DATA_DIR: join(work, `files-${counter}`) },
    open: () => openPostgres(url, 4),
  };
}

/** A new, empty database of the kind the suite runs on. */
const freshTarget = () => (PG_URL ? pgTarget() : Promise.resolve(pgliteTarget()));

async function withDb<T>(target: Target, fn: (db: Database) => Promise<T>): Promise<T> {
  const database = await target.open();
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

/** Runs `node scripts/<name>.mjs …args` the way `npm run <name> -- …args` does. */
function runScript(name: 'backup' | 'restore', target: Target, args: string[]) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts', `${name}.mjs`), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...target.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** Every table (row count, md5 of all its rows sorted), every sequence, every stored file's sha256. */
async function contents(target: Target) {
  const tables: Record<string, { rows: number; md5: string }> = {};
  const sequences: Record<string, string> = {};
  await withDb(target, async (database) => {
    const client = database.pool ? await database.pool.connect() : null;
    const q = async <T>(text: string) => (client ? (await client.query(text)).rows : await database.query(text)) as T[];
    try {
      await q('begin');
      await q(`set local timezone to 'UTC'`);
      const names = await q<{ name: string; kind: string }>(
        `select c.relname as name, c.relkind::text as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'S') order by 1`,
      );
      for (const { name, kind } of names) {
        if (kind === 'S') {
          const [s] = await q<{ v: string }>(`select last_value || '/' || is_called as v from public."${name}"`);
          sequences[name] = s?.v ?? '';
          continue;
        }
        const [row] = await q<{ n: number; h: string }>(
          `select count(*)::int as n, md5(coalesce(string_agg(r, E'\\n' order by r), '')) as h
           from (select row_to_json(t)::text as r from public."${name}" t) s`,
        );
        tables[name] = { rows: Number(row?.n), md5: row?.h ?? '' };
      }
      await q('commit');
    } finally {
      client?.release();
    }
  });
  const files: Record<string, string> = {};
  const root = join(target.env.DATA_DIR, 'files');
  if (existsSync(root)) {
    for (const e of await readdir(root, { recursive: true, withFileTypes: true })) {
      if (!e.isFile()) continue;
      const path = join(e.parentPath, e.name);
      files[relative(root, path)] = createHash('sha256')
        .update(await readFile(path))
        .digest('hex');
    }
  }
  return { tables, sequences, files };
}

/** The app on a target (files under its DATA_DIR), signed in as the administrator. */
async function withApp<T>(target: Target, fn: (call: ReturnType<typeof caller>) => Promise<T>): Promise<T> {
  return withDb(target, async (database) => {
    const { app } = await buildApp({ database, config: loadConfig({}, { DATA_DIR: target.env.DATA_DIR }) });
    await app.ready();
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'admin@backhaul.demo', password: TEST_PASSWORD },
      });
      return await fn(caller(app, login.json().access_token));
    } finally {
      await app.close();
    }
  });
}

function caller(app: Awaited<ReturnType<typeof buildApp>>['app'], token: string) {
  return (method: 'GET' | 'POST', url: string, payload?: object | { body: Buffer; type: string }) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: {
        authorization: `Bearer ${token}`,
        ...(payload && 'type' in payload ? { 'content-type': payload.type } : {}),
      },
      ...(payload ? { payload: 'body' in payload ? payload.body : payload } : {}),
    });
}

function multipart(name: string, data: Buffer) {
  const boundary = `----backhaul${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n', 'latin1');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300, 7)]);
const TRICKY_NAME = 'Ünïcödé "Quoted" O\'Brien \\ back-slash — 🚚 Freight';

let source: Target;
let backup: string;
let customerId: number;
let fileId: number;

beforeAll(async () => {
  // The seeded test company, plus stored files and text that quoting and encodings could spoil.
  if (PG_URL) source = await pgTarget(inject('pgTemplate'));
  else {
    source = pgliteTarget();
    const dump = new Blob([await readFile(inject('pgliteTemplate'))]);
    await (await openPglite({ dataDir: source.env.DATA_DIR, loadDataDir: dump })).close();
  }
  await withApp(source, async (call) => {
    const made = await call('POST', '/customers/create', {
      ...EMPTY_CUSTOMER_FORM,
      name: TRICKY_NAME,
      services: ['dispatch', 'accounting'],
      exceptions: ['Call before "delivery"; ask for Zoë'],
    });
    expect(made.statusCode, made.body).toBe(200);
    customerId = made.json().customer.id;
    for (const [name, data] of [
      ['rate confirmation.pdf', PDF],
      ['signed bol.png', PNG],
    ] as const) {
      const up = await call('POST', `/files/upload/customers/${customerId}`, multipart(name, data));
      expect(up.statusCode, up.body).toBe(200);
      fileId = up.json().file.id;
    }
  });
  backup = join(work, 'backup-1');
}, 300_000);

afterAll(async () => {
  if (PG_URL) {
    const admin = await openPostgres(PG_URL, 1);
    for (const n of pgNames) await admin.exec(`drop database if exists ${n} with (force)`);
    await admin.close();
  }
  rmSync(work, { recursive: true, force: true });
});

describe(`npm run backup / npm run restore (${PG_URL ? 'PostgreSQL' : 'embedded database'})`, () => {
  it('a restore into a fresh database gives back every table, row, sequence and file', async () => {
    const made = await runScript('backup', source, ['--out', backup]);
    expect(made.code, made.output).toBe(0);
    expect(made.output).toMatch(/Done: \d+ tables, [\d,]+ rows, 2 files/);
    const manifest = await readManifest(backup);
    // Password hashes and personal data inside: only the owner may read the backup.
    for (const path of [backup, join(backup, 'manifest.json'), join(backup, 'tables', 'users.ndjson.gz')]) {
      expect((await stat(path)).mode & 0o077, path).toBe(0);
    }
    expect(manifest.source.kind).toBe(source.kind);
    expect(manifest.files.list.map((f) => f.size).sort((a, b) => a - b)).toEqual([PDF.length, PNG.length]);

    const target = await freshTarget();
    const restored = await runScript('restore', target, [backup]);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain('every table checked');

    const before = await contents(source);
    const after = await contents(target);
    expect(Object.keys(before.tables).length).toBeGreaterThan(40);
    expect(Object.values(before.tables).filter((t) => t.rows > 0).length).toBeGreaterThan(30);
    expect(Object.keys(before.files)).toHaveLength(2);
    expect(after.tables).toEqual(before.tables);
    expect(after.sequences).toEqual(before.sequences);
    expect(after.files).toEqual(before.files);

    // The restored company works: the same sign-in, the same text, the files' bytes, new ids after the old.
    await withApp(target, async (call) => {
      const customer = await call('GET', `/customers/${customerId}`);
      expect(customer.statusCode, customer.body).toBe(200);
      expect(JSON.stringify(customer.json())).toContain(JSON.stringify(TRICKY_NAME).slice(1, -1));
      const file = await call('GET', `/files/${fileId}/download`);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(PNG)).toBe(true);
      const next = await call('POST', '/customers/create', { ...EMPTY_CUSTOMER_FORM, name: 'After the restore' });
      expect(next.statusCode, next.body).toBe(200);
      expect(next.json().customer.id).toBe(customerId + 1);
    });
  }, 480_000);

  it.runIf(PG_URL)(
    'a PostgreSQL backup restores into the embedded database',
    async () => {
      const target = pgliteTarget();
      const restored = await runScript('restore', target, [backup]);
      expect(restored.code, restored.output).toBe(0);
      const before = await contents(source);
      const after = await contents(target);
      expect(after.tables).toEqual(before.tables);
      expect(after.sequences).toEqual(before.sequences);
      expect(after.files).toEqual(before.files);
    },
    480_000,
  );

  it('refuses to back up the embedded database while a server holds it', async () => {
    const target = pgliteTarget();
    await (await openPglite({ dataDir: target.env.DATA_DIR })).close();
    // The lock file a running server keeps: this test process plays the server.
    const release = acquireDataDirLock(target.env.DATA_DIR);
    try {
      const out = join(work, 'backup-locked');
      const refused = await runScript('backup', target, ['--out', out]);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(
        `The embedded database in ${target.env.DATA_DIR} is in use by a running Backhaul server (pid ${process.pid}). Stop the server first`,
      );
      expect(existsSync(join(out, 'manifest.json'))).toBe(false);
    } finally {
      release();
    }
  }, 480_000);

  it('refuses to restore into a database that holds data, and changes nothing', async () => {
    const before = await contents(source);
    const refused = await runScript('restore', source, [backup]);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('The target database already holds data');
    expect(await contents(source)).toEqual(before);
  }, 480_000);

  it('a backup made before the latest migrations restores, then migrates to this version', async () => {
    const journal = JSON.parse(await readFile(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
      entries: Array<{ when: number }>;
    };
    const older = journal.entries.at(-2)?.when as number;
    const old = await freshTarget();
    await withDb(old, async (db) => {
      await migrateToLevel(db, older);
      await db.exec(`insert into companies (name) values ('Old Version Freight')`);
    });
    const folder = join(work, 'backup-old');
    expect((await runScript('backup', old, ['--out', folder])).code).toBe(0);
    expect((await readManifest(folder)).migrations.length).toBe(journal.entries.length - 1);

    const target = await freshTarget();
    const restored = await runScript('restore', target, [folder]);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain('then migrated to this version');
    await withDb(target, async (db) => {
      expect(await db.query('select name from companies')).toEqual([{ name: 'Old Version Freight' }]);
      const [applied] = await db.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(applied?.n).toBe(journal.entries.length);
    });
  }, 480_000);
});
