import { SaxesParser } from 'saxes';
import { inflateEntry, partKey, readZipDirectory, SheetError, STOP, type ZipBudget, type ZipEntry } from './zip-reader';

/**
 * The most XML one .xlsx may unpack to, over every part the import reads (workbook, relations,
 * styles, the first sheet, shared strings), and the most text the read answers. A sheet of 5,000
 * rows is a few MB of XML; past this the file is refused (a zip bomb unpacks to far more).
 */
export const MAX_XML_BYTES = 50 * 1024 * 1024;
/** The most cells (empty ones between others included) a read answers: 5,000 rows of 400 columns. */
export const MAX_SHEET_CELLS = 2_000_000;
/** Excel's last column (XFD) and row. */
const MAX_COLUMNS = 16_384;
const MAX_ROW = 1_048_576;

/** A row under the heading row, by its number in the sheet (the headings are row 1), with its cell text. */
export type SheetRow = { row: number; cells: string[] };
/**
 * The first sheet as read: the heading row, the rows with any text under it (at most `maxRows`), and
 * whether more followed. Cells are trimmed and cut after `cellChars` characters.
 */
export type Sheet = { heading: string[]; rows: SheetRow[]; more: boolean };
export type SheetLimits = { maxRows: number; cellChars: number };
export type SheetFile = { kind: 'xlsx' | 'csv'; data: Uint8Array };

/** What a parse worker is sent and answers (spreadsheet.worker.ts). */
export type ParseJob = { file: SheetFile; limits: SheetLimits };
export type ParseAnswer = { sheet: Sheet } | { problem: SheetError['problem'] };

/** A cell as read: its text, or a shared string's index (read after the sheet, only the strings used). */
type RawCell = string | number;

/** Gathers rows as a reader finds them and stops the read once there are more than the limit allows. */
class SheetRows {
  heading: RawCell[] = [];
  /** Cells right of the last heading are never imported: they are dropped as they are read. */
  width = MAX_COLUMNS;
  readonly rows: { row: number; cells: RawCell[] }[] = [];
  more = false;
  private first = true;
  private cells = 0;

  constructor(private readonly limits: SheetLimits) {}

  /** Takes a row; false when the read should stop (one row more than the limit). */
  add(row: number, cells: RawCell[]): boolean {
    if (this.first) {
      this.first = false;
      // No row 1: no headings, so nothing under them is read.
      if (row !== 1) this.width = 0;
    }
    if (row === 1) {
      this.heading = cells;
      this.width = cells.length;
    } else {
      if (!cells.some((c) => typeof c === 'number' || c.trim() !== '')) return true;
      if (this.rows.length === this.limits.maxRows) {
        this.more = true;
        return false;
      }
      this.rows.push({ row, cells });
    }
    this.cells += cells.length;
    if (this.cells > MAX_SHEET_CELLS) throw new SheetError('tooLarge');
    return true;
  }

  /** The sheet with shared strings in place, cells trimmed and cut, rows left empty dropped. */
  finish(shared?: ReadonlyMap<number, string>): Sheet {
    let chars = 0;
    const text = (cell: RawCell | undefined): string => {
      const raw = typeof cell === 'number' ? (shared?.get(cell) ?? '') : (cell ?? '');
      const value = raw.trim().slice(0, this.limits.cellChars);
      chars += value.length;
      if (chars > MAX_XML_BYTES) throw new SheetError('tooLarge');
      return value;
    };
    const heading = Array.from(this.heading, text);
    const rows = this.rows
      .map((r) => ({ row: r.row, cells: Array.from(r.cells, text) }))
      .filter((r) => r.cells.some((c) => c !== ''));
    return { heading, rows, more: this.more };
  }

  /** Shared string indexes the cells use. */
  sharedIndexes(): Set<number> {
    const used = new Set<number>();
    for (const cells of [this.heading, ...this.rows.map((r) => r.cells)])
      for (const c of cells) if (typeof c === 'number') used.add(c);
    return used;
  }
}

