import type { SelectOption } from '@backhaul/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../platform/auth/access';
import { createRecord } from '../../platform/record/record.service';
import { equipmentNameRecord, trailerTypeRecord } from './general.record';
import { equipmentNames, trailerTypes } from './general.table';

/** The trailer types a form offers, with the reefer flag. */
export async function trailerTypeOptions(
  db: DbOrTx,
  user: AuthUser,
): Promise<Array<SelectOption & { reefer: boolean }>> {
  return db
    .select({ value: trailerTypes.id, label: trailerTypes.name, reefer: trailerTypes.reefer })
    .from(trailerTypes)
    .where(trailerTypeRecord.scope(user))
    .orderBy(asc(trailerTypes.name));
}

/** True when the id is one of the company's equipment names. */
export async function equipmentNameExists(db: DbOrTx, user: AuthUser, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: equipmentNames.id })
    .from(equipmentNames)
    .where(and(eq(equipmentNames.id, id), equipmentNameRecord.scope(user)));
  return Boolean(row);
}

export async function equipmentNameOptions(db: DbOrTx, user: AuthUser): Promise<SelectOption[]> {
  return db
    .select({ value: equipmentNames.id, label: equipmentNames.name })
    .from(equipmentNames)
    .where(equipmentNameRecord.scope(user))
    .orderBy(asc(equipmentNames.name));
}

/** A new equipment name typed in a unit's equipment select (POST …/setEquipment). */
export const addEquipmentName = (db: DbOrTx, user: AuthUser, name: string) =>
  createRecord(db, equipmentNameRecord, user, { name });
