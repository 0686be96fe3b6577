import type { SelectOption } from '@backhaul/shared';
import { MSG } from '@backhaul/shared';
import { nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import type {
  AssignmentRow,
  EquipmentRow,
  NoteRow,
  UnitType,
  ValueResponse,
  ValueRow,
} from '@backhaul/shared/modules/units/units.contract';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../platform/audit/audit';
import type { AuthUser } from '../../platform/auth/access';
import { AppError } from '../../platform/errors';
import * as general from '../general/general.service';
import { unitAssignments, unitEquipment, unitNotes, unitValues } from './units.table';

/** A truck or a trailer as the shared parts see it: the registry module supplies the lookup. */
export type UnitSummary = {
  id: number;
  number: string;
  make: string | null;
  model: string | null;
  year: number | null;
  originValueCents: number | null;
};

/**
 * How trucks and trailers plug into the shared service: their unit type and a lookup scoped to the
 * caller's company (null when the unit is not there), so this module never reads their tables.
 */
export type UnitKind = {
  type: UnitType;
  find: (db: DbOrTx, user: AuthUser, id: number) => Promise<UnitSummary | null>;
};

const actorOf = (user: AuthUser) => ({ id: user.id, companyId: user.companyId });
const iso = (v: Date | string) => (v instanceof Date ? v.toISOString() : String(v));

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function requireUnit(db: DbOrTx, user: AuthUser, kind: UnitKind, id: number): Promise<UnitSummary> {
  const unit = await kind.find(db, user, id);
  if (!unit) throw AppError.notFound();
  return unit;
}

/** An item of a unit's (equipment, note, value) by id, only when its unit is the caller's. */
async function ownedItem<T extends { unitId: number; unitType: string }>(
  db: DbOrTx,
  user: AuthUser,
  kind: UnitKind,
  item: T | undefined,
): Promise<T> {
  if (!item || item.unitType !== kind.type) throw AppError.notFound();
  await requireUnit(db, user, kind, item.unitId);
  return item;
}

// ---------- equipment ----------

const equipmentSelect = (where: SQL) => sql`
  select e.id, e.unit_id, e.equipment_name_id, n.name, e.quantity, e.serial, e.notes, e.created_at
  from unit_equipment e join equipment_names n on n.id = e.equipment_name_id
  where ${where} order by n.name, e.id`;

type EquipmentRaw = Omit<EquipmentRow, 'created_at'> & { created_at: Date | string };
const toEquipment = (r: EquipmentRaw): EquipmentRow => ({ ...r, created_at: iso(r.created_at) });

async function equipmentById(db: DbOrTx, id: number): Promise<EquipmentRow> {
  const [row] = await rowsOf<EquipmentRaw>(db, equipmentSelect(sql`e.id = ${id}`));
  if (!row) throw AppError.notFound();
  return toEquipment(row);
}

export async function listEquipment(db: Db, user: AuthUser, kind: UnitKind, unitId: number) {
  await requireUnit(db, user, kind, unitId);
  const rows = await rowsOf<EquipmentRaw>(
    db,
    equipmentSelect(sql`e.unit_type = ${kind.type} and e.unit_id = ${unitId}`),
  );
  return {
    truck_equipment: rows.map(toEquipment),
    filter: { equipments: await general.equipmentNameOptions(db, user) },
  };
}

async function findEquipment(db: DbOrTx, user: AuthUser, kind: UnitKind, id: number) {
  const [item] = await db.select().from(unitEquipment).where(eq(unitEquipment.id, id));
  return ownedItem(db, user, kind, item);
}

export async function editEquipment(db: Db, user: AuthUser, kind: UnitKind, id: number) {
  await findEquipment(db, user, kind, id);
  return { item: await equipmentById(db, id), filter: { equipments: await general.equipmentNameOptions(db, user) } };
}

type EquipmentValues = { equipment_name_id: number; quantity: number; serial: string | null; notes: string | null };

async function assertEquipmentName(db: DbOrTx, user: AuthUser, id: number) {
  if (!(await general.equipmentNameExists(db, user, id)))
    throw AppError.invalidField('equipment_name_id', 'Choose the equipment from the list.');
}

export async function storeEquipment(
  db: Db,
  user: AuthUser,
  kind: UnitKind,
  unitId: number,
  form: EquipmentValues,
): Promise<EquipmentRow> {
  await requireUnit(db, user, kind, unitId);
  await assertEquipmentName(db, user, form.equipment_name_id);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(unitEquipment)
      .values({
        unitType: kind.type,
        unitId,
        equipmentNameId: form.equipment_name_id,
        quantity: form.quantity,
        serial: form.serial,
        notes: form.notes,
      })
      .returning({ id: unitEquipment.id });
    if (!created) throw new AppError('internal', 'Equipment not created');
    const item = await equipmentById(tx, created.id);
    await writeAudit(tx, {
      actor: actorOf(user),
      entity: `${kind.type}_equipment`,
      entityId: created.id,
      action: 'create',
      after: item,
    });
    return item;
  });
}

