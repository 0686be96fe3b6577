// Rows in PostgreSQL's COPY text format to the JSON the list engine answers: the bytes
// JSON.stringify(rows.map(outputRow)) writes, made in one pass over the bytes, with no row objects.
// 'All' on PostgreSQL reads its batches this way (list-copy.ts): at 16,000 rows of 31 columns, pg's
// row parsing and JSON.stringify cost ~450 ms of the main thread; this costs ~30 ms.
import pg from 'pg';

/**
 * How one column's COPY text becomes JSON, as outputRow makes the value pg parsed:
 * - `raw`: int2, int4, oid (the digits);
 * - `int8`: the digits while exact as a JS number, else Number's;
 * - `float`: float4, float8 (JSON.stringify of the parsed number: -0 is 0, NaN and ±Infinity null);
 * - `dollar`: cents to dollars (Number / 100);
 * - `bool`: t / f;
 * - `text`: any type pg leaves as text (text, varchar, numeric, enums, date here: db/client.ts).
 */
export type CopyKind = 'raw' | 'int8' | 'float' | 'dollar' | 'bool' | 'text';

export type CopyColumn = { id: string; kind: CopyKind };

/** What a batch's transcoding needs: each column's key (`{"id":`, `,"id":`) as bytes, and its kind. */
export type CopyPlan = { keys: Uint8Array[]; kinds: CopyKind[]; keyBytes: number };

const INT_OIDS = new Set([21, 23, 26]);
const FLOAT_OIDS = new Set([700, 701]);
const NUMERIC_OIDS = new Set([20, 21, 23, 700, 701, 1700]);
const parserOf = pg.types.getTypeParser as (oid: number, format: 'text') => unknown;
/** pg's parser for a type it does not know: the text as it came. */
const UNPARSED = parserOf(0, 'text');

/**
 * A column's kind from its result type, or null when outputRow would make something else of it
 * (a Date, parsed JSON, an array, a Buffer): such a list keeps the row-by-row path.
 */
export function copyKind(oid: number, dollar: boolean): CopyKind | null {
  if (dollar) return NUMERIC_OIDS.has(oid) ? 'dollar' : null;
  if (oid === 16) return 'bool';
  if (oid === 20) return 'int8';
  if (INT_OIDS.has(oid)) return 'raw';
  if (FLOAT_OIDS.has(oid)) return 'float';
  // A type pg does not parse (its parser is the one for an unknown type), or a date (db/client.ts).
  if (oid === 1082 || parserOf(oid, 'text') === UNPARSED) return 'text';
  return null;
}

export function copyPlan(columns: readonly CopyColumn[]): CopyPlan {
  const keys = columns.map((c, i) => Buffer.from(`${i === 0 ? '{' : ','}${JSON.stringify(c.id)}:`));
  return { keys, kinds: columns.map((c) => c.kind), keyBytes: keys.reduce((s, k) => s + k.length, 0) };
}

const TAB = 9;
const NL = 10;
const BACKSLASH = 92;
const QUOTE = 34;
const HEX = Buffer.from('0123456789abcdef');
const TRUE = Buffer.from('true');
const FALSE = Buffer.from('false');
/** COPY's backslash escapes in text, as JSON writes the character (\v has no short form in JSON). */
const UNESCAPE = new Map<number, number[]>([
  [BACKSLASH, [BACKSLASH, BACKSLASH]],
  [98, [BACKSLASH, 98]], // \b
  [102, [BACKSLASH, 102]], // \f
  [110, [BACKSLASH, 110]], // \n
  [114, [BACKSLASH, 114]], // \r
  [116, [BACKSLASH, 116]], // \t
  [118, [...Buffer.from('\\u000b')]], // \v
]);

const SIMPLE_FLOAT = /^-?\d+(\.\d+)?$/;

