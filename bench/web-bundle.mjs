// Prints the gzipped size of the JavaScript the /auth route downloads (budget: AUTH_BUDGET_KB),
// then every screen's first-paint JavaScript against its budget (packages/web/bundle-budget.mjs,
// which the build enforces). Reads the Vite manifest of packages/web/dist: the entry chunk, the
// login page chunk, and every chunk they import statically (dynamic imports are loaded only by
// other routes). With --url <base> it also asks a running server for each of those files as a
// browser does (Accept-Encoding: gzip, deflate, br) and reports the bytes on the wire and the cache header.
// Usage: npm run build && node bench/web-bundle.mjs [--url http://127.0.0.1:3000] [--json]
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { AUTH_BUDGET_KB, measureScreens, SCREEN_BUDGET_KB } from '../packages/web/bundle-budget.mjs';

const BUDGET_KB = AUTH_BUDGET_KB;
const dist = join(dirname(fileURLToPath(import.meta.url)), '../packages/web/dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const { screens } = measureScreens(dist);
const heaviest = screens
  .slice(0, 10)
  .map((s) => ({ page: s.page, files: s.files.length, raw: s.raw, gzip: s.gzip, auth: s.auth }));

const closure = (keys, seen = new Set()) => {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key]?.imports ?? [], seen);
  }
  return seen;
};

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const login = Object.keys(manifest).find((k) => k.endsWith('modules/auth/login-page.tsx'));
if (!entry || !login) throw new Error('entry or login page not found in the manifest');

const size = (file) => {
  const raw = readFileSync(join(dist, file));
  return { raw: raw.length, gz: gzipSync(raw, { level: 9 }).length };
};
const kb = (n) => (n / 1024).toFixed(1).padStart(7);

const args = process.argv.slice(2);
const asJson = args.includes('--json');
const base = args.includes('--url') ? args[args.indexOf('--url') + 1] : null;

/** One file from the server: bytes received, their encoding, and the caching header. */
const fetchWire = (file) =>
  new Promise((resolve, reject) => {
    const req = http.get(`${base}/${file}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
      let bytes = 0;
      res.on('data', (c) => {
        bytes += c.length;
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          wire: bytes,
          encoding: res.headers['content-encoding'] ?? null,
          cache: res.headers['cache-control'] ?? null,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });

const chunks = [...closure([entry, login])].map((k) => ({ file: manifest[k].file, ...size(manifest[k].file) }));
const css = [...new Set([...closure([entry, login])].flatMap((k) => manifest[k].css ?? []))].map((file) => ({
  file,
  ...size(file),
}));
chunks.sort((a, b) => b.gz - a.gz);
if (base) for (const c of chunks) c.served = await fetchWire(c.file);
const total = chunks.reduce((s, c) => s + c.gz, 0);
const totalRaw = chunks.reduce((s, c) => s + c.raw, 0);
const heavy = chunks.filter((c) => /chart|table|data-table|dnd/i.test(c.file));
if (asJson) {
  const wire = base ? chunks.reduce((s, c) => s + c.served.wire, 0) : null;
  console.log(
    JSON.stringify({
      chunks,
      css,
      raw: totalRaw,
      gzip: total,
      budget_gzip: BUDGET_KB * 1024,
      wire,
      heavy: heavy.map((c) => c.file),
      screens: heaviest,
      screen_budget_gzip: SCREEN_BUDGET_KB * 1024,
    }),
  );
  process.exit(0);
}

console.log(
  `JavaScript loaded by /auth            raw KB   gzip KB${base ? '   served KB  encoding  cache-control' : ''}`,
);
const served = (c) =>
  c.served ? `  ${kb(c.served.wire)}  ${String(c.served.encoding ?? 'none').padEnd(8)}  ${c.served.cache ?? '-'}` : '';
for (const c of chunks) console.log(`  ${c.file.padEnd(36)}${kb(c.raw)}  ${kb(c.gz)}${served(c)}`);
const wireTotal = base ? `  ${kb(chunks.reduce((s, c) => s + c.served.wire, 0))}` : '';
console.log(`  ${'total'.padEnd(36)}${kb(totalRaw)}  ${kb(total)}${wireTotal}   (budget ${BUDGET_KB} KB gzip)`);
for (const c of css) console.log(`CSS ${c.file}: ${kb(c.gz).trim()} KB gzip (not counted in the JavaScript budget)`);

console.log(
  heavy.length
    ? `WARNING: /auth loads table or chart code: ${heavy.map((c) => c.file).join(', ')}`
    : 'No table or chart chunk is loaded by /auth.',
);
console.log(total / 1024 <= BUDGET_KB ? 'Within budget.' : 'OVER BUDGET.');
console.log(
  `\nHeaviest screens (first paint: entry + layout + page, static imports; budget ${SCREEN_BUDGET_KB} KB gzip)`,
);
for (const s of heaviest) console.log(`  ${s.page.padEnd(60)}${kb(s.raw)}  ${kb(s.gzip)}  ${s.files} files`);