export async function updateEquipment(
  db: Db,
  user: AuthUser,
  kind: UnitKind,
  id: number,
  form: EquipmentValues,
): Promise<EquipmentRow> {
  await findEquipment(db, user, kind, id);
  await assertEquipmentName(db, user, form.equipment_name_id);
  const before = await equipmentById(db, id);
  return db.transaction(async (tx) => {
    await tx
      .update(unitEquipment)
      .set({ equipmentNameId: form.equipment_name_id, quantity: form.quantity, serial: form.serial, notes: form.notes })
      .where(eq(unitEquipment.id, id));
    const item = await equipmentById(tx, id);
    await writeAudit(tx, {
      actor: actorOf(user),
      entity: `${kind.type}_equipment`,
      entityId: id,
      action: 'update',
      before,
      after: item,
    });
    return item;
  });
}

export async function deleteEquipment(db: Db, user: AuthUser, kind: UnitKind, id: number): Promise<void> {
  await findEquipment(db, user, kind, id);
  const before = await equipmentById(db, id);
  await db.transaction(async (tx) => {
    await tx.delete(unitEquipment).where(eq(unitEquipment.id, id));
    await writeAudit(tx, {
      actor: actorOf(user),
      entity: `${kind.type}_equipment`,
      entityId: id,
      action: 'delete',
      before,
    });
  });
}

/** POST /trucks/setEquipment: a new name for the equipment select (General's list). */
export async function createEquipmentName(db: Db, user: AuthUser, name: string) {
  const created = await general.addEquipmentName(db, user, name);
  return {
    message: MSG.createdSelectItem,
    equipment: { value: created.id, label: created.name },
    equipments: await general.equipmentNameOptions(db, user),
  };
}

// ---------- notes ----------

type NoteRaw = Omit<NoteRow, 'created_at' | 'updated_at'> & { created_at: Date | string; updated_at: Date | string };
const noteSelect = (where: SQL) => sql`
  select n.id, n.unit_id, n.text as notes, u.name as created_by, n.created_at, n.updated_at
  from unit_notes n left join users u on u.id = n.created_by
  where ${where} order by n.created_at desc, n.id desc`;
const toNote = (r: NoteRaw): NoteRow => ({ ...r, created_at: iso(r.created_at), updated_at: iso(r.updated_at) });

async function noteById(db: DbOrTx, id: number): Promise<NoteRow> {
  const [row] = await rowsOf<NoteRaw>(db, noteSelect(sql`n.id = ${id}`));
  if (!row) throw AppError.notFound();
  return toNote(row);
}

