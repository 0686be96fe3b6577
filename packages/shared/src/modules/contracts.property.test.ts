/// <reference types="vite/client" />
/**
 * Property tests over every contract: the schemas are read from the modules' exports (and the list
 * contract every list body goes through), so a new module is covered without touching this file.
 * - No JSON value makes any exported schema throw (a throw in a transform is a 500 on the server).
 * - Every date, month, date-time, money and percent field (found by walking each input schema for the
 *   shared schemas of schemas/input-kinds.ts) refuses known-bad values, naming that field.
 * - A field whose name says date or amount but is not one of the shared schemas fails the audit; one
 *   whose name says percent or rate must be the shared percent schema.
 * - A control character anywhere in a body is refused through the same wrapper the server applies.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DATE_MAX_YEAR, DATE_MIN_YEAR } from '../schemas/dates';
import { type InputKind, inputKinds } from '../schemas/input-kinds';
import { refuseUnsafeText } from '../schemas/text';

const files = import.meta.glob(['./**/*.ts', '../list/*.contract.ts', '!./**/*.test.ts'], { eager: true }) as Record<
  string,
  Record<string, unknown>
>;

type Named = { name: string; schema: z.ZodType };
const ALL: Named[] = Object.entries(files).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
    .map(([name, schema]) => ({ name: `${file.replace(/^.*\//, '')}:${name}`, schema })),
);
/** fast-check's runs are few per schema but the schemas are many: the machine may be slow. */
const SLOW = 60_000;
/** What a client sends: bodies, forms, queries, params and the list filters. */
const INPUT = ALL.filter((s) => /(Body|Form|Query|Params|Filters?|Period|Request)Schema$/.test(s.name));

type Path = (string | number)[];
type Field = { path: Path; kind: InputKind; issueAt: Path };
type Key = { path: Path; name: string };
type Def = {
  type: string;
  shape?: Record<string, z.core.$ZodType>;
  innerType?: z.core.$ZodType;
  in?: z.core.$ZodType;
  out?: z.core.$ZodType;
  element?: z.core.$ZodType;
  options?: z.core.$ZodType[];
  left?: z.core.$ZodType;
  right?: z.core.$ZodType;
  valueType?: z.core.$ZodType;
  items?: z.core.$ZodType[];
  getter?: () => z.core.$ZodType;
};
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

/**
 * The fields of the shared kinds in a schema, each with the path where its issue is expected (a
 * union reports at its own path), and every object key with its path (for the naming audit).
 */
function fieldsOf(schema: z.core.$ZodType): { fields: Field[]; keys: Key[] } {
  const fields: Field[] = [];
  const keys: Key[] = [];
  const walk = (s: z.core.$ZodType, path: Path, issueAt: Path | null) => {
    if (path.length > 12) return;
    const meta = inputKinds.get(s);
    if (meta) {
      fields.push({ path, kind: meta.kind, issueAt: issueAt ?? path });
      return;
    }
    const def = s._zod.def as unknown as Def;
    if (WRAPPERS.has(def.type) && def.innerType) walk(def.innerType, path, issueAt);
    else if (def.type === 'object' && def.shape) {
      for (const [key, child] of Object.entries(def.shape)) {
        keys.push({ path: [...path, key], name: key });
        walk(child, [...path, key], issueAt);
      }
    } else if (def.type === 'pipe' && def.in && def.out) {
      walk(def.in, path, issueAt);
      walk(def.out, path, issueAt);
    } else if (def.type === 'array' && def.element) walk(def.element, [...path, 0], issueAt);
    else if (def.type === 'union' && def.options) for (const o of def.options) walk(o, path, issueAt ?? path);
    else if (def.type === 'intersection' && def.left && def.right) {
      walk(def.left, path, issueAt);
      walk(def.right, path, issueAt);
    } else if (def.type === 'record' && def.valueType) walk(def.valueType, [...path, 'key'], issueAt);
    else if (def.type === 'tuple' && def.items)
      for (const [i, item] of def.items.entries()) walk(item, [...path, i], issueAt);
    else if (def.type === 'lazy' && def.getter) walk(def.getter(), path, issueAt);
  };
  walk(schema, [], null);
  return { fields, keys };
}

