import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Database } from './client';
import { MIGRATIONS_FOLDER, migrateDatabase } from './migrate';

/**
 * Backup and restore (`npm run backup`, `npm run restore`): a logical copy of every table of the
 * `public` schema, read through the driver in one snapshot, so one format serves the embedded
 * database and PostgreSQL alike (and moves data from one to the other), plus the stored files.
 *
 * A backup is a folder:
 *   manifest.json            what was copied: migrations, tables (columns, rows, checksum), sequences, files
 *   tables/<table>.ndjson.gz one `row_to_json` per line
 *   files/…                  DATA_DIR/files as it was (the bytes of uploads, exports, attachments)
 *
 * Restore wants an empty target, brings it to the backup's migration level, loads the rows with
 * the foreign keys set aside (re-added, so checked, at the end), sets the sequences, compares every
 * table's row count and checksum with the manifest, all in one transaction, then applies the
 * migrations the backup predates.
 */

export const BACKUP_FORMAT = 'backhaul-backup';
const BACKUP_VERSION = 1;
const MANIFEST = 'manifest.json';
/** Rows per INSERT and per cursor FETCH; a batch is also cut at about 4 MB of JSON. */
const BATCH_ROWS = 1000;
const BATCH_BYTES = 4 * 1024 * 1024;
/** A backup holds password hashes and personal data: readable by its owner only. */
const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  source: { kind: Database['kind']; server_version: string };
  /** drizzle's applied migrations (created_at is the migration's journal time): the schema level. */
  migrations: Array<{ hash: string; created_at: number }>;
  tables: Array<{ name: string; columns: string[]; rows: number; checksum: string; file: string }>;
  sequences: Array<{ name: string; last_value: string; is_called: boolean }>;
  files: {
    /** 'disk': DATA_DIR/files copied; 's3': the bytes live in the bucket and are not in this backup. */
    storage: 'disk' | 's3';
    count: number;
    bytes: number;
    list: Array<{ path: string; size: number; sha256: string }>;
    /** Storage keys of the files table with no bytes on disk (deleted while a PostgreSQL backup ran). */
    missing: string[];
  };
};

/** A refusal or a check that failed, said in words for the person at the terminal. */
export class BackupError extends Error {}

type Session = { query: <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]> };

/** One connection for the whole operation: the snapshot and the load live in one transaction. */
async function withSession<T>(database: Database, fn: (s: Session) => Promise<T>): Promise<T> {
  const client = database.pool ? await database.pool.connect() : null;
  const session: Session = client
    ? { query: async (text, params) => (await client.query(text, params)).rows }
    : { query: database.query };
  try {
    return await fn(session);
  } finally {
    client?.release();
  }
}

async function inTransaction<T>(s: Session, begin: string, fn: () => Promise<T>): Promise<T> {
  await s.query(begin);
  try {
    // row_to_json writes timestamptz in the session's zone: UTC on both sides keeps checksums equal.
    await s.query(`set local timezone to 'UTC'`);
    const result = await fn();
    await s.query('commit');
    return result;
  } catch (err) {
    await s.query('rollback').catch(() => {});
    throw err;
  }
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const qualified = (name: string) => `public.${ident(name)}`;

/** The order-free checksum of a table: the sum of the first 64 bits of each row's md5, as text. */
const checksumSql = (table: string) =>
  `select count(*)::bigint as rows,
     coalesce(sum(('x' || left(md5(row_to_json(t)::text), 16))::bit(64)::bigint::numeric), 0)::text as checksum
   from ${qualified(table)} t`;
const rowChecksum = (json: string) =>
  BigInt.asIntN(64, BigInt(`0x${createHash('md5').update(json).digest('hex').slice(0, 16)}`));

async function listTables(s: Session): Promise<string[]> {
  const rows = await s.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r' order by c.relname`,
  );
  return rows.map((r) => r.name);
}

async function listColumns(s: Session, table: string): Promise<string[]> {
  const rows = await s.query<{ name: string }>(
    `select attname as name from pg_attribute
     where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
    [qualified(table)],
  );
  return rows.map((r) => r.name);
}

async function appliedMigrations(s: Session): Promise<Array<{ hash: string; created_at: number }>> {
  const [present] = await s.query<{ ok: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as ok`,
  );
  if (!present?.ok) return [];
  const rows = await s.query<{ hash: string; created_at: string | number }>(
    'select hash, created_at from drizzle.__drizzle_migrations order by created_at',
  );
  return rows.map((r) => ({ hash: r.hash, created_at: Number(r.created_at) }));
}

