import type { Trailer, TrailerFormOutput, TrailerOptions } from '@backhaul/shared/modules/trailers/trailers.contract';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import type { AuthUser } from '../../platform/auth/access';
import { AppError } from '../../platform/errors';
import * as general from '../general';
import * as units from '../units';
import { auditAssignmentChange, auditUnitWrite, deleteUnitParts, unitFormChecks } from '../units';
import { trailers } from './trailers.table';

type TrailerRecord = typeof trailers.$inferSelect;

/** A customer user reaches only its customer's trailers. */
const scope = (user: AuthUser) =>
  and(eq(trailers.companyId, user.companyId), user.customerId ? eq(trailers.customerId, user.customerId) : undefined);

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** How the shared equipment, notes, values and history find a trailer. */
export const trailerKind: units.UnitKind = {
  type: 'trailer',
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
      .where(and(eq(trailers.id, id), scope(user)));
    return t ?? null;
  },
};

async function findRecord(db: DbOrTx, user: AuthUser, id: number): Promise<TrailerRecord> {
  const [t] = await db
    .select()
    .from(trailers)
    .where(and(eq(trailers.id, id), scope(user)));
  if (!t) throw AppError.notFound();
  return t;
}

type Names = {
  customer: string | null;
  trailer_type: string | null;
  reefer: boolean | null;
  truck_number: string | null;
};

export async function getTrailer(db: DbOrTx, user: AuthUser, id: number): Promise<Trailer> {
  const t = await findRecord(db, user, id);
  const [names] = await rowsOf<Names>(
    db,
    sql`select
      (select name from customers where id = ${t.customerId}) as customer,
      (select name from trailer_types where id = ${t.trailerTypeId}) as trailer_type,
      (select reefer from trailer_types where id = ${t.trailerTypeId}) as reefer,
      (select truck_number from trucks where trailer_id = ${t.id} and company_id = ${t.companyId} limit 1) as truck_number`,
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

export async function trailerOptions(db: DbOrTx, user: AuthUser): Promise<TrailerOptions> {
  const customerScope = user.customerId ? sql` and id = ${user.customerId}` : sql``;
  const [customers, trailerTypes] = await Promise.all([
    units.selectOptions(
      db,
      sql`select id as value, name as label from customers where company_id = ${user.companyId}${customerScope} order by name`,
    ),
    general.trailerTypeOptions(db, user),
  ]);
  return { customers, trailer_types: trailerTypes };
}

/** GET /trailers/getTrailerInfo: one trailer's type, size and reefer flag, or a customer's trailers. */
export async function trailerInfo(db: DbOrTx, user: AuthUser, q: { id?: number | null; customer_id?: number | null }) {
  const rows = await rowsOf<{
    id: number;
    trailer_number: string;
    trailer_type: string | null;
    reefer: boolean | null;
    size: string | null;
    customer_id: number | null;
    truck_number: string | null;
  }>(
    db,
    sql`select tr.id, tr.trailer_number, tt.name as trailer_type, tt.reefer, tr.size, tr.customer_id,
          (select truck_number from trucks where trucks.trailer_id = tr.id limit 1) as truck_number
        from trailers tr left join trailer_types tt on tt.id = tr.trailer_type_id
        where tr.company_id = ${user.companyId}
          ${user.customerId ? sql`and tr.customer_id = ${user.customerId}` : sql``}
          ${q.id ? sql`and tr.id = ${q.id}` : sql``}
          ${q.customer_id ? sql`and tr.customer_id = ${q.customer_id}` : sql``}
          ${q.id ? sql`` : sql`and tr.status = 'active'`}
        order by lpad(tr.trailer_number, 12, '0') limit 500`,
  );
  const list = rows.map((r) => ({ ...r, reefer: Boolean(r.reefer) }));
  if (q.id && !list.length) throw AppError.notFound();
  return { trailer: q.id ? (list[0] ?? null) : null, trailers: list };
}

async function checkForm(db: DbOrTx, user: AuthUser, form: TrailerFormOutput, id?: number): Promise<void> {
  const { errors, exists } = await unitFormChecks(db, user, form.customer_id);
  if (!(await exists('trailer_types', form.trailer_type_id)))
    errors.trailer_type_id = ['Choose a trailer type from the list.'];
  const [sameNumber] = await db
    .select({ id: trailers.id })
    .from(trailers)
    .where(
      and(
        eq(trailers.companyId, user.companyId),
        sql`lower(${trailers.trailerNumber}) = lower(${form.trailer_number})`,
        id ? ne(trailers.id, id) : undefined,
      ),
    );
  if (sameNumber) errors.trailer_number = [`Trailer ${form.trailer_number} already exists.`];
  if (Object.keys(errors).length) throw AppError.validation(errors);
}

const columnsOf = (form: TrailerFormOutput) => ({
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
});

const assignmentOf = (t: Pick<TrailerRecord, 'customerId'> | null): units.Assignment => ({
  customerId: t?.customerId ?? null,
  driverId: null,
  trailerId: null,
});

export async function createTrailer(db: Db, user: AuthUser, form: TrailerFormOutput): Promise<Trailer> {
  await checkForm(db, user, form);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(trailers)
      .values({ companyId: user.companyId, ...columnsOf(form) })
      .returning();
    if (!created) throw new AppError('internal', 'Trailer not created');
    return auditUnitWrite(tx, {
      user,
      kind: trailerKind,
      unitId: created.id,
      action: 'create',
      assignment: { before: assignmentOf(null), after: assignmentOf(created) },
      read: () => getTrailer(tx, user, created.id),
    });
  });
}

