import type { Reference } from '@backhaul/shared/modules/extraction/extraction.contract';

/*
 * Reference numbers by their label, named the way the stop form keeps them: PO, BOL, PU# (pickup
 * number), DEL# (delivery number), Appt#, Pro, Ref, SO. A value holds a digit ("signed BOL and this
 * confirmation" is no reference); "Reference: PO 77812" is the PO.
 */
const KINDS: Array<[string, string]> = [
  ['PU#', String.raw`(?:pick\s*-?\s*up|pu)\s*(?:#|no\b\.?|num(?:ber)?\b)`],
  ['DEL#', String.raw`(?:delivery|del|drop)\s*(?:#|no\b\.?|num(?:ber)?\b)`],
  ['Appt#', String.raw`(?:appt|appointment)\s*(?:#|no\b\.?|num(?:ber)?\b|conf(?:irmation)?\s*#?)`],
  ['PO', String.raw`(?:p\.?\s?o\.?(?!\s*box)|purchase\s+order)(?:\s*(?:#|no\b\.?|num(?:ber)?\b))?`],
  ['BOL', String.raw`(?:bol|b\/l|bill\s+of\s+lading)(?:\s*(?:#|no\b\.?|num(?:ber)?\b))?`],
  ['Pro', String.raw`pro(?:\s*(?:#|no\b\.?|num(?:ber)?\b))?`],
  ['SO', String.raw`(?:so|sales\s+order)\s*(?:#|no\b\.?)`],
  [
    'Ref',
    String.raw`(?:customer\s+|shipper\s+|consignee\s+)?ref(?:erence)?(?:\s*(?:#|no\b\.?|num(?:ber)?\b|numbers?))?`,
  ],
];
const REFERENCE = new RegExp(
  String.raw`(?<![A-Za-z0-9])(?:${KINDS.map(([, re]) => `(${re})`).join('|')})(?![A-Za-z])\s*[:#.-]?\s*#?\s*((?=[A-Z0-9/-]*\d)[A-Z0-9][A-Z0-9/-]*[A-Z0-9])(?![A-Za-z0-9@])`,
  'gi',
);

export type FoundReference = Reference & { index: number; end: number };

/** The references in a text, in order (each once). */
export function findReferences(text: string): FoundReference[] {
  const out: FoundReference[] = [];
  for (const m of text.matchAll(REFERENCE)) {
    const kind = KINDS.findIndex((_, i) => m[i + 1] !== undefined);
    const value = (m[KINDS.length + 1] ?? '').toUpperCase();
    if (kind < 0 || value.length < 3) continue;
    const label = KINDS[kind]?.[0] ?? 'Ref';
    if (out.some((r) => r.label === label && r.value === value)) continue;
    out.push({ label, value, index: m.index ?? 0, end: (m.index ?? 0) + m[0].length });
  }
  return out;
}

/** "PU# 55190, PO 88213-A": the stop form's reference text. */
export const referenceText = (refs: Reference[]): string | null =>
  refs.length ? refs.map((r) => `${r.label} ${r.value}`).join(', ') : null;
