import type { SelectOption } from '@backhaul/shared';
import {
  type EquipmentNameRow,
  equipmentNameInUse,
  type TrailerTypeRow,
  trailerTypeInUse,
} from '@backhaul/shared/modules/general/general.contract';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../platform/audit/audit';
import type { AuthUser } from '../../platform/auth/access';
import { AppError } from '../../platform/errors';
import { equipmentNameUsageSql, trailerTypeUsageSql } from './general.list';
import { equipmentNames, trailerTypes } from './general.table';

const actorOf = (user: AuthUser) => ({ id: user.id, companyId: user.companyId });

// ---------- trailer types ----------

async function findTrailerType(db: DbOrTx, user: AuthUser, id: number): Promise<TrailerTypeRow> {
  const [row] = await db
    .select({
      id: trailerTypes.id,
      name: trailerTypes.name,
      reefer: trailerTypes.reefer,
      used: trailerTypeUsageSql(sql`${trailerTypes.id}`).mapWith(Number),
    })
    .from(trailerTypes)
    .where(and(eq(trailerTypes.id, id), eq(trailerTypes.companyId, user.companyId)));
  if (!row) throw AppError.notFound();
  return row;
}

async function assertTrailerTypeNameFree(db: DbOrTx, user: AuthUser, name: string, id?: number) {
  const [taken] = await db
    .select({ id: trailerTypes.id })
    .from(trailerTypes)
    .where(
      and(
        eq(trailerTypes.companyId, user.companyId),
        sql`lower(${trailerTypes.name}) = lower(${name})`,
        id ? ne(trailerTypes.id, id) : undefined,
      ),
    );
  if (taken) throw AppError.invalidField('name', 'This trailer type already exists.');
}

export async function saveTrailerType(
  db: Db,
  user: AuthUser,
  form: { name: string; reefer: boolean },
  id?: number,
): Promise<TrailerTypeRow> {
  const before = id ? await findTrailerType(db, user, id) : null;
  await assertTrailerTypeNameFree(db, user, form.name, id);
  return db.transaction(async (tx) => {
    const [saved] = id
      ? await tx
          .update(trailerTypes)
          .set(form)
          .where(and(eq(trailerTypes.id, id), eq(trailerTypes.companyId, user.companyId)))
          .returning({ id: trailerTypes.id })
      : await tx
          .insert(trailerTypes)
          .values({ companyId: user.companyId, ...form })
          .returning({ id: trailerTypes.id });
    if (!saved) throw AppError.notFound();
    const after = await findTrailerType(tx, user, saved.id);
    await writeAudit(tx, {
      actor: actorOf(user),
      entity: 'trailer_types',
      entityId: saved.id,
      action: id ? 'update' : 'create',
      before,
      after,
    });
    return after;
  });
}

export async function getTrailerType(db: Db, user: AuthUser, id: number): Promise<TrailerTypeRow> {
  return findTrailerType(db, user, id);
}

/** A type still used by a trailer or a driver is refused with the count (412). */
export async function deleteTrailerType(db: Db, user: AuthUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findTrailerType(tx, user, id);
    if (before.used > 0) throw AppError.precondition(trailerTypeInUse(before.used));
    await tx.delete(trailerTypes).where(eq(trailerTypes.id, id));
    await writeAudit(tx, { actor: actorOf(user), entity: 'trailer_types', entityId: id, action: 'delete', before });
  });
}

export async function trailerTypeOptions(
  db: DbOrTx,
  user: AuthUser,
): Promise<Array<SelectOption & { reefer: boolean }>> {
  return db
    .select({ value: trailerTypes.id, label: trailerTypes.name, reefer: trailerTypes.reefer })
    .from(trailerTypes)
    .where(eq(trailerTypes.companyId, user.companyId))
    .orderBy(asc(trailerTypes.name));
}

// ---------- equipment names ----------

async function findEquipmentName(db: DbOrTx, user: AuthUser, id: number): Promise<EquipmentNameRow> {
  const [row] = await db
    .select({
      id: equipmentNames.id,
      name: equipmentNames.name,
      used: equipmentNameUsageSql(sql`${equipmentNames.id}`).mapWith(Number),
    })
    .from(equipmentNames)
    .where(and(eq(equipmentNames.id, id), eq(equipmentNames.companyId, user.companyId)));
  if (!row) throw AppError.notFound();
  return row;
}

export async function getEquipmentName(db: Db, user: AuthUser, id: number): Promise<EquipmentNameRow> {
  return findEquipmentName(db, user, id);
}

/** True when the id is one of the company's equipment names. */
export async function equipmentNameExists(db: DbOrTx, user: AuthUser, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: equipmentNames.id })
    .from(equipmentNames)
    .where(and(eq(equipmentNames.id, id), eq(equipmentNames.companyId, user.companyId)));
  return Boolean(row);
}

export async function saveEquipmentName(
  db: Db,
  user: AuthUser,
  form: { name: string },
  id?: number,
): Promise<EquipmentNameRow> {
  const before = id ? await findEquipmentName(db, user, id) : null;
  const [taken] = await db
    .select({ id: equipmentNames.id })
    .from(equipmentNames)
    .where(
      and(
        eq(equipmentNames.companyId, user.companyId),
        sql`lower(${equipmentNames.name}) = lower(${form.name})`,
        id ? ne(equipmentNames.id, id) : undefined,
      ),
    );
  if (taken) throw AppError.invalidField('name', 'This equipment name already exists.');
  return db.transaction(async (tx) => {
    const [saved] = id
      ? await tx
          .update(equipmentNames)
          .set(form)
          .where(and(eq(equipmentNames.id, id), eq(equipmentNames.companyId, user.companyId)))
          .returning({ id: equipmentNames.id })
      : await tx
          .insert(equipmentNames)
          .values({ companyId: user.companyId, ...form })
          .returning({ id: equipmentNames.id });
    if (!saved) throw AppError.notFound();
    const after = await findEquipmentName(tx, user, saved.id);
    await writeAudit(tx, {
      actor: actorOf(user),
      entity: 'equipment_names',
      entityId: saved.id,
      action: id ? 'update' : 'create',
      before,
      after,
    });
    return after;
  });
}

export async function deleteEquipmentName(db: Db, user: AuthUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findEquipmentName(tx, user, id);
    if (before.used > 0) throw AppError.precondition(equipmentNameInUse(before.used));
    await tx.delete(equipmentNames).where(eq(equipmentNames.id, id));
    await writeAudit(tx, { actor: actorOf(user), entity: 'equipment_names', entityId: id, action: 'delete', before });
  });
}

export async function equipmentNameOptions(db: DbOrTx, user: AuthUser): Promise<SelectOption[]> {
  return db
    .select({ value: equipmentNames.id, label: equipmentNames.name })
    .from(equipmentNames)
    .where(eq(equipmentNames.companyId, user.companyId))
    .orderBy(asc(equipmentNames.name));
}
