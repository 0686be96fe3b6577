import type { SelectOption } from '@backhaul/shared';
import { MSG } from '@backhaul/shared';
import type { AssignmentRow, ValueResponse, ValueRow } from '@backhaul/shared/modules/units/units.contract';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { AppError, type FieldErrors } from '../../platform/errors';
import { defineCommand, runCommand } from '../../platform/record/command';
import { customers } from '../customers';
import * as general from '../general';
import { driverName, trailerNumber } from './unit-names';
import { type EquipmentRaw, equipmentSelect, type NoteRaw, noteSelect, toEquipment, toNote } from './unit-parts.record';
import type { UnitKind, UnitSummary } from './units.kind';
import { unitAssignments, unitEquipment, unitNotes, unitValues } from './units.table';

export type { UnitKind, UnitSummary } from './units.kind';

export async function requireUnit(db: DbOrTx, user: AuthUser, kind: UnitKind, id: number): Promise<UnitSummary> {
  const unit = await kind.find(db, user, id);
  if (!unit) throw AppError.notFound();
  return unit;
}

// ---------- equipment ----------

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
  const thisYear = Number(clock.today().slice(0, 4));
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
    sql`select a.id, a.customer_id, c.name as customer, a.driver_id, ${driverName.sql(sql`a.driver_id`, sql`${user.companyId}`)} as driver,
          a.trailer_id, ${trailerNumber.sql(sql`a.trailer_id`, sql`${user.companyId}`)} as trailer_number, a.from_date, a.to_date,
          u.name as changed_by
        from unit_assignments a
        left join ${customers} c on c.id = a.customer_id
        left join users u on u.id = a.changed_by
        where a.unit_type = ${kind.type} and a.unit_id = ${unitId}
        order by a.from_date desc, a.id desc`,
  );
  return rows.map((r) => ({ ...r, from_date: day(r.from_date), to_date: r.to_date === null ? null : day(r.to_date) }));
}

export type Assignment = { customerId: number | null; driverId: number | null; trailerId: number | null };

type AssignmentChange = {
  kind: UnitKind;
  unitId: number;
  before: Assignment;
  after: Assignment;
  fromDate?: string | null | undefined;
};

/** The open period ends on the change's date and a new one starts (none for a unit with no one on it). */
const changeAssignment = defineCommand<AssignmentChange, void>({
  action: 'assign',
  run: async ({ tx, user, input, audit }) => {
    const fromDate = input.fromDate ?? clock.today();
    const { after } = input;
    const open = and(
      eq(unitAssignments.unitType, input.kind.type),
      eq(unitAssignments.unitId, input.unitId),
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
        unitType: input.kind.type,
        unitId: input.unitId,
        customerId: after.customerId,
        driverId: after.driverId,
        trailerId: after.trailerId,
        fromDate,
        changedBy: user.id,
      });
    }
    await audit({
      entity: unitAssignments,
      entityId: `${input.kind.type}:${input.unitId}`,
      action: 'update',
      before: input.before,
      after: { ...after, from_date: fromDate },
    });
  },
});

/**
 * Records an assignment change in the history (call it in the transaction that changes the unit):
 * the open period ends on `fromDate` and a new one starts, unless nothing changed. A unit with no
 * customer, driver and trailer gets no open period.
 */
export async function recordAssignment(tx: DbOrTx, opts: AssignmentChange & { user: AuthUser }): Promise<void> {
  const { before, after, user, ...change } = opts;
  if (
    before.customerId === after.customerId &&
    before.driverId === after.driverId &&
    before.trailerId === after.trailerId
  )
    return;
  await runCommand(tx, changeAssignment, user, { ...change, before, after });
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

/**
 * The start of a unit form's checks: `exists` says whether an id the form names is the company's
 * (null passes), and the customer must be one of the company's — a customer user's own.
 */
export async function unitFormChecks(
  db: DbOrTx,
  user: AuthUser,
  customerId: number | null,
): Promise<{ errors: FieldErrors; exists: (table: PgTable, value: number | null) => Promise<boolean> }> {
  const errors: FieldErrors = {};
  const exists = async (table: PgTable, value: number | null) => {
    if (value === null) return true;
    const rows = await rowsOf(db, sql`select 1 from ${table} where id = ${value} and company_id = ${user.companyId}`);
    return Boolean(rows[0]);
  };
  if (!(await exists(customers, customerId))) errors.customer_id = ['Choose a customer from the list.'];
  if (user.customerId && customerId !== user.customerId) errors.customer_id = ['Choose your own company.'];
  return { errors, exists };
}
