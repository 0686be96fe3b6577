import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import {
  exactNumber,
  formatCellValue,
  formatDate,
  formatDateTime,
  formatPhone,
  plainExact,
  spreadsheetNumFmt,
  zonedParts,
} from '@backhaul/shared/formats/formats';
import type { ColumnFormat } from '@backhaul/shared/list/list.contract';
import type ExcelJS from 'exceljs';

/** A column's kind: the list's column format (text, id, number, money, miles, percent, date, datetime, phone). */
export type ExportColumnKind = ColumnFormat;
/** `footer` tells the totals row how the figure was made: a sum becomes a SUM formula over the column. */
export type ExportColumn = { id: string; title: string; kind?: ExportColumnKind; footer?: 'sum' | 'count' | 'unique' };
export type ExportRow = Record<string, unknown>;

/** A row writer for one format; add() may be awaited for back-pressure. */
export type ExportWriter = {
  add: (row: ExportRow) => Promise<void> | void;
  finish: (totals?: Record<string, number>) => Promise<void>;
};

/** Cells that a spreadsheet would read as a formula (= + - @, and tab/CR per OWASP) get a leading quote. */
export function escapeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const NUMERIC: ReadonlySet<ExportColumnKind> = new Set(['id', 'money', 'miles', 'number', 'percent']);

function toNumber(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A spreadsheet date: its UTC fields are the wall clock a user reads (spreadsheet dates have no
 * zone). Business dates stay as written; zone-less text is company time already; instants are
 * read in America/Chicago.
 */
export function spreadsheetDate(v: unknown, withTime: boolean): Date | null {
  if (v === null || v === undefined || v === '') return null;
  const s = v instanceof Date ? null : String(v);
  const d = s ? DATE_ONLY.exec(s) : null;
  if (d) return new Date(Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3])));
  const w = s ? WALL_CLOCK.exec(s) : null;
  const parts = w
    ? { year: +(w[1] ?? 0), month: +(w[2] ?? 0), day: +(w[3] ?? 0), hour: +(w[4] ?? 0), minute: +(w[5] ?? 0) }
    : (() => {
        const date = v instanceof Date ? v : new Date(s as string);
        return Number.isNaN(date.getTime()) ? null : zonedParts(date);
      })();
  if (!parts) return null;
  return new Date(
    Date.UTC(parts.year, parts.month - 1, parts.day, withTime ? parts.hour : 0, withTime ? parts.minute : 0),
  );
}

/** A phone our formatter wrote (+1 (xxx) xxx-xxxx) is safe; anything else is text to escape. */
function phoneCell(v: unknown): string {
  const raw = String(v);
  const formatted = formatPhone(raw);
  return formatted !== raw || /^\+1 \(\d{3}\) \d{3}-\d{4}$/.test(raw) ? formatted : escapeFormula(raw);
}

/**
 * A cell value for the column's kind: numbers stay numbers, exact (a rate of $0.575 is not rounded
 * to cents; only a float's noise goes), dates become dates, phones are formatted, text is escaped.
 */
export function cellValue(kind: ExportColumnKind, v: unknown, forXlsx: boolean): string | number | Date | null {
  if (v === null || v === undefined) return null;
  if (NUMERIC.has(kind)) {
    const n = toNumber(v);
    if (n !== null) return exactNumber(n);
  }
  if (kind === 'date' || kind === 'datetime') {
    if (forXlsx) {
      const d = spreadsheetDate(v, kind === 'datetime');
      if (d) return d;
    } else {
      const text = kind === 'date' ? formatDate(v as string) : formatDateTime(v as string);
      if (text) return text;
    }
  }
  if (kind === 'phone') return phoneCell(v);
  if (v instanceof Date) return forXlsx ? v.toISOString() : formatDateTime(v);
  if (typeof v === 'boolean') return formatCellValue('text', v);
  return escapeFormula(typeof v === 'object' ? JSON.stringify(v) : String(v));
}

/**
 * A cell's number format: the shared formatter's (spreadsheetNumFmt), so the sheet reads each figure
 * as exactly as the screen's tooltip (PPU 3.899 → '#,##0.000', money to the cent or its own decimals).
 */
const numFmtOf = (kind: ExportColumnKind, v: unknown): string | undefined =>
  spreadsheetNumFmt(kind, typeof v === 'number' ? v : undefined);

export const TOTAL_LABEL = 'Total';
/** Rows read before the sheet's columns are written: their text sets the column widths. */
const WIDTH_SAMPLE = 200;
const MIN_WIDTH = 8;
const MAX_WIDTH = 60;

function totalsRow(columns: ExportColumn[], totals: Record<string, number>): (number | string | null)[] {
  return columns.map((c, i) => {
    const t = totals[c.id];
    if (t !== undefined) return exactNumber(t);
    return i === 0 ? TOTAL_LABEL : null;
  });
}

