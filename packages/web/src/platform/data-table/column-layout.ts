import type { ColumnFormat, ColumnMeta, ColumnSetting, ListSettings } from '@backhaul/shared';

/** The definition's own order and visibility: what "Reset to default" goes back to. */
export const defaultSettings = (meta: readonly ColumnMeta[]): ColumnSetting[] =>
  meta.map((m) => ({ id: m.id, visible: !m.hidden, width: null }));

/** Saved settings over the current definition: unknown columns dropped, new ones appended. */
export function effectiveSettings(meta: readonly ColumnMeta[], saved: ListSettings | null): ColumnSetting[] {
  if (!saved) return defaultSettings(meta);
  const known = new Set(meta.map((m) => m.id));
  const kept = saved.columns.filter((c) => known.has(c.id));
  const seen = new Set(kept.map((c) => c.id));
  return [...kept, ...defaultSettings(meta).filter((c) => !seen.has(c.id))];
}

/** Moves one column to where another one is (drag and drop); a new array every time. */
export function moveColumn(columns: readonly ColumnSetting[], activeId: string, overId: string): ColumnSetting[] {
  const from = columns.findIndex((c) => c.id === activeId);
  const to = columns.findIndex((c) => c.id === overId);
  if (from < 0 || to < 0 || from === to) return [...columns];
  const next = [...columns];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

/** The narrowest a column of each format reads well at (its values, not its title). */
export const FORMAT_MIN_WIDTH: Record<ColumnFormat, number> = {
  id: 84,
  number: 96,
  money: 112,
  miles: 100,
  percent: 84,
  date: 112,
  datetime: 148,
  phone: 150,
  text: 120,
};

/** Header chrome: sort arrow, filter button and padding. */
const HEADER_CHROME = 74;
/** Width of one character of a bold 13 px header, generously (capitals and digits are wide). */
const CHAR = 8;

/**
 * A column's minimum width: its format's, and wide enough that the title wraps to at most two
 * lines without breaking a word (the header shows the whole title, never an ellipsis).
 */
export function minWidth(meta: ColumnMeta): number {
  const words = meta.title.split(/\s+/);
  const longestWord = Math.max(...words.map((w) => w.length));
  const halfTitle = Math.ceil(meta.title.length / 2);
  const title = Math.ceil(Math.max(longestWord, halfTitle) * CHAR + HEADER_CHROME);
  return Math.max(FORMAT_MIN_WIDTH[meta.format] ?? FORMAT_MIN_WIDTH.text, title);
}

/** Width of one digit or letter of a 14 px cell, generously: money and numbers are never cut. */
const CELL_CHAR = 8.2;
/** Cell padding (10 px a side) and a little air. */
const CELL_CHROME = 26;
const NUMERIC = new Set<ColumnFormat>(['money', 'miles', 'number', 'percent', 'id']);

/**
 * How wide a numeric column's values need it on this page (money, miles, numbers): a figure is
 * never cut ("$475.0…"); 0 for text columns, which clip with a tooltip instead.
 */
export function contentWidth(meta: ColumnMeta, texts: readonly string[]): number {
  if (!NUMERIC.has(meta.format)) return 0;
  const longest = texts.reduce((n, t) => Math.max(n, t.length), 0);
  return longest ? Math.ceil(longest * CELL_CHAR + CELL_CHROME) : 0;
}

/** The default width: the minimum, and text columns a little wider up to their clip length. */
export function defaultWidth(meta: ColumnMeta): number {
  const min = minWidth(meta);
  if (meta.format !== 'text') return min;
  const text = meta.clip ? Math.min(meta.clip * CHAR, 300) : 160;
  return Math.max(min, Math.round(text));
}
