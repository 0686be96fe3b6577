import { IMPORT_MSG } from '@backhaul/shared/import/import.contract';
import type ExcelJS from 'exceljs';
import { AppError } from '../errors';

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

/** UTF-8, or Windows-1252 when the bytes are not UTF-8 (a CSV saved by an older Excel). */
export function decodeText(data: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell as text: dates as YYYY-MM-DD (and HH:mm when they carry a time), numbers unformatted. */
function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value instanceof Date) {
    // exceljs reads a date cell as that wall-clock time in UTC.
    const day = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    const h = value.getUTCHours();
    const m = value.getUTCMinutes();
    return h || m ? `${day} ${pad(h)}:${pad(m)}` : day;
  }
  if (typeof value === 'number') return String(value);
  return cell.text ?? '';
}

async function readXlsx(data: Buffer): Promise<string[][]> {
  // exceljs (~25 MB) loads with the first spreadsheet, not at start.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
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
    for (let c = 1; c <= r.cellCount; c++) cells.push(cellText(r.getCell(c)));
    rows[n - 1] = cells;
  });
  return Array.from(rows, (r) => r ?? []);
}

/** The first sheet of an .xlsx, or a .csv, as rows of cell text. */
export async function readSpreadsheet(file: { kind: 'xlsx' | 'csv'; data: Buffer }): Promise<string[][]> {
  return file.kind === 'xlsx' ? readXlsx(file.data) : parseCsv(decodeText(file.data));
}
