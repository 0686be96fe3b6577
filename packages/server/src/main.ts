import { join } from 'node:path';
import { loadConfig } from './config';
import { DataDirLockedError } from './db/lock';
import { SERVER_ROOT } from './paths';

async function main() {
  const config = loadConfig(process.env, {
    WEB_DIST: process.env.WEB_DIST ?? join(SERVER_ROOT, '../web/dist'),
  });
  const log = (line: string) => console.log(line);
  // Start-up: the database opens (the embedded one reads and compiles its WASM, largely off the main
  // thread) while the app's modules load; each takes about a second.
  const { openDatabase } = await import('./db/client');
  const opening = openDatabase(config);
  const loading = Promise.all([import('./app'), import('./db/prepare'), import('./modules/users')]);
  loading.catch(() => {});
  let database: Awaited<typeof opening>;
  try {
    database = await opening;
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  log(database.kind === 'pglite' ? `Embedded database in ${config.dataDir}` : 'PostgreSQL server (DATABASE_URL)');
  const [{ buildApp }, { prepareDatabase }, { DEMO_USERS }] = await loading;
  const { seeded } = await prepareDatabase(database, config, log);
  const { app } = await buildApp({ database, config, logRequests: process.env.LOG_REQUESTS === '1' });
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${port}`;
  log('');
  log(`Backhaul is running at ${url}  (API docs: ${url}/api/docs)`);
  if (seeded || config.SEED !== 'none') {
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
