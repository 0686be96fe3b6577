// `npm run restore -- <folder>`: restores a backup into an empty database (DATABASE_URL, or a new
// DATA_DIR) and its files folder. The work is in packages/server/src/db/backup.cli.ts, run built (dist/backup.js).
import { spawn } from 'node:child_process';
import { buildServerIfStale, root } from './build-if-stale.mjs';

const cli = buildServerIfStale('backup');
const child = spawn(process.execPath, [cli, 'restore', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
child.on('exit', (code) => process.exit(code ?? 1));
