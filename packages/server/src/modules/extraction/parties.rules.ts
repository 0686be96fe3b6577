import type { ExtractedField } from '@backhaul/shared/modules/extraction/extraction.contract';
import { columnBlock, rightOf } from './layout.rules';
import type { PdfText, TextCell } from './pdf-text';
import { stopAnchor } from './stops.rules';

/*
 * Who the load is for: the broker's full legal name, MC number, phone and e-mail, and the load
 * number. The carrier's own block (a "Carrier:" line or a CARRIER heading's column) is never read
 * as the broker. The name comes from a broker label or BROKER heading, else the letterhead; a
 * letterhead without its legal ending ("HARBORLINE FREIGHT") takes the longer legal name the same
 * document writes ("Harborline Freight Solutions LLC"), and an all-capitals name its mixed-case spelling.
 */

const CARRIER_LINE = /^carrier\s*(?:name)?\s*:/i;
const CARRIER_HEADING = /^carrier(?:\s+(?:info(?:rmation)?|details))?\s*:?$/i;
const BROKER_HEADING = /^(?:broker|brokerage)(?:\s+(?:info(?:rmation)?|details))?\s*:?$/i;
const BROKER_LABEL = /^(?:broker(?:age)?(?:\s+name)?|brokered\s+by|legal\s+name|issued\s+by)\s*:\s*(.*)$/i;
const SUFFIX = String.raw`LLC|L\.L\.C\.|Inc\.?|Incorporated|Corp\.?|Corporation|Company|Co\.|Ltd\.?|Limited|LLP|LP`;
const LEGAL_NAME = new RegExp(
  String.raw`([A-Z][A-Za-z0-9&'.-]*(?:\s+(?:&\s+)?[A-Z][A-Za-z0-9&'.-]*){0,5}),?\s+(?:${SUFFIX})(?![A-Za-z])`,
  'g',
);
const HAS_SUFFIX = new RegExp(String.raw`(?:^|[\s,])(?:${SUFFIX})\s*$`, 'i');
const MC = /\bMC\s*(?:#|no\b\.?|number)?\s*[:#-]?\s*#?\s*(\d{5,8})\b/i;
const PHONE = /(?:\(\s*(\d{3})\s*\)|\b(\d{3}))[\s.-]*(\d{3})[\s.-](\d{4})\b/;
const EMAIL = /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/;

/** The carrier's cells: a "Carrier:" cell with what follows it on the line, and a CARRIER heading's column. */
export function carrierCells(doc: PdfText): Set<TextCell> {
  const out = new Set<TextCell>();
  doc.lines.forEach((line, li) => {
    line.cells.forEach((cell, ci) => {
      if (CARRIER_LINE.test(cell.text)) {
        out.add(cell);
        let prev = cell;
        for (const next of line.cells.slice(ci + 1)) {
          if (next.x - prev.x2 > 40) break;
          out.add(next);
          prev = next;
        }
      } else if (CARRIER_HEADING.test(cell.text)) {
        out.add(cell);
        const block = columnBlock(doc, li, {
          left: cell.x,
          right: rightOf(doc, line, cell),
          size: cell.size,
          max: 5,
          stop: (_text, cells) => Boolean(stopAnchor(cells[0]?.text ?? '')),
        });
        for (const b of block) for (const c of b.cells) out.add(c);
      }
    });
  });
  return out;
}

const words = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9& ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
const same = (a: string, b: string) => words(a).join(' ') === words(b).join(' ');

const KEEP_UPPER = /^(?:LLC|LLP|LP|PLLC|USA|US|II|III|IV|[A-Z]{1,3}&[A-Z]{1,3})$/;
/** "SOUTHERN CROSS LOGISTICS LLC" → "Southern Cross Logistics LLC". */
export function smartTitle(s: string): string {
  return s.replace(/[A-Za-z][A-Za-z'&]*/g, (w) =>
    KEEP_UPPER.test(w) ? w : `${w.charAt(0).toUpperCase()}${w.slice(1).toLowerCase()}`,
  );
}

const cleanName = (s: string) =>
  s
    .replace(/\s*[|·•].*$/, '')
    .replace(/\s*\(?\b(?:MC|DOT|USDOT)\b.*$/i, '')
    .replace(PHONE, '')
    .replace(/[\s,;:-]+$/, '')
    .trim();

export function findBroker(doc: PdfText, carrier: Set<TextCell>, firstStopY: number) {
  const free = (c: TextCell) => !carrier.has(c);
  let name: ExtractedField = { value: null, confidence: 0 };
  const brokerCells = new Set<TextCell>();
  doc.lines.forEach((line, li) => {
    line.cells.forEach((cell, ci) => {
      if (name.value || !free(cell)) return;
      const label = BROKER_LABEL.exec(cell.text);
      if (label) {
        const value = cleanName(label[1] || line.cells[ci + 1]?.text || '');
        if (value) {
          name = { value, confidence: 0.95 };
          brokerCells.add(cell);
        }
      } else if (BROKER_HEADING.test(cell.text)) {
        const block = columnBlock(doc, li, { left: cell.x, right: rightOf(doc, line, cell), size: cell.size, max: 5 });
        const first = block[0]?.cells[0];
        if (first && /[A-Za-z]{3}/.test(first.text)) {
          name = { value: cleanName(first.text), confidence: 0.95 };
          for (const b of block) for (const c of b.cells) brokerCells.add(c);
        }
      }
    });
  });

  const looksLikeRc = doc.lines.some((l) =>
    /rate\s+con|load\s+con|carrier\s+con|load\s+tender|\bbroker\b|\bshipper\b|consignee|pick\s*-?\s*up|line\s*haul/i.test(
      l.text,
    ),
  );
  // The document's legal names (a name ending in LLC, Inc, Co, …), the carrier's left out.
  const legal: Array<{ text: string; line: number }> = [];
  doc.lines.forEach((line, li) => {
    for (const cell of line.cells.filter(free)) {
      for (const m of cell.text.matchAll(LEGAL_NAME)) legal.push({ text: m[0].replace(/[\s,]+$/, ''), line: li });
    }
  });
  if (!name.value) {
    const top = Math.min(firstStopY, doc.height * 0.3);
    const candidates = doc.lines
      .filter((l) => l.page === 1 && l.y < top)
      .flatMap((l) => l.cells)
      .filter(
        (c) =>
          free(c) &&
          /[A-Za-z]{3}/.test(c.text) &&
          !/confirmation|tender|agreement|^rate\b|^load\b|^date\b|^page\b|^to\b|^carrier|^shipper|^consignee|@|\d{3}/i.test(
            c.text,
          ) &&
          c.text.length <= 60,
      )
      .sort((a, b) => b.size - a.size || a.y - b.y);
    const head = candidates[0];
    if (head) {
      const value = cleanName(head.text);
      name = { value, confidence: looksLikeRc ? (HAS_SUFFIX.test(value) ? 0.7 : 0.5) : 0.3 };
    }
  }
  if (typeof name.value === 'string' && name.confidence < 0.95) {
    // The letterhead's brand → the longest legal name that starts with the same word.
    const lead = words(name.value)[0];
    const longer = legal
      .filter((l) => words(l.text)[0] === lead && words(l.text).length >= words(name.value as string).length)
      .sort((a, b) => words(b.text).length - words(a.text).length)[0];
    if (longer && !same(longer.text, name.value)) name = { value: longer.text, confidence: 0.8 };
  }
  if (typeof name.value === 'string' && name.value === name.value.toUpperCase()) {
    const upper = name.value;
    const mixed = legal.find((l) => same(l.text, upper) && l.text !== l.text.toUpperCase());
    name = { ...name, value: mixed?.text ?? smartTitle(upper) };
  }

  // The MC beside the broker's name (its block, its label's line, its legal name's line), else the first free one.
  const nameLines = new Set(
    legal.filter((l) => typeof name.value === 'string' && same(l.text, name.value)).map((l) => l.line),
  );
  const mcs: Array<{ value: string; score: number; index: number }> = [];
  let index = 0;
  doc.lines.forEach((line, li) => {
    for (const cell of line.cells) {
      index++;
      if (!free(cell)) continue;
      const m = MC.exec(cell.text);
      if (!m?.[1]) continue;
      const score =
        brokerCells.has(cell) || line.cells.some((c) => brokerCells.has(c))
          ? 3
          : nameLines.has(li) || /broker\s*mc/i.test(cell.text)
            ? 2
            : 1;
      mcs.push({ value: m[1], score, index });
    }
  });
  const mcBest = mcs.sort((a, b) => b.score - a.score || a.index - b.index)[0];
  const mc: ExtractedField = mcBest ? { value: mcBest.value, confidence: mcBest.score > 1 ? 0.95 : 0.85 } : none;

  const pick = (re: RegExp, format: (m: RegExpExecArray) => string): ExtractedField => {
    const cells = doc.lines.flatMap((l) => l.cells).filter(free);
    const ordered = [...cells.filter((c) => brokerCells.has(c)), ...cells];
    for (const cell of ordered) {
      const m = re.exec(cell.text);
      if (m) return { value: format(m), confidence: cell.y < doc.height * 0.25 || brokerCells.has(cell) ? 0.9 : 0.7 };
    }
    return none;
  };
  const phone = pick(PHONE, (m) => `${m[1] ?? m[2]}${m[3]}${m[4]}`);
  const email = pick(EMAIL, (m) => m[0].toLowerCase());
  return { name, mc, phone, email, looksLikeRc };
}

const none: ExtractedField = { value: null, confidence: 0 };

/** The broker's load number: "Load #", "Order", "Tender #", "Load ID", else a confirmation number. */
export function findLoadNumber(text: string): ExtractedField {
  const value = String.raw`((?=[A-Z0-9-]*\d)[A-Z0-9][A-Z0-9-]{2,})`;
  const strong = new RegExp(
    String.raw`\b(?:load|order|shipment|tender)\s*(?:#|no\b\.?|num(?:ber)?\b|id\b)?\s*:?\s*#?\s*${value}`,
    'i',
  ).exec(text);
  if (strong?.[1]) return { value: strong[1].toUpperCase(), confidence: 0.95 };
  const weak = new RegExp(
    String.raw`\b(?:confirmation|conf\.?|trip)\s*(?:#|no\b\.?|num(?:ber)?\b)\s*:?\s*#?\s*${value}`,
    'i',
  ).exec(text);
  return weak?.[1] ? { value: weak[1].toUpperCase(), confidence: 0.6 } : none;
}
