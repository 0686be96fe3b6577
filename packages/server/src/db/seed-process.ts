import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Config } from '../config';
import type { Database } from './client';
import type { SeedDemo } from './prepare';

/**
 * The first `npm start` prepares the demo company in a child process (the `seed` entry: src/seed.ts,
 * dist/seed.js), so the server that goes on serving holds none of what that took: the seeders,
 * faker and the zip-code data, a heap grown by tens of thousands of rows, and PGlite's WebAssembly
 * memory, which grows with the work done (initdb, migrations, the seed) and is never given back.
 * The first start then weighs what a restart weighs.
 */
/** `node <args>` with `env` (this process's by default: the child reads the same configuration). */
type Child = { args: string[]; log: (line: string) => void; env?: NodeJS.ProcessEnv };

/**
 * A new embedded folder that will get the demo company: the child creates, migrates and seeds it
 * before this process opens it (PGlite is one process per folder).
 */
export function isNewDemoFolder(config: Pick<Config, 'DATABASE_URL' | 'SEED' | 'dataDir'>): boolean {
  return !config.DATABASE_URL && config.SEED !== 'none' && !existsSync(join(config.dataDir, 'pgdata', 'PG_VERSION'));
}

export function prepareInChildProcess(o: Child): Promise<void> {
  return runChild(o);
}

/**
 * For a database this process has migrated and found empty: the child seeds it while this process
 * waits, on PostgreSQL holding the start-up advisory lock, on PGlite with its folder closed and
 * opened again afterwards.
 */
export function seedInChildProcess(o: Child & { reopen: () => Promise<Database> }): SeedDemo {
  return async (database) => {
    const embedded = database.kind === 'pglite';
    if (embedded) await database.close();
    await runChild(o);
    return embedded ? o.reopen() : database;
  };
}

function runChild(o: Child): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, o.args, { env: o.env ?? process.env, stdio: ['ignore', 'pipe', 'inherit'] });
    // The child's progress lines go to this process's log, as an in-process seed's did.
    createInterface({ input: child.stdout }).on('line', o.log);
    child.on('error', reject);
    // 'close', not 'exit': every line of its output has been read by then.
    child.on('close', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`Preparing the database failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

/** The node flags of this process a child should run with too (a loader such as tsx), not a debugger's. */
export function childNodeFlags(): string[] {
  return process.execArgv.filter((flag) => !/^--(inspect|debug)/.test(flag));
}
