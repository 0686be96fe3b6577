import type { SelectOption } from '@backhaul/shared';
import type { Truck, TruckFormOutput, TruckOptions } from '@backhaul/shared/modules/trucks/trucks.contract';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../platform/audit/audit';
import type { AuthUser } from '../../platform/auth/access';
import { AppError } from '../../platform/errors';
import { followTruckDriver } from '../drivers/drivers.service';
import { auditAssignmentChange, auditUnitWrite, deleteUnitParts, unitFormChecks } from '../units/unit-writes';
import * as units from '../units/units.service';
import { trucks } from './trucks.table';

type TruckRecord = typeof trucks.$inferSelect;

/** A customer user reaches only its customer's trucks. */
const scope = (user: AuthUser) =>
  and(eq(trucks.companyId, user.companyId), user.customerId ? eq(trucks.customerId, user.customerId) : undefined);

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** How the shared equipment, notes, values and history find a truck. */
export const truckKind: units.UnitKind = {
  type: 'truck',
  async find(db, user, id) {
    const [t] = await db
      .select({
        id: trucks.id,
        number: trucks.truckNumber,
        make: trucks.make,
        model: trucks.model,
        year: trucks.year,
        originValueCents: trucks.originValueCents,
      })
      .from(trucks)
      .where(and(eq(trucks.id, id), scope(user)));
    return t ?? null;
  },
};

async function findRecord(db: DbOrTx, user: AuthUser, id: number): Promise<TruckRecord> {
  const [t] = await db
    .select()
    .from(trucks)
    .where(and(eq(trucks.id, id), scope(user)));
  if (!t) throw AppError.notFound();
  return t;
}

/** One truck with the names behind its ids (the edit form and every write's answer). */
export async function getTruck(db: DbOrTx, user: AuthUser, id: number): Promise<Truck> {
  const t = await findRecord(db, user, id);
  const [names] = await rowsOf<{
    customer: string | null;
    driver: string | null;
    trailer_number: string | null;
    trailer_type: string | null;
  }>(
    db,
    sql`select
      (select name from customers where id = ${t.customerId}) as customer,
      (select name from drivers where id = ${t.driverId}) as driver,
      (select trailer_number from trailers where id = ${t.trailerId}) as trailer_number,
      (select tt.name from trailers tr join trailer_types tt on tt.id = tr.trailer_type_id where tr.id = ${t.trailerId}) as trailer_type`,
  );
  return {
    id: t.id,
    truck_number: t.truckNumber,
    make: t.make,
    model: t.model,
    year: t.year,
    vin: t.vin,
    plate: t.plate,
    customer_id: t.customerId,
    customer: names?.customer ?? null,
    driver_id: t.driverId,
    driver: names?.driver ?? null,
    trailer_id: t.trailerId,
    trailer_number: names?.trailer_number ?? null,
    trailer_type: names?.trailer_type ?? null,
    eld: t.eld,
    alignment_date: t.alignmentDate,
    annual_inspection_date: t.annualInspectionDate,
    pm_miles: t.pmMiles,
    odometer: t.odometer,
    registration_expires_on: t.registrationExpiresOn,
    company_owner: t.companyOwner,
    status: t.status as Truck['status'],
    truck_status: (t.truckStatus as Truck['truck_status']) ?? null,
    origin_value: t.originValueCents === null ? null : t.originValueCents / 100,
  };
}

// ---------- options of the form ----------

export async function driverTrailers(
  db: DbOrTx,
  user: AuthUser,
  customerId: number | null | undefined,
): Promise<{ drivers: SelectOption[]; trailers: SelectOption[] }> {
  const byCustomer = (column: SQL) => (customerId ? sql` and ${column} = ${customerId}` : sql``);
  const [drivers, trailers] = await Promise.all([
    units.selectOptions(
      db,
      sql`select id as value, name as label from drivers where company_id = ${user.companyId} and active${byCustomer(sql`customer_id`)} order by name`,
    ),
    units.selectOptions(
      db,
      sql`select id as value, trailer_number as label from trailers where company_id = ${user.companyId} and status = 'active'${byCustomer(sql`customer_id`)} order by trailer_number`,
    ),
  ]);
  return { drivers, trailers };
}

