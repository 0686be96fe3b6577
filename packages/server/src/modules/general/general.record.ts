import { MSG, SECTION } from '@backhaul/shared';
import {
  EquipmentNameFormSchema,
  EquipmentNameRowSchema,
  equipmentNameInUse,
  TrailerTypeFormSchema,
  TrailerTypeRowSchema,
  trailerTypeInUse,
} from '@backhaul/shared/modules/general/general.contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../platform/errors';
import { references } from '../../platform/module-hooks';
import { defineRecord, sameText } from '../../platform/record/define-record';
import { equipmentNames, trailerTypes } from './general.table';

/**
 * Trailers and drivers using a trailer type, units' equipment using a name: those modules sit above
 * this one and register their counts from their routes. A type or name in use cannot be deleted.
 */
export const trailerTypeUses = references();
export const equipmentNameUses = references();
export const trailerTypeUsageSql = (id: SQL) => trailerTypeUses.total(id);
export const equipmentNameUsageSql = (id: SQL) => equipmentNameUses.total(id);

const countOf = async (tx: DbOrTx, query: SQL) =>
  (await rowsOf<{ n: number }>(tx, sql`select ${query} as n`))[0]?.n ?? 0;

/** A trailer type (reefer units count PM in engine hours); one in use by trailers or drivers is kept (412). */
export const trailerTypeRecord = defineRecord({
  table: trailerTypes,
  section: SECTION.General,
  form: TrailerTypeFormSchema,
  row: TrailerTypeRowSchema,
  toRow: async (t, { tx }) => ({
    id: t.id,
    name: t.name,
    reefer: t.reefer,
    used: await countOf(tx, trailerTypeUsageSql(sql`${t.id}`)),
  }),
  toValues: (form) => ({ name: form.name, reefer: form.reefer }),
  unique: [
    {
      field: 'name',
      where: (form) => sameText(trailerTypes.name, form.name),
      message: () => 'This trailer type already exists.',
    },
  ],
  hooks: {
    beforeDelete: async ({ tx, id }) => {
      const used = await countOf(tx, trailerTypeUsageSql(sql`${id}`));
      if (used > 0) throw AppError.precondition(trailerTypeInUse(used));
    },
  },
});

/** A name the equipment select of trucks and trailers offers; one in use is kept (412). */
export const equipmentNameRecord = defineRecord({
  table: equipmentNames,
  section: SECTION.General,
  form: EquipmentNameFormSchema,
  row: EquipmentNameRowSchema,
  toRow: async (e, { tx }) => ({
    id: e.id,
    name: e.name,
    used: await countOf(tx, equipmentNameUsageSql(sql`${e.id}`)),
  }),
  toValues: (form) => ({ name: form.name }),
  unique: [
    {
      field: 'name',
      where: (form) => sameText(equipmentNames.name, form.name),
      message: () => 'This equipment name already exists.',
    },
  ],
  messages: { created: MSG.createdSelectItem, updated: MSG.editSelectItem },
  hooks: {
    beforeDelete: async ({ tx, id }) => {
      const used = await countOf(tx, equipmentNameUsageSql(sql`${id}`));
      if (used > 0) throw AppError.precondition(equipmentNameInUse(used));
    },
  },
});
