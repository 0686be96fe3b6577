import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHUNK_BUDGET_KB, measureScreens, overBudget, SCREEN_BUDGET_KB } from './bundle-budget.mjs';

const dist = mkdtempSync(join(tmpdir(), 'bundle-budget-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** A chunk of `kb` KB of random bytes: gzip cannot shrink it, so its gzip size is about `kb` KB. */
function chunk(name: string, kb: number): string {
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'assets', name), randomBytes(Math.round(kb * 1024)));
  return `assets/${name}`;
}

const manifest = {
  'index.html': {
    file: chunk('index.js', 60),
    isEntry: true,
    imports: ['_vendor.js'],
    dynamicImports: ['src/modules/auth/login-page.tsx', 'src/modules/trips/trips-page.tsx'],
  },
  '_vendor.js': { file: chunk('vendor.js', 90) },
  'src/app/app-layout.tsx': { file: chunk('layout.js', 20), isDynamicEntry: true, imports: ['_vendor.js'] },
  'src/modules/auth/login-page.tsx': { file: chunk('login.js', 5), isDynamicEntry: true },
  'src/modules/trips/trips-page.tsx': {
    file: chunk('trips.js', 30),
    isDynamicEntry: true,
    imports: ['_table.js'],
    dynamicImports: ['_chart.js'],
  },
  '_table.js': { file: chunk('table.js', 210), imports: ['_vendor.js'] },
  '_chart.js': { file: chunk('chart.js', 120) },
};
mkdirSync(join(dist, '.vite'), { recursive: true });
writeFileSync(join(dist, '.vite/manifest.json'), JSON.stringify(manifest));

describe('bundle budget', () => {
  const sizes = measureScreens(dist);
  const screen = (page: string) => sizes.screens.find((s) => s.page === page);

  it('counts the entry, the layout and the page with their static imports, once each, not dynamic imports', () => {
    const trips = screen('src/modules/trips/trips-page.tsx');
    expect(trips?.files.sort()).toEqual(
      ['assets/index.js', 'assets/layout.js', 'assets/table.js', 'assets/trips.js', 'assets/vendor.js'].sort(),
    );
    // 60 + 90 + 20 + 30 + 210 KB of incompressible bytes, plus gzip's few bytes per file.
    expect(trips?.gzip).toBeGreaterThan(410 * 1024);
    expect(trips?.gzip).toBeLessThan(411 * 1024);
  });

  it('gives the sign-in screens no layout', () => {
    expect(screen('src/modules/auth/login-page.tsx')?.files.sort()).toEqual(
      ['assets/index.js', 'assets/login.js', 'assets/vendor.js'].sort(),
    );
  });

  it('names each screen and chunk over its budget', () => {
    expect(SCREEN_BUDGET_KB).toBe(400);
    expect(CHUNK_BUDGET_KB).toBe(100);
    const over = overBudget(sizes);
    expect(over).toHaveLength(3);
    expect(over[0]).toMatch(/^screen src\/modules\/trips\/trips-page.tsx: 410\.\d KB gzip, budget 400\.0 KB$/);
    expect(over.slice(1).map((l) => l.split(':')[0])).toEqual(['chunk assets/table.js', 'chunk assets/chart.js']);
  });
});