/** How wide a cell reads in characters, as the table would show it. */
const shownLength = (c: ExportColumn, v: unknown) =>
  formatCellValue(c.kind === 'id' ? 'text' : (c.kind ?? 'text'), v).length;

/** A spreadsheet column letter: 1 → A, 27 → AA. */
export function columnLetter(n: number): string {
  let s = '';
  for (let i = n; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(65 + ((i - 1) % 26)) + s;
  return s;
}

/**
 * Uncompressed sheet XML allowed to wait for the zip before rows wait for it. Each queued chunk is
 * an ArrayBuffer that outlives a few young collections, so a longer queue is promoted and freed only
 * when V8's external-memory limit (~64 MB) forces a full collection: at 1M loads the first 100k-row
 * export added +125-134 MB of RSS with 1 MB here and +84-94 MB with 64 KB, at the same speed
 * (interleaved runs).
 */
const ZIP_BACKLOG = 1 << 16;

/** exceljs' streaming workbook writer alone (exceljs 4.4 has no exports map: the path is its file's). */
const XLSX_WRITER_MODULE = 'exceljs/lib/stream/xlsx/workbook-writer.js';

type PipeState = { length: number };
type SheetPipe = {
  _writableState?: PipeState;
  _readableState?: PipeState;
  once(event: string, fn: () => void): unknown;
  removeListener(event: string, fn: () => void): unknown;
};

/**
 * exceljs writes each committed row into the zip's input without waiting for it, so on a fast
 * database a 100,000-row sheet piles up there uncompressed (27 MB and more, +150 MB of RSS). Rows
 * wait here while more than ZIP_BACKLOG is queued. It reads the stream exceljs 4.4 pipes the sheet
 * into; if that is not there (another version), nothing waits.
 */
function zipCaughtUp(sheet: ExcelJS.Worksheet): Promise<void> | undefined {
  const pipe = (sheet as unknown as { stream?: { pipes?: SheetPipe[] } }).stream?.pipes?.[0];
  const queued = (pipe?._writableState?.length ?? 0) + (pipe?._readableState?.length ?? 0);
  if (!pipe || queued <= ZIP_BACKLOG) return undefined;
  return new Promise((resolve) => {
    const done = () => {
      for (const e of ['drain', 'error', 'close']) pipe.removeListener(e, done);
      resolve();
    };
    for (const e of ['drain', 'error', 'close']) pipe.once(e, done);
  });
}

/**
 * XLSX through exceljs' streaming writer: typed cells (numbers, currency, dates), the header row
 * frozen with an auto-filter, widths from the first rows' content, and a totals row whose sums are
 * SUM formulas (with their value cached, so readers without a calculator see it too).
 */
export function createXlsxWriter(path: string, sheetName: string, columns: ExportColumn[]): ExportWriter {
  // exceljs' streaming writer loads with the first spreadsheet, not at start: rows wait in the width
  // sample meanwhile. Only the writer (16 MB of RSS), not the whole library with its readers (25 MB).
  const excel = import(XLSX_WRITER_MODULE).then(
    (m: { default: typeof ExcelJS.stream.xlsx.WorkbookWriter }) => m.default,
  );
  excel.catch(() => {});
  let book: { workbook: ExcelJS.stream.xlsx.WorkbookWriter; sheet: ExcelJS.Worksheet } | undefined;
  let sample: ExportRow[] = [];
  let opening: Promise<typeof book & {}> | undefined;
  let lastRow = 1;
  // Each cell's style as exceljs would make it (its number format), one object per format: exceljs
  // remembers a style by its object, so 100,000 rows cost a few style lookups, not 1.8 million.
  const styles = new Map<string, Partial<ExcelJS.Style>>();
  const noStyle = {};
  const styleOf = (kind: ExportColumnKind, v: unknown): Partial<ExcelJS.Style> => {
    const numFmt = numFmtOf(kind, v);
    if (!numFmt) return noStyle;
    let style = styles.get(numFmt);
    if (!style) {
      style = { numFmt };
      styles.set(numFmt, style);
    }
    return style;
  };

  const writeRow = (sheet: ExcelJS.Worksheet, row: ExportRow) => {
    const values = columns.map((c) => cellValue(c.kind ?? 'text', row[c.id], true));
    const added = sheet.addRow(values);
    added.eachCell({ includeEmpty: true }, (cell, i) => {
      cell.style = styleOf(columns[i - 1]?.kind ?? 'text', values[i - 1]);
    });
    added.commit();
    lastRow++;
  };
  const open = async () => {
    const WorkbookWriter = await excel;
    const workbook = new WorkbookWriter({ filename: path, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(sheetName.slice(0, 31).replace(/[\\/?*[\]:]/g, ' ') || 'Export', {
      views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }],
    });
    // Rows added while exceljs loaded are in the sample too: all of them size the columns.
    const rows = sample;
    sample = [];
    sheet.columns = columns.map((c) => {
      const numFmt = numFmtOf(c.kind ?? 'text', undefined);
      const longest = rows.reduce((m, r) => Math.max(m, shownLength(c, r[c.id])), c.title.length + 3);
      return {
        key: c.id,
        width: Math.min(Math.max(longest + 2, MIN_WIDTH), MAX_WIDTH),
        ...(numFmt ? { style: { numFmt } } : {}),
      };
    });
    const header = sheet.addRow(columns.map((c) => escapeFormula(c.title)));
    header.font = { bold: true };
    header.commit();
    for (const r of rows) writeRow(sheet, r);
    book = { workbook, sheet };
    return book;
  };

  return {
    add(row) {
      if (book) {
        writeRow(book.sheet, row);
        if (lastRow % 256 === 0) return zipCaughtUp(book.sheet);
        return;
      }
      sample.push(row);
      if (sample.length >= WIDTH_SAMPLE) {
        opening ??= open();
        return opening.then(() => {});
      }
    },
    async finish(totals) {
      opening ??= open();
      const { workbook, sheet } = await opening;
      const dataEnd = lastRow;
      sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: Math.max(1, dataEnd), column: columns.length } };
      if (totals && Object.keys(totals).length) {
        const values = totalsRow(columns, totals).map((v, i) => {
          const c = columns[i];
          if (typeof v !== 'number' || c?.footer !== 'sum' || dataEnd < 2) return v;
          const col = columnLetter(i + 1);
          return { formula: `SUM(${col}2:${col}${dataEnd})`, result: v };
        });
        const r = sheet.addRow(values);
        // Each total in its own figure's format (a sum of gallons 1,300.125 is not cut to 1,300).
        r.eachCell({ includeEmpty: true }, (cell, i) => {
          const c = columns[i - 1];
          const t = c ? totals[c.id] : undefined;
          const numFmt = c && typeof t === 'number' ? numFmtOf(c.kind ?? 'text', exactNumber(t)) : undefined;
          cell.style = { ...(numFmt ? { numFmt } : {}), font: { bold: true } };
        });
        r.commit();
      }
      sheet.commit();
      await workbook.commit();
    },
  };
}