/** A unit's notes, newest first; the text filter is lowercased and matched anywhere (001 §5). */
export async function listNotes(db: Db, user: AuthUser, kind: UnitKind, unitId: number, text = '') {
  await requireUnit(db, user, kind, unitId);
  const needle = text.trim().toLowerCase();
  const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await rowsOf<NoteRaw>(
    db,
    noteSelect(
      sql`n.unit_type = ${kind.type} and n.unit_id = ${unitId}${needle ? sql` and lower(n.text) like ${pattern}` : sql``}`,
    ),
  );
  return { list: rows.map(toNote), filter: { notes: needle }, total: rows.length };
}

/** GET /{section}/description/{id}: the notes counter and the notes behind it. */
export async function describeUnit(db: Db, user: AuthUser, kind: UnitKind, unitId: number) {
  const { list } = await listNotes(db, user, kind, unitId);
  return { description: list.length, list };
}

async function findNote(db: DbOrTx, user: AuthUser, kind: UnitKind, id: number) {
  const [item] = await db.select().from(unitNotes).where(eq(unitNotes.id, id));
  return ownedItem(db, user, kind, item);
}

export async function storeNote(
  db: Db,
  user: AuthUser,
  kind: UnitKind,
  unitId: number,
  text: string,
): Promise<NoteRow> {
  await requireUnit(db, user, kind, unitId);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(unitNotes)
      .values({ unitType: kind.type, unitId, text, createdBy: user.id })
      .returning({ id: unitNotes.id });
    if (!created) throw new AppError('internal', 'Note not created');
    const item = await noteById(tx, created.id);
    await writeAudit(tx, {
      actor: actorOf(user),
      entity: `${kind.type}_notes`,
      entityId: created.id,
      action: 'create',
      after: item,
    });
    return item;
  });
}

export async function updateNote(db: Db, user: AuthUser, kind: UnitKind, id: number, text: string): Promise<NoteRow> {
  await findNote(db, user, kind, id);
  const before = await noteById(db, id);
  return db.transaction(async (tx) => {
    await tx.update(unitNotes).set({ text, updatedAt: new Date() }).where(eq(unitNotes.id, id));
    const item = await noteById(tx, id);
    await writeAudit(tx, {
      actor: actorOf(user),
      entity: `${kind.type}_notes`,
      entityId: id,
      action: 'update',
      before,
      after: item,
    });
    return item;
  });
}

export async function deleteNote(db: Db, user: AuthUser, kind: UnitKind, id: number): Promise<void> {
  await findNote(db, user, kind, id);
  const before = await noteById(db, id);
  await db.transaction(async (tx) => {
    await tx.delete(unitNotes).where(eq(unitNotes.id, id));
    await writeAudit(tx, {
      actor: actorOf(user),
      entity: `${kind.type}_notes`,
      entityId: id,
      action: 'delete',
      before,
    });
  });
}

// ---------- value per year ----------

const VALUE_YEARS_BACK = 20;
const dollars = (cents: number) => Math.round(cents) / 100;

/** Each year's value with its loss against the year before (the origin value before the first year). */
export function depreciationOf(
  values: Array<{ id: number; unitId: number; year: number; valueCents: number }>,
  originCents: number | null,
): ValueRow[] {
  const sorted = [...values].sort((a, b) => a.year - b.year);
  return sorted.map((v, i) => {
    const previous = i === 0 ? originCents : (sorted[i - 1]?.valueCents ?? null);
    const loss = previous === null ? null : previous - v.valueCents;
    return {
      id: v.id,
      unit_id: v.unitId,
      year: v.year,
      value: dollars(v.valueCents),
      depreciation: loss === null ? null : dollars(loss),
      depreciation_percent: loss === null || !previous ? null : Math.round((loss / previous) * 1000) / 10,
    };
  });
}

