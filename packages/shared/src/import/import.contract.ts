import { z } from 'zod';

/**
 * Spreadsheet import as a declaration: a module names its columns (heading, aliases, the zod type of
 * a cell, required) and the server platform (`platform/import`) reads CSV or XLSX, maps the headings,
 * checks every row and saves all accepted rows in one transaction; the web's import dialog previews
 * the rows with the same checks. Both sides use `checkImportRows`.
 */

/** One column of an import. */
export type ImportColumn = {
  /** The heading shown in the preview and named in messages. */
  label: string;
  /** Other headings the column may carry. Headings match ignoring case, spaces, '-' and '_'. */
  aliases?: readonly string[];
  /** The heading must be in the file (a cell may still be empty unless `schema` refuses it). */
  required?: boolean;
  /** Checks a cell's text and gives the value to save: the module's form rules. */
  schema: z.ZodType;
  /** The longest cell text a row sent back to save may carry (default 1000 characters). */
  maxLength?: number;
  /** The value may appear once in the file and not at all among `existing` values. */
  unique?: { inFile: string; existing: string };
};

export type ImportColumns = Record<string, ImportColumn>;

/** A checked row: each column's value as its schema gives it. */
export type ImportValues<C extends ImportColumns> = { [K in keyof C]: z.output<C[K]['schema']> };

/** Saved values of the unique columns, to refuse a row that repeats one. */
export type ExistingValues<C extends ImportColumns> = Partial<Record<keyof C & string, ReadonlySet<string>>>;

export const ImportErrorSchema = z.object({ row: z.number().int(), field: z.string(), message: z.string() });
export type ImportError = z.infer<typeof ImportErrorSchema>;

export const SaveImportResponseSchema = z.object({ message: z.string(), saved: z.number().int() });

/** Messages of the import (ours: the spec names none). */
export const IMPORT_MSG = {
  type: 'Upload an .xlsx or .csv file.',
  unreadable: 'The file could not be read as a spreadsheet.',
  headings: (required: readonly string[]) =>
    `The first row needs the column headings, at least ${joinWords(required)}.`,
  empty: 'The spreadsheet has no rows under its headings.',
  tooMany: (max: number) => `The spreadsheet has more than ${max} rows.`,
  noRows: 'There are no rows to save.',
} as const;

function joinWords(words: readonly string[]): string {
  if (words.length < 2) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** Headings compare without case, spaces, '-' or '_': "Truck quantity" = "truck_quantity" = "TRUCKQUANTITY". */
export const normalizeHeading = (heading: string): string => heading.toLowerCase().replace(/[\s_-]+/g, '');

/** A row as read: every column's cell text, and the row's number in the sheet (headings are row 1). */
export type ImportTextRow<C extends ImportColumns> = { row: number } & { [K in keyof C]: string };
/** A row as sent to save: a cell left out is empty. */
export type ImportTextRowInput<C extends ImportColumns> = { row: number } & { [K in keyof C]?: string };
export type ImportResponse<C extends ImportColumns> = {
  rows: ImportTextRow<C>[];
  errors: ImportError[];
  ignored: string[];
};

export type ImportDefinition<C extends ImportColumns> = {
  columns: C;
  /** Column keys in declaration order (the preview's order). */
  keys: readonly (keyof C & string)[];
  maxRows: number;
  /** A row as read and as sent back to save: text cells, each with its length limit. */
  rowSchema: z.ZodType<ImportTextRow<C>, ImportTextRowInput<C>>;
  /** POST …/import answers the rows read, every row's errors and the headings it ignored. */
  responseSchema: z.ZodType<ImportResponse<C>>;
  /** POST …/saveImport body: the rows to save (edited in the preview, skipped rows left out). */
  saveBodySchema: z.ZodType<{ rows: ImportTextRow<C>[] }, { rows: ImportTextRowInput<C>[] }>;
  valuesSchema: z.ZodObject<{ [K in keyof C]: C[K]['schema'] }>;
};

/** Declares an import from its columns; at most `maxRows` rows (default 5000) per file and save. */
export function defineImport<C extends ImportColumns>(
  columns: C,
  opts: { maxRows?: number } = {},
): ImportDefinition<C> {
  const keys = Object.keys(columns) as (keyof C & string)[];
  const maxRows = opts.maxRows ?? 5000;
  const cells = Object.fromEntries(
    keys.map((k) => [
      k,
      z
        .string()
        .max(columns[k]?.maxLength ?? 1000)
        .default(''),
    ]),
  );
  const rowSchema = z.object({ row: z.number().int().min(1), ...cells }) as unknown as z.ZodType<
    ImportTextRow<C>,
    ImportTextRowInput<C>
  >;
  const values = Object.fromEntries(keys.map((k) => [k, columns[k]?.schema])) as { [K in keyof C]: C[K]['schema'] };
  return {
    columns,
    keys,
    maxRows,
    rowSchema,
    responseSchema: z.object({
      rows: z.array(rowSchema),
      errors: z.array(ImportErrorSchema),
      ignored: z.array(z.string()),
    }),
    saveBodySchema: z.object({ rows: z.array(rowSchema).min(1, IMPORT_MSG.noRows).max(maxRows) }),
    valuesSchema: z.object(values),
  };
}

/**
 * Where each column is in a heading row: the first heading that names it. Throws nothing; the
 * caller refuses a file missing a required column (`missingColumns`). `ignored` are the headings
 * that name no column.
 */
export function mapHeadings<C extends ImportColumns>(
  def: ImportDefinition<C>,
  headings: readonly string[],
): { index: Map<keyof C & string, number>; ignored: string[] } {
  const names = new Map<string, keyof C & string>();
  for (const key of def.keys) {
    const column = def.columns[key] as ImportColumn;
    for (const h of [column.label, key, ...(column.aliases ?? [])]) {
      const n = normalizeHeading(h);
      if (!names.has(n)) names.set(n, key);
    }
  }
  const index = new Map<keyof C & string, number>();
  const ignored: string[] = [];
  headings.forEach((heading, i) => {
    if (heading.trim() === '') return;
    const key = names.get(normalizeHeading(heading));
    if (key === undefined) ignored.push(heading.trim());
    else if (!index.has(key)) index.set(key, i);
  });
  return { index, ignored };
}

/** Labels of the required columns a heading map lacks. */
export function missingColumns<C extends ImportColumns>(
  def: ImportDefinition<C>,
  index: ReadonlyMap<keyof C & string, number>,
): string[] {
  return def.keys.filter((k) => def.columns[k]?.required && !index.has(k)).map((k) => def.columns[k]?.label ?? k);
}

/** Every required column's label, for the message of a file without them. */
export const requiredLabels = <C extends ImportColumns>(def: ImportDefinition<C>): string[] =>
  def.keys.filter((k) => def.columns[k]?.required).map((k) => def.columns[k]?.label ?? k);

/**
 * Checks rows: each cell against its column's schema (the first message per field), then unique
 * columns against the file's earlier rows and the `existing` values. A row with an error is not
 * accepted; `accepted` keeps the rest in order with their values.
 */
export function checkImportRows<C extends ImportColumns>(
  def: ImportDefinition<C>,
  rows: readonly ImportTextRow<C>[],
  existing: ExistingValues<C> = {},
): { errors: ImportError[]; accepted: { row: number; values: ImportValues<C> }[] } {
  const errors: ImportError[] = [];
  const accepted: { row: number; values: ImportValues<C> }[] = [];
  const unique = def.keys.filter((k) => def.columns[k]?.unique);
  const seen = new Map<string, Set<string>>(unique.map((k) => [k, new Set()]));
  for (const r of rows) {
    const parsed = def.valuesSchema.safeParse(r);
    if (!parsed.success) {
      const fields = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'row');
        if (fields.has(field)) continue;
        fields.add(field);
        errors.push({ row: r.row, field, message: issue.message });
      }
      continue;
    }
    const values = parsed.data as ImportValues<C>;
    let repeated = false;
    for (const key of unique) {
      const rule = def.columns[key]?.unique;
      const raw = values[key];
      if (!rule || raw === null || raw === undefined || raw === '') continue;
      const value = String(raw);
      const earlier = seen.get(key) as Set<string>;
      const message = existing[key]?.has(value) ? rule.existing : earlier.has(value) ? rule.inFile : null;
      if (message) {
        errors.push({ row: r.row, field: key, message });
        repeated = true;
      }
      earlier.add(value);
    }
    if (!repeated) accepted.push({ row: r.row, values });
  }
  return { errors, accepted };
}

