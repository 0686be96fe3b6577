import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '../config';
import { loadFilesEnv } from '../platform/files/files.config';
import { BackupError, backupDatabase, restoreDatabase } from './backup';
import { type Database, openPglite, openPostgres } from './client';
import { DataDirLockedError } from './lock';

/**
 * `npm run backup [-- --out <folder>]` and `npm run restore -- <folder>` (scripts/backup.mjs and
 * scripts/restore.mjs run this file). The database is the server's: DATABASE_URL, or the embedded
 * one in DATA_DIR, which no server may hold meanwhile (its lock file says so).
 */

const USAGE = `Usage:
  npm run backup [-- --out <folder>]   a backup of the database and DATA_DIR/files (default folder: backups/backhaul-<time>)
  npm run restore -- <folder>          restores a backup into an empty database (DATABASE_URL, or a new DATA_DIR)`;

const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function open(command: 'backup' | 'restore', config: ReturnType<typeof loadConfig>): Promise<Database> {
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL, 2);
  if (command === 'backup' && !existsSync(join(config.dataDir, 'pgdata'))) {
    throw new BackupError(`There is no embedded database in ${config.dataDir}: set DATA_DIR (or DATABASE_URL).`);
  }
  try {
    return await openPglite({ dataDir: config.dataDir });
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    throw new BackupError(
      `The embedded database in ${err.dir} is in use by a running Backhaul server (pid ${err.pid}). ` +
        `Stop the server first, then run npm run ${command} again: only one process may open the embedded database. ` +
        '(With PostgreSQL, DATABASE_URL, a backup runs while the server is up.)',
    );
  }
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  if (command !== 'backup' && command !== 'restore') throw new BackupError(USAGE);
  // Folders typed by the user are relative to where they typed the command (npm runs scripts at the root).
  const base = process.env.INIT_CWD ?? process.cwd();
  const config = loadConfig(process.env);
  const filesEnv = loadFilesEnv(process.env);
  const filesDir = filesEnv.S3_ENDPOINT && filesEnv.S3_BUCKET ? null : join(config.dataDir, 'files');
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
  const log = (line: string) => console.log(line);

  if (command === 'backup') {
    const at = args.indexOf('--out');
    if (at >= 0 && !args[at + 1]) throw new BackupError(USAGE);
    const out = at >= 0 ? resolve(base, args[at + 1] as string) : resolve('backups', `backhaul-${stamp()}`);
    const database = await open(command, config);
    try {
      log(`Backing up ${where} to ${out}`);
      const m = await backupDatabase(database, { out, filesDir, log });
      const rows = m.tables.reduce((s, t) => s + t.rows, 0);
      log(
        `Done: ${m.tables.length} tables, ${rows.toLocaleString('en-US')} rows, ${m.files.count} files (${mb(m.files.bytes)}).`,
      );
      if (!filesDir) log('Files are in the S3 bucket: back the bucket up with its own tools; this backup holds none.');
      if (m.files.missing.length) log(`Warning: ${m.files.missing.length} stored files had no bytes on disk.`);
    } finally {
      await database.close();
    }
    return;
  }

  const from = args.find((a) => !a.startsWith('--'));
  if (!from) throw new BackupError(USAGE);
  const database = await open(command, config);
  try {
    log(`Restoring ${resolve(base, from)} into ${where}`);
    const r = await restoreDatabase(database, { from: resolve(base, from), filesDir, log });
    const migrated = r.migratedFrom < r.migratedTo ? ', then migrated to this version' : '';
    log(
      `Done: ${r.tables} tables, ${r.rows.toLocaleString('en-US')} rows, ${r.files} files; every table checked${migrated}.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof BackupError ? err.message : err);
  process.exit(1);
});
