import { z } from 'zod';
import { dateProblem } from '../schemas/dates';
import { optionalMoneySchema } from '../schemas/money';

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
  /** The longest cell text a row may carry (default IMPORT_CELL_MAX_LENGTH): a longer cell is a row error. */
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
  tooLarge: (mb: number) => `The spreadsheet is too large to import: it unpacks to more than ${mb} MB.`,
  tooLong: (max: number) => `The cell has more than ${max} characters: only the first ${max} are shown.`,
  noRows: 'There are no rows to save.',
} as const;

function joinWords(words: readonly string[]): string {
  if (words.length < 2) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** The longest cell text of a column that declares no `maxLength`. */
export const IMPORT_CELL_MAX_LENGTH = 1000;

/** The longest text a column's cell may carry. */
export const cellMaxLength = <C extends ImportColumns>(def: ImportDefinition<C>, key: keyof C & string): number =>
  def.columns[key]?.maxLength ?? IMPORT_CELL_MAX_LENGTH;

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
        .max(columns[k]?.maxLength ?? IMPORT_CELL_MAX_LENGTH)
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

/**
 * A number cell as plain decimal text: "$1,234.50" → "1234.50", "(12.00)" → "-12.00", "1 234" → "1234";
 * null when it is not a plain decimal (no exponent, no hex: "1e+22" is what a spreadsheet shows for a
 * 20-digit number). The decimals stay as written, so the field that checks it sees 1.005, not 1.01.
 */
export function importDecimalText(text: string): string | null {
  const trimmed = text.trim();
  const negative = /^\(.*\)$/.test(trimmed);
  const clean = trimmed.replace(/^\((.*)\)$/, '$1').replace(/[$,\s]/g, '');
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(clean)) return null;
  if (!negative) return clean;
  return clean.startsWith('-') ? null : `-${clean}`;
}

/** "1,234.50", "$1,234.50", "(12.00)" (negative) as a number, or null when it is not one. */
export function parseImportNumber(text: string): number | null {
  const clean = importDecimalText(text);
  return clean === null ? null : Number(clean);
}

// ---------- columns checked by the form ----------

/**
 * How a cell's text becomes the input of the form field that checks it. These only undo the ways a
 * spreadsheet writes a value; every rule (required, length, range, decimals, choices, date years) is
 * the form field's, so the import and the form refuse the same values with the same words.
 */
export const FORM_CELLS = {
  /** The text as written (the form trims, or refuses, it). */
  text: z.string(),
  /** A choice with a default: an empty cell is left out, so the form's default applies. */
  choice: z
    .string()
    .trim()
    .transform((t) => (t === '' ? undefined : t)),
  /** "3/1/2026" and "2026-03-01 14:30" → "2026-03-01"; other text as written, for the form to judge. */
  date: z
    .string()
    .trim()
    .transform((t) => (t === '' ? '' : (parseImportDate(t) ?? t))),
  /** "$1,234.50" → "1234.50", "(12.00)" → "-12.00"; other text as written, for the form to judge. */
  number: z
    .string()
    .trim()
    .transform((t) => (t === '' ? '' : (importDecimalText(t) ?? t))),
} as const;
export type FormCell = keyof typeof FORM_CELLS;

/** A column checked by its form's field of the same key: `cell` says how its text is read (default text). */
export type FormColumn = Omit<ImportColumn, 'schema'> & { cell?: FormCell };

/** The columns of `formColumns`: each schema reads the cell, then checks it with the form's field. */
export type FormColumns<F extends z.core.$ZodShape, D> = {
  [K in keyof D & keyof F]: Omit<D[K], 'cell'> & { schema: z.ZodType<z.output<F[K]>, string> };
};

/**
 * Import columns checked by a form's own field schemas: one rule for the form and the import. A
 * column named like a form field gives its cell (read as `cell` says) to that field, whose value
 * (cents for money, a date, a choice) is what the import saves and whose message is the row's error.
 */