export async function valueOverview(db: Db, user: AuthUser, kind: UnitKind, unitId: number): Promise<ValueResponse> {
  const unit = await requireUnit(db, user, kind, unitId);
  const values = await db
    .select()
    .from(unitValues)
    .where(and(eq(unitValues.unitType, kind.type), eq(unitValues.unitId, unitId)));
  const thisYear = Number(nowInCompanyTimeZone().date.slice(0, 4));
  const taken = new Set(values.map((v) => v.year));
  // Twenty years back from now (or from the model year when older), never before 1980.
  const first = Math.max(1980, Math.min(unit.year ?? thisYear, thisYear - VALUE_YEARS_BACK));
  const free: number[] = [];
  for (let y = thisYear; y >= first; y--) if (!taken.has(y)) free.push(y);
  return {
    years: depreciationOf(values, unit.originValueCents).reverse(),
    filter: { years: free },
    trucks: { id: unit.id, number: unit.number, make: unit.make, model: unit.model, year: unit.year },
    originValue: unit.originValueCents === null ? null : dollars(unit.originValueCents),
  };
}

async function findValue(db: DbOrTx, user: AuthUser, kind: UnitKind, id: number) {
  const [item] = await db.select().from(unitValues).where(eq(unitValues.id, id));
  return ownedItem(db, user, kind, item);
}

const valueRow = (v: typeof unitValues.$inferSelect): ValueRow => ({
  id: v.id,
  unit_id: v.unitId,
  year: v.year,
  value: dollars(v.valueCents),
  depreciation: null,
  depreciation_percent: null,
});

export async function editValue(db: Db, user: AuthUser, kind: UnitKind, id: number): Promise<ValueRow> {
  return valueRow(await findValue(db, user, kind, id));
}

async function assertYearFree(db: DbOrTx, kind: UnitKind, unitId: number, year: number, id?: number) {
  const [taken] = await db
    .select({ id: unitValues.id })
    .from(unitValues)
    .where(and(eq(unitValues.unitType, kind.type), eq(unitValues.unitId, unitId), eq(unitValues.year, year)));
  if (taken && taken.id !== id) throw AppError.invalidField('year', `A value for ${year} already exists.`);
}

export async function storeValue(
  db: Db,
  user: AuthUser,
  kind: UnitKind,
  unitId: number,
  form: { year: number; value: number },
): Promise<ValueRow> {
  await requireUnit(db, user, kind, unitId);
  await assertYearFree(db, kind, unitId, form.year);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(unitValues)
      .values({ unitType: kind.type, unitId, year: form.year, valueCents: Math.round(form.value * 100) })
      .returning();
    if (!created) throw new AppError('internal', 'Value not created');
    const item = valueRow(created);
    await writeAudit(tx, {
      actor: actorOf(user),
      entity: `${kind.type}_values`,
      entityId: created.id,
      action: 'create',
      after: item,
    });
    return item;
  });
}

export async function updateValue(
  db: Db,
  user: AuthUser,
  kind: UnitKind,
  id: number,
  form: { year: number; value: number },
): Promise<ValueRow> {
  const before = await findValue(db, user, kind, id);
  await assertYearFree(db, kind, before.unitId, form.year, id);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(unitValues)
      .set({ year: form.year, valueCents: Math.round(form.value * 100) })
      .where(eq(unitValues.id, id))
      .returning();
    if (!updated) throw AppError.notFound();
    const item = valueRow(updated);
    await writeAudit(tx, {
      actor: actorOf(user),
      entity: `${kind.type}_values`,
      entityId: id,
      action: 'update',
      before: valueRow(before),
      after: item,
    });
    return item;
  });
}

export async function deleteValue(db: Db, user: AuthUser, kind: UnitKind, id: number): Promise<void> {
  const before = await findValue(db, user, kind, id);
  await db.transaction(async (tx) => {
    await tx.delete(unitValues).where(eq(unitValues.id, id));
    await writeAudit(tx, {
      actor: actorOf(user),
      entity: `${kind.type}_values`,
      entityId: id,
      action: 'delete',
      before: valueRow(before),
    });
  });
}

// ---------- assignment history ----------