// ---------- CSV ----------

/** UTF-8, or Windows-1252 when the bytes are not UTF-8 (a CSV saved by an older Excel). */
export function decodeText(data: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}

/**
 * A small RFC 4180 reader (quoted fields, doubled quotes, commas and newlines inside quotes) that
 * hands each record to `onRow` and stops when it answers false. Fields past `width()` are dropped.
 */
export function eachCsvRow(text: string, width: () => number, onRow: (cells: string[]) => boolean): void {
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const push = () => {
    if (row.length < width()) row.push(field);
    field = '';
  };
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
    else if (ch === ',') push();
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      push();
      if (!onRow(row)) return;
      row = [];
    } else field += ch;
  }
  if (field !== '' || row.length) {
    push();
    onRow(row);
  }
}

function readCsv(data: Uint8Array, limits: SheetLimits): Sheet {
  const rows = new SheetRows(limits);
  let n = 0;
  eachCsvRow(
    decodeText(data),
    () => rows.width,
    (cells) => rows.add(++n, cells),
  );
  return rows.finish();
}

// ---------- XLSX ----------

type XmlHandlers = {
  open?: (name: string, attrs: Record<string, string>) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
};

/** Element names without their namespace prefix (`x:row` → `row`): some writers prefix SpreadsheetML. */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

const unreadable = () => new SheetError('unreadable');

/**
 * Streams one XML part through a SAX parser until its end or until `stopped()`. Entities other than
 * XML's own five are refused (saxes does not expand DTD entities), so no entity can expand either.
 */
async function readXml(
  data: Buffer,
  entry: ZipEntry,
  budget: ZipBudget,
  handlers: XmlHandlers,
  stopped: () => boolean = () => false,
): Promise<void> {
  const parser = new SaxesParser({ position: false });
  parser.on('error', () => {
    throw unreadable();
  });
  parser.on('opentag', (tag) => {
    if (!stopped()) handlers.open?.(local(tag.name), tag.attributes as Record<string, string>);
  });
  parser.on('closetag', (tag) => {
    if (!stopped()) handlers.close?.(local(tag.name));
  });
  const onText = handlers.text;
  if (onText) {
    parser.on('text', (t) => {
      if (!stopped()) onText(t);
    });
    parser.on('cdata', (t) => {
      if (!stopped()) onText(t);
    });
  }
  await inflateEntry(data, entry, budget, (text) => {
    parser.write(text);
    return stopped() ? STOP : undefined;
  });
  if (!stopped()) parser.close();
}

type Relation = { type: string; target: string };

const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);

/** A relation's target as a part path: absolute ('/xl/…') or relative to the source part's folder. */
function resolvePart(from: string, target: string): string {
  const parts = target.startsWith('/') ? [] : folderOf(from).split('/').filter(Boolean);
  for (const seg of target.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg && seg !== '.') parts.push(seg);
  }
  return parts.join('/');
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date as text: YYYY-MM-DD, and HH:mm when it carries a time (the wall-clock time the cell shows). */
function dateText(value: Date): string {
  const day = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  const h = value.getUTCHours();
  const m = value.getUTCMinutes();
  return h || m ? `${day} ${pad(h)}:${pad(m)}` : day;
}

/** An Excel serial day number as a date (1900 or 1904 system), as exceljs reads it. */
function serialDate(serial: number, date1904: boolean): string {
  const date = new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));
  return Number.isNaN(date.getTime()) ? String(serial) : dateText(date);
}