async function walkFiles(root: string): Promise<string[]> {
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort();
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function isEmptyFolder(path: string): Promise<boolean> {
  return !existsSync(path) || (await readdir(path)).length === 0;
}

/** Dumps one table through a cursor into a gzipped NDJSON file; answers its row count and checksum. */
async function dumpTable(s: Session, table: string, path: string): Promise<{ rows: number; checksum: string }> {
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(path, { mode: PRIVATE_FILE }));
  let rows = 0;
  let sum = 0n;
  await s.query(`declare backup_rows no scroll cursor for select row_to_json(t)::text as r from ${qualified(table)} t`);
  for (;;) {
    const batch = await s.query<{ r: string }>(`fetch forward ${BATCH_ROWS} from backup_rows`);
    if (!batch.length) break;
    for (const { r } of batch) {
      rows++;
      sum += rowChecksum(r);
      if (!gzip.write(`${r}\n`)) await once(gzip, 'drain');
    }
  }
  await s.query('close backup_rows');
  gzip.end();
  await written;
  return { rows, checksum: sum.toString() };
}

export type BackupOptions = {
  /** The folder to write; it must not exist yet, or be empty. */
  out: string;
  /** DATA_DIR/files, or null when the files live in an S3 bucket. */
  filesDir: string | null;
  log?: (line: string) => void;
};

/**
 * Writes a backup. The tables are read in one REPEATABLE READ snapshot (a PostgreSQL server may keep
 * running); the files are copied after it, and a file row whose bytes vanished meanwhile is listed
 * in `files.missing`. The manifest is written last: a folder without one is not a backup.
 */
export async function backupDatabase(database: Database, opts: BackupOptions): Promise<BackupManifest> {
  if (!(await isEmptyFolder(opts.out))) throw new BackupError(`The folder ${opts.out} is not empty: choose a new one.`);
  try {
    return await writeBackup(database, opts);
  } catch (err) {
    // Half a backup must not pass for one.
    await rm(opts.out, { recursive: true, force: true });
    throw err;
  }
}

