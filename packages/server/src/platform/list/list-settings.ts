import type { ListSettings } from '@backhaul/shared/list/list.contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clock } from '../clock';
import { AppError, type FieldErrors } from '../errors';
import { type ListDefinition, tableColumns } from './define-list';
import { listSettings } from './list-settings.table';

/**
 * Saved settings kept in step with the definition: columns that no longer exist are dropped and
 * new ones are appended with their default visibility.
 */
export function normalizeSettings(def: ListDefinition, saved: ListSettings): ListSettings {
  const known = new Map(tableColumns(def).map((c) => [c.id, c]));
  const seen = new Set<string>();
  const columns = saved.columns.filter((c) => known.has(c.id) && !seen.has(c.id) && seen.add(c.id));
  for (const c of known.values()) if (!seen.has(c.id)) columns.push({ id: c.id, visible: !c.hidden, width: null });
  return { columns };
}

/** Saves a user's column order, visibility and widths; unknown or repeated columns are a 422. */
export async function saveSettings(
  db: DbOrTx,
  def: ListDefinition,
  userId: number,
  settings: ListSettings,
): Promise<ListSettings> {
  const known = new Set(tableColumns(def).map((c) => c.id));
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  settings.columns.forEach((c, i) => {
    if (!known.has(c.id)) errors[`settings.columns.${i}.id`] = [`Unknown column "${c.id}".`];
    else if (seen.has(c.id)) errors[`settings.columns.${i}.id`] = [`The column "${c.id}" is listed twice.`];
    seen.add(c.id);
  });
  if (Object.keys(errors).length) throw AppError.validation(errors);
  const normalized = normalizeSettings(def, settings);
  await db
    .insert(listSettings)
    .values({ userId, section: def.key, settings: normalized })
    .onConflictDoUpdate({
      target: [listSettings.userId, listSettings.section],
      set: { settings: normalized, updatedAt: clock.now() },
    });
  return normalized;
}

export async function resetSettings(db: DbOrTx, def: ListDefinition, userId: number): Promise<void> {
  await db.delete(listSettings).where(and(eq(listSettings.userId, userId), eq(listSettings.section, def.key)));
}
