// `npm run backup [-- --out <folder>]`: a backup of the database (embedded, or DATABASE_URL) and of
// DATA_DIR/files. The work is in packages/server/src/db/backup.cli.ts.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'packages/server/src/db/backup.cli.ts');
const child = spawn(process.execPath, ['--import', 'tsx', cli, 'backup', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
child.on('exit', (code) => process.exit(code ?? 1));