export async function truckOptions(db: DbOrTx, user: AuthUser, customerId?: number | null): Promise<TruckOptions> {
  const customerScope = user.customerId ? sql` and id = ${user.customerId}` : sql``;
  const [customers, pair, elds] = await Promise.all([
    units.selectOptions(
      db,
      sql`select id as value, name as label from customers where company_id = ${user.companyId}${customerScope} order by name`,
    ),
    driverTrailers(db, user, customerId ?? user.customerId),
    rowsOf<{ eld: string }>(
      db,
      sql`select distinct eld from trucks where company_id = ${user.companyId} and eld is not null order by eld`,
    ),
  ]);
  return { customers, ...pair, elds: elds.map((e) => e.eld) };
}

// ---------- create, update, delete ----------

/** Ids the form names must be the company's; the number unique; a trailer on one truck only. */
async function checkForm(db: DbOrTx, user: AuthUser, form: TruckFormOutput, id?: number): Promise<void> {
  const { errors, exists } = await unitFormChecks(db, user, form.customer_id);
  if (!(await exists('drivers', form.driver_id))) errors.driver_id = ['Choose a driver from the list.'];
  if (!(await exists('trailers', form.trailer_id))) errors.trailer_id = ['Choose a trailer from the list.'];
  const [sameNumber] = await db
    .select({ id: trucks.id })
    .from(trucks)
    .where(
      and(
        eq(trucks.companyId, user.companyId),
        sql`lower(${trucks.truckNumber}) = lower(${form.truck_number})`,
        id ? ne(trucks.id, id) : undefined,
      ),
    );
  if (sameNumber) errors.truck_number = [`Truck ${form.truck_number} already exists.`];
  if (form.trailer_id !== null && !errors.trailer_id) {
    const [hauling] = await db
      .select({ number: trucks.truckNumber })
      .from(trucks)
      .where(
        and(
          eq(trucks.companyId, user.companyId),
          eq(trucks.trailerId, form.trailer_id),
          id ? ne(trucks.id, id) : undefined,
        ),
      );
    if (hauling) errors.trailer_id = [`This trailer is on truck ${hauling.number}; unhook it there first.`];
  }
  if (form.driver_id !== null && !errors.driver_id) {
    const [driving] = await db
      .select({ number: trucks.truckNumber })
      .from(trucks)
      .where(
        and(
          eq(trucks.companyId, user.companyId),
          eq(trucks.driverId, form.driver_id),
          id ? ne(trucks.id, id) : undefined,
        ),
      );
    if (driving) errors.driver_id = [`This driver drives truck ${driving.number}; change it there first.`];
  }
  if (Object.keys(errors).length) throw AppError.validation(errors);
}

const columnsOf = (form: TruckFormOutput) => ({
  truckNumber: form.truck_number,
  make: form.make,
  model: form.model,
  year: form.year,
  vin: form.vin?.toUpperCase() ?? null,
  plate: form.plate?.toUpperCase() ?? null,
  customerId: form.customer_id,
  driverId: form.driver_id,
  trailerId: form.trailer_id,
  eld: form.eld,
  alignmentDate: form.alignment_date,
  annualInspectionDate: form.annual_inspection_date,
  pmMiles: form.pm_miles,
  odometer: form.odometer,
  registrationExpiresOn: form.registration_expires_on,
  companyOwner: form.company_owner,
  status: form.status,
  truckStatus: form.status === 'active' ? form.truck_status : null,
  originValueCents: form.origin_value === null ? null : Math.round(form.origin_value * 100),
});

const assignmentOf = (t: Pick<TruckRecord, 'customerId' | 'driverId' | 'trailerId'> | null): units.Assignment => ({
  customerId: t?.customerId ?? null,
  driverId: t?.driverId ?? null,
  trailerId: t?.trailerId ?? null,
});

export async function createTruck(db: Db, user: AuthUser, form: TruckFormOutput): Promise<Truck> {
  await checkForm(db, user, form);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(trucks)
      .values({ companyId: user.companyId, ...columnsOf(form) })
      .returning();
    if (!created) throw new AppError('internal', 'Truck not created');
    await followTruckDriver(tx, user, {
      truckId: created.id,
      trailerId: created.trailerId,
      before: null,
      after: created.driverId,
    });
    return auditUnitWrite(tx, {
      user,
      kind: truckKind,
      unitId: created.id,
      action: 'create',
      assignment: { before: assignmentOf(null), after: assignmentOf(created) },
      read: () => getTruck(tx, user, created.id),
    });
  });
}

