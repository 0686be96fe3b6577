import { createInflateRaw } from 'node:zlib';

/** Why a spreadsheet could not be read; the import answers each with its message on `file`. */
export type SheetProblem = 'unreadable' | 'tooLarge' | 'empty';

export class SheetError extends Error {
  constructor(readonly problem: SheetProblem) {
    super(`spreadsheet: ${problem}`);
  }
}

export type ZipEntry = { name: string; method: number; compressedSize: number; headerOffset: number };

/** What may still be inflated, in bytes, over every entry a file's read opens (see MAX_XML_BYTES). */
export type ZipBudget = { left: number };

const EOCD = 0x06054b50;
const EOCD64 = 0x06064b50;
const EOCD64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const SATURATED = 0xffffffff;

const unreadable = () => new SheetError('unreadable');

/** The entry's name as a lookup key: OOXML part names compare without case and without a leading '/'. */
export const partKey = (name: string) => name.replace(/\\/g, '/').replace(/^\/+/, '').toLowerCase();

function u64(data: Buffer, at: number): number {
  const n = data.readBigUInt64LE(at);
  if (n > BigInt(Number.MAX_SAFE_INTEGER)) throw unreadable();
  return Number(n);
}

/**
 * The zip's central directory, by part key. Sizes come from the directory (a streamed zip leaves
 * them out of the local headers); the uncompressed sizes it declares are not trusted: `inflateEntry`
 * counts what it actually inflates.
 */
export function readZipDirectory(data: Buffer): Map<string, ZipEntry> {
  let eocd = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i--) {
    if (data.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw unreadable();
  let count = data.readUInt16LE(eocd + 10);
  let start = data.readUInt32LE(eocd + 16);
  if (start === SATURATED || count === 0xffff) {
    const locator = eocd - 20;
    if (locator < 0 || data.readUInt32LE(locator) !== EOCD64_LOCATOR) throw unreadable();
    const at = u64(data, locator + 8);
    if (at + 56 > data.length || data.readUInt32LE(at) !== EOCD64) throw unreadable();
    count = u64(data, at + 32);
    start = u64(data, at + 48);
  }
  const entries = new Map<string, ZipEntry>();
  let pos = start;
  for (let i = 0; i < count; i++) {
    if (pos + 46 > data.length || data.readUInt32LE(pos) !== CENTRAL) throw unreadable();
    const flags = data.readUInt16LE(pos + 8);
    const nameLength = data.readUInt16LE(pos + 28);
    const extraLength = data.readUInt16LE(pos + 30);
    const commentLength = data.readUInt16LE(pos + 32);
    const name = data.toString('utf8', pos + 46, pos + 46 + nameLength);
    let compressedSize = data.readUInt32LE(pos + 20);
    let headerOffset = data.readUInt32LE(pos + 42);
    // Zip64: the saturated fields are in the 0x0001 extra field, in the order size, compressed size, offset.
    if (compressedSize === SATURATED || headerOffset === SATURATED || data.readUInt32LE(pos + 24) === SATURATED) {
      const extra = data.subarray(pos + 46 + nameLength, pos + 46 + nameLength + extraLength);
      for (let e = 0; e + 4 <= extra.length; e += 4 + extra.readUInt16LE(e + 2)) {
        if (extra.readUInt16LE(e) !== 1) continue;
        let at = e + 4;
        const next = () => {
          if (at + 8 > extra.length) throw unreadable();
          at += 8;
          return u64(extra, at - 8);
        };
        if (data.readUInt32LE(pos + 24) === SATURATED) next();
        if (compressedSize === SATURATED) compressedSize = next();
        if (headerOffset === SATURATED) headerOffset = next();
      }
    }
    // An encrypted entry cannot be read without its password.
    if (!(flags & 1))
      entries.set(partKey(name), { name, method: data.readUInt16LE(pos + 10), compressedSize, headerOffset });
    pos += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Tells `inflateEntry` to stop: the caller has read what it needs. */
export const STOP = true;

/**
 * Inflates one entry as UTF-8 text, piece by piece, into `onText` (which answers STOP when it has
 * read enough). Every inflated byte is taken from `budget`; past it the read stops with 'tooLarge',
 * whatever size the zip declared (a zip bomb declares a small one).
 */
export function inflateEntry(
  data: Buffer,
  entry: ZipEntry,
  budget: ZipBudget,
  onText: (text: string) => boolean | undefined,
): Promise<void> {
  const at = entry.headerOffset;
  if (at + 30 > data.length || data.readUInt32LE(at) !== LOCAL) return Promise.reject(unreadable());
  const begin = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
  const body = data.subarray(begin, begin + entry.compressedSize);
  if (body.length !== entry.compressedSize) return Promise.reject(unreadable());
  if (entry.method !== 0 && entry.method !== 8) return Promise.reject(unreadable());
  const decoder = new TextDecoder('utf-8');
  // Takes one inflated piece; true when the read is over (enough read, or the budget spent).
  const take = (piece: Uint8Array): boolean => {
    budget.left -= piece.length;
    if (budget.left < 0) throw new SheetError('tooLarge');
    return onText(decoder.decode(piece, { stream: true })) === STOP;
  };
  const PIECE = 64 * 1024;
  if (entry.method === 0) {
    return new Promise((resolve, reject) => {
      try {
        for (let i = 0; i < body.length; i += PIECE) if (take(body.subarray(i, i + PIECE))) return resolve();
        onText(decoder.decode());
        resolve();
      } catch (err) {
        reject(err);
      }
    });
  }
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw({ chunkSize: PIECE });
    let settled = false;
    const finish = (err?: unknown) => {
      if (settled) return;
      settled = true;
      inflate.destroy();
      if (err) reject(err);
      else resolve();
    };
    inflate.on('data', (piece: Buffer) => {
      if (settled) return;
      try {
        if (take(piece)) finish();
      } catch (err) {
        finish(err);
      }
    });
    inflate.on('end', () => {
      try {
        onText(decoder.decode());
        finish();
      } catch (err) {
        finish(err);
      }
    });
    inflate.on('error', () => finish(unreadable()));
    inflate.end(body);
  });
}
