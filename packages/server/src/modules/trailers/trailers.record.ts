import { SECTION } from '@backhaul/shared';
import {
  type Trailer,
  type TrailerFormOutput,
  TrailerFormSchema,
  TrailerSchema,
} from '@backhaul/shared/modules/trailers/trailers.contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { AppError } from '../../platform/errors';
import { references } from '../../platform/module-hooks';
import { defineRecord, sameText } from '../../platform/record/define-record';
import { customers } from '../customers';
import { trailerTypes } from '../general';
import * as units from '../units';
import { haulerNumber } from './trailer-hauler';
import { trailers } from './trailers.table';

type TrailerRecord = typeof trailers.$inferSelect;

async function toTrailer(db: DbOrTx, t: TrailerRecord): Promise<Trailer> {
  const [names] = await rowsOf<{
    customer: string | null;
    trailer_type: string | null;
    reefer: boolean | null;
    truck_number: string | null;
  }>(
    db,
    sql`select
      (select name from ${customers} where id = ${t.customerId}) as customer,
      (select name from ${trailerTypes} where id = ${t.trailerTypeId}) as trailer_type,
      (select reefer from ${trailerTypes} where id = ${t.trailerTypeId}) as reefer,
      ${haulerNumber.sql(sql`${t.id}`, sql`${t.companyId}`)} as truck_number`,
  );
  return {
    id: t.id,
    trailer_number: t.trailerNumber,
    trailer_type_id: t.trailerTypeId,
    trailer_type: names?.trailer_type ?? null,
    reefer: Boolean(names?.reefer),
    size: t.size,
    make: t.make,
    year: t.year,
    vin: t.vin,
    plate: t.plate,
    customer_id: t.customerId,
    customer: names?.customer ?? null,
    alignment_date: t.alignmentDate,
    annual_inspection_date: t.annualInspectionDate,
    pm_miles: t.pmMiles,
    odometer: t.odometer,
    registration_expires_on: t.registrationExpiresOn,
    company_owner: t.companyOwner,
    gps: t.gps,
    status: t.status as Trailer['status'],
    origin_value: t.originValueCents === null ? null : t.originValueCents / 100,
    truck_number: names?.truck_number ?? null,
  };
}

/** The customer and trailer type must be the company's; the number unique. */
export async function checkTrailerForm(db: DbOrTx, user: AuthUser, form: TrailerFormOutput, id: number | null) {
  const { errors, exists } = await units.unitFormChecks(db, user, form.customer_id);
  if (!(await exists(trailerTypes, form.trailer_type_id)))
    errors.trailer_type_id = ['Choose a trailer type from the list.'];
  const [sameNumber] = await db
    .select({ id: trailers.id })
    .from(trailers)
    .where(
      and(
        eq(trailers.companyId, user.companyId),
        sameText(trailers.trailerNumber, form.trailer_number),
        id ? ne(trailers.id, id) : undefined,
      ),
    );
  if (sameNumber) errors.trailer_number = [`Trailer ${form.trailer_number} already exists.`];
  if (Object.keys(errors).length) throw AppError.validation(errors);
}

export const assignmentOf = (t: Pick<TrailerRecord, 'customerId'> | null): units.Assignment => ({
  customerId: t?.customerId ?? null,
  driverId: null,
  trailerId: null,
});

/** The trips, work orders… of a trailer (modules above this one register their counts): they keep it from deletion. */
export const trailerLinks = references();

/**
 * A trailer (001 §3). A customer user reaches only its customer's trailers. A save writes the
 * assignment history; a trailer hooked to a truck is kept (412); its parts go with it.
 */
export const trailerRecord = defineRecord({
  table: trailers,
  section: SECTION.Trailers,
  scope: { row: (user) => (user.customerId ? eq(trailers.customerId, user.customerId) : undefined) },
  heldBy: trailerLinks,
  active: (t) => t.status === 'active',
  form: TrailerFormSchema,
  row: TrailerSchema,
  toRow: (t, { tx }) => toTrailer(tx, t),
  toValues: (form) => ({
    trailerNumber: form.trailer_number.toUpperCase(),
    trailerTypeId: form.trailer_type_id,
    size: form.size,
    make: form.make,
    year: form.year,
    vin: form.vin?.toUpperCase() ?? null,
    plate: form.plate?.toUpperCase() ?? null,
    customerId: form.customer_id,
    alignmentDate: form.alignment_date,
    annualInspectionDate: form.annual_inspection_date,
    pmMiles: form.pm_miles,
    odometer: form.odometer,
    registrationExpiresOn: form.registration_expires_on,
    companyOwner: form.company_owner,
    gps: form.gps,
    status: form.status,
    originValueCents: form.origin_value,
  }),
  hooks: {
    beforeSave: ({ tx, user, form, id }) => checkTrailerForm(tx, user, form, id),
    afterSave: async ({ tx, user, before, after }) => {
      await units.recordAssignment(tx, {
        user,
        kind: trailerKind,
        unitId: after.id,
        before: assignmentOf(before),
        after: assignmentOf(after),
      });
    },
    beforeDelete: async ({ tx, before }) => {
      const [truck] = await rowsOf<{ truck_number: string | null }>(
        tx,
        sql`select ${haulerNumber.sql(sql`${before.id}`, sql`${before.companyId}`)} as truck_number`,
      );
      if (truck?.truck_number)
        throw AppError.precondition(
          `Trailer ${before.trailerNumber} is on truck ${truck.truck_number}; unhook it first.`,
        );
    },
    afterDelete: ({ tx, id }) => units.removeUnitParts(tx, trailerKind, id),
  },
});

/** How the shared equipment, notes, values and history find a trailer. */
export const trailerKind: units.UnitKind = {
  type: 'trailer',
  unit: trailerRecord,
  async find(db, user, id) {
    const [t] = await db
      .select({
        id: trailers.id,
        number: trailers.trailerNumber,
        make: trailers.make,
        model: sql<string | null>`${trailers.size}`,
        year: trailers.year,
        originValueCents: trailers.originValueCents,
      })
      .from(trailers)
      .where(and(eq(trailers.id, id), trailerRecord.scope(user)));
    return t ?? null;
  },
};