async function writeBackup(database: Database, opts: BackupOptions): Promise<BackupManifest> {
  const log = opts.log ?? (() => {});
  await mkdir(join(opts.out, 'tables'), { recursive: true, mode: PRIVATE_DIR });
  await chmod(opts.out, PRIVATE_DIR);
  const snapshot = await withSession(database, (s) =>
    inTransaction(s, 'begin isolation level repeatable read read only', async () => {
      const migrations = await appliedMigrations(s);
      if (!migrations.length)
        throw new BackupError('This database has no Backhaul schema: there is nothing to back up.');
      const [version] = await s.query<{ v: string }>('show server_version');
      const tables: BackupManifest['tables'] = [];
      for (const name of await listTables(s)) {
        const file = `tables/${name}.ndjson.gz`;
        const columns = await listColumns(s, name);
        const { rows, checksum } = await dumpTable(s, name, join(opts.out, file));
        tables.push({ name, columns, rows, checksum, file });
        log(`  ${name.padEnd(36)} ${rows.toLocaleString('en-US').padStart(10)} rows`);
      }
      const sequences: BackupManifest['sequences'] = [];
      const seqs = await s.query<{ name: string }>(
        `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
      );
      for (const { name } of seqs) {
        const [v] = await s.query<{ last_value: string; is_called: boolean }>(
          `select last_value::text as last_value, is_called from ${qualified(name)}`,
        );
        if (v) sequences.push({ name, ...v });
      }
      const keys = tables.some((t) => t.name === 'files')
        ? (await s.query<{ k: string }>('select storage_key as k from public.files')).map((r) => r.k)
        : [];
      return { migrations, serverVersion: version?.v ?? '', tables, sequences, keys };
    }),
  );

  const files: BackupManifest['files'] = {
    storage: opts.filesDir ? 'disk' : 's3',
    count: 0,
    bytes: 0,
    list: [],
    missing: [],
  };
  if (opts.filesDir) {
    for (const path of await walkFiles(opts.filesDir)) {
      const from = join(opts.filesDir, path);
      const to = join(opts.out, 'files', path);
      await mkdir(dirname(to), { recursive: true, mode: PRIVATE_DIR });
      await copyFile(from, to);
      await chmod(to, PRIVATE_FILE);
      const data = await readFile(to);
      files.list.push({ path, size: data.length, sha256: createHash('sha256').update(data).digest('hex') });
      files.bytes += data.length;
    }
    files.count = files.list.length;
    const copied = new Set(files.list.map((f) => f.path));
    files.missing = snapshot.keys.filter((k) => !copied.has(k)).sort();
  }
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    created_at: new Date().toISOString(),
    source: { kind: database.kind, server_version: snapshot.serverVersion },
    migrations: snapshot.migrations,
    tables: snapshot.tables,
    sequences: snapshot.sequences,
    files,
  };
  await writeFile(join(opts.out, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: PRIVATE_FILE });
  return manifest;
}

export async function readManifest(folder: string): Promise<BackupManifest> {
  const path = join(folder, MANIFEST);
  if (!existsSync(path)) throw new BackupError(`${folder} is not a Backhaul backup (no ${MANIFEST}).`);
  const manifest = JSON.parse(await readFile(path, 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION) {
    throw new BackupError(
      `${folder} is not a backup this version of Backhaul reads (format ${manifest.format} v${manifest.version}).`,
    );
  }
  return manifest;
}

/** Migrates to the level of a backup (a migration journal time): a copy of the migrations folder whose journal stops there. */
export async function migrateToLevel(database: Database, level: number): Promise<void> {
  const journal = JSON.parse(await readFile(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number; tag: string }>;
  };
  const upTo = journal.entries.filter((e) => e.when <= level);
  if (upTo.length === journal.entries.length) return migrateDatabase(database);
  const folder = await mkdtemp(join(tmpdir(), 'backhaul-migrations-'));
  try {
    await mkdir(join(folder, 'meta'));
    await writeFile(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: upTo }));
    for (const e of upTo) await copyFile(join(MIGRATIONS_FOLDER, `${e.tag}.sql`), join(folder, `${e.tag}.sql`));
    await migrateDatabase(database, folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Refuses a target that holds any row, or whose schema is newer than the backup's. */
async function assertEmptyTarget(database: Database, level: number): Promise<void> {
  await withSession(database, async (s) => {
    for (const name of await listTables(s)) {
      const [row] = await s.query<{ any: boolean }>(`select exists (select 1 from ${qualified(name)}) as any`);
      if (row?.any) {
        throw new BackupError(
          `The target database already holds data (table ${name}). Restore into an empty one: a new DATA_DIR ` +
            'folder for the embedded database, or a newly created PostgreSQL database.',
        );
      }
    }
    const applied = await appliedMigrations(s);
    if (applied.some((m) => m.created_at > level)) {
      throw new BackupError(
        'The target database was created by a newer version than the backup: restore into a new, empty database.',
      );
    }
  });
}

/** Loads one table's rows from its NDJSON file, in batches through json_populate_recordset. */
async function loadTable(s: Session, table: BackupManifest['tables'][number], folder: string): Promise<number> {
  const cols = table.columns.map(ident).join(', ');
  // OVERRIDING SYSTEM VALUE keeps the ids of identity columns as they were.
  const insert = `insert into ${qualified(table.name)} (${cols}) overriding system value
    select ${cols} from json_populate_recordset(null::${qualified(table.name)}, $1::json)`;
  const lines = createInterface({
    input: createReadStream(join(folder, table.file)).pipe(createGunzip()),
    crlfDelay: Infinity,
  });
  let batch: string[] = [];
  let bytes = 0;
  let rows = 0;
  const flush = async () => {
    if (!batch.length) return;
    await s.query(insert, [`[${batch.join(',')}]`]);
    rows += batch.length;
    batch = [];
    bytes = 0;
  };
  for await (const line of lines) {
    if (!line) continue;
    batch.push(line);
    bytes += line.length;
    if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) await flush();
  }
  await flush();
  return rows;
}

export type RestoreOptions = {
  /** The backup folder. */
  from: string;
  /** DATA_DIR/files to fill (it must be empty), or null when the files live in an S3 bucket. */
  filesDir: string | null;
  log?: (line: string) => void;
};

export type RestoreSummary = { tables: number; rows: number; files: number; migratedFrom: number; migratedTo: number };

/** Restores a backup into an empty database (and an empty files folder). */
export async function restoreDatabase(database: Database, opts: RestoreOptions): Promise<RestoreSummary> {
  const log = opts.log ?? (() => {});
  const manifest = await readManifest(opts.from);
  const known = new Set(readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((m) => m.folderMillis));
  const unknown = manifest.migrations.filter((m) => !known.has(Number(m.created_at)));
  if (unknown.length) {
    throw new BackupError(
      'This backup was made by a newer or different version of Backhaul (its schema has migrations this one does not ' +
        'know): restore it with that version.',
    );
  }
  const level = Math.max(0, ...manifest.migrations.map((m) => Number(m.created_at)));
  const latest = Math.max(...known);
  await assertEmptyTarget(database, level);
  if (opts.filesDir && !(await isEmptyFolder(opts.filesDir))) {
    throw new BackupError(`The files folder ${opts.filesDir} is not empty: restore into a new DATA_DIR.`);
  }
  if (manifest.files.storage === 's3') {
    log('The backup holds no files (they were in an S3 bucket): restore the bucket separately.');
  }
  if (!opts.filesDir && manifest.files.count) {
    log(`This server keeps files in S3: copy the backup's files/ folder into the bucket (paths are the storage keys).`);
  }

  await migrateToLevel(database, level);
  const copied: string[] = [];
  try {
    if (opts.filesDir && manifest.files.storage === 'disk') {
      for (const f of manifest.files.list) {
        const to = join(opts.filesDir, f.path);
        await mkdir(dirname(to), { recursive: true });
        await copyFile(join(opts.from, 'files', f.path), to);
        copied.push(to);
        if ((await sha256Of(to)) !== f.sha256) throw new BackupError(`The file ${f.path} in the backup is damaged.`);
      }
    }
    const rows = await withSession(database, (s) =>
      inTransaction(s, 'begin', async () => {
        const present = new Set(await listTables(s));
        for (const t of manifest.tables) {
          const columns = present.has(t.name) ? await listColumns(s, t.name) : [];
          if (columns.join(',') !== t.columns.join(',')) {
            throw new BackupError(`The table ${t.name} of the backup does not match this schema.`);
          }
        }
        // Foreign keys are set aside while tables load in any order, and re-added (so checked) after.
        const fks = await s.query<{ tbl: string; name: string; def: string }>(
          `select conrelid::regclass::text as tbl, conname as name, pg_get_constraintdef(oid) as def
           from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace order by 1, 2`,
        );
        for (const fk of fks) await s.query(`alter table ${fk.tbl} drop constraint ${ident(fk.name)}`);
        for (const t of manifest.tables) await s.query(`alter table ${qualified(t.name)} disable trigger user`);
        let total = 0;
        for (const t of manifest.tables) {
          total += await loadTable(s, t, opts.from);
          log(`  ${t.name.padEnd(36)} ${t.rows.toLocaleString('en-US').padStart(10)} rows`);
        }
        for (const q of manifest.sequences) {
          await s.query('select setval($1::regclass, $2::bigint, $3)', [qualified(q.name), q.last_value, q.is_called]);
        }
        for (const t of manifest.tables) await s.query(`alter table ${qualified(t.name)} enable trigger user`);
        for (const fk of fks) await s.query(`alter table ${fk.tbl} add constraint ${ident(fk.name)} ${fk.def}`);
        for (const t of manifest.tables) {
          const [got] = await s.query<{ rows: number; checksum: string }>(checksumSql(t.name));
          if (Number(got?.rows) !== t.rows || got?.checksum !== t.checksum) {
            throw new BackupError(
              `The restored table ${t.name} differs from the backup (${got?.rows} rows, ${t.rows} expected): nothing was restored.`,
            );
          }
        }
        return total;
      }),
    );
    if (level < latest) await migrateDatabase(database);
    return { tables: manifest.tables.length, rows, files: copied.length, migratedFrom: level, migratedTo: latest };
  } catch (err) {
    for (const path of copied) await rm(path, { force: true });
    throw err;
  }
}