/** Writes ASCII text at `o`; answers where it ends. (No closure over the loop's variables: V8 keeps those in registers.) */
function writeAscii(out: Buffer, o: number, s: string): number {
  let at = o;
  for (let j = 0; j < s.length; j++) out[at++] = s.charCodeAt(j);
  return at;
}

/**
 * Integer cents (up to 15 digits) as JavaScript writes cents / 100: below 10^15, the shortest
 * decimal that reads back as that double is the exact quotient, so no float is needed
 * (12345 → 123.45, 120 → 1.2, 5 → 0.05, -700 → -7, 0 → 0).
 */
function writeCentsAsDollars(out: Buffer, o: number, input: Buffer, start: number, end: number): number {
  let at = o;
  let from = start;
  if (input[from] === 45) from++;
  while (from < end - 1 && input[from] === 48) from++; // leading zeros
  const intEnd = end - 2;
  const cents = end - from <= 2;
  if (cents && input[end - 1] === 48 && (end - from === 1 || input[end - 2] === 48)) {
    out[at++] = 48; // zero, with no sign
    return at;
  }
  if (input[start] === 45) out[at++] = 45;
  if (from < intEnd) for (let j = from; j < intEnd; j++) out[at++] = input[j] as number;
  else out[at++] = 48;
  const tens = end - from >= 2 ? (input[end - 2] as number) : 48;
  const ones = input[end - 1] as number;
  if (tens !== 48 || ones !== 48) {
    out[at++] = 46;
    out[at++] = tens;
    if (ones !== 48) out[at++] = ones;
  }
  return at;
}

/** The kinds as small integers for the loop below. */
const KIND_CODE: Record<CopyKind, number> = { text: 0, raw: 1, bool: 2, int8: 3, float: 4, dollar: 5 };

/**
 * COPY text rows (each ending in a newline, fields split by tabs, NULL as \N) to JSON objects
 * joined by commas, without brackets: what rowsJson writes for the same rows; and how many rows.
 * `comma`: the rows follow others (a later piece of the same answer), so the first gets one too.
 * ~2 ns a byte: keys are copied natively (set), text byte by byte with one test for the usual byte.
 */
