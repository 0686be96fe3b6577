import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { MAX_SHEET_CELLS, readSheet, type SheetLimits } from './sheet-reader';
import { xlsxParts, zipParts } from './spreadsheet.fixtures';
import { SheetError } from './zip-reader';

const LIMITS: SheetLimits = { maxRows: 5000, cellChars: 1001 };
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

async function excel(rows: unknown[][], opts: { date1904?: boolean } = {}): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  if (opts.date1904) workbook.properties.date1904 = true;
  const sheet = workbook.addWorksheet('First');
  for (const row of rows) sheet.addRow(row);
  workbook.addWorksheet('Second').addRow(['not read']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const problemOf = (p: Promise<unknown>) =>
  p.then(
    () => 'read',
    (err) => (err instanceof SheetError ? err.problem : String(err)),
  );

const sheetXml = (rows: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>${rows}</sheetData></worksheet>`;

describe('sheet reader', () => {
  it('reads the first sheet as exceljs wrote it: shared strings, rich text, dates, times, booleans, formulas', async () => {
    const file = await excel([
      ['Name', 'When', 'Amount', 'Flag', 'Total'],
      ['  Plain  ', new Date(Date.UTC(2026, 0, 5)), 1500.5, true, { formula: 'C2*2', result: 3001 }],
      [
        { richText: [{ text: 'Rich ' }, { font: { bold: true }, text: 'text' }] },
        new Date(Date.UTC(2026, 0, 5, 14, 30)),
        -2,
        false,
      ],
    ]);
    expect(await readSheet({ kind: 'xlsx', data: file }, LIMITS)).toEqual({
      heading: ['Name', 'When', 'Amount', 'Flag', 'Total'],
      rows: [
        { row: 2, cells: ['Plain', '2026-01-05', '1500.5', 'true', '3001'] },
        { row: 3, cells: ['Rich text', '2026-01-05 14:30', '-2', 'false'] },
      ],
      more: false,
    });
  });

  it('reads dates of a workbook in the 1904 date system', async () => {
    const file = await excel([['When'], [new Date(Date.UTC(2026, 2, 1))]], { date1904: true });
    expect((await readSheet({ kind: 'xlsx', data: file }, LIMITS)).rows).toEqual([{ row: 2, cells: ['2026-03-01'] }]);
  });

  it('stops one row past the limit, skips empty rows, drops cells right of the headings and cuts long cells', async () => {
    const rows = [
      '<row r="1"><c r="A1" t="inlineStr"><is><t>A</t></is></c><c r="B1" t="inlineStr"><is><t>B</t></is></c></row>',
      '<row r="2"><c r="A2"><v>1</v></c><c r="XFD2"><v>9</v></c></row>',
      '<row r="3"><c r="C3"><v>7</v></c></row>',
      '<row r="5"><c r="B5" t="inlineStr"><is><t>abcdef</t></is></c></row>',
      '<row r="6"><c r="A6"><v>6</v></c></row>',
      '<row r="7"><c r="A7"><v>7</v></c></row>',
    ].join('');
    const file = zipParts(xlsxParts({ data: sheetXml(rows) }));
    expect(await readSheet({ kind: 'xlsx', data: file }, { maxRows: 3, cellChars: 4 })).toEqual({
      heading: ['A', 'B'],
      rows: [
        { row: 2, cells: ['1'] },
        { row: 5, cells: ['', 'abcd'] },
        { row: 6, cells: ['6'] },
      ],
      more: true,
    });
    const csv = Buffer.from('A,B\r\n1,,,,9\r\n,,7\r\n\r\n,abcdef\r\n6\r\n7\r\n');
    expect(await readSheet({ kind: 'csv', data: csv }, { maxRows: 3, cellChars: 4 })).toEqual({
      heading: ['A', 'B'],
      rows: [
        { row: 2, cells: ['1', ''] },
        { row: 5, cells: ['', 'abcd'] },
        { row: 6, cells: ['6'] },
      ],
      more: true,
    });
  });

  it('expands no entity a DTD declares (no "billion laughs")', async () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE w [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>' +
      `<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c t="inlineStr"><is><t>&b;</t></is></c></row></sheetData></worksheet>`;
    const file = zipParts(xlsxParts({ data: laughs }));
    expect(await problemOf(readSheet({ kind: 'xlsx', data: file }, LIMITS))).toBe('unreadable');
  });

  it('refuses a sheet of more cells than it answers, and a zip that is not one', async () => {
    // Column BXX is the 2,000th: each row is 2,000 cells wide (all but one empty), 1,001 rows pass the limit.
    const row = '<row><c r="BXX"><v>1</v></c></row>';
    const heading = '<row r="1"><c r="BXX1" t="inlineStr"><is><t>h</t></is></c></row>';
    const file = zipParts(xlsxParts({ data: sheetXml(heading + row.repeat(MAX_SHEET_CELLS / 2000)) }));
    expect(await problemOf(readSheet({ kind: 'xlsx', data: file }, LIMITS))).toBe('tooLarge');
    const truncated = file.subarray(0, file.length - 30);
    expect(await problemOf(readSheet({ kind: 'xlsx', data: truncated }, LIMITS))).toBe('unreadable');
  });
});