export function formColumns<F extends z.core.$ZodShape, const D extends { [K in keyof F]?: FormColumn }>(
  form: z.ZodObject<F>,
  columns: D,
): FormColumns<F, D> {
  return Object.fromEntries(
    Object.entries(columns as Record<string, FormColumn>).map(([key, { cell = 'text', ...column }]) => {
      const formField = form.shape[key];
      if (!formField) throw new Error(`The form has no field ${key} for the import column ${column.label}.`);
      const read = FORM_CELLS[cell] as z.ZodType<unknown, string>;
      return [key, { ...column, schema: read.pipe(formField as z.ZodType) }];
    }),
  ) as unknown as FormColumns<F, D>;
}

// ---------- columns with their own rules ----------

const MONEY_LIMIT = 10_000_000;
const NUMBER_LIMIT = 1_000_000_000;
const bound = (n: number) => n.toLocaleString('en-US');

/**
 * Cell types for import columns that no form checks: each takes the cell's text and gives the value
 * to save; an empty cell is null (or refused with `{ required: true }`). `label` names the column in
 * messages. Amounts keep to two decimals and numbers to a range (a 20-digit cell is a row error, not
 * 1e+22 in the database); dates to the years every date field takes.
 */
export const importCell = {
  text: (label: string, opts: { max?: number; required?: boolean } = {}) => {
    const max = opts.max ?? 255;
    const text = z.string().trim().max(max, `The ${label} may not be greater than ${max} characters.`);
    return opts.required ? text.min(1, `The ${label} field is required.`) : text;
  },
  /** A date as YYYY-MM-DD, within the years of dateSchema. */
  date: (label: string, opts: { required?: boolean } = {}) =>
    cell(label, opts, (t) => {
      const date = parseImportDate(t);
      if (date === null) return { message: `The ${label} is a date (YYYY-MM-DD or MM/DD/YYYY).` };
      const problem = dateProblem(date);
      return problem ? { message: problem } : { value: date };
    }),
  /** Dollars in the sheet (at most two decimals, ±10,000,000 unless told), integer cents to save. */
  money: (label: string, opts: { required?: boolean; min?: number; max?: number } = {}) => {
    const checked = optionalMoneySchema({ label, min: opts.min ?? -MONEY_LIMIT, max: opts.max ?? MONEY_LIMIT });
    return cell(label, opts, (t) => {
      const text = importDecimalText(t);
      if (text === null) return { message: `The ${label} is an amount in dollars.` };
      const result = checked.safeParse(text);
      return result.success ? { value: result.data as number } : { message: result.error.issues[0]?.message ?? '' };
    });
  },
  /** A number within ±`max` (default 1,000,000,000). */
  number: (label: string, opts: { required?: boolean; max?: number } = {}) =>
    cell(label, opts, (t) => {
      const n = parseImportNumber(t);
      if (n === null) return { message: `The ${label} is a number.` };
      return inRange(label, n, opts.max ?? NUMBER_LIMIT);
    }),
  /** A whole number within ±`max` (default 1,000,000,000). */
  integer: (label: string, opts: { required?: boolean; max?: number } = {}) =>
    cell(label, opts, (t) => {
      const n = parseImportNumber(t);
      if (n === null || !Number.isInteger(n)) return { message: `The ${label} is a whole number.` };
      return inRange(label, n, opts.max ?? NUMBER_LIMIT);
    }),
};

function inRange(label: string, n: number, max: number): { value: number } | { message: string } {
  if (n > max) return { message: `The ${label} may not be greater than ${bound(max)}.` };
  if (n < -max) return { message: `The ${label} may not be less than -${bound(max)}.` };
  return { value: n };
}

function cell<T>(
  label: string,
  opts: { required?: boolean },
  parse: (text: string) => { value: T } | { message: string },
) {
  return z
    .string()
    .trim()
    .transform((text, ctx): T | null => {
      if (text === '') {
        if (opts.required) ctx.addIssue({ code: 'custom', message: `The ${label} field is required.` });
        return null;
      }
      const parsed = parse(text);
      if ('message' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.message });
        return null;
      }
      return parsed.value;
    });
}
