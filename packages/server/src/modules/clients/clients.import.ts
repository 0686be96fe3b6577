import {
  IMPORT_FIELDS,
  IMPORT_HEADINGS,
  type ImportField,
  type ImportRow,
} from '@backhaul/shared/modules/clients/clients.contract';
import ExcelJS from 'exceljs';
import { AppError } from '../../platform/errors';

export const IMPORT_MSG = {
  type: 'Upload an .xlsx or .csv file.',
  unreadable: 'The file could not be read as a spreadsheet.',
  headings: 'The first row needs the column headings, at least Carrier.',
  empty: 'The spreadsheet has no rows under its headings.',
  tooMany: (max: number) => `The spreadsheet has more than ${max} rows.`,
} as const;
const MAX_ROWS = 5000;

/** A small RFC 4180 reader: quoted fields, doubled quotes, commas and newlines inside quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

async function readXlsx(data: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw AppError.invalidField('file', IMPORT_MSG.unreadable);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw AppError.invalidField('file', IMPORT_MSG.empty);
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (r, n) => {
    const cells: string[] = [];
    for (let c = 1; c <= r.cellCount; c++) cells.push(r.getCell(c).text ?? '');
    rows[n - 1] = cells;
  });
  return Array.from(rows, (r) => r ?? []);
}

/**
 * Reads a spreadsheet of leads into rows with their sheet row numbers (the heading row is 1).
 * Columns are found by their headings (IMPORT_HEADINGS); unknown columns are ignored.
 */
export async function readLeadSheet(name: string, data: Buffer): Promise<ImportRow[]> {
  const ext = name.toLowerCase().split('.').pop();
  let grid: string[][];
  if (ext === 'xlsx') grid = await readXlsx(data);
  else if (ext === 'csv') grid = parseCsv(data.toString('utf8'));
  else throw AppError.invalidField('file', IMPORT_MSG.type);
  const [heading = [], ...body] = grid;
  const index = new Map<ImportField, number>();
  heading.forEach((h, i) => {
    const text = h.trim().toLowerCase();
    const field = IMPORT_FIELDS.find((f) => IMPORT_HEADINGS[f].includes(text));
    if (field && !index.has(field)) index.set(field, i);
  });
  if (!index.has('carrier')) throw AppError.invalidField('file', IMPORT_MSG.headings);
  const rows: ImportRow[] = [];
  body.forEach((cells, i) => {
    if (cells.every((c) => c.trim() === '')) return;
    const cell = (f: ImportField) => {
      const at = index.get(f);
      return at === undefined ? '' : (cells[at] ?? '').trim();
    };
    rows.push({
      row: i + 2,
      mc: cell('mc'),
      truck_quantity: cell('truck_quantity'),
      carrier: cell('carrier'),
      contact: cell('contact'),
      phone: cell('phone'),
      email: cell('email'),
      comment: cell('comment'),
    });
  });
  if (!rows.length) throw AppError.invalidField('file', IMPORT_MSG.empty);
  if (rows.length > MAX_ROWS) throw AppError.invalidField('file', IMPORT_MSG.tooMany(MAX_ROWS));
  return rows;
}