export async function updateTrailer(db: Db, user: AuthUser, id: number, form: TrailerFormOutput): Promise<Trailer> {
  const before = await getTrailer(db, user, id);
  const record = await findRecord(db, user, id);
  await checkForm(db, user, form, id);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(trailers)
      .set({ ...columnsOf(form), updatedAt: new Date() })
      .where(and(eq(trailers.id, id), scope(user)))
      .returning();
    if (!updated) throw AppError.notFound();
    return auditUnitWrite(tx, {
      user,
      kind: trailerKind,
      unitId: id,
      action: 'update',
      assignment: { before: assignmentOf(record), after: assignmentOf(updated) },
      before,
      read: () => getTrailer(tx, user, id),
    });
  });
}

/** POST /trailers/updateTruckCustomer: a change of customer from a date. */
export async function assignTrailer(
  db: Db,
  user: AuthUser,
  body: { id: number; customer_id?: number | null; from_date?: string | null },
): Promise<void> {
  const current = await getTrailer(db, user, body.id);
  const record = await findRecord(db, user, body.id);
  if (body.customer_id === undefined) return;
  await checkForm(db, user, { ...current, customer_id: body.customer_id }, body.id);
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(trailers)
      .set({ customerId: body.customer_id ?? null, updatedAt: new Date() })
      .where(eq(trailers.id, body.id))
      .returning();
    if (!updated) throw AppError.notFound();
    await auditAssignmentChange(tx, {
      user,
      kind: trailerKind,
      unitId: body.id,
      assignment: { before: assignmentOf(record), after: assignmentOf(updated) },
      fromDate: body.from_date ?? null,
      before: current,
      read: () => getTrailer(tx, user, body.id),
    });
  });
}

/** A trailer hooked to a truck cannot be deleted (412, unhook it first). */
export async function deleteTrailer(db: Db, user: AuthUser, id: number): Promise<void> {
  const before = await getTrailer(db, user, id);
  if (before.truck_number)
    throw AppError.precondition(
      `Trailer ${before.trailer_number} is on truck ${before.truck_number}; unhook it first.`,
    );
  await db.transaction(async (tx) => {
    await tx.delete(trailers).where(and(eq(trailers.id, id), scope(user)));
    await deleteUnitParts(tx, { user, kind: trailerKind, unitId: id, before });
  });
}
