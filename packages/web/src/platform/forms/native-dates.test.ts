import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every .tsx under src (tests aside). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.tsx') && !e.name.includes('.test.') ? [path] : [];
  });
}

// Issue 13: one date format in every date input — the platform DateField / DateTimeField (Mantine
// dates in the spec's format), never the browser's native mm/dd/yyyy picker.
describe('date inputs', () => {
  it('no screen uses a native date or datetime input', () => {
    const root = join(import.meta.dirname, '../..');
    const offenders = sources(root).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${file.slice(root.length + 1)}:${i + 1}` }))
        .filter(({ line }) => /type=["'{]+(date|datetime-local|time)["'}]/.test(line))
        .map(({ at }) => at),
    );
    expect(offenders).toEqual([]);
  });
});
