// Builds the server to JavaScript for `npm start` and `npm run worker` (scripts/start.mjs), so no
// TypeScript compiler runs in production: esbuild bundles our code and @backhaul/shared into ESM
// under dist/, one entry per process, with code splitting so what a process loads lazily (seeding,
// PDF, spreadsheets) stays in chunks it reads on first use. Packages from node_modules stay imports.
// Usage: node packages/server/build.mjs   (npm run build -w @backhaul/server)
import { readdirSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = dirname(fileURLToPath(import.meta.url));
export const SERVER_DIST = join(root, 'dist');
export const SERVER_ENTRIES = { main: 'src/main.ts', worker: 'src/worker.ts' };

/** Bare imports stay imports (node_modules at run time), but our workspace packages are bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@backhaul/') ? undefined : { external: true }));
  },
};

export async function buildServer() {
  const started = Date.now();
  const result = await build({
    absWorkingDir: root,
    entryPoints: SERVER_ENTRIES,
    outdir: SERVER_DIST,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    chunkNames: 'chunks/[name]-[hash]',
    sourcemap: 'linked',
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
    plugins: [externalPackages],
  });
  // A rebuild writes new chunk names: drop the previous build's files.
  const written = new Set(Object.keys(result.metafile.outputs).map((f) => join(root, f)));
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
    );
  for (const file of walk(SERVER_DIST)) if (!written.has(file)) rmSync(file);
  const js = Object.entries(result.metafile.outputs).filter(([f]) => f.endsWith('.js'));
  const kb = js.reduce((s, [, o]) => s + o.bytes, 0) / 1024;
  console.log(
    `Server built to ${relative(process.cwd(), SERVER_DIST) || '.'} in ${Date.now() - started} ms (${js.length} files, ${kb.toFixed(0)} KB).`,
  );
  return result;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildServer();
}
