// What `npm start`, `npm run worker`, `npm run backup` and `npm run restore` build before they run:
// the web app (Vite) and the server (esbuild, packages/server/build.mjs), each only when its output is
// missing or older than its sources. No TypeScript compiler runs in production.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const at = (...parts) => join(root, ...parts);

/** The newest modification time among these files and folders (tests aside); 0 when none exists. */
function newestSource(paths) {
  let newest = 0;
  const visit = (path) => {
    let stat;
    try {
      stat = statSync(path);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of readdirSync(path)) if (name !== 'node_modules' && name !== 'dist') visit(join(path, name));
    } else if (!/\.test\.tsx?$/.test(path)) newest = Math.max(newest, stat.mtimeMs);
  };
  for (const p of paths) visit(p);
  return newest;
}

/** Runs `command` when `output` is missing or older than `sources`; a clone without sources runs what it has. */
export function buildIfStale({ label, output, sources, command }) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  const changed = newestSource(sources);
  if (built && built >= changed) return;
  if (!built && !changed) {
    console.error(`Neither ${output} nor its sources exist: nothing to start.`);
    process.exit(1);
  }
  console.log(built ? `Rebuilding ${label} (its sources changed)…` : `Building ${label} (first start)…`);
  const [cmd, ...args] = command;
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const shared = [at('packages/shared/src'), at('packages/shared/package.json')];

/** The web app (`npm start` serves it). */
export function buildWebIfStale() {
  buildIfStale({
    label: 'the web app',
    output: at('packages/web/dist/index.html'),
    sources: [
      ...shared,
      at('packages/web/src'),
      at('packages/web/index.html'),
      at('packages/web/vite.config.ts'),
      at('packages/web/package.json'),
    ],
    command: ['npm', 'run', 'build', '-w', '@backhaul/web'],
  });
}

/** The server's bundle `entry` (main, worker, backup: packages/server/build.mjs); answers its path. */
export function buildServerIfStale(entry) {
  const output = at(`packages/server/dist/${entry}.js`);
  buildIfStale({
    label: 'the server',
    output,
    sources: [
      ...shared,
      at('packages/server/src'),
      at('packages/server/build.mjs'),
      at('packages/server/package.json'),
    ],
    command: [process.execPath, at('packages/server/build.mjs')],
  });
  return output;
}
