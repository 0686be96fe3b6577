import type { SelectOption } from '@backhaul/shared';
import type { TruckFormOutput, TruckOptions } from '@backhaul/shared/modules/trucks/trucks.contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { type CommandContext, defineCommand, runCommand } from '../../platform/record/command';
import { customers } from '../customers';
import { trailers } from '../trailers';
import * as units from '../units';
import { activeDriverOptions, driverOnTruck, truckDriverChanged } from './truck-driver';
import { assignmentOf, checkTruckForm, truckKind, truckRecord } from './trucks.record';
import { trucks } from './trucks.table';

export { truckKind } from './trucks.record';

// ---------- options of the form ----------

export async function driverTrailers(
  db: DbOrTx,
  user: AuthUser,
  customerId: number | null | undefined,
): Promise<{ drivers: SelectOption[]; trailers: SelectOption[] }> {
  const byCustomer = (column: SQL) => (customerId ? sql` and ${column} = ${customerId}` : sql``);
  const [driverOptions, trailerOptions] = await Promise.all([
    units.selectOptions(db, activeDriverOptions.sql(sql`${user.companyId}`, customerId ? sql`${customerId}` : null)),
    units.selectOptions(
      db,
      sql`select id as value, trailer_number as label from ${trailers} where company_id = ${user.companyId} and status = 'active'${byCustomer(sql`customer_id`)} order by trailer_number`,
    ),
  ]);
  return { drivers: driverOptions, trailers: trailerOptions };
}

export async function truckOptions(db: DbOrTx, user: AuthUser, customerId?: number | null): Promise<TruckOptions> {
  const customerScope = user.customerId ? sql` and id = ${user.customerId}` : sql``;
  const [customerOptions, pair, elds] = await Promise.all([
    units.selectOptions(
      db,
      sql`select id as value, name as label from ${customers} where company_id = ${user.companyId}${customerScope} order by name`,
    ),
    driverTrailers(db, user, customerId ?? user.customerId),
    rowsOf<{ eld: string }>(
      db,
      sql`select distinct eld from trucks where company_id = ${user.companyId} and eld is not null order by eld`,
    ),
  ]);
  return { customers: customerOptions, ...pair, elds: elds.map((e) => e.eld) };
}

// ---------- assignment ----------

type AssignBody = {
  id: number;
  customer_id?: number | null;
  driver_id?: number | null;
  trailer_id?: number | null;
  from_date?: string | null;
};

/**
 * POST /trucks/updateTruckCustomer: a change of customer, driver or trailer from a date. The truck's
 * audit row is written only when its assignment changed.
 */
const assignTruckCommand = defineCommand({
  action: 'update',
  target: { record: truckRecord, id: (body: AssignBody) => body.id },
  auditUnchanged: true,
  run: async ({ tx, user, row, input: body }: CommandContext<AssignBody, typeof trucks>) => {
    const current = await truckRecord.toRow(row, { tx, user });
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
        updatedAt: clock.now(),
      })
      .where(eq(trucks.id, body.id))
      .returning();
    if (!updated) throw AppError.notFound();
    await truckDriverChanged(tx, user, {
      truckId: body.id,
      trailerId: updated.trailerId,
      before: row.driverId,
      after: updated.driverId,
    });
    await units.recordAssignment(tx, {
      user,
      kind: truckKind,
      unitId: body.id,
      before: assignmentOf(row),
      after: assignmentOf(updated),
      fromDate: body.from_date ?? null,
    });
  },
});

export const assignTruck = (db: Db, user: AuthUser, body: AssignBody): Promise<void> =>
  runCommand(db, assignTruckCommand, user, body);

type DriverMove = { driverId: number; before: number | null; after: number | null };

/** The truck the driver left gets its next team driver (or none) if it was theirs; a truck with no driver takes them. */
const followDriver = defineCommand<DriverMove, void>({
  action: 'follow_driver',
  run: async ({ tx, user, input: change, audit }) => {
    const audited = (truckId: number, before: number | null, after: number | null) =>
      audit({
        entity: truckRecord.entity,
        entityId: truckId,
        action: 'update',
        before: { driver_id: before },
        after: { driver_id: after },
      });
    if (change.before !== null) {
      const [left] = await tx
        .update(trucks)
        .set({
          driverId: driverOnTruck.sql(sql`${change.before}`, sql`${change.driverId}`, sql`${user.companyId}`),
          updatedAt: clock.now(),
        })
        .where(and(eq(trucks.id, change.before), eq(trucks.driverId, change.driverId)))
        .returning({ id: trucks.id, driverId: trucks.driverId });
      if (left) await audited(left.id, change.driverId, left.driverId);
    }
    if (change.after !== null) {
      const [taken] = await tx
        .update(trucks)
        .set({ driverId: change.driverId, updatedAt: clock.now() })
        .where(and(eq(trucks.id, change.after), sql`${trucks.driverId} is null`))
        .returning({ id: trucks.id });
      if (taken) await audited(taken.id, null, change.driverId);
    }
  },
});

/** A driver's truck changed (drivers module): its trucks follow, each audited, in the caller's transaction. */
export async function followDriverTruck(tx: DbOrTx, user: AuthUser, change: DriverMove): Promise<void> {
  if (change.before === change.after) return;
  await runCommand(tx, followDriver, user, change);
}
