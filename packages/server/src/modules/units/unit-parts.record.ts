import { MSG } from '@backhaul/shared';
import {
  EquipmentFormSchema,
  type EquipmentRow,
  EquipmentRowSchema,
  NoteFormSchema,
  type NoteRow,
  NoteRowSchema,
  ValueFormSchema,
  type ValueRow,
  ValueRowSchema,
} from '@backhaul/shared/modules/units/units.contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../platform/errors';
import { defineRecord, type ParentSpec, reachable } from '../../platform/record/define-record';
import * as general from '../general';
import type { UnitKind } from './units.kind';
import { unitEquipment, unitNotes, unitValues } from './units.table';

const iso = (v: Date | string) => (v instanceof Date ? v.toISOString() : String(v));

export const equipmentSelect = (where: SQL) => sql`
  select e.id, e.unit_id, e.equipment_name_id, n.name, e.quantity, e.serial, e.notes, e.created_at
  from unit_equipment e join ${general.equipmentNames} n on n.id = e.equipment_name_id
  where ${where} order by n.name, e.id`;
export type EquipmentRaw = Omit<EquipmentRow, 'created_at'> & { created_at: Date | string };
export const toEquipment = (r: EquipmentRaw): EquipmentRow => ({ ...r, created_at: iso(r.created_at) });

export const noteSelect = (where: SQL) => sql`
  select n.id, n.unit_id, n.text as notes, u.name as created_by, n.created_at, n.updated_at
  from unit_notes n left join users u on u.id = n.created_by
  where ${where} order by n.created_at desc, n.id desc`;
export type NoteRaw = Omit<NoteRow, 'created_at' | 'updated_at'> & {
  created_at: Date | string;
  updated_at: Date | string;
};
export const toNote = (r: NoteRaw): NoteRow => ({ ...r, created_at: iso(r.created_at), updated_at: iso(r.updated_at) });

const one = async <T>(db: DbOrTx, query: SQL): Promise<T> => {
  const [row] = await rowsOf<T>(db, query);
  if (!row) throw AppError.notFound();
  return row;
};

export const valueRow = (v: typeof unitValues.$inferSelect): ValueRow => ({
  id: v.id,
  unit_id: v.unitId,
  year: v.year,
  value: Math.round(v.valueCents) / 100,
  depreciation: null,
  depreciation_percent: null,
});

/**
 * A unit's equipment items, notes and values per year (001 §7) as records under the unit: a part
 * is reached only through a truck or trailer the caller reaches (the unit record's scope), and is
 * created under the unit's id from the URL. Audited as `<type>_equipment`, `<type>_notes`, `<type>_values`.
 */
export function defineUnitParts(kind: UnitKind) {
  const parent = (column: AnyPgColumn): ParentSpec => ({ column, reach: (user, id) => reachable(kind.unit, user, id) });
  const section = kind.unit.section;

  const equipment = defineRecord({
    table: unitEquipment,
    section,
    scope: { company: false, row: () => eq(unitEquipment.unitType, kind.type) },
    parent: parent(unitEquipment.unitId),
    form: EquipmentFormSchema,
    row: EquipmentRowSchema,
    toRow: async (e, { tx }) => toEquipment(await one<EquipmentRaw>(tx, equipmentSelect(sql`e.id = ${e.id}`))),
    toValues: (form) => ({
      unitType: kind.type,
      equipmentNameId: form.equipment_name_id,
      quantity: form.quantity,
      serial: form.serial,
      notes: form.notes,
    }),
    messages: { created: MSG.createdEquipment, updated: MSG.updatedEquipment, deleted: MSG.removeEquipment },
    hooks: {
      beforeSave: async ({ tx, user, form }) => {
        if (!(await general.equipmentNameExists(tx, user, form.equipment_name_id)))
          throw AppError.invalidField('equipment_name_id', 'Choose the equipment from the list.');
      },
    },
  });

  const notes = defineRecord({
    table: unitNotes,
    section,
    scope: { company: false, row: () => eq(unitNotes.unitType, kind.type) },
    parent: parent(unitNotes.unitId),
    form: NoteFormSchema,
    row: NoteRowSchema,
    toRow: async (n, { tx }) => toNote(await one<NoteRaw>(tx, noteSelect(sql`n.id = ${n.id}`))),
    toValues: (form, { before, user }) => ({
      unitType: kind.type,
      text: form.notes,
      ...(before ? {} : { createdBy: user.id }),
    }),
    messages: { created: MSG.createdNotes, updated: MSG.updatedNotes, deleted: MSG.removeNotes },
  });

  const values = defineRecord({
    table: unitValues,
    section,
    scope: { company: false, row: () => eq(unitValues.unitType, kind.type) },
    parent: parent(unitValues.unitId),
    form: ValueFormSchema,
    row: ValueRowSchema,
    toRow: valueRow,
    toValues: (form) => ({ unitType: kind.type, year: form.year, valueCents: form.value }),
    unique: [
      {
        field: 'year',
        where: (form, { parentId }) => and(eq(unitValues.unitId, parentId ?? 0), eq(unitValues.year, form.year)),
        message: (form) => `A value for ${form.year} already exists.`,
      },
    ],
    messages: { created: MSG.createdValue, updated: MSG.updatedValue },
  });

  return { equipment, notes, values };
}
