import { PassThrough } from 'node:stream';
import { fixedNumFmt, spreadsheetNumFmt } from '@backhaul/shared/formats/formats';
import { IFTA_GALLONS_NUM_FMT, IFTA_RATE_NUM_FMT } from '@backhaul/shared/modules/ifta/ifta.contract';
import type ExcelJS from 'exceljs';
import { columnLetter, escapeFormula } from '../../platform/export/export-writers';

/**
 * A column of an IFTA workbook. `numFmt` is the return's own precision (gallons `#,##0.000`, rates
 * `"$"#,##0.0000` in $/gal), which the platform's export kinds (2 decimals) do not have; `sum` writes a SUM formula
 * in the totals row, else the totals row carries the given figure as it is.
 */
export type SheetColumn = { id: string; title: string; numFmt?: string; sum?: boolean; width?: number };
export type Sheet = {
  name: string;
  columns: SheetColumn[];
  rows: ReadonlyArray<Record<string, unknown>>;
  /** A bold totals row ('Total' in the first column): figures by column id. */
  totals?: Record<string, number | string>;
};

/** The shared formatter's formats: gallons to 3 decimals, rates in $/gal to 4, as on screen and on paper. */
export const GALLONS_FMT = IFTA_GALLONS_NUM_FMT;
export const RATE_FMT = IFTA_RATE_NUM_FMT;
export const MILES_FMT = fixedNumFmt(0);
export const MONEY_FMT = spreadsheetNumFmt('money', 0) as string;

/** exceljs' streaming writer alone, as the platform's export loads it (no exports map in exceljs 4.4). */
const WRITER_MODULE = 'exceljs/lib/stream/xlsx/workbook-writer.js';

const cell = (v: unknown) => (typeof v === 'string' ? escapeFormula(v) : v === undefined ? null : v);

/**
 * Several sheets in one workbook (the platform's writer makes one): the return with its summary,
 * the audit file's distance records, fuel receipts and totals. Header row bold and frozen, numbers
 * as numbers in their formats, widths from the content.
 */
export async function workbookBuffer(sheets: Sheet[]): Promise<Buffer> {
  const { default: WorkbookWriter } = (await import(WRITER_MODULE)) as {
    default: typeof ExcelJS.stream.xlsx.WorkbookWriter;
  };
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const finished = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const book = new WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  for (const s of sheets) {
    const sheet = book.addWorksheet(s.name.slice(0, 31).replace(/[\\/?*[\]:]/g, ' '), {
      views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }],
    });
    sheet.columns = s.columns.map((c) => {
      const longest = s.rows
        .slice(0, 200)
        .reduce((m, r) => Math.max(m, String(r[c.id] ?? '').length + (c.numFmt ? 4 : 0)), c.title.length + 2);
      return {
        key: c.id,
        width: c.width ?? Math.min(Math.max(longest + 2, 8), 60),
        style: c.numFmt ? { numFmt: c.numFmt } : {},
      };
    });
    const header = sheet.addRow(s.columns.map((c) => escapeFormula(c.title)));
    header.font = { bold: true };
    header.commit();
    for (const r of s.rows) sheet.addRow(s.columns.map((c) => cell(r[c.id]))).commit();
    const last = s.rows.length + 1;
    if (s.totals) {
      const totals = s.totals;
      const row = sheet.addRow(
        s.columns.map((c, i) => {
          const v = totals[c.id];
          if (v === undefined) return i === 0 ? 'Total' : null;
          if (c.sum && typeof v === 'number' && last >= 2) {
            const col = columnLetter(i + 1);
            return { formula: `SUM(${col}2:${col}${last})`, result: v };
          }
          return cell(v);
        }),
      );
      row.font = { bold: true };
      row.commit();
    }
    sheet.commit();
  }
  await book.commit();
  await finished;
  return Buffer.concat(chunks);
}