/** A copy of `base` with `value` at `path` (objects and arrays made on the way). */
function setAt(base: unknown, path: Path, value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path as [string | number, ...Path];
  if (typeof head === 'number') {
    const list: unknown[] = Array.isArray(base) ? [...base] : [];
    list[head] = setAt(list[head], rest, value);
    return list;
  }
  const record: Record<string, unknown> = base && typeof base === 'object' && !Array.isArray(base) ? { ...base } : {};
  record[head] = setAt(record[head], rest, value);
  return record;
}

const samePath = (a: Path, b: Path) => a.length === b.length && a.every((p, i) => String(p) === String(b[i]));

// ---------- known-bad values of each kind ----------

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (n: number) => String(n).padStart(2, '0');
const impossibleDate = fc
  .record({
    year: fc.integer({ min: DATE_MIN_YEAR, max: DATE_MAX_YEAR }),
    month: fc.integer({ min: 1, max: 12 }),
    extra: fc.integer({ min: 1, max: 60 }),
  })
  .map(({ year, month, extra }) => `${year}-${pad(month)}-${pad(daysIn(year, month) + extra)}`);
const notJsonText = fc.oneof(fc.boolean(), fc.array(fc.integer(), { maxLength: 2 }), fc.constant({}));
const notDecimal = fc.string().filter((s) => s.trim() !== '' && !/^\s*-?(\d{1,12}(\.\d{0,2})?|\.\d{1,2})\s*$/.test(s));
/** Not a decimal of up to 3 places (percentages and rates take thousandths). */
const notDecimal3 = fc.string().filter((s) => s.trim() !== '' && !/^\s*-?(\d{1,12}(\.\d{0,3})?|\.\d{1,3})\s*$/.test(s));

/** Values the finding named, tried on every field of the kind before the generated ones. */
const KNOWN_BAD: Record<InputKind, unknown[]> = {
  date: [
    '2026-02-30',
    '2026-13-01',
    '2026-00-10',
    '2025-02-29',
    '0000-01-01',
    '2026-2-3',
    '20260203',
    20260203,
    true,
    ['2026-01-01'],
  ],
  month: ['2026-13', '2026-00', '0000-01', '2026-1', '2026-01-01', 202601, true],
  datetime: [
    '2026-02-30 10:00',
    '2026-01-01 24:00',
    '2026-01-01 12:60',
    '2026-01-01T10:00',
    '2026-01-01 9:00',
    5,
    true,
  ],
  money: ['0x10', true, false, [5], {}, '1e3', '$5', '1,000', '+5', '5.001', 5.001, 'Infinity', 'NaN', '.'],
  // null and '' too where the field is required: the unit tests of schemas/percent.ts and the routes' tests.
  // A fourth decimal is wrong for every percent field (some take thousandths: an interest rate of 2.125 %).
  percent: [
    '0x10',
    true,
    false,
    [5],
    {},
    '1e1',
    '12.3456',
    12.3456,
    '+5',
    '5%',
    '-1',
    -1,
    1000,
    'Infinity',
    'NaN',
    '.',
  ],
  rate: ['0x10', true, false, [5], {}, '1e3', '$5', '+5', '0.5755', 0.5755, '-1', -1, 'Infinity', 'NaN', '.'],
};
const BAD: Record<InputKind, fc.Arbitrary<unknown>> = {
  date: fc.oneof(impossibleDate, fc.integer(), notJsonText),
  month: fc.oneof(fc.integer(), notJsonText),
  datetime: fc.oneof(
    impossibleDate.map((d) => `${d} 10:00`),
    fc.integer(),
    notJsonText,
  ),
  money: fc.oneof(
    fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => Math.abs(n * 100 - Math.round(n * 100)) > 1e-4),
    notDecimal,
    notJsonText,
  ),
  // Every percent field takes 0 to at most 100 with at most 3 decimals: anything finer, negative or larger is bad.
  percent: fc.oneof(
    fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => Math.abs(n * 1e3 - Math.round(n * 1e3)) > 1e-4),
    fc.double({ noNaN: true, noDefaultInfinity: true, max: -0.001 }),
    fc.double({ noNaN: true, noDefaultInfinity: true, min: 100.001 }),
    notDecimal3,
    notJsonText,
  ),
  // A rate takes at most 3 decimals and is never negative.
  rate: fc.oneof(
    fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => Math.abs(n * 1e3 - Math.round(n * 1e3)) > 1e-4),
    fc.double({ noNaN: true, noDefaultInfinity: true, max: -0.001 }),
    notJsonText,
  ),
};