export function copyToJson(
  input: Buffer,
  plan: CopyPlan,
  opts: { comma?: boolean } = {},
): { json: Buffer; count: number } {
  const { keys, keyBytes } = plan;
  const kinds = plan.kinds.map((k) => KIND_CODE[k]);
  const n = kinds.length;
  let out = Buffer.allocUnsafe(Math.max(4096, Math.ceil(input.length * 1.6)));
  let o = 0;
  let p = 0;
  let count = 0;
  const end = input.length;
  while (p < end) {
    const rowEnd = input.indexOf(NL, p);
    if (rowEnd < 0) throw new Error('COPY data ends inside a row');
    // Room for the keys, the brackets and every byte escaped at its longest (\u00XX).
    const need = o + keyBytes + (rowEnd - p) * 6 + 2 * n + 8;
    if (need > out.length) {
      const grown = Buffer.allocUnsafe(Math.max(need, out.length * 2));
      out.copy(grown, 0, 0, o);
      out = grown;
    }
    if (o > 0 || opts.comma) out[o++] = 44; // ,
    for (let i = 0; i < n; i++) {
      const key = keys[i] as Uint8Array;
      out.set(key, o);
      o += key.length;
      let ch = input[p] as number;
      const kind = kinds[i];
      if (ch === BACKSLASH && input[p + 1] === 78 && (input[p + 2] === TAB || p + 2 === rowEnd)) {
        out[o++] = 110; // null
        out[o++] = 117;
        out[o++] = 108;
        out[o++] = 108;
        p += 2;
        ch = input[p] as number;
      } else if (kind === 0) {
        out[o++] = QUOTE;
        while (ch !== TAB && ch !== NL) {
          if ((ch > QUOTE && ch !== BACKSLASH) || ch === 32 || ch === 33) {
            out[o++] = ch;
          } else if (ch === BACKSLASH) {
            const seq = UNESCAPE.get(input[p + 1] as number);
            if (!seq) throw new Error('Unexpected COPY escape');
            for (const c of seq) out[o++] = c;
            p++;
          } else if (ch === QUOTE) {
            out[o++] = BACKSLASH;
            out[o++] = QUOTE;
          } else {
            // A control character COPY leaves as it is: JSON writes \u00XX.
            out[o++] = BACKSLASH;
            out[o++] = 117;
            out[o++] = 48;
            out[o++] = 48;
            out[o++] = HEX[ch >> 4] as number;
            out[o++] = HEX[ch & 15] as number;
          }
          ch = input[++p] as number;
        }
        out[o++] = QUOTE;
      } else if (kind === 1) {
        while (ch !== TAB && ch !== NL) {
          out[o++] = ch;
          ch = input[++p] as number;
        }
      } else if (kind === 2) {
        const word = ch === 116 ? TRUE : FALSE;
        out.set(word, o);
        o += word.length;
        while (ch !== TAB && ch !== NL) ch = input[++p] as number;
      } else {
        const start = p;
        // Plain: an optional minus, then digits (and for a float, at most a point among them).
        let plain = true;
        let point = -1;
        if (ch === 45) ch = input[++p] as number;
        while (ch !== TAB && ch !== NL) {
          if (ch === 46 && point < 0) point = p;
          else if (ch < 48 || ch > 57) plain = false;
          ch = input[++p] as number;
        }
        const digits = p - start;
        // PostgreSQL writes integers without leading zeros; anything else goes the slow, sure way.
        const lead = input[start] === 45 ? start + 1 : start;
        const canonical = plain && point < 0 && p > lead && (input[lead] !== 48 || p - lead === 1) && digits <= 15;
        if (kind === 3 && canonical && !(lead > start && input[lead] === 48)) {
          for (let j = start; j < p; j++) out[o++] = input[j] as number;
        } else if (kind === 4 && plain && !(digits === 2 && input[start] === 45 && input[start + 1] === 48)) {
          // Shortest round-trip digits, as PostgreSQL (extra_float_digits 1) and JavaScript write them.
          for (let j = start; j < p; j++) out[o++] = input[j] as number;
        } else if (kind === 5 && canonical) {
          o = writeCentsAsDollars(out, o, input, start, p);
        } else {
          const text = input.toString('latin1', start, p);
          let value = text;
          if (kind === 5) value = JSON.stringify(Number(text) / 100);
          else if (kind === 3) value = JSON.stringify(Number(text));
          else if (!SIMPLE_FLOAT.test(text) || text === '-0') value = JSON.stringify(Number.parseFloat(text));
          o = writeAscii(out, o, value);
        }
      }
      // A tab after each field but the last, which ends at the newline.
      if ((ch === NL) !== (i === n - 1) || p > rowEnd) throw new Error(`COPY row has other than ${n} fields`);
      p++;
    }
    out[o++] = 125; // }
    count++;
  }
  return { json: out.subarray(0, o), count };
}

/**
 * The same, for COPY's data as it arrives in pieces that may end inside a row: each piece's whole
 * rows are written at once, the rest waits for the next piece.
 */
export function copyTranscoder(plan: CopyPlan) {
  let tail: Buffer | null = null;
  let rows = 0;
  return {
    push(piece: Buffer): Buffer | null {
      const data = tail ? Buffer.concat([tail, piece]) : piece;
      const cut = data.lastIndexOf(NL) + 1;
      tail = cut < data.length ? Buffer.from(data.subarray(cut)) : null;
      if (cut === 0) return null;
      const { json, count } = copyToJson(data.subarray(0, cut), plan, { comma: rows > 0 });
      rows += count;
      return json;
    },
    /** The rows written; throws when the data ended inside a row. */
    end(): number {
      if (tail) throw new Error('COPY data ends inside a row');
      return rows;
    },
  };
}
