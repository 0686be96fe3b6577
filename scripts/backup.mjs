// `npm run backup [-- --out <folder>]`: a backup of the database (embedded, or DATABASE_URL) and of
// DATA_DIR/files. The work is in packages/server/src/db/backup.cli.ts, run built (dist/backup.js).
import { spawn } from 'node:child_process';
import { buildServerIfStale, root } from './build-if-stale.mjs';

const cli = buildServerIfStale('backup');
const child = spawn(process.execPath, [cli, 'backup', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
child.on('exit', (code) => process.exit(code ?? 1));