const isDay = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

/** YYYY-MM-DD from "2026-03-01", "2026-03-01 14:30" (an XLSX date with a time) or "3/1/2026" / "03/01/26". */
export function parseImportDate(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[ T]\d{2}:\d{2}(?::\d{2})?)?$/.exec(text);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(text);
  const [y, m, d] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : us
      ? [us[3]?.length === 2 ? 2000 + Number(us[3]) : Number(us[3]), Number(us[1]), Number(us[2])]
      : [0, 0, 0];
  if (!y || !isDay(y, m, d)) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** "1,234.50", "$1,234.50", "(12.00)" (negative) as a number, or null when it is not one. */
export function parseImportNumber(text: string): number | null {
  const negative = /^\(.*\)$/.test(text);
  const clean = text.replace(/^\((.*)\)$/, '$1').replace(/[$,\s]/g, '');
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(clean)) return null;
  const n = Number(clean);
  return negative ? -n : n;
}

/**
 * Cell types for import columns: each takes the cell's text and gives the value to save; an empty
 * cell is null (or refused with `{ required: true }`). `label` names the column in messages.
 */
export const importCell = {
  text: (label: string, opts: { max?: number; required?: boolean } = {}) => {
    const max = opts.max ?? 255;
    const text = z.string().trim().max(max, `The ${label} may not be greater than ${max} characters.`);
    return opts.required ? text.min(1, `The ${label} field is required.`) : text;
  },
  /** A date as YYYY-MM-DD. */
  date: (label: string, opts: { required?: boolean } = {}) =>
    cell(label, opts, (t) => parseImportDate(t), `The ${label} is a date (YYYY-MM-DD or MM/DD/YYYY).`),
  /** Dollars in the sheet, integer cents to save. */
  money: (label: string, opts: { required?: boolean } = {}) =>
    cell(
      label,
      opts,
      (t) => {
        const n = parseImportNumber(t);
        return n === null ? null : Math.round(n * 100);
      },
      `The ${label} is an amount in dollars.`,
    ),
  number: (label: string, opts: { required?: boolean } = {}) =>
    cell(label, opts, parseImportNumber, `The ${label} is a number.`),
  integer: (label: string, opts: { required?: boolean } = {}) =>
    cell(
      label,
      opts,
      (t) => {
        const n = parseImportNumber(t);
        return n !== null && Number.isInteger(n) ? n : null;
      },
      `The ${label} is a whole number.`,
    ),
};

function cell<T>(label: string, opts: { required?: boolean }, parse: (text: string) => T | null, message: string) {
  return z
    .string()
    .trim()
    .transform((text, ctx): T | null => {
      if (text === '') {
        if (opts.required) ctx.addIssue({ code: 'custom', message: `The ${label} field is required.` });
        return null;
      }
      const value = parse(text);
      if (value === null) ctx.addIssue({ code: 'custom', message });
      return value;
    });
}
