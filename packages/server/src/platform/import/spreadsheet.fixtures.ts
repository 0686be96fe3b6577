// Spreadsheets for tests and the bench: a zip written by hand (so a test can make the hostile ones, a
// zip bomb or a sheet cut off half-way) and the few parts an .xlsx needs.
import { constants, crc32, deflateRawSync } from 'node:zlib';

export type ZipPart = {
  name: string;
  data: Buffer | string;
  /** The raw deflate stream to store instead of compressing `data` (a bomb made without its bytes). */
  deflated?: Buffer;
  /** The uncompressed size the zip declares (a zip bomb declares a small one). */
  declaredSize?: number;
};

/** A zip of these parts, deflated (level 1: quick), with a central directory as Excel writes it. */
export function zipParts(parts: readonly ZipPart[]): Buffer {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const data = Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data);
    const body = part.deflated ?? deflateRawSync(data, { level: 1 });
    const size = part.declaredSize ?? data.length;
    const crc = part.deflated ? 0 : crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(body.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    chunks.push(local, name, body);
    central.push(entry, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The parts of a one-sheet workbook around `sheet` (a worksheet part), with shared strings if given. */
export function xlsxParts(sheet: Omit<ZipPart, 'name'>, sharedStrings?: string): ZipPart[] {
  return [
    {
      name: '[Content_Types].xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>${sharedStrings ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' : ''}</Types>`,
    },
    {
      name: '_rels/.rels',
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${RELS}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELS}/worksheet" Target="worksheets/sheet1.xml"/>${sharedStrings ? `<Relationship Id="rId2" Type="${RELS}/sharedStrings" Target="sharedStrings.xml"/>` : ''}</Relationships>`,
    },
    { name: 'xl/worksheets/sheet1.xml', ...sheet },
    ...(sharedStrings ? [{ name: 'xl/sharedStrings.xml', data: sharedStrings }] : []),
  ];
}

/**
 * A worksheet of a heading row and `rows` short rows (shared string 0, a number, a date's text), as the
 * 300,000-row sheet that used to stall the server. `tail` replaces the closing tags (a test cuts the
 * sheet off after its rows: a reader that reads them all fails there). Shared strings: `sharedXml`.
 */
export function longSheetXml(opts: { headings: readonly string[]; rows: number; tail?: string }): string {
  const heading = opts.headings.map((_, i) => `<c t="s"><v>${i + 1}</v></c>`).join('');
  const row = '<row><c t="s"><v>0</v></c><c><v>1250.5</v></c><c t="inlineStr"><is><t>2026-01-05</t></is></c></row>';
  return `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData><row>${heading}</row>${row.repeat(opts.rows)}${opts.tail ?? '</sheetData></worksheet>'}`;
}

/** The shared strings of `longSheetXml`: the rows' text, then the headings. */
export function sharedXml(strings: readonly string[]): string {
  const items = strings.map((s) => `<si><t>${s}</t></si>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}" count="${strings.length}" uniqueCount="${strings.length}">${items}</sst>`;
}

/**
 * A raw deflate stream that unpacks to `prefix` and then `megabytes` MB of spaces, from a few KB: the
 * prefix and one MB compressed once, the MB's blocks repeated (each full flush starts afresh), then a
 * final empty block.
 */
export function spacesBomb(prefix: string, megabytes: number): Buffer {
  const flushed = (data: Buffer) => deflateRawSync(data, { finishFlush: constants.Z_FULL_FLUSH });
  const mb = flushed(Buffer.alloc(1024 * 1024, 0x20));
  return Buffer.concat([
    flushed(Buffer.from(prefix)),
    ...Array.from({ length: megabytes }, () => mb),
    deflateRawSync(Buffer.alloc(0)),
  ]);
}
