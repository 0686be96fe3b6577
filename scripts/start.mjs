// `npm start`: builds the web app when it is missing, then starts the server (API + web).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'packages/web/dist/index.html');
if (!existsSync(dist) && existsSync(join(root, 'packages/web/vite.config.ts'))) {
  console.log('Building the web app (first start)…');
  const r = spawnSync('npm', ['run', 'build', '-w', '@backhaul/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'packages/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
