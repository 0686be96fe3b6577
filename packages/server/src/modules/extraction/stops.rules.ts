import type { ExtractedStop, ExtractedStopField } from '@backhaul/shared/modules/extraction/extraction.contract';
import { type BlockLine, columnBlock, rightOf } from './layout.rules';
import type { PdfText, TextCell, TextLine } from './pdf-text';
import { findReferences, referenceText } from './references.rules';
import { findDate, findWhen } from './when.rules';

/*
 * Stops: a label cell ("Pick Up", "Shipper 1:", "Stop 2 (Drop)", "Consignee", "PU", "DEL") and what
 * belongs to it, read four ways: a table row under a header row (rows may run over several lines;
 * each cell is read under its header, so an "Appt To" column is the window's end); a label with its
 * values beside it in a column of their own; the block of lines under a heading in its column; or
 * the label's own line. With no label at all (letters), a city/state/zip in the running text typed by
 * the stop word before it. Confidence: 0.95 a labelled stop, 0.6 one read from running text.
 */

const STATES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA PR RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  ),
);
const STOP_WORD = String.raw`pick\s*-?\s*up|pickup|shipper|origin|load\s+at|consignee|receiver|delivery|deliver\s+to|drop(?:\s*-?\s*off)?|destination|stop[\s-]*off`;
const NUMBERED = String.raw`^(?:stop\s*#?\s*\d+\s*[-–:.(]?\s*)?`;
/** A stop label leading a cell, and what follows it ("Shipper: Acme Foods" → "Acme Foods"). */
const STOP_LABEL = new RegExp(String.raw`${NUMBERED}(${STOP_WORD})(?:\s*#?\s*\d+)?\)?(?![A-Za-z])\s*:?\s*(.*)$`, 'i');
/** Short labels only when they are the whole cell ("PU", "DEL 2", "Stop 1 (Pick)"). */
const SHORT_LABEL = new RegExp(String.raw`${NUMBERED}(pu|del|pick|drop)(?:\s*#?\s*\d+)?\)?\s*:?$`, 'i');
/** Words after a stop word that make it a field label ("Pickup Date", "Delivery #"), not a stop. */
const NOT_A_STOP =
  /^(?:date|time|hours|appt|appointment|instructions|notes?|number|no\.?|num|#|window|info|address|location|contact|phone|ref|reference|city|(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b|\d{1,2}[/:-]\d)/i;
const BLOCK_END =
  /^(?:rate|charges|equipment|weight|commodity|notes?|instructions|total|line\s*haul|payment|carrier|special|terms|miles|loaded\s+miles|total\s+miles|trailer|product|distance|est\.?\s+weight)\b/i;
const HEADER_WORD =
  /^(?:#|no\.?|stop|type|facility|location|name|address|city|state|zip|date|time|appt|appointment|window|hours|ref|refs|references?|po|pu\s*#|notes?|shipper|consignee|from|to|open|close|earliest|latest|scheduled|arrival)(?![A-Za-z])/i;
// A scan may read the state's I as 1 or its O as 0 ("Cedar Rapids, 1A 52404").
const CSZ = /([A-Za-z][A-Za-z.' -]{0,40}?)\s*,?\s+([A-Z01]{2})[ ,]+(\d{5})(?:-\d{4})?(?!\d)/g;
const FLOW_STOP_WORD =
  /\b(pick\s*-?\s*up|pickup|shipper|origin|load(?:ing)?\s+at|consignee|receiver|deliver\w*|drop(?:\s*-?\s*off)?|destination)\b/gi;

type Anchor = { type: 1 | 2; rest: string };

/** A cell that labels a stop, or null. */
export function stopAnchor(text: string): Anchor | null {
  const short = SHORT_LABEL.exec(text);
  if (short) return { type: stopType(short[1] ?? ''), rest: '' };
  const m = STOP_LABEL.exec(text);
  if (!m) return null;
  const rest = (m[2] ?? '').trim();
  if (NOT_A_STOP.test(rest)) return null;
  // Running text that happens to start with a stop word is no label.
  if (text.length > 70 && !/^[^:]{0,30}:/.test(text)) return null;
  return { type: stopType(m[1] ?? ''), rest };
}

const stopType = (word: string): 1 | 2 => (/^(pick|pu|ship|orig|load)/i.test(word) ? 1 : 2);

type Csz = { index: number; end: number; city: string; state: string; zip: string };

/** City, state and zip occurrences ("Cedar Rapids, IA 52404"), with a real state code. */
export function findCityStateZip(text: string): Csz[] {
  const out: Csz[] = [];
  for (const m of text.matchAll(CSZ)) {
    const state = (m[2] ?? '').replace(/1/g, 'I').replace(/0/g, 'O');
    const city = (m[1] ?? '').replace(/^(?:at|in|to|from)\s+/i, '').trim();
    if (!STATES.has(state) || !city || /^(?:at|in|to|from)$/i.test(city)) continue;
    out.push({ index: m.index ?? 0, end: (m.index ?? 0) + m[0].length, city, state, zip: m[3] ?? '' });
  }
  return out;
}

const title = (s: string) =>
  s === s.toUpperCase()
    ? s.toLowerCase().replace(/(^|[\s-])([a-z])/g, (_m, a: string, b: string) => a + b.toUpperCase())
    : s;

/** One stop from its lines (label remainder first): facility, street, city line, date, time, window, references. */
export function parseStop(type: 1 | 2, lines: string[], base: number, docDate: string | null): ExtractedStop | null {
  const refs = findReferences(lines.join('   '));
  // Reference values are no times or places.
  const clean = lines.map((l) =>
    findReferences(l).reduce((t, r) => `${t.slice(0, r.index)}${' '.repeat(r.end - r.index)}${t.slice(r.end)}`, l),
  );
  const cszLine = clean.findIndex((l) => findCityStateZip(l).length > 0);
  if (cszLine < 0) return null;
  const line = clean[cszLine] ?? '';
  const csz = findCityStateZip(line)[0] as Csz;
  const before = [...clean.slice(0, cszLine), line.slice(0, csz.index)]
    .flatMap((l) => l.split(/\s*,\s*|\s{3,}/))
    .map((l) => l.replace(/^(?:name|facility|location|address)\s*:\s*/i, '').trim())
    .filter((l) => l && !findDate(l));
  const address = before.find((l) => /^\d+\s+\S/.test(l)) ?? null;
  const facility = before.find((l) => l !== address && /[A-Za-z]{2}/.test(l)) ?? null;
  const after = [line.slice(csz.end), ...clean.slice(cszLine + 1)].join('   ');
  const when = findWhen(after, docDate, findDate(clean.join('   '), docDate));
  const date = when.date;
  const time = when.time;
  const windowEnd = when.endTime;
  const atEnd = when.endDate && windowEnd ? `${when.endDate} ${windowEnd}` : '';
  const window = windowEnd ? `${when.fcfs ? 'FCFS ' : ''}${time}-${windowEnd}` : when.fcfs ? 'FCFS' : null;
  const inferred = base < 0.9 ? base : 0.7;
  const reference = referenceText(refs);
  return {
    type,
    facility: facility ? title(facility) : null,
    address: address ? title(address) : null,
    city: title(csz.city),
    state: csz.state,
    zip: csz.zip,
    date,
    time,
    window,
    window_end: windowEnd,
    at: date ? `${date}${time ? ` ${time}` : ''}` : '',
    at_end: atEnd,
    reference,
    references: refs.map(({ label, value }) => ({ label, value })),
    confidence: {
      facility: facility ? inferred : 0,
      address: address ? inferred : 0,
      city: base,
      state: base,
      zip: base,
      date: date ? Math.min(base, 0.9) : 0,
      time: time || window ? Math.min(base, 0.85) : 0,
      at_end: atEnd ? Math.min(base, 0.85) : 0,
      reference: reference ? Math.min(base, 0.9) : 0,
    } satisfies Record<ExtractedStopField, number>,
  };
}

/** The header row over a table of stops: three or more cells, two of them header words, above the row's table. */
function headerAbove(doc: PdfText, li: number): TextLine | null {
  const line = doc.lines[li];
  for (let k = li - 1; k >= Math.max(0, li - 24); k--) {
    const above = doc.lines[k];
    if (!above || !line || above.page !== line.page || BLOCK_END.test(above.cells[0]?.text ?? '')) return null;
    const words = above.cells.filter((c) => HEADER_WORD.test(c.text)).length;
    if (above.cells.length >= 3 && words >= 2 && above.cells.every((c) => c.text.length <= 30 && !/\d/.test(c.text)))
      return above;
  }
  return null;
}

/** A table row (one or more lines) read column by column under its header. */
function tableRow(doc: PdfText, li: number, anchor: TextCell, header: TextLine): string[] {
  const columns = [...header.cells].sort((a, b) => a.x - b.x);
  const firstData = columns.find((h) => h.x > anchor.x2 - 2)?.x ?? anchor.x2;
  const start = doc.lines[li] as TextLine;
  const rows: TextLine[] = [start];
  let lastY = start.y;
  for (const line of doc.lines.slice(li + 1)) {
    if (line.page !== start.page || line.y - lastY > Math.max(14, start.cells[0]?.size ?? 9) * 2.2) break;
    if (line.cells.some((c) => c.x < firstData - 4) || BLOCK_END.test(line.cells[0]?.text ?? '')) break;
    if (rows.length >= 6) break;
    rows.push(line);
    lastY = line.y;
  }
  const byColumn = new Map<TextCell, string[]>();
  for (const row of rows) {
    const perLine = new Map<TextCell, string[]>();
    for (const cell of row.cells) {
      if (cell.x < firstData - 4) continue;
      const column = columns.filter((h) => h.x <= cell.x + 8).at(-1) ?? columns[0];
      if (!column) continue;
      perLine.set(column, [...(perLine.get(column) ?? []), cell.text]);
    }
    for (const [column, texts] of perLine) byColumn.set(column, [...(byColumn.get(column) ?? []), texts.join('  ')]);
  }
  const out: string[] = [];
  for (const column of columns) {
    const texts = byColumn.get(column);
    if (!texts?.length) continue;
    const head = column.text;
    // An "Appt To" / "Close" column is the window's end; a "PO #" column's numbers are POs.
    if (/\b(?:to|close|latest|end)\b/i.test(head) && !/\b(?:from|open|earliest|start)\b/i.test(head)) {
      texts[0] = `to ${texts[0]}`;
    } else if (/^(?:po|bol|pu|del|appt|pro)\b/i.test(head)) {
      for (const [i, t] of texts.entries()) if (!findReferences(t).length) texts[i] = `${head} ${t}`;
    }
    out.push(...texts);
  }
  return out;
}

/** A label whose values stand beside it, in a column of their own ("Shipper 1:   Reno Aggregate Supply"). */
function besideBlock(doc: PdfText, li: number, anchor: TextCell): BlockLine[] | null {
  const line = doc.lines[li] as TextLine;
  const next = line.cells.find((c) => c.x > anchor.x2);
  const below = doc.lines[li + 1];
  if (!next || next.x - anchor.x2 > 140 || stopAnchor(next.text) || !below || below.page !== line.page) return null;
  const aligned = below.cells.some((c) => Math.abs(c.x - next.x) < 8);
  const underLabel = below.cells.some((c) => Math.abs(c.x - anchor.x) < 8);
  if (!aligned || underLabel) return null;
  const right = line.cells.find((c) => c.x > next.x2 + 8)?.x ?? doc.width;
  const first: BlockLine = { line, cells: [next], text: next.text };
  const rest = columnBlock(doc, li, {
    left: next.x,
    right,
    size: next.size,
    stop: (text, _cells, l) => l.cells.some((c) => c.x < next.x - 12) || BLOCK_END.test(text),
  });
  return [first, ...rest];
}

/** Stops led by a label cell, in reading order. */
function stopsFromLabels(doc: PdfText, skip: Set<TextCell>, docDate: string | null) {
  const found: Array<{ stop: ExtractedStop; order: number }> = [];
  doc.lines.forEach((line, li) => {
    line.cells.forEach((cell, ci) => {
      if (skip.has(cell)) return;
      const anchor = stopAnchor(cell.text);
      if (!anchor) return;
      const order = line.page * 10_000 + line.y + cell.x / 1000;
      const rest = line.cells.slice(ci + 1).filter((c) => !stopAnchor(c.text));
      const header = rest.length ? headerAbove(doc, li) : null;
      let lines: string[];
      if (header) {
        lines = [anchor.rest, ...tableRow(doc, li, cell, header)];
      } else if (findCityStateZip(anchor.rest).length || rest.some((c) => findCityStateZip(c.text).length)) {
        const more = columnBlock(doc, li, {
          left: cell.x,
          right: rightOf(doc, line, cell),
          size: cell.size,
          max: 3,
          stop: (text, cells) => Boolean(stopAnchor(cells[0]?.text ?? '')) || BLOCK_END.test(text),
        });
        lines = [anchor.rest, ...rest.map((c) => c.text), ...more.map((b) => b.text)];
      } else {
        const beside = anchor.rest ? null : besideBlock(doc, li, cell);
        const block =
          beside ??
          columnBlock(doc, li, {
            left: cell.x,
            right: rightOf(doc, line, cell),
            size: cell.size,
            stop: (text, cells) => Boolean(stopAnchor(cells[0]?.text ?? '')) || BLOCK_END.test(text),
          });
        lines = [anchor.rest, ...block.map((b) => b.text)];
      }
      const stop = parseStop(anchor.type, lines.filter(Boolean), 0.95, docDate);
      if (stop) found.push({ stop, order });
    });
  });
  return found.sort((a, b) => a.order - b.order).map((f) => f.stop);
}

/** Letters: a city/state/zip in the running text, typed by the stop word before it. */
function stopsFromRunningText(text: string, docDate: string | null): ExtractedStop[] {
  const stops: ExtractedStop[] = [];
  const all = findCityStateZip(text);
  let previousEnd = 0;
  all.forEach((csz, i) => {
    const window = text.slice(Math.max(previousEnd, csz.index - 250), csz.index);
    const words = [...window.matchAll(FLOW_STOP_WORD)];
    const word = words.at(-1);
    previousEnd = csz.end;
    if (!word) return;
    const lead = window.slice((word.index ?? 0) + word[0].length).replace(/^\s*(?:to|at|from)?\s*:?\s*/i, '');
    const next = all[i + 1]?.index ?? text.length;
    const tail = text.slice(csz.end, Math.min(next, csz.end + 160));
    // The stop's sentence: up to the next stop word or the sentence's end.
    const sentence = tail.search(/\.\s+(?=[A-Z])/);
    const nextWord = [tail.search(FLOW_STOP_WORD), sentence >= 0 ? sentence + 1 : -1]
      .filter((i) => i > 0)
      .sort((a, b) => a - b)[0];
    const stop = parseStop(
      stopType(word[1] ?? ''),
      [`${lead}${text.slice(csz.index, csz.end)}`, nextWord ? tail.slice(0, nextWord) : tail],
      0.6,
      docDate,
    );
    if (stop) stops.push({ ...stop, confidence: { ...stop.confidence, facility: stop.facility ? 0.5 : 0 } });
  });
  return stops;
}

export function findStops(doc: PdfText, skip: Set<TextCell>, docDate: string | null): ExtractedStop[] {
  const labelled = stopsFromLabels(doc, skip, docDate);
  const unique = labelled.filter(
    (s, i) =>
      !labelled.slice(0, i).some((o) => o.type === s.type && o.zip === s.zip && o.date === s.date && o.time === s.time),
  );
  if (unique.length) return unique;
  return stopsFromRunningText(
    doc.lines
      .filter((l) => !l.cells.every((c) => skip.has(c)))
      .map((l) => l.text)
      .join(' '),
    docDate,
  );
}

/** The line of the first stop label, for the letterhead's reach. */
export const firstStopLine = (doc: PdfText): TextLine | undefined =>
  doc.lines.find((l) => l.cells.some((c) => stopAnchor(c.text)));