/**
 * Keys that read like a date or an amount in a client's body. Every such field must be one of the
 * shared schemas, or be listed below with the reason it is not.
 */
const DATE_NAME = /(^|_)(date|on|from|to|before|after|month|at)$/;
const MONEY_NAME = /amount|gross|price|total|cost|balance|(^|_)(rate|value)$/;
const PERCENT_NAME = /percent|pct|(^|_)rate$/;
/** Keys that read like a percentage but hold something else, each with the reason. */
const NOT_A_PERCENT: Record<string, string> = {
  'work-orders.contract.ts:WorkOrderFormSchema rate': 'a labour line: dollars per hour (money)',
};
const NOT_A_DATE_OR_MONEY: Record<string, string> = {
  'list.contract.ts:NumberFilterSchema value': 'a number filter: the list engine scales it per column',
  'list.contract.ts:NumberFilterSchema from': 'a number filter bound',
  'list.contract.ts:NumberFilterSchema to': 'a number filter bound',
  'list.contract.ts:NoteFilterSchema value': 'text searched for',
  'list.contract.ts:OptionsFilterSchema value': 'On, All or Off',
  'list.contract.ts:CheckboxFilterSchema value': 'yes or no',
  'statistics.contract.ts:DatePeriodSchema type': 'not matched; listed to keep the table honest',
  // Staff pay (issue 16): the export value is a file type (rates are the shared percent schema).
  'dispatcher-statements.contract.ts:DispatcherExportBodySchema value': 'the file type, xlsx or csv',
  // Settings (issue 20): the remit-to address printed on invoices.
  'settings.contract.ts:AccountSettingsFormSchema remit_to': 'an address, not a date bound',
};

