/** A visible column as fitting sees it: its width, its priority (1 matters most) and whether it must stay. */
export type FitColumn = { id: string; width: number; priority: number; always?: boolean };

/**
 * Which columns fit `available` px (the table's width less its row menu): while they are too wide,
 * the least important column yields — the highest priority number, the rightmost among equals.
 * The first column (the record's id or name, pinned) and `always` columns never yield; when they
 * alone are too wide the table scrolls sideways. A column that yielded comes back if, once wider
 * ones went, it fits again.
 */
export function fitColumns(columns: readonly FitColumn[], available: number): { shown: string[]; hidden: string[] } {
  let width = columns.reduce((w, c) => w + c.width, 0);
  const yielding = columns
    .map((c, index) => ({ ...c, index }))
    .filter((c) => c.index > 0 && !c.always)
    .sort((a, b) => b.priority - a.priority || b.index - a.index);
  const hidden = new Set<string>();
  for (const c of yielding) {
    if (width <= available) break;
    hidden.add(c.id);
    width -= c.width;
  }
  // A wide column that had to go may leave room for a narrower, less important one gone before it.
  for (const c of yielding.filter((y) => hidden.has(y.id)).reverse()) {
    if (width + c.width > available) continue;
    hidden.delete(c.id);
    width += c.width;
  }
  return { shown: columns.filter((c) => !hidden.has(c.id)).map((c) => c.id), hidden: [...hidden] };
}
