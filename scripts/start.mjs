// `npm start` (API + web app) and `npm run worker` (`node scripts/start.mjs worker`): builds what is
// missing or older than its sources — the web app (Vite) and the server (esbuild,
// packages/server/build.mjs) — then runs the built server in this process. No TypeScript compiler
// runs in production; `npm run dev` and the tests keep tsx.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => join(root, ...parts);
const role = process.argv[2] === 'worker' ? 'worker' : 'main';

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
function buildIfStale({ label, output, sources, command }) {
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
if (role === 'main') {
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
buildIfStale({
  label: 'the server',
  output: at(`packages/server/dist/${role}.js`),
  sources: [...shared, at('packages/server/src'), at('packages/server/build.mjs'), at('packages/server/package.json')],
  command: [process.execPath, at('packages/server/build.mjs')],
});

// Relative settings (DATA_DIR=./data) mean the same folder however this script was called.
process.chdir(root);
await import(pathToFileURL(at(`packages/server/dist/${role}.js`)).href);