/** Built-in number formats that show a date or time (ECMA-376 18.8.30; exceljs' table). */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** A format shows a date or time when, outside quotes and brackets, it has y, m, d, h, s or b (exceljs' rule). */
const isDateFormat = (code: string) => /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

/** The column of a cell reference ("C12" → 3), or null when it has none. */
function columnOf(ref: string): number | null {
  const letters = /^\$?([A-Za-z]{1,3})/.exec(ref)?.[1];
  if (!letters) return null;
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + ch.charCodeAt(0) - 64;
  return n;
}

/**
 * The first sheet of an .xlsx, read as a stream: the zip's directory, the workbook (which sheet,
 * which date system), the styles (which cells are dates), then the sheet until one row past the
 * limit, then only the shared strings those rows use.
 */
async function readXlsx(data: Buffer, limits: SheetLimits): Promise<Sheet> {
  let zip: Map<string, ZipEntry>;
  try {
    zip = readZipDirectory(data);
  } catch (err) {
    throw err instanceof SheetError ? err : unreadable();
  }
  const budget: ZipBudget = { left: MAX_XML_BYTES };
  const part = (path: string) => zip.get(partKey(path));

  const relations = async (path: string) => {
    const rels = new Map<string, Relation>();
    const entry = part(path);
    if (entry)
      await readXml(data, entry, budget, {
        open(name, a) {
          if (name === 'Relationship' && a.Id && a.Target && a.TargetMode !== 'External')
            rels.set(a.Id, { type: a.Type ?? '', target: a.Target });
        },
      });
    return rels;
  };
  const byType = (rels: Map<string, Relation>, type: string) =>
    [...rels.values()].find((r) => r.type.endsWith(`/${type}`));

  const rootRels = await relations('_rels/.rels');
  const workbookPath = resolvePart('', byType(rootRels, 'officeDocument')?.target ?? 'xl/workbook.xml');
  const workbook = part(workbookPath);
  if (!workbook) throw unreadable();
  // The first <sheet> is the first tab (exceljs' worksheets[0]); its r:id names its part.
  const book: { date1904: boolean; sheetId: string | null } = { date1904: false, sheetId: null };
  await readXml(
    data,
    workbook,
    budget,
    {
      open(name, a) {
        if (name === 'workbookPr') book.date1904 = a.date1904 === '1' || a.date1904 === 'true';
        else if (name === 'sheet') {
          const id = Object.keys(a).find((k) => /(^|:)id$/.test(k));
          book.sheetId = id ? (a[id] ?? '') : '';
        }
      },
    },
    () => book.sheetId !== null,
  );
  const { date1904, sheetId } = book;
  if (sheetId === null) throw new SheetError('empty');

  const workbookRels = await relations(
    `${folderOf(workbookPath)}_rels/${workbookPath.slice(folderOf(workbookPath).length)}.rels`,
  );
  const sheetTarget = workbookRels.get(sheetId)?.target;
  const sheet = sheetTarget ? part(resolvePart(workbookPath, sheetTarget)) : undefined;
  if (!sheet) throw unreadable();
  const partOf = (type: string, fallback: string) =>
    part(resolvePart(workbookPath, byType(workbookRels, type)?.target ?? fallback));

  // Styles: which cell formats (the `s` of a cell, an index into cellXfs) show a date.
  const dateStyles: boolean[] = [];
  const stylesPart = partOf('styles', 'styles.xml');
  if (stylesPart) {
    const formats = new Map<number, string>();
    let inCellXfs = false;
    let done = false;
    await readXml(
      data,
      stylesPart,
      budget,
      {
        open(name, a) {
          if (name === 'numFmt' && !inCellXfs) formats.set(Number(a.numFmtId), a.formatCode ?? '');
          else if (name === 'cellXfs') inCellXfs = true;
          else if (name === 'xf' && inCellXfs) {
            const id = Number(a.numFmtId ?? 0);
            const custom = formats.get(id);
            dateStyles.push(id > 0 && (custom ? isDateFormat(custom) : BUILT_IN_DATE_FORMATS.has(id)));
          }
        },
        close(name) {
          if (name === 'cellXfs') done = true;
        },
      },
      () => done,
    );
  }

  const rows = new SheetRows(limits);
  let stop = false;
  let inData = false;
  let rowNo = 0;
  let cells: RawCell[] = [];
  let column = 0;
  let cell: { type: string; style: number; column: number } | null = null;
  let value = '';
  let inValue = false;
  let inInline = false;
  let inPhonetic = false;
  let inText = false;
  await readXml(
    data,
    sheet,
    budget,
    {
      open(name, a) {
        if (name === 'sheetData') inData = true;
        else if (!inData) return;
        else if (name === 'row') {
          rowNo = a.r === undefined ? rowNo + 1 : Number(a.r);
          if (!Number.isInteger(rowNo) || rowNo < 1 || rowNo > MAX_ROW) throw unreadable();
          cells = [];
          column = 0;
        } else if (name === 'c') {
          column = (a.r === undefined ? null : columnOf(a.r)) ?? column + 1;
          cell = { type: a.t ?? 'n', style: Number(a.s ?? 0), column };
          value = '';
        } else if (name === 'v') inValue = true;
        else if (name === 'is') inInline = true;
        else if (name === 'rPh') inPhonetic = true;
        else if (name === 't') inText = true;
      },
      text(t) {
        if (inValue || (inInline && inText && !inPhonetic)) value += t;
      },
      close(name) {
        if (name === 'sheetData') stop = true;
        else if (name === 'v') inValue = false;
        else if (name === 'is') inInline = false;
        else if (name === 'rPh') inPhonetic = false;
        else if (name === 't') inText = false;
        else if (name === 'c' && cell) {
          if (cell.column <= rows.width && value !== '') cells[cell.column - 1] = cellValue(cell, value);
          cell = null;
        } else if (name === 'row' && inData) stop = !rows.add(rowNo, cells);
      },
    },
    () => stop,
  );

  function cellValue(c: { type: string; style: number }, text: string): RawCell {
    switch (c.type) {
      case 's': {
        const index = Number(text);
        return Number.isInteger(index) && index >= 0 ? index : '';
      }
      case 'b':
        return Number(text) !== 0 ? 'true' : 'false';
      case 'str':
      case 'inlineStr':
      case 'e':
        return text;
      case 'd': {
        const date = new Date(text);
        return Number.isNaN(date.getTime()) ? text : dateText(date);
      }
      default: {
        const n = Number.parseFloat(text);
        return dateStyles[c.style] && Number.isFinite(n) ? serialDate(n, date1904) : String(n);
      }
    }
  }

  // Shared strings: only those the rows read use, and no further than the last of them.
  const used = rows.sharedIndexes();
  const sharedPart = used.size ? partOf('sharedStrings', 'sharedStrings.xml') : undefined;
  if (!sharedPart) return rows.finish();
  const last = Math.max(...used);
  const shared = new Map<number, string>();
  const item = { index: -1, open: false, text: '', inText: false, inPhonetic: false };
  await readXml(
    data,
    sharedPart,
    budget,
    {
      open(name) {
        if (name === 'si') Object.assign(item, { index: item.index + 1, open: true, text: '' });
        else if (name === 'rPh') item.inPhonetic = true;
        else if (name === 't') item.inText = true;
      },
      text(t) {
        if (item.open && item.inText && !item.inPhonetic && used.has(item.index)) item.text += t;
      },
      close(name) {
        if (name === 'rPh') item.inPhonetic = false;
        else if (name === 't') item.inText = false;
        else if (name === 'si') {
          item.open = false;
          if (used.has(item.index)) shared.set(item.index, item.text);
        }
      },
    },
    () => item.index > last || (item.index === last && !item.open),
  );
  return rows.finish(shared);
}

/** The first sheet of an .xlsx, or a .csv, read up to the limits. Throws SheetError. */
export async function readSheet(file: SheetFile, limits: SheetLimits): Promise<Sheet> {
  const data = Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength);
  return file.kind === 'xlsx' ? readXlsx(data, limits) : readCsv(data, limits);
}
