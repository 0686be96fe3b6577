// The JavaScript each screen downloads before its first paint, and the budgets it must stay under.
// Read from the Vite manifest of a build: a screen is a lazy page (`*-page.tsx`); it loads the entry
// chunk, the back-office layout (every screen but the sign-in ones) and its page, with everything
// these import statically. Dynamic imports (another screen, a chart or a spreadsheet reader opened on
// demand) are not counted: they load later. Sizes are gzip level 9, what the server sends
// (vite.config.ts precompresses every file). Used by the build (vite.config.ts fails it on a
// screen or a chunk over budget) and by bench/web-bundle.mjs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Any screen: entry + layout + page, gzip KB. */
export const SCREEN_BUDGET_KB = 400;
/** The sign-in screens (/auth …): no table, chart or layout code. */
export const AUTH_BUDGET_KB = 250;
/** Any one chunk, gzip KB: a library that grows past this goes to a chunk of its own, loaded on demand. */
export const CHUNK_BUDGET_KB = 100;

const LAYOUT = 'src/app/app-layout.tsx';
const isAuthPage = (key) => key.startsWith('src/modules/auth/');

/** @param {string} dist */
function readManifest(dist) {
  return JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
}

/** Every manifest key these keys import statically, themselves included. */
function staticClosure(manifest, keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    staticClosure(manifest, manifest[key].imports ?? [], seen);
  }
  return seen;
}

/**
 * Each screen's first-paint JavaScript ({ page, files, raw, gzip } in bytes, heaviest first) and
 * each chunk's size.
 * @param {string} dist
 */
export function measureScreens(dist) {
  const manifest = readManifest(dist);
  const sizes = new Map();
  const sizeOf = (file) => {
    let s = sizes.get(file);
    if (!s) {
      const raw = readFileSync(join(dist, file));
      s = { file, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
      sizes.set(file, s);
    }
    return s;
  };
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entry) throw new Error('no entry chunk in the manifest');
  const pages = Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry && k.endsWith('-page.tsx'));
  const screens = pages.map((page) => {
    const roots = isAuthPage(page) ? [entry, page] : [entry, LAYOUT, page];
    const files = [...staticClosure(manifest, roots)].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
    const parts = files.map(sizeOf);
    return {
      page,
      auth: isAuthPage(page),
      files,
      raw: parts.reduce((s, p) => s + p.raw, 0),
      gzip: parts.reduce((s, p) => s + p.gzip, 0),
    };
  });
  screens.sort((a, b) => b.gzip - a.gzip);
  const chunks = Object.values(manifest)
    .map((m) => m.file)
    .filter((f, i, all) => f.endsWith('.js') && all.indexOf(f) === i)
    .map(sizeOf)
    .sort((a, b) => b.gzip - a.gzip);
  return { screens, chunks };
}

/** What is over its budget, one line each (empty when everything fits). */
export function overBudget({ screens, chunks }) {
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const lines = [];
  for (const s of screens) {
    const budget = (s.auth ? AUTH_BUDGET_KB : SCREEN_BUDGET_KB) * 1024;
    if (s.gzip > budget) lines.push(`screen ${s.page}: ${kb(s.gzip)} gzip, budget ${kb(budget)}`);
  }
  for (const c of chunks)
    if (c.gzip > CHUNK_BUDGET_KB * 1024)
      lines.push(`chunk ${c.file}: ${kb(c.gzip)} gzip, budget ${kb(CHUNK_BUDGET_KB * 1024)}`);
  return lines;
}
