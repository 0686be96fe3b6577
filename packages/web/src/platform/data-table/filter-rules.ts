import { FILTER_MENU_WIDTHS, type FilterKind, MSG, type NumberOp, TOTALS_TOOLTIP_MIN } from '@backhaul/shared';

/** Filter menu widths (000 §9): 280 for options, 300 for dates, 330 for the others. */
export function filterMenuWidth(kind: FilterKind): number {
  if (kind === 'options') return FILTER_MENU_WIDTHS.options;
  if (kind === 'date') return FILTER_MENU_WIDTHS.date;
  return FILTER_MENU_WIDTHS.others;
}

/** Column filters wait 800 ms; note filters 500 ms (000 §5). */
export const filterDebounceMs = (kind: FilterKind, base: { column: number; note: number }) =>
  kind === 'note' ? base.note : base.column;

export type NumberDraft = { op: NumberOp; value: string; from: string; to: string };

const num = (s: string) => (s.trim() === '' ? null : Number(s));

/**
 * The number filter's rules (000 §5): OK is disabled while the value is empty; Between needs both
 * values; From greater than To shows the spec's message.
 */
export function checkNumberDraft(d: NumberDraft): { ok: boolean; error: string | null; value: unknown | null } {
  if (d.op === 'between') {
    const from = num(d.from);
    const to = num(d.to);
    if (from === null || to === null || Number.isNaN(from) || Number.isNaN(to))
      return { ok: false, error: null, value: null };
    if (from > to) return { ok: false, error: MSG.numberFromGreaterThanTo, value: null };
    return { ok: true, error: null, value: { op: 'between', from, to } };
  }
  const value = num(d.value);
  if (value === null || Number.isNaN(value)) return { ok: false, error: null, value: null };
  return { ok: true, error: null, value: { op: d.op, value } };
}

/** The totals tooltip shows the full figure when its absolute value is at least 1000 (000 §9). */
export const needsTotalsTooltip = (value: number) => Math.abs(value) >= TOTALS_TOOLTIP_MIN;

/** Clips text with an ellipsis after `length` characters (000 §5). */
export function clipText(text: string, length: number | null): { text: string; clipped: boolean } {
  if (!length || text.length <= length) return { text, clipped: false };
  return { text: `${text.slice(0, Math.max(1, length - 1))}…`, clipped: true };
}