const csvField = (v: string | number | Date | null): string => {
  if (v === null) return '';
  const s = v instanceof Date ? formatDateTime(v) : typeof v === 'number' ? String(v) : v;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** Money in a CSV keeps its cents (12.50, not 12.5) and any finer decimals it has (a rate of 0.575). */
const money = (c: ExportColumn | undefined, v: string | number | Date | null) =>
  c?.kind === 'money' && typeof v === 'number' ? plainExact(v, 2) : v;

/**
 * CSV (RFC 4180, CRLF, UTF-8 with a BOM so Excel reads accents): plain text, with numbers as
 * numbers (money with its cents), dates as YYYY-MM-DD and date-times as YYYY-MM-DD HH:mm in
 * America/Chicago, phones formatted.
 */
export function createCsvWriter(path: string, columns: ExportColumn[]): ExportWriter {
  const out: WriteStream = createWriteStream(path);
  const line = (cells: (string | number | Date | null)[]) => `${cells.map(csvField).join(',')}\r\n`;
  const write = async (s: string) => {
    if (!out.write(s)) await once(out, 'drain');
  };
  out.write(`\uFEFF${line(columns.map((c) => escapeFormula(c.title)))}`);
  return {
    add: (row) => write(line(columns.map((c) => money(c, cellValue(c.kind ?? 'text', row[c.id], false))))),
    async finish(totals) {
      if (totals && Object.keys(totals).length)
        await write(line(totalsRow(columns, totals).map((v, i) => money(columns[i], v))));
      out.end();
      await once(out, 'close');
    },
  };
}

/**
 * A whole spreadsheet in memory, for the small ones a route answers or a mail attaches: rows are
 * written through the same streaming writer (formats, totals row) to a temporary file, then read.
 */
export async function xlsxBuffer(
  sheetName: string,
  columns: ExportColumn[],
  rows: Iterable<ExportRow> | AsyncIterable<ExportRow>,
  totals?: () => Promise<Record<string, number>> | Record<string, number>,
): Promise<Buffer> {
  const { randomUUID } = await import('node:crypto');
  const { readFile, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const tmp = join(tmpdir(), `backhaul-sheet-${randomUUID()}.xlsx`);
  try {
    const writer = createXlsxWriter(tmp, sheetName, columns);
    for await (const row of rows) await writer.add(row);
    await writer.finish(totals ? await totals() : undefined);
    return await readFile(tmp);
  } finally {
    await rm(tmp, { force: true });
  }
}
