import type { SelectOption } from '@backhaul/shared';
import type { Truck, TruckFormOutput, TruckOptions } from '@backhaul/shared/modules/trucks/trucks.contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { writeAudit } from '../../platform/audit/audit';
import type { AuthUser } from '../../platform/auth/access';
import { AppError } from '../../platform/errors';
import { findRecord, getRecord, inTransaction } from '../../platform/record/record.service';
import * as units from '../units';
import { truckDriverChanged } from './truck-driver';
import { assignmentOf, checkTruckForm, truckKind, truckRecord } from './trucks.record';
import { trucks } from './trucks.table';

export { truckKind } from './trucks.record';

/** One truck with the names behind its ids. */
export const getTruck = (db: DbOrTx, user: AuthUser, id: number): Promise<Truck> =>
  getRecord(db, truckRecord, user, id);

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

// ---------- assignment ----------

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
  await inTransaction(db, async (tx) => {
    const record = await findRecord(tx, truckRecord, user, body.id, { lock: true });
    const current = await truckRecord.toRow(record, { tx, user });
    const form: TruckFormOutput = {
      ...current,
      customer_id: body.customer_id === undefined ? current.customer_id : body.customer_id,
      driver_id: body.driver_id === undefined ? current.driver_id : body.driver_id,
      trailer_id: body.trailer_id === undefined ? current.trailer_id : body.trailer_id,
    };
    await checkTruckForm(tx, user, form, body.id);
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
    await truckDriverChanged(tx, user, {
      truckId: body.id,
      trailerId: updated.trailerId,
      before: record.driverId,
      after: updated.driverId,
    });
    await units.auditAssignmentChange(tx, {
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
      actor: user,
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
