import { buildApp } from './app';
import { loadConfig } from './config';
import { openPostgres } from './db/client';
import { migrateDatabase } from './db/migrate';
import { withStartupLock } from './db/prepare';

/**
 * `npm run worker`: runs the job workers in their own process against PostgreSQL, so API and work
 * scale apart (start the API with JOBS_IN_API=0 to leave all work to workers). The app is built
 * without listening so every module defines its job handlers exactly as in the API.
 */
async function main() {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    console.error(
      'The worker needs PostgreSQL (DATABASE_URL). With the embedded database the API process runs jobs itself.',
    );
    process.exit(1);
  }
  const database = await openPostgres(config.DATABASE_URL);
  await withStartupLock(database, () => migrateDatabase(database));
  const { app } = await buildApp({ database, config, role: 'worker', logRequests: process.env.LOG_REQUESTS === '1' });
  await app.ready();
  console.log(`Backhaul worker ${process.pid} is running jobs (pg-boss on PostgreSQL).`);
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
