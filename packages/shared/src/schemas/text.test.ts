import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findUnsafeText, refuseUnsafeText, TEXT_MSG, textProblem } from './text';

const controlChar = fc
  .oneof(
    fc.integer({ min: 0, max: 8 }),
    fc.constantFrom(0x0b, 0x0c),
    fc.integer({ min: 0x0e, max: 0x1f }),
    fc.constant(0x7f),
  )
  .map((code) => String.fromCharCode(code));

describe('control characters', () => {
  it('tab, newline and carriage return are text; every other C0 character and DEL are not', () => {
    for (let code = 0; code <= 0x7f; code++) {
      const ch = String.fromCharCode(code);
      const allowed = code === 9 || code === 10 || code === 13 || (code >= 0x20 && code < 0x7f);
      expect(textProblem(`a${ch}b`), `U+${code.toString(16)}`).toBe(allowed ? null : TEXT_MSG.control);
    }
    expect(textProblem('\uD800x')).toBe(TEXT_MSG.surrogate);
    expect(textProblem('truck 🚚 ok')).toBeNull();
  });

  it('finds a control character wherever it sits in a JSON value, keys included, by its path', () => {
    fc.assert(
      fc.property(fc.jsonValue(), controlChar, fc.nat(), fc.boolean(), (value, ch, pick, asKey) => {
        const clean = findUnsafeText(value).length === 0;
        fc.pre(clean);
        // The places that hold text: every string and every key, by path.
        const places: { path: (string | number)[]; key: boolean }[] = [];
        const walk = (v: unknown, path: (string | number)[]) => {
          if (typeof v === 'string') places.push({ path, key: false });
          else if (Array.isArray(v)) for (const [i, x] of v.entries()) walk(x, [...path, i]);
          else if (v && typeof v === 'object')
            for (const [k, x] of Object.entries(v)) {
              places.push({ path: [...path, k], key: true });
              walk(x, [...path, k]);
            }
        };
        walk(value, []);
        const place = places.filter((p) => p.key === asKey)[pick % Math.max(1, places.length)];
        let dirty: unknown;
        let expected: (string | number)[];
        if (place && place.path.length === 0) {
          dirty = `${value}${ch}`;
          expected = [];
        } else if (!place) {
          dirty = { wrapped: value, [`k${ch}`]: 1 };
          expected = [`k${ch}`];
        } else {
          dirty = JSON.parse(JSON.stringify(value));
          const parentPath = place.path.slice(0, -1);
          const last = place.path[place.path.length - 1] as string | number;
          let parent = dirty as Record<string | number, unknown>;
          for (const p of parentPath) parent = parent[p] as Record<string | number, unknown>;
          if (place.key) {
            const renamed = `${last}${ch}`;
            parent[renamed] = parent[last];
            delete parent[last];
            expected = [...parentPath, renamed];
          } else {
            parent[last] = `${parent[last]}${ch}`;
            expected = place.path;
          }
        }
        const found = findUnsafeText(dirty);
        expect(found.map((f) => f.path)).toContainEqual(expected);
        const result = refuseUnsafeText(z.unknown()).safeParse(dirty);
        expect(result.error?.issues.map((i) => i.path)).toContainEqual(expected);
      }),
    );
  });

  it('walks a very deep value without overflowing the stack', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const [found] = findUnsafeText(deep);
    expect(found?.path.length).toBe(200_000);
  });

  it('passes clean values through to the schema unchanged', () => {
    const schema = refuseUnsafeText(z.object({ note: z.string().trim() }));
    expect(schema.parse({ note: ' line one\n\tline two\r\n ' })).toEqual({ note: 'line one\n\tline two' });
    expect(schema.safeParse({ note: 'a\u001bb' }).error?.issues).toMatchObject([
      { path: ['note'], message: TEXT_MSG.control },
    ]);
  });
});
