import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import ExcelJS from 'exceljs';

export type ExportColumnKind = 'text' | 'money' | 'miles' | 'number' | 'date';
export type ExportColumn = { id: string; title: string; kind?: ExportColumnKind };
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

const NUMERIC: ReadonlySet<ExportColumnKind> = new Set(['money', 'miles', 'number']);

function toNumber(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

/** A cell value for the column's kind: numbers stay numbers, text is escaped, dates become dates. */
export function cellValue(kind: ExportColumnKind, v: unknown, forXlsx: boolean): string | number | Date | null {
  if (v === null || v === undefined) return null;
  if (NUMERIC.has(kind)) {
    const n = toNumber(v);
    if (n !== null) return kind === 'money' ? Math.round(n * 100) / 100 : n;
  }
  if (kind === 'date' && forXlsx) {
    const s = v instanceof Date ? v.toISOString() : String(v);
    const d = /^\d{4}-\d{2}-\d{2}$/.test(s) ? new Date(`${s}T00:00:00Z`) : new Date(s);
    if (!Number.isNaN(d.getTime())) return d;
  }
  if (v instanceof Date) return v.toISOString();
  return escapeFormula(typeof v === 'object' ? JSON.stringify(v) : String(v));
}

const NUM_FMT: Record<ExportColumnKind, string | undefined> = {
  text: undefined,
  money: '"$"#,##0.00;[Red]-"$"#,##0.00',
  miles: '#,##0 "mi"',
  number: '#,##0.##',
  date: 'yyyy-mm-dd',
};

export const TOTAL_LABEL = 'Total';

function totalsRow(columns: ExportColumn[], totals: Record<string, number>): (number | string | null)[] {
  return columns.map((c, i) => {
    const t = totals[c.id];
    if (t !== undefined) return c.kind === 'money' ? Math.round(t * 100) / 100 : t;
    return i === 0 ? TOTAL_LABEL : null;
  });
}

/** XLSX through exceljs' streaming writer: rows are committed as they come, memory stays flat. */
export function createXlsxWriter(path: string, sheetName: string, columns: ExportColumn[]): ExportWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31).replace(/[\\/?*[\]:]/g, ' ') || 'Export');
  sheet.columns = columns.map((c) => {
    const numFmt = NUM_FMT[c.kind ?? 'text'];
    return {
      header: c.title,
      key: c.id,
      width: Math.min(Math.max(c.title.length + 2, 12), 60),
      ...(numFmt ? { style: { numFmt } } : {}),
    };
  });
  sheet.getRow(1).font = { bold: true };
  return {
    add(row) {
      sheet.addRow(columns.map((c) => cellValue(c.kind ?? 'text', row[c.id], true))).commit();
    },
    async finish(totals) {
      if (totals) {
        const r = sheet.addRow(totalsRow(columns, totals));
        r.font = { bold: true };
        r.commit();
      }
      sheet.commit();
      await workbook.commit();
    },
  };
}

const csvField = (v: string | number | Date | null): string => {
  if (v === null) return '';
  const s = v instanceof Date ? v.toISOString() : typeof v === 'number' ? String(v) : v;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** Money in a CSV keeps its cents: 12.50, not 12.5. */
const money = (c: ExportColumn | undefined, v: string | number | Date | null) =>
  c?.kind === 'money' && typeof v === 'number' ? v.toFixed(2) : v;

/** CSV (RFC 4180, CRLF, UTF-8 with a BOM so Excel reads accents). */
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
      if (totals) await write(line(totalsRow(columns, totals).map((v, i) => money(columns[i], v))));
      out.end();
      await once(out, 'close');
    },
  };
}