type AssignmentRaw = Omit<AssignmentRow, 'from_date' | 'to_date'> & {
  from_date: string | Date;
  to_date: string | Date | null;
};
const day = (v: string | Date) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

export async function history(db: DbOrTx, user: AuthUser, kind: UnitKind, unitId: number): Promise<AssignmentRow[]> {
  await requireUnit(db, user, kind, unitId);
  const rows = await rowsOf<AssignmentRaw>(
    db,
    sql`select a.id, a.customer_id, c.name as customer, a.driver_id, d.name as driver, a.trailer_id,
          t.trailer_number, a.from_date, a.to_date, u.name as changed_by
        from unit_assignments a
        left join customers c on c.id = a.customer_id
        left join drivers d on d.id = a.driver_id
        left join trailers t on t.id = a.trailer_id
        left join users u on u.id = a.changed_by
        where a.unit_type = ${kind.type} and a.unit_id = ${unitId}
        order by a.from_date desc, a.id desc`,
  );
  return rows.map((r) => ({ ...r, from_date: day(r.from_date), to_date: r.to_date === null ? null : day(r.to_date) }));
}

export type Assignment = { customerId: number | null; driverId: number | null; trailerId: number | null };

/**
 * Records an assignment change in the history (call it in the transaction that changes the unit):
 * the open period ends on `fromDate` and a new one starts, unless nothing changed. A unit with no
 * customer, driver and trailer gets no open period.
 */
export async function recordAssignment(
  tx: DbOrTx,
  opts: {
    user: AuthUser;
    kind: UnitKind;
    unitId: number;
    before: Assignment;
    after: Assignment;
    fromDate?: string | null;
  },
): Promise<boolean> {
  const { before, after } = opts;
  if (
    before.customerId === after.customerId &&
    before.driverId === after.driverId &&
    before.trailerId === after.trailerId
  )
    return false;
  const fromDate = opts.fromDate ?? nowInCompanyTimeZone().date;
  const open = and(
    eq(unitAssignments.unitType, opts.kind.type),
    eq(unitAssignments.unitId, opts.unitId),
    isNull(unitAssignments.toDate),
  );
  const [current] = await tx
    .select()
    .from(unitAssignments)
    .where(open)
    .orderBy(desc(unitAssignments.fromDate))
    .limit(1);
  if (current && current.fromDate > fromDate)
    throw AppError.invalidField(
      'from_date',
      `The change cannot start before the current assignment (${current.fromDate}).`,
    );
  await tx.update(unitAssignments).set({ toDate: fromDate }).where(open);
  if (after.customerId !== null || after.driverId !== null || after.trailerId !== null) {
    await tx.insert(unitAssignments).values({
      unitType: opts.kind.type,
      unitId: opts.unitId,
      customerId: after.customerId,
      driverId: after.driverId,
      trailerId: after.trailerId,
      fromDate,
      changedBy: opts.user.id,
    });
  }
  await writeAudit(tx, {
    actor: actorOf(opts.user),
    entity: `${opts.kind.type}_assignments`,
    entityId: opts.unitId,
    action: 'update',
    before: opts.before,
    after: { ...opts.after, from_date: fromDate },
  });
  return true;
}

/** Names for select options, scoped to the company (customers, drivers, trailers). */
export async function selectOptions(db: DbOrTx, query: SQL): Promise<SelectOption[]> {
  const rows = await rowsOf<{ value: number; label: string }>(db, query);
  return rows.map((r) => ({ value: Number(r.value), label: r.label }));
}

/** A deleted unit's equipment, notes, values and history (in the unit's delete transaction). */
export async function removeUnitParts(tx: DbOrTx, kind: UnitKind, unitId: number): Promise<void> {
  for (const table of [unitEquipment, unitNotes, unitValues, unitAssignments]) {
    await tx.delete(table).where(and(eq(table.unitType, kind.type), eq(table.unitId, unitId)));
  }
}
