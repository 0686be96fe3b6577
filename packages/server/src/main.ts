import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/lock';
import { prepareDatabase } from './db/prepare';
import { childNodeFlags, isNewDemoFolder, prepareInChildProcess, seedInChildProcess } from './db/seed-process';
import { SERVER_ROOT } from './paths';
import { DEMO_USERS } from './platform/auth/users.seed';

async function main() {
  // The start-up line: time since the process began (npm's own start-up not included; loading this
  // bundle is what precedes the first phase), then each phase.
  let mark = performance.now();
  const phases = [`modules ${Math.round(mark)} ms`];
  const phase = (name: string) => {
    const now = performance.now();
    phases.push(`${name} ${Math.round(now - mark)} ms`);
    mark = now;
  };
  const config = loadConfig(process.env, {
    WEB_DIST: process.env.WEB_DIST ?? join(SERVER_ROOT, '../web/dist'),
  });
  const log = (line: string) => console.log(line);
  // The demo company is prepared by a child process (src/seed.ts, or dist/seed.js beside this file),
  // so this one keeps none of what that took (db/seed-process.ts).
  const fromSource = import.meta.url.endsWith('.ts');
  const child = {
    args: [...childNodeFlags(), fileURLToPath(new URL(fromSource ? './seed.ts' : './seed.js', import.meta.url))],
    log,
  };
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    if (isNewDemoFolder(config)) await prepareInChildProcess(child);
    database = await openDatabase(config);
    phase('database');
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  log(database.kind === 'pglite' ? `Embedded database in ${config.dataDir}` : 'PostgreSQL server (DATABASE_URL)');
  const seed = seedInChildProcess({ ...child, reopen: () => openDatabase(config) });
  const prepared = await prepareDatabase(database, config, log, seed);
  database = prepared.database;
  phase(prepared.seeded ? 'migrations and demo' : 'migrations');
  const { app } = await buildApp({ database, config, logRequests: process.env.LOG_REQUESTS === '1' });
  phase('routes');
  await app.listen({ port: config.PORT, host: config.HOST });
  phase('listen');
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${port}`;
  log('');
  log(`Backhaul is running at ${url}  (API docs: ${url}/api/docs)`);
  log(`Started in ${Math.round(performance.now())} ms: ${phases.join(', ')}`);
  if (prepared.seeded || config.SEED !== 'none') {
    log(`Demo logins (password: ${process.env.DEMO_PASSWORD ? 'from DEMO_PASSWORD' : config.DEMO_PASSWORD}):`);
    for (const u of DEMO_USERS) log(`  ${u.email.padEnd(28)} ${u.permissionRole}`);
  }
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
