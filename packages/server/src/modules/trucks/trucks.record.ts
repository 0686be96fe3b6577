import { SECTION } from '@backhaul/shared';
import {
  type Truck,
  type TruckFormOutput,
  TruckFormSchema,
  TruckSchema,
} from '@backhaul/shared/modules/trucks/trucks.contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { AppError } from '../../platform/errors';
import { references } from '../../platform/module-hooks';
import { defineRecord, sameText } from '../../platform/record/define-record';
import { customers } from '../customers';
import { trailerTypes } from '../general';
import { trailers } from '../trailers';
import * as units from '../units';
import { driverOnTruck, truckDriverChanged } from './truck-driver';
import { trucks } from './trucks.table';

type TruckRecord = typeof trucks.$inferSelect;

/** The truck with the names behind its ids (the edit form, every write's answer and the audit). */
async function toTruck(db: DbOrTx, t: TruckRecord): Promise<Truck> {
  const [names] = await rowsOf<{
    customer: string | null;
    driver: string | null;
    trailer_number: string | null;
    trailer_type: string | null;
  }>(
    db,
    sql`select
      (select name from ${customers} where id = ${t.customerId}) as customer,
      ${units.driverName.sql(sql`${t.driverId}`, sql`${t.companyId}`)} as driver,
      (select trailer_number from ${trailers} where id = ${t.trailerId}) as trailer_number,
      (select tt.name from ${trailers} tr join ${trailerTypes} tt on tt.id = tr.trailer_type_id where tr.id = ${t.trailerId}) as trailer_type`,
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

/** Ids the form names must be the company's; the number unique; a trailer and a driver on one truck only. */
export async function checkTruckForm(db: DbOrTx, user: AuthUser, form: TruckFormOutput, id: number | null) {
  const { errors, exists } = await units.unitFormChecks(db, user, form.customer_id);
  if (form.driver_id !== null) {
    const [driver] = await rowsOf<{ ok: boolean }>(
      db,
      sql`select ${units.driverName.sql(sql`${form.driver_id}`, sql`${user.companyId}`)} is not null as ok`,
    );
    if (!driver?.ok) errors.driver_id = ['Choose a driver from the list.'];
  }
  if (!(await exists(trailers, form.trailer_id))) errors.trailer_id = ['Choose a trailer from the list.'];
  const other = (condition: ReturnType<typeof eq>) =>
    db
      .select({ number: trucks.truckNumber })
      .from(trucks)
      .where(and(eq(trucks.companyId, user.companyId), condition, id ? ne(trucks.id, id) : undefined));
  const [sameNumber] = await other(sameText(trucks.truckNumber, form.truck_number));
  if (sameNumber) errors.truck_number = [`Truck ${form.truck_number} already exists.`];
  if (form.trailer_id !== null && !errors.trailer_id) {
    const [hauling] = await other(eq(trucks.trailerId, form.trailer_id));
    if (hauling) errors.trailer_id = [`This trailer is on truck ${hauling.number}; unhook it there first.`];
  }
  if (form.driver_id !== null && !errors.driver_id) {
    const [driving] = await other(eq(trucks.driverId, form.driver_id));
    if (driving) errors.driver_id = [`This driver drives truck ${driving.number}; change it there first.`];
  }
  if (Object.keys(errors).length) throw AppError.validation(errors);
}

export const assignmentOf = (
  t: Pick<TruckRecord, 'customerId' | 'driverId' | 'trailerId'> | null,
): units.Assignment => ({
  customerId: t?.customerId ?? null,
  driverId: t?.driverId ?? null,
  trailerId: t?.trailerId ?? null,
});

/** The trips, work orders… of a truck (modules above this one register their counts): they keep it from deletion. */
export const truckLinks = references();

/**
 * A truck (001 §3). A customer user reaches only its customer's trucks. A save moves the driver
 * with it (drivers name their truck too) and writes the assignment history; a truck a driver
 * still drives is kept (412); its equipment, notes, values and history go with it.
 */
export const truckRecord = defineRecord({
  table: trucks,
  section: SECTION.Trucks,
  scope: { row: (user) => (user.customerId ? eq(trucks.customerId, user.customerId) : undefined) },
  heldBy: truckLinks,
  // Left company is how a truck with history leaves the fleet instead of being deleted.
  active: (t) => t.status === 'active',
  form: TruckFormSchema,
  row: TruckSchema,
  toRow: (t, { tx }) => toTruck(tx, t),
  toValues: (form) => ({
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
    originValueCents: form.origin_value,
  }),
  hooks: {
    beforeSave: ({ tx, user, form, id }) => checkTruckForm(tx, user, form, id),
    afterSave: async ({ tx, user, before, after }) => {
      await truckDriverChanged(tx, user, {
        truckId: after.id,
        trailerId: after.trailerId,
        before: before?.driverId ?? null,
        after: after.driverId,
      });
      await units.recordAssignment(tx, {
        user,
        kind: truckKind,
        unitId: after.id,
        before: assignmentOf(before),
        after: assignmentOf(after),
      });
    },
    beforeDelete: async ({ tx, user, id, before }) => {
      const c = sql`${user.companyId}`;
      const [driver] = await rowsOf<{ name: string | null }>(
        tx,
        sql`select coalesce(${units.driverName.sql(sql`${before.driverId}`, c)},
          ${units.driverName.sql(driverOnTruck.sql(sql`${id}`, sql`0`, c), c)}) as name`,
      );
      if (driver?.name)
        throw AppError.precondition(
          `Truck ${before.truckNumber} is assigned to ${driver.name}; unassign the driver first.`,
        );
    },
    afterDelete: ({ tx, id }) => units.removeUnitParts(tx, truckKind, id),
  },
});

/** How the shared equipment, notes, values and history find a truck. */
export const truckKind: units.UnitKind = {
  type: 'truck',
  unit: truckRecord,
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
      .where(and(eq(trucks.id, id), truckRecord.scope(user)));
    return t ?? null;
  },
};
