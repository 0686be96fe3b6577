import type { PdfText, TextCell, TextLine } from './pdf-text';

/*
 * What is hauled: equipment, weight, commodity and the document's miles, each read from its label
 * ("Equipment: 53 ft Dry Van", "WT: 41,200 LBS", a header cell with its value under it) and
 * written one way: "53' Dry Van", pounds, the commodity as written, whole miles.
 */

type Labelled = { value: string; confidence: number };

const LABEL_TAIL = String.raw`\.?\s*(?:\([^)]*\))?\s*[:#-]?\s*`;
/** Where a value ends: a wide gap, a bar or slash between fields, or the next "Label:". */
const VALUE_END =
  /\s{2,}|\s+[|/]\s+|\s+(?=(?:(?:loaded|total|gross|est\.?|equipment|trailer|truck|pickup|delivery)\s+)?[A-Za-z][A-Za-z.#/]{0,20}:\s)/i;
const ANY_LABEL =
  /^(?:equipment|equip|trailer|truck\s+type|mode|weight|wt|commodity|product|miles|loaded\s+miles|total\s+miles|mileage|distance|temp|pieces|pallets|hazmat|type|ref|date|time)\b/i;

/**
 * Values after a label, best first: in the same cell ("Weight: 38,500 lbs"), else the next cell on
 * its line (a label column), else the cell under it (a header row over its values).
 */
export function labelledValues(doc: PdfText, label: string, skip?: (line: TextLine) => boolean): Labelled[] {
  // A label starts its cell, follows a wide gap or a bar, or (with its colon) any space: OCR joins
  // "WT: 41,200 LBS   COMMODITY: FRESH PRODUCE" with single spaces.
  const re = new RegExp(
    String.raw`(?:^|\s{2,}|[|/]\s*|\s(?=(?:${label})\b\.?\s*:))(?:${label})\b${LABEL_TAIL}(.*)$`,
    'i',
  );
  const out: Labelled[] = [];
  doc.lines.forEach((line, li) => {
    if (skip?.(line)) return;
    line.cells.forEach((cell, ci) => {
      const m = re.exec(cell.text);
      if (!m) return;
      const own = (m[1] ?? '').split(VALUE_END)[0]?.trim() ?? '';
      const next = line.cells[ci + 1];
      const below = cellBelow(doc.lines, li, cell);
      if (own) out.push({ value: own, confidence: 0.9 });
      else if (next && !ANY_LABEL.test(next.text) && next.x - cell.x2 < 160)
        out.push({ value: next.text.split(VALUE_END)[0] ?? '', confidence: 0.85 });
      else if (below) out.push({ value: below.text.split(VALUE_END)[0] ?? '', confidence: 0.8 });
    });
  });
  return out;
}

function cellBelow(lines: TextLine[], li: number, cell: TextCell): TextCell | undefined {
  const next = lines[li + 1];
  if (!next || next.page !== cell.page || next.y - cell.y > Math.max(18, cell.size * 2.2)) return undefined;
  return next.cells.find((c) => Math.abs(c.x - cell.x) < 12);
}

const EQUIPMENT: Array<[string, RegExp]> = [
  ['Reefer', /\b(?:reefer|refrigerated|temp(?:erature)?[- ]controlled)\b/i],
  ['Step Deck', /\b(?:step\s*-?\s*deck|drop\s*deck)\b/i],
  ['Flatbed', /\bflat\s*-?\s*bed\b|\bflat\b/i],
  ['Conestoga', /\bconestoga\b/i],
  ['Power Only', /\bpower\s+only\b/i],
  ['RGN', /\b(?:rgn|lowboy|removable\s+gooseneck)\b/i],
  ['Hotshot', /\bhot\s*shot\b/i],
  ['Box Truck', /\b(?:box|straight)\s+truck\b/i],
  ['Tanker', /\btank(?:er)?\b/i],
  ['Container', /\bcontainer\b/i],
  ['Dry Van', /\b(?:dry\s*)?van\b/i],
];
const LENGTHS = '20|24|26|28|40|45|48|53';
const LENGTH = new RegExp(String.raw`\b(${LENGTHS})\s*(?:'|’|‘|\`|´|ft\b\.?|foot\b|feet\b|-foot\b)`, 'i');

/** "53 ft Dry Van", "Reefer 53'", "VAN": the trailer as one spelling ("53' Dry Van"). */
export function normalizeEquipment(text: string): string | null {
  const found = EQUIPMENT.map(([name, re]) => ({ name, m: re.exec(text) })).find((t) => t.m);
  if (!found?.m) return null;
  // A length with its unit anywhere, or a bare one right beside the type ("REEFER 53": a scan lost the ').
  const beside =
    new RegExp(String.raw`\b(${LENGTHS})\s*$`).exec(text.slice(0, found.m.index)) ??
    new RegExp(String.raw`^\s*(${LENGTHS})\b`).exec(text.slice(found.m.index + found.m[0].length));
  const length = LENGTH.exec(text)?.[1] ?? beside?.[1];
  return length ? `${length}' ${found.name}` : found.name;
}

/** Pounds from "42,000 lb", "38000", "18,000 kg". */
export function parseWeight(text: string): number | null {
  const m = /(\d{1,3}(?:,\d{3})+|\d{3,6})(?:\.\d+)?\s*(lbs?|pounds|#|kgs?)?/i.exec(text);
  if (!m?.[1]) return null;
  const n = Number(m[1].replace(/,/g, ''));
  const pounds = /^kg/i.test(m[2] ?? '') ? Math.round(n * 2.20462) : n;
  return pounds >= 100 && pounds <= 150_000 ? pounds : null;
}

const parseMiles = (text: string): number | null => {
  const m = /^\s*(\d{1,2},\d{3}|\d{1,5})(?:\.\d+)?\s*(?:mi\b|miles\b|$)/i.exec(text);
  const n = m?.[1] ? Number(m[1].replace(/,/g, '')) : Number.NaN;
  return n >= 1 && n <= 6000 ? n : null;
};

const sentenceCase = (s: string) => (s === s.toUpperCase() ? `${s.charAt(0)}${s.slice(1).toLowerCase()}` : s);

export function findFreight(doc: PdfText, skip?: (line: TextLine) => boolean) {
  const first = <T>(label: string, parse: (v: string) => T | null) => {
    for (const { value, confidence } of labelledValues(doc, label, skip)) {
      const parsed = parse(value);
      if (parsed !== null) return { value: parsed, confidence };
    }
    return null;
  };
  let equipment = first(
    String.raw`equipment(?:\s+type)?|equip|trailer(?:\s+type)?|truck\s+type|mode`,
    normalizeEquipment,
  );
  if (!equipment) {
    // Unlabelled, only as a length and a type together ("53' reefer").
    const line = doc.lines.find((l) => LENGTH.test(l.text) && normalizeEquipment(l.text));
    if (line) equipment = { value: normalizeEquipment(line.text) as string, confidence: 0.6 };
  }
  let weight = first(String.raw`(?:gross\s+|est\.?\s+|estimated\s+|total\s+|load\s+)?weight|wt`, parseWeight);
  if (!weight) {
    const line = doc.lines.find((l) => /\b\d[\d,]{2,}\s*(?:lbs?|pounds)\b/i.test(l.text) && !skip?.(l));
    const parsed = line ? parseWeight(/\d[\d,]{2,}\s*(?:lbs?|pounds)/i.exec(line.text)?.[0] ?? '') : null;
    if (parsed) weight = { value: parsed, confidence: 0.6 };
  }
  const commodity = first(
    String.raw`commodity|commodities|product|freight\s+description|description\s+of\s+goods|contents|material`,
    (v) => {
      const text = v.replace(/[.,;:]+$/, '').trim();
      return /[A-Za-z]{3}/.test(text) && text.length <= 80 ? sentenceCase(text) : null;
    },
  );
  const miles = first(
    String.raw`(?<!empty\s|deadhead\s)(?:total\s+|loaded\s+|practical\s+|trip\s+|route\s+)?(?:miles|mileage|distance)`,
    parseMiles,
  );
  return { equipment, weight, commodity, miles };
}
