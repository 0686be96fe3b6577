// Builds the server to JavaScript for `npm start` and `npm run worker` (scripts/start.mjs), so no
// TypeScript compiler runs in production: esbuild bundles our code and @backhaul/shared into ESM
// under dist/, one entry per process, with code splitting so what a process loads lazily (seeding,
// PDF, spreadsheets) stays in chunks it reads on first use. Most packages from node_modules are
// bundled too (start-up reads a few files instead of resolving ~500); KEEP_EXTERNAL stay imports.
// Usage: node packages/server/build.mjs   (npm run build -w @backhaul/server)
import { readdirSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = dirname(fileURLToPath(import.meta.url));
export const SERVER_DIST = join(root, 'dist');
// The spreadsheet import's parse worker is a thread of the API process (platform/import/spreadsheet.ts).
export const SERVER_ENTRIES = {
  main: 'src/main.ts',
  worker: 'src/worker.ts',
  // The demo company is seeded by a child process of the first start (db/seed-process.ts).
  seed: 'src/seed.ts',
  'spreadsheet-worker': 'src/platform/import/spreadsheet.worker.ts',
  // `npm run backup` and `npm run restore` (scripts/backup.mjs, scripts/restore.mjs).
  backup: 'src/db/backup.cli.ts',
};

/**
 * Packages that stay imports from node_modules: native code, code that reads files beside itself
 * (PGlite's WASM, pdfkit's fonts, the docs UI's pages), large ones loaded on first use only, and
 * what is never loaded.
 */
const KEEP_EXTERNAL = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  // OCR of scanned PDFs: native canvas, and tesseract's worker script and language data read beside it.
  '@napi-rs/canvas',
  'tesseract.js',
  '@tesseract.js-data/',
  '@fastify/swagger-ui',
  // The docs UI loads this one from node_modules: the app shares that copy rather than bundle a second.
  '@fastify/static',
  'pdfjs-dist',
  // OCR (modules/extraction/ocr.ts): tesseract.js starts its worker thread from its own folder, which
  // loads the WebAssembly core beside it; the English data is read from its package; the canvas is native.
  'tesseract.js',
  'tesseract.js-core',
  '@tesseract.js-data/',
  '@napi-rs/canvas',
  'pdfkit',
  'exceljs',
  '@aws-sdk/',
  '@smithy/',
  '@faker-js/faker',
  'nodemailer',
  'zipcodes',
  // fastify requires these only when no compiler is given (app.ts gives zod's) or for inject().
  'ajv',
  'ajv-formats',
  'fast-json-stringify',
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
  'light-my-request',
];
const keptExternal = (path) => KEEP_EXTERNAL.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`));

/** Everything else is bundled: one file to read and compile instead of ~500 to resolve at start. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (keptExternal(args.path) ? { external: true } : undefined));
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
    // Bundled CommonJS packages call require() (node built-ins, the packages kept external).
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
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
