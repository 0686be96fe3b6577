import type { ColumnMeta, FilterOption } from '@backhaul/shared';

/**
 * Status ids 1-11 have a colour each (the spec gives a colour map per id, not which): Mantine
 * colour names, so a status badge and the row it paints agree. The row is a light tint of the
 * colour's shade 6, readable on the dark theme.
 */
export const STATUS_COLOR_NAMES: Record<number, string> = {
  1: 'blue',
  2: 'cyan',
  3: 'violet',
  4: 'grape',
  5: 'yellow',
  6: 'orange',
  7: 'teal',
  8: 'lime',
  9: 'gray',
  10: 'indigo',
  11: 'red',
};
/** Shade 6 of each of those Mantine colours, as red, green, blue. */
const SHADE_6: Record<string, string> = {
  blue: '34, 139, 230',
  cyan: '21, 170, 191',
  violet: '121, 80, 242',
  grape: '190, 75, 219',
  yellow: '250, 176, 5',
  orange: '253, 126, 20',
  teal: '18, 184, 134',
  lime: '130, 201, 30',
  gray: '134, 142, 150',
  indigo: '76, 110, 245',
  red: '250, 82, 82',
};
export const STATUS_COLORS: Record<number, string> = Object.fromEntries(
  Object.entries(STATUS_COLOR_NAMES).map(([id, name]) => [id, `rgba(${SHADE_6[name]}, 0.16)`]),
);

/** "Table line fields" (000 §3): frozen 1 is red, frozen 2 (Daptor) orange in the customer's colour. */
export const FROZEN_COLORS: Record<number, string> = { 1: 'rgba(250, 82, 82, 0.28)', 2: 'rgba(253, 126, 20, 0.28)' };
const FROZEN_LABELS: Record<number, string> = { 1: 'Frozen', 2: 'Daptor' };

/** A row's colour: frozen first, then the row's own `color`, then its status id. */
export function rowBackground(row: Record<string, unknown>): string | undefined {
  const frozen = Number(row.frozen);
  if (frozen === 1) return FROZEN_COLORS[1];
  if (frozen === 2) return typeof row.color === 'string' && row.color ? row.color : FROZEN_COLORS[2];
  if (typeof row.color === 'string' && row.color) return row.color;
  // A boolean status (active or not, e.g. users) is not a status id.
  if (typeof row.status === 'boolean') return undefined;
  const status = Number(row.status);
  return Number.isInteger(status) ? STATUS_COLORS[status] : undefined;
}

/** One swatch of a table's row-colour legend. */
export type LegendItem = { color: string; label: string };

/**
 * The legend of a page's row colours when the page gives none: Frozen and Daptor where the list has
 * a frozen column, and each status id's colour named by the status filter's options where rows are
 * painted by status. Empty when no row on the page is painted.
 */
export function inferLegend(opts: {
  rows: readonly Record<string, unknown>[];
  columns: readonly ColumnMeta[];
  statusOptions: readonly FilterOption[];
}): LegendItem[] {
  const painted = opts.rows.filter((r) => rowBackground(r) !== undefined);
  if (!painted.length) return [];
  if (opts.columns.some((c) => c.id === 'frozen')) {
    return [1, 2].map((f) => ({ color: FROZEN_COLORS[f] as string, label: FROZEN_LABELS[f] as string }));
  }
  if (!painted.some((r) => !r.color && Number.isInteger(Number(r.status)))) return [];
  return opts.statusOptions
    .map((o) => ({ id: Number(o.value), label: o.label }))
    .filter((o) => STATUS_COLORS[o.id] !== undefined)
    .map((o) => ({ color: STATUS_COLORS[o.id] as string, label: o.label }));
}