describe('every contract', { timeout: SLOW }, () => {
  it('reads the schemas from the modules', () => {
    expect(ALL.length).toBeGreaterThan(200);
    expect(INPUT.length).toBeGreaterThan(70);
    const found = INPUT.flatMap((s) => fieldsOf(s.schema).fields.map((f) => `${s.name} ${f.kind} ${f.path.join('.')}`));
    // A few fields every reader of this file expects to be there.
    expect(found).toEqual(
      expect.arrayContaining([
        'payments.contract.ts:PaymentFormSchema money amount',
        'payments.contract.ts:PaymentFormSchema date date',
        'payments.contract.ts:LostPaymentFormSchema date date',
        'invoices.contract.ts:GenerateBodySchema date to',
        'invoices.contract.ts:InvoiceNewBodySchema money lines.0.amount',
        'trips.contract.ts:TripFormSchema money loads.0.gross',
        'trips.contract.ts:TripFormSchema datetime loads.0.stops.0.at',
        'statistics.contract.ts:SafetyStatisticBodySchema month date',
        'list.contract.ts:DateFilterSchema date from',
        'units.contract.ts:ValueFormSchema money value',
        'work-orders.contract.ts:WorkOrderFormSchema percent tax_percent',
        'dispatcher-statements.contract.ts:DispatcherCreateListBodySchema percent dispatcher_rate',
        'factoring.contract.ts:FactoringFormSchema percent percent',
      ]),
    );
  });

  it('no JSON value makes any exported schema throw', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        for (const { schema } of ALL) schema.safeParse(value);
      }),
      { numRuns: 100 },
    );
  });

  it.each(INPUT.map((s) => [s.name, s] as const))('%s: bodies of its own shape with any values never throw', (_, s) => {
    const { keys } = fieldsOf(s.schema);
    const leaf = fc.oneof(
      fc.jsonValue({ maxDepth: 1 }),
      fc.string({ maxLength: 12 }),
      fc.constantFrom('', ' ', '0', '-1', '2026-02-30', '1e999', '__proto__', 'constructor'),
    );
    const shaped = fc.array(fc.tuple(fc.constantFrom(...(keys.length ? keys : [{ path: [] }])), leaf), {
      maxLength: 8,
    });
    fc.assert(
      fc.property(shaped, (assignments) => {
        let body: unknown = {};
        for (const [key, value] of assignments) body = setAt(body, key.path, value);
        s.schema.safeParse(body);
        refuseUnsafeText(s.schema).safeParse(body);
      }),
      { numRuns: 60 },
    );
  });

  it.each(
    INPUT.flatMap((s) => fieldsOf(s.schema).fields.map((f) => [s.name, f.path.join('.') || '(root)', s, f] as const)),
  )('%s %s refuses known-bad values, naming the field', (_, __, s, field) => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 2 }), BAD[field.kind], (base, bad) => {
        const body = setAt(base, field.path, bad);
        const result = s.schema.safeParse(body);
        expect(result.success).toBe(false);
        expect(
          result.error?.issues.some((i) => samePath(i.path as Path, field.issueAt)),
          `${JSON.stringify(bad)} at ${field.path.join('.')}: ${JSON.stringify(result.error?.issues)}`,
        ).toBe(true);
      }),
      { numRuns: 40, examples: KNOWN_BAD[field.kind].map((bad) => [{}, bad] as [unknown, unknown]) },
    );
  });

  it('every field named like a date or an amount is a shared date or money schema', () => {
    const offenders: string[] = [];
    for (const s of INPUT) {
      const { fields, keys } = fieldsOf(s.schema);
      for (const key of keys) {
        if (!DATE_NAME.test(key.name) && !MONEY_NAME.test(key.name)) continue;
        if (NOT_A_DATE_OR_MONEY[`${s.name} ${key.name}`]) continue;
        const covered = fields.some((f) => samePath(f.path, key.path));
        if (!covered) offenders.push(`${s.name} ${key.path.join('.')}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('every field named like a percentage or a rate is the shared percent schema', () => {
    const offenders: string[] = [];
    for (const s of INPUT) {
      const { fields, keys } = fieldsOf(s.schema);
      for (const key of keys) {
        if (!PERCENT_NAME.test(key.name) || NOT_A_PERCENT[`${s.name} ${key.name}`]) continue;
        // A pay rate to the thousandth (dollars per mile or a percentage, by contract type) is a rate.
        const percent = fields.some((f) => (f.kind === 'percent' || f.kind === 'rate') && samePath(f.path, key.path));
        if (!percent) offenders.push(`${s.name} ${key.path.join('.')}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('a control character anywhere in a body is refused at its path, before the contract', () => {
    const control = fc
      .oneof(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0x0e, max: 0x1f }), fc.constant(0x7f))
      .map((c) => String.fromCharCode(c));
    for (const s of INPUT) {
      const { keys } = fieldsOf(s.schema);
      const paths = keys.length ? keys.map((k) => k.path) : [['note']];
      fc.assert(
        fc.property(fc.constantFrom(...paths), fc.string({ maxLength: 8 }), control, (path, text, ch) => {
          const body = setAt({}, path, `${text}${ch}`);
          const result = refuseUnsafeText(s.schema).safeParse(body);
          expect(result.error?.issues.some((i) => samePath(i.path as Path, path))).toBe(true);
        }),
        { numRuns: 10 },
      );
    }
  });
});
