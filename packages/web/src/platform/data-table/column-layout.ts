import type { ColumnMeta, ColumnSetting, ListSettings } from '@backhaul/shared';

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

const DEFAULT_WIDTH = 180;
const NARROW = new Set(['id']);

export function defaultWidth(meta: ColumnMeta): number {
  if (NARROW.has(meta.id) || meta.id.endsWith('_id')) return 100;
  if (meta.dollar || meta.miles) return 130;
  return DEFAULT_WIDTH;
}
