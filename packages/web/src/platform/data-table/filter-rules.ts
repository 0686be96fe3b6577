import {
  FILTER_MENU_WIDTHS,
  type FilterKind,
  type FilterOption,
  MSG,
  type NumberOp,
  TOTALS_TOOLTIP_MIN,
} from '@backhaul/shared';

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

const MAX_LISTED = 3;
const listed = (labels: readonly string[]) =>
  labels.length > MAX_LISTED
    ? `${labels.slice(0, MAX_LISTED).join(', ')} +${labels.length - MAX_LISTED}`
    : labels.join(', ');
const dayCount = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

/**
 * A filter in a few words, for its chip above the table: "not Closed, Canceled" for a list of most
 * of the options, "2026-11-01 → 2026-11-28 (4 weeks)" for a date range, "≥ 500" for a number.
 */
export function describeFilter(kind: FilterKind, value: unknown, options: readonly FilterOption[] = []): string {
  const v = (value ?? {}) as Record<string, unknown>;
  switch (kind) {
    case 'list': {
      const values = ((v.values as unknown[]) ?? []).map(String);
      const label = (x: string) => options.find((o) => String(o.value) === x)?.label ?? x;
      const out = options.filter((o) => !values.includes(String(o.value)));
      if (options.length > 2 && values.length > options.length / 2 && out.length)
        return `not ${listed(out.map((o) => o.label))}`;
      return listed(values.map(label));
    }
    case 'date': {
      const from = (v.from ?? v.to) as string | undefined;
      const to = (v.to ?? v.from) as string | undefined;
      const empty = v.empty ? 'empty' : '';
      if (!from || !to) return empty;
      const days = dayCount(from, to);
      const range = from === to ? from : `${from} → ${to}${days % 7 === 0 ? ` (${days / 7} weeks)` : ''}`;
      return empty ? `${range} or empty` : range;
    }
    case 'number': {
      const op = v.op as NumberOp;
      if (op === 'between') return `${v.from} – ${v.to}`;
      return `${{ lte: '≤', gte: '≥', eq: '=' }[op] ?? ''} ${v.value}`.trim();
    }
    case 'options':
      return v.value === 1 ? 'on' : v.value === 0 ? 'off' : 'all';
    case 'checkbox':
      return v.value ? 'yes' : 'no';
    case 'address': {
      const type = v.type === 2 ? 'delivery' : 'pick up';
      return `${type} ${listed([...((v.states as string[]) ?? []), ...((v.cities as string[]) ?? [])])}`;
    }
    default:
      return `“${String(v.value ?? '')}”`;
  }
}
