import type { ExtractedField } from '@backhaul/shared/modules/extraction/extraction.contract';
import type { TextLine } from './pdf-text';

/*
 * The carrier's pay: the line haul, every accessorial (fuel surcharge, detention, lumper, layover,
 * stop-off, TONU, driver assist, tarp) and the stated total. A line may carry several charges
 * ("Linehaul $1,480.00 | Fuel $236.00 | Total $1,841.00"); each charge's amount is the last one
 * before the next charge's name (a "qty × rate = amount" row gives its amount). Terms that promise
 * a charge on a condition ("$50.00 per hour after 2 hours", "TONU $150.00 if cancelled", "a $250.00
 * deduction") are not pay. The gross is the line haul plus the accessorials; the stated total wins
 * only when the charges read add up to less (one was not read).
 */

const CHARGES: Array<[string, string]> = [
  [
    'Total',
    String.raw`(?:grand\s+)?total(?:\s+(?:carrier|rate|pay|amount|cost|charges|due|usd|linehaul|all[- ]in))*|all[- ]in(?:\s+rate)?|agreed\s+rate|amount\s+due`,
  ],
  ['Fuel Surcharge', String.raw`fuel(?:\s*sur-?\s*charge|\s*sc|\s*adj(?:ustment)?)?|fsc`],
  ['Detention', 'detention'],
  ['Lumper', String.raw`lumper(?:\s+fee)?|unloading\s+fee`],
  ['Layover', 'layover'],
  ['Stop-off', String.raw`stop[\s-]*offs?|extra\s+stops?|additional\s+stops?|stop\s+charges?`],
  ['TONU', String.raw`tonu|truck\s+order(?:ed)?\s+not\s+used`],
  ['Driver Assist', String.raw`driver\s+assist`],
  ['Tarp', String.raw`tarps?(?:\s+fee)?`],
  [
    'Line Haul',
    String.raw`line\s*-?\s*haul|linehaul|base\s+rate|flat\s+rate|freight\s+(?:rate|charge)|carrier\s+rate|rate`,
  ],
];
const CHARGE = new RegExp(`(?<![A-Za-z])(?:${CHARGES.map(([, re]) => `(${re})`).join('|')})(?![A-Za-z])`, 'gi');
const AMOUNT = /(?:\$|usd\s*)\s*\d[\d,.]*\d|\b\d{1,3}(?:,\d{3})*\.\d{2}\b|\b\d+\.\d{2}\b/gi;
/** A promise on a condition, a rate per unit or a penalty: no pay of this load. */
const CONDITIONAL =
  /\bif\b|\bper\s+(?:hour|hr|day|mile)\b|\/\s*(?:hr|hour|h|day|mi)\b|\bafter\s+\d|\bup\s+to\b|\bmay\b|\bdeduct|\bpenalt|\bfine[ds]?\b|\bcharged\s+back\b|\bchargeback|\bunless\b|\bwill\s+result\b/i;
const INCLUDED = /\binclud(?:es|ed|ing)\b/i;

export function money(text: string): number | null {
  let digits = text.replace(/usd|\$|\s/gi, '');
  // "1.850.00" (a scan's comma read as a dot): only the last dot is the decimal point.
  const dots = digits.split('.').length - 1;
  if (dots > 1) digits = digits.replace(/\.(?=.*\.)/g, '');
  const n = Number(digits.replace(/,/g, ''));
  return Number.isFinite(n) && n > 0 && n < 1_000_000 ? Math.round(n * 100) / 100 : null;
}

type Charge = { name: string; amount: number };

/** The charges of one line, each with the last amount before the next charge's name. */
export function chargesOfLine(text: string): Charge[] {
  const labels = [...text.matchAll(CHARGE)];
  const out: Charge[] = [];
  labels.forEach((m, i) => {
    const kind = CHARGES.findIndex((_, k) => m[k + 1] !== undefined);
    const start = (m.index ?? 0) + m[0].length;
    const segment = text.slice(start, labels[i + 1]?.index ?? text.length);
    if (kind < 0 || CONDITIONAL.test(segment) || INCLUDED.test(segment)) return;
    // Prose names a charge far from its amount; a charge line keeps them close.
    const amounts = [...segment.matchAll(AMOUNT)].filter((a) => (a.index ?? 0) < 90);
    const last = amounts.at(-1);
    const amount = last ? money(last[0]) : null;
    if (amount !== null) out.push({ name: CHARGES[kind]?.[0] ?? 'Other', amount });
  });
  return out;
}

const round = (n: number) => Math.round(n * 100) / 100;

export function findCharges(lines: TextLine[]) {
  let lineHaul: number | null = null;
  const totals: number[] = [];
  const accessorials: Charge[] = [];
  for (const line of lines) {
    for (const c of chargesOfLine(line.text)) {
      if (c.name === 'Total') totals.push(c.amount);
      else if (c.name === 'Line Haul') lineHaul ??= c.amount;
      else if (!accessorials.some((a) => a.name === c.name && a.amount === c.amount)) accessorials.push(c);
    }
  }
  const extras = round(accessorials.reduce((s, a) => s + a.amount, 0));
  const stated = totals.length ? Math.max(...totals) : null;
  const summed = lineHaul !== null ? round(lineHaul + extras) : null;
  let gross: ExtractedField;
  if (summed !== null && stated !== null) {
    // Equal: both read. More: an accessorial stands outside the stated total. Less: one was missed.
    gross =
      Math.abs(summed - stated) < 0.005
        ? { value: stated, confidence: 0.95 }
        : summed > stated
          ? { value: summed, confidence: 0.7 }
          : { value: stated, confidence: 0.85 };
  } else if (stated !== null) {
    gross = { value: stated, confidence: 0.9 };
  } else if (summed !== null) {
    gross = { value: summed, confidence: accessorials.length ? 0.85 : 0.9 };
  } else {
    gross = { value: null, confidence: 0 };
  }
  const sumOf = (name: string) => round(accessorials.filter((a) => a.name === name).reduce((s, a) => s + a.amount, 0));
  return {
    gross,
    lineHaul,
    stated,
    accessorials,
    lumper: sumOf('Lumper'),
    fuelSurcharge: sumOf('Fuel Surcharge'),
  };
}
