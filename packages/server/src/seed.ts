import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/lock';
import { migrateDatabase } from './db/migrate';
import { isDatabaseEmpty, seedHere, wantsDemo } from './db/prepare';

/**
 * Prepares the database in a process of its own for `npm start` (db/seed-process.ts): migrates it,
 * and loads the demo company when it is empty and SEED asks for it (as prepareDatabase does). The server that started this one waits: before it
 * opens a new embedded folder, or after it migrated an empty database (on PostgreSQL holding the
 * start-up lock, so this process takes no lock of its own). Log lines go to stdout.
 */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await migrateDatabase(database);
    if (wantsDemo(config, database) && (await isDatabaseEmpty(database)))
      await seedHere(database, config, (line) => console.log(line));
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof DataDirLockedError ? err.message : err);
  process.exit(1);
});
