import type { UnitType } from '@backhaul/shared/modules/units/units.contract';
import { type SQL, sql } from 'drizzle-orm';
import { defineList, type ListDefinition } from '../../platform/list/define-list';
import { type RecordDefinition, reachable } from '../../platform/record/define-record';
import { equipmentNames } from '../general';

/**
 * Every equipment item of one unit type across the fleet (POST /{trucks|trailers}/equipment/list),
 * filterable by unit, name and quantity like any list.
 */
export function defineEquipmentList(opts: {
  key: string;
  title: string;
  section: number;
  type: UnitType;
  /** The units' table and number column, e.g. sql`trucks`, sql`trucks.truck_number`. */
  unitTable: SQL;
  unitNumber: SQL;
  /** The unit record: the list shows the equipment of the units the caller reaches, as the record does. */
  unit: Pick<RecordDefinition, 'table' | 'scope'>;
}): ListDefinition {
  return defineList({
    key: opts.key,
    title: opts.title,
    section: opts.section,
    from: sql`unit_equipment e join ${opts.unitTable} unit on unit.id = e.unit_id and e.unit_type = ${opts.type} join ${equipmentNames} n on n.id = e.equipment_name_id`,
    rowKey: sql`e.id`,
    base: (user) => reachable(opts.unit, user, sql`e.unit_id`),
    defaultSort: { sort: 'unit_number', order: 'asc' },
    columns: [
      { id: 'id', title: 'ID', sql: sql`e.id`, filter: 'number', footer: 'count' },
      { id: 'unit_id', title: 'Unit ID', sql: sql`e.unit_id`, filter: 'number', hidden: true },
      { id: 'unit_number', title: 'Unit', sql: opts.unitNumber, filter: 'note', search: true },
      {
        id: 'name',
        title: 'Equipment',
        sql: sql`n.name`,
        filterSql: sql`n.id`,
        filter: 'list',
        search: true,
        footer: 'unique',
      },
      { id: 'quantity', title: 'Quantity', sql: sql`e.quantity`, filter: 'number', footer: 'sum', align: 'right' },
      { id: 'serial', title: 'Serial', sql: sql`e.serial`, filter: 'note', search: true },
      { id: 'notes', title: 'Notes', sql: sql`e.notes`, filter: 'note', clip: 60 },
    ],
  });
}

/**
 * The spec names each truck and trailer column filter `filter_<column>` (001 §3). A list request
 * may send them that way, inside `filters` or beside it; they become the engine's column filters.
 */
export function withSpecFilterNames(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const rest: Record<string, unknown> = {};
  const given = (body as { filters?: unknown }).filters;
  const filters: Record<string, unknown> =
    given && typeof given === 'object' && !Array.isArray(given) ? { ...(given as Record<string, unknown>) } : {};
  for (const [key, value] of Object.entries(filters)) {
    if (!key.startsWith('filter_')) continue;
    delete filters[key];
    filters[key.slice('filter_'.length)] = value;
  }
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (key === 'filters') continue;
    if (key.startsWith('filter_') && value !== null && value !== undefined)
      filters[key.slice('filter_'.length)] = value;
    else rest[key] = value;
  }
  return { ...rest, filters };
}
