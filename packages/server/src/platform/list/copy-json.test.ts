import { describe, expect, it } from 'vitest';
import { copyKind, copyPlan, copyToJson, copyTranscoder } from './copy-json';
import { inlineParams } from './list-copy';

// COPY text as PostgreSQL writes it (fields split by tabs, rows ending in a newline, NULL as \N,
// backslash, \b \f \n \r \t \v escaped, other control characters as they are).
const plan = copyPlan([
  { id: 'id', kind: 'raw' },
  { id: 'name', kind: 'text' },
  { id: 'ok', kind: 'bool' },
  { id: 'gross', kind: 'dollar' },
  { id: 'rpm', kind: 'float' },
  { id: 'big', kind: 'int8' },
  { id: 'say "hi"', kind: 'text' },
]);

describe('COPY text to JSON', () => {
  it('writes what JSON.stringify writes for the values pg would parse', () => {
    const copy = [
      'O\'Brien "Big" \\\\ path\\tTab\\nLine\\rCR\\bBS\\fFF\\vVT\x01\x1f\x7f → ✓ 🚚',
      '1\tdone\tt\t123456\t0.1\t42\tx\n',
      '2\t\\N\tf\t-5\t-0\t12345678901234567\t\\N\n',
      '3\t\tt\t\\N\tNaN\t-9007199254740993\t\\\\N\n',
      '4\tx\tf\t1\t1e-05\t0\ta\n',
      '5\ty\tt\t99\tInfinity\t1\tb\n',
      '6\tz\tt\t100\t1.5e+20\t1\tc\n',
    ];
    const input = Buffer.from(`7\t${copy[0]}\tt\t0\t3.25\t-1\t\n${copy.slice(1).join('')}`);
    const rows = [
      {
        id: 7,
        name: 'O\'Brien "Big" \\ path\tTab\nLine\rCR\bBS\fFF\vVT\x01\x1f\x7f → ✓ 🚚',
        ok: true,
        gross: 0,
        rpm: 3.25,
        big: -1,
        'say "hi"': '',
      },
      { id: 1, name: 'done', ok: true, gross: 1234.56, rpm: 0.1, big: 42, 'say "hi"': 'x' },
      { id: 2, name: null, ok: false, gross: -0.05, rpm: -0, big: Number('12345678901234567'), 'say "hi"': null },
      { id: 3, name: '', ok: true, gross: null, rpm: Number.NaN, big: Number('-9007199254740993'), 'say "hi"': '\\N' },
      { id: 4, name: 'x', ok: false, gross: 0.01, rpm: 1e-5, big: 0, 'say "hi"': 'a' },
      { id: 5, name: 'y', ok: true, gross: 0.99, rpm: Number.POSITIVE_INFINITY, big: 1, 'say "hi"': 'b' },
      { id: 6, name: 'z', ok: true, gross: 1, rpm: 1.5e20, big: 1, 'say "hi"': 'c' },
    ];
    const { json, count } = copyToJson(input, plan);
    expect(count).toBe(7);
    expect(json.toString()).toBe(JSON.stringify(rows).slice(1, -1));
    expect(JSON.parse(`[${json}]`)[0].name).toBe(rows[0]?.name);
  });

  it('writes cents as dollars, floats and big integers as JSON.stringify of what pg parses', () => {
    const numbers = copyPlan([
      { id: 'd', kind: 'dollar' },
      { id: 'f', kind: 'float' },
      { id: 'b', kind: 'int8' },
    ]);
    const cents = [
      '0',
      '5',
      '-5',
      '10',
      '-10',
      '99',
      '100',
      '120',
      '-700',
      '12345',
      '999999999999999',
      '-999999999999999',
    ];
    const floats = ['0', '-0', '0.1', '-2.5', '100', '1e-05', 'NaN', '-Infinity', '123.456', '0.000123', '1.5e+20'];
    // Deterministic spread of magnitudes (a linear congruential sequence), as the database writes them.
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let k = 0; k < 2000; k++) {
      cents.push(String(Math.trunc((next() - 0.5) * 10 ** Math.floor(next() * 17))));
      floats.push(String(next() * 10 ** Math.floor(next() * 12)));
    }
    const lines = cents.map((c, k) => `${c}\t${floats[k % floats.length]}\t${c}\n`);
    const { json } = copyToJson(Buffer.from(lines.join('')), numbers);
    const want = cents.map((c, k) => ({
      d: Number(c) / 100,
      f: Number.parseFloat(floats[k % floats.length] as string),
      b: Number(c),
    }));
    expect(json.toString()).toBe(JSON.stringify(want).slice(1, -1));
  });

  it('grows its buffer for rows of escapes, and answers nothing for no rows', () => {
    const wide = copyPlan([{ id: 'v', kind: 'text' }]);
    const text = '\x02'.repeat(5000);
    const { json, count } = copyToJson(Buffer.from(`${text}\n${text}\n`), wide);
    expect(count).toBe(2);
    expect(json.toString()).toBe(JSON.stringify([{ v: text }, { v: text }]).slice(1, -1));
    expect(copyToJson(Buffer.alloc(0), wide)).toEqual({ json: Buffer.alloc(0), count: 0 });
  });

  it('writes the same bytes when the data comes in pieces that end anywhere, inside a row or an escape', () => {
    const input = Buffer.from('1\ta\\tb "c"\tt\t100\t0.5\t7\t\\N\n2\t→\tf\t-1\t2\t8\tz\n3\t\\N\tt\t1\t1\t9\t\n');
    const whole = copyToJson(input, plan).json.toString();
    for (let a = 0; a <= input.length; a++) {
      for (const b of [a, Math.min(input.length, a + 3), input.length]) {
        const t = copyTranscoder(plan);
        const out = [input.subarray(0, a), input.subarray(a, b), input.subarray(b)].map((piece) => t.push(piece));
        expect(t.end()).toBe(3);
        expect(out.map((piece) => piece?.toString() ?? '').join(''), `cut at ${a}, ${b}`).toBe(whole);
      }
    }
    const cut = copyTranscoder(plan);
    cut.push(input.subarray(0, 5));
    expect(() => cut.end()).toThrow(/ends inside a row/);
  });

  it('refuses a row that does not have the plan’s fields', () => {
    expect(() => copyToJson(Buffer.from('1\tx\n'), plan)).toThrow(/fields|ends/);
    expect(() => copyToJson(Buffer.from('1\tx'), plan)).toThrow(/ends inside a row/);
  });

  it('knows the kinds outputRow treats alike, and leaves the others to the row-by-row path', () => {
    expect(copyKind(23, false)).toBe('raw');
    expect(copyKind(20, false)).toBe('int8');
    expect(copyKind(701, false)).toBe('float');
    expect(copyKind(20, true)).toBe('dollar');
    expect(copyKind(1700, false)).toBe('text'); // numeric stays text in pg
    expect(copyKind(1082, false)).toBe('text'); // dates too (db/client.ts)
    expect(copyKind(25, false)).toBe('text');
    expect(copyKind(16, false)).toBe('bool');
    expect(copyKind(1184, false)).toBeNull(); // a Date in pg
    expect(copyKind(3802, false)).toBeNull(); // parsed JSON
    expect(copyKind(1007, false)).toBeNull(); // an array
    expect(copyKind(25, true)).toBeNull();
  });

  it('writes parameters as literals, and declines what it cannot write', () => {
    expect(inlineParams('select $1, $2, $3, $4', ["O'Brien \\ x", 8000, true, null])).toBe(
      "select  E'O''Brien \\\\ x', '8000', 'true', null",
    );
    expect(inlineParams('select $1', [new Date(0)])).toBeNull();
    expect(inlineParams('select $2, $1', ['a', 'b'])).toBeNull();
    expect(inlineParams('select $1', ['a', 'b'])).toBeNull();
  });
});