export async function updateTruck(db: Db, user: AuthUser, id: number, form: TruckFormOutput): Promise<Truck> {
  const before = await getTruck(db, user, id);
  const record = await findRecord(db, user, id);
  await checkForm(db, user, form, id);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(trucks)
      .set({ ...columnsOf(form), updatedAt: new Date() })
      .where(and(eq(trucks.id, id), scope(user)))
      .returning();
    if (!updated) throw AppError.notFound();
    await followTruckDriver(tx, user, {
      truckId: id,
      trailerId: updated.trailerId,
      before: record?.driverId ?? null,
      after: updated.driverId,
    });
    return auditUnitWrite(tx, {
      user,
      kind: truckKind,
      unitId: id,
      action: 'update',
      assignment: { before: assignmentOf(record), after: assignmentOf(updated) },
      before,
      read: () => getTruck(tx, user, id),
    });
  });
}

/** POST /trucks/updateTruckCustomer: a change of customer, driver or trailer from a date. */
export async function assignTruck(
  db: Db,
  user: AuthUser,
  body: {
    id: number;
    customer_id?: number | null;
    driver_id?: number | null;
    trailer_id?: number | null;
    from_date?: string | null;
  },
): Promise<void> {
  const current = await getTruck(db, user, body.id);
  const record = await findRecord(db, user, body.id);
  const form: TruckFormOutput = {
    ...current,
    customer_id: body.customer_id === undefined ? current.customer_id : body.customer_id,
    driver_id: body.driver_id === undefined ? current.driver_id : body.driver_id,
    trailer_id: body.trailer_id === undefined ? current.trailer_id : body.trailer_id,
  };
  await checkForm(db, user, form, body.id);
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(trucks)
      .set({
        customerId: form.customer_id,
        driverId: form.driver_id,
        trailerId: form.trailer_id,
        updatedAt: new Date(),
      })
      .where(eq(trucks.id, body.id))
      .returning();
    if (!updated) throw AppError.notFound();
    await followTruckDriver(tx, user, {
      truckId: body.id,
      trailerId: updated.trailerId,
      before: record?.driverId ?? null,
      after: updated.driverId,
    });
    await auditAssignmentChange(tx, {
      user,
      kind: truckKind,
      unitId: body.id,
      assignment: { before: assignmentOf(record), after: assignmentOf(updated) },
      fromDate: body.from_date ?? null,
      before: current,
      read: () => getTruck(tx, user, body.id),
    });
  });
}

/**
 * A truck a driver still drives cannot be deleted (412, unassign first). Its equipment, notes,
 * values and history go with it; the audit keeps the record.
 */
export async function deleteTruck(db: Db, user: AuthUser, id: number): Promise<void> {
  const before = await getTruck(db, user, id);
  const [driver] = await rowsOf<{ name: string }>(
    db,
    sql`select name from drivers where company_id = ${user.companyId} and (id = ${before.driver_id} or truck_id = ${id}) limit 1`,
  );
  if (driver)
    throw AppError.precondition(
      `Truck ${before.truck_number} is assigned to ${driver.name}; unassign the driver first.`,
    );
  await db.transaction(async (tx) => {
    await tx.delete(trucks).where(and(eq(trucks.id, id), scope(user)));
    await deleteUnitParts(tx, { user, kind: truckKind, unitId: id, before });
  });
}

/**
 * A driver's truck changed (drivers module): the truck the driver left gets its next team driver
 * (or none) if it was theirs; a truck with no driver takes them. Audited, in the caller's transaction.
 */
export async function followDriverTruck(
  tx: DbOrTx,
  user: AuthUser,
  change: { driverId: number; before: number | null; after: number | null },
): Promise<void> {
  if (change.before === change.after) return;
  const audit = (truckId: number, before: number | null, after: number | null) =>
    writeAudit(tx, {
      actor: { id: user.id, companyId: user.companyId },
      entity: 'trucks',
      entityId: truckId,
      action: 'update',
      before: { driver_id: before },
      after: { driver_id: after },
    });
  if (change.before !== null) {
    const [left] = await tx
      .update(trucks)
      .set({
        driverId: sql`(select d.id from drivers d where d.truck_id = ${change.before} and d.id <> ${change.driverId} order by d.id limit 1)`,
        updatedAt: new Date(),
      })
      .where(and(eq(trucks.id, change.before), eq(trucks.driverId, change.driverId)))
      .returning({ id: trucks.id, driverId: trucks.driverId });
    if (left) await audit(left.id, change.driverId, left.driverId);
  }
  if (change.after !== null) {
    const [taken] = await tx
      .update(trucks)
      .set({ driverId: change.driverId, updatedAt: new Date() })
      .where(and(eq(trucks.id, change.after), sql`${trucks.driverId} is null`))
      .returning({ id: trucks.id });
    if (taken) await audit(taken.id, null, change.driverId);
  }
}
