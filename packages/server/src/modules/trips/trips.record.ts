import { SECTION } from '@backhaul/shared';
import {
  type LoadDetail,
  LoadDetailSchema,
  type LoadFormOutput,
  LoadFormSchema,
  type StopFormOutput,
  TripDetailSchema,
  type TripFormOutput,
  TripFormSchema,
} from '@backhaul/shared/modules/trips/trips.contract';
import { and, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { users } from '../../platform/auth/auth.table';
import { clock, SQL_NOW } from '../../platform/clock';
import { AppError, type FieldErrors } from '../../platform/errors';
import { defineRecord, reachable } from '../../platform/record/define-record';
import { brokers } from '../brokers';
import { customers } from '../customers';
import { drivers } from '../drivers';
import { trailers } from '../trailers';
import { trucks } from '../trucks';
import { loadStops, loads } from './loads.table';
import { loadDetails, tripDetail } from './trips.read';
import { seesAllTrips, TZ, tripRowScope } from './trips.scope';
import { trips } from './trips.table';

/** The trip's unit and people and the first pickup / last delivery, copied onto its loads. */
async function syncTripLoads(tx: DbOrTx, tripId: number): Promise<void> {
  await tx.execute(sql`
    update loads set
      customer_id = t.customer_id, truck_id = t.truck_id, trailer_id = t.trailer_id,
      driver_id = t.driver_id, team_driver_id = t.team_driver_id, dispatcher_id = t.dispatcher_id, updated_at = ${SQL_NOW},
      (pickup_at, pickup_city, pickup_state) = (
        select s.at, s.city, s.state from load_stops s where s.load_id = loads.id and s.type = 1
        order by s.position limit 1),
      (delivery_at, delivery_city, delivery_state) = (
        select s.at, s.city, s.state from load_stops s where s.load_id = loads.id and s.type = 2
        order by s.position desc limit 1)
    from trips t where t.id = loads.trip_id and loads.trip_id = ${tripId}`);
}

/** Ids the form names must be the company's own records (one query for all of them). */
async function checkReferences(db: DbOrTx, user: AuthUser, form: Partial<TripFormOutput>, brokerIds: number[]) {
  const c = user.companyId;
  const exists = (table: PgTable, id: number | null | undefined) =>
    id ? sql`exists (select 1 from ${table} where id = ${id} and company_id = ${c})` : sql`true`;
  const knownBrokers = brokerIds.length
    ? sql`(select count(*) from ${brokers} where company_id = ${c} and id in (${sql.join(
        brokerIds.map((b) => sql`${b}`),
        sql`, `,
      )})) = ${new Set(brokerIds).size}`
    : sql`true`;
  const [row] = await rowsOf<Record<string, boolean>>(
    db,
    sql`select ${exists(customers, form.customer_id)} as customer_id, ${exists(trucks, form.truck_id)} as truck_id,
      ${exists(trailers, form.trailer_id)} as trailer_id, ${exists(drivers, form.driver_id)} as driver_id,
      ${exists(drivers, form.team_driver_id)} as team_driver_id,
      ${exists(users, form.dispatcher_id)} as dispatcher_id, ${knownBrokers} as broker_id`,
  );
  const errors: FieldErrors = {};
  for (const [field, ok] of Object.entries(row ?? {})) {
    if (!ok) errors[field === 'broker_id' ? 'loads.broker_id' : field] = ['The selected value is invalid.'];
  }
  if (form.dispatcher_id && !seesAllTrips(user) && form.dispatcher_id !== user.id) {
    errors.dispatcher_id = ['You can only dispatch your own trips.'];
  }
  if (Object.keys(errors).length) throw AppError.validation(errors);
}

const stopAt = (at: string | null) =>
  at ? sql`(${at.length === 10 ? `${at} 00:00` : at})::timestamp at time zone ${TZ}` : null;

async function writeStops(tx: DbOrTx, loadId: number, stops: StopFormOutput[]) {
  await tx.delete(loadStops).where(eq(loadStops.loadId, loadId));
  const position = { 1: 0, 2: 0 };
  const values = stops.map((s) => ({
    loadId,
    type: s.type,
    position: ++position[s.type],
    cityId: s.city_id,
    city: s.city,
    state: s.state,
    zip: s.zip || null,
    address: s.address || null,
    at: stopAt(s.at) as unknown as Date | null,
  }));
  if (values.length) await tx.insert(loadStops).values(values);
}

const loadColumns = (form: LoadFormOutput) => ({
  brokerId: form.broker_id,
  brokerNumber: form.broker_number || null,
  bol: form.bol || null,
  grossCents: form.gross,
  lumperCents: form.lumper,
  fuelSurchargeCents: form.fuel_surcharge,
  factoring: form.factoring,
  mileageLoaded: form.mileage_loaded,
  mileageEmpty: form.mileage_empty,
  aiStatus: form.ai_status,
});

/** Inserts or updates one load of a trip's dialog (by load_id) with its stops; the trip syncs after. */
async function writeLoad(tx: DbOrTx, user: AuthUser, tripId: number, form: LoadFormOutput, position: number) {
  if (form.load_id) {
    const [updated] = await tx
      .update(loads)
      .set({ ...loadColumns(form), position, updatedAt: clock.now() })
      .where(and(eq(loads.id, form.load_id), eq(loads.tripId, tripId), eq(loads.companyId, user.companyId)))
      .returning({ id: loads.id });
    if (!updated) throw AppError.invalidField('loads.load_id', 'This load is not part of the trip.');
    await writeStops(tx, updated.id, form.stops);
    return;
  }
  const [created] = await tx
    .insert(loads)
    .values({ companyId: user.companyId, tripId, position, createdBy: user.id, ...loadColumns(form) })
    .returning({ id: loads.id });
  if (!created) throw new AppError('internal', 'Load not created');
  await writeStops(tx, created.id, form.stops);
}

const brokersOf = (form: LoadFormOutput) => (form.broker_id ? [form.broker_id] : []);

/**
 * A trip with all its loads and stops, saved in one transaction: the trip's unit and people are
 * copied onto its loads. A dispatcher without VIEW_ALL_TRIPS reaches (and dispatches) only its own
 * trips; a customer user only its customer's. The audit keeps the whole trip before and after.
 */
export const tripRecord = defineRecord({
  table: trips,
  section: SECTION.Trips,
  scope: { row: tripRowScope },
  form: TripFormSchema,
  row: TripDetailSchema,
  toRow: (t, { tx, user }) => tripDetail(tx, { user }, t.id),
  toValues: (form, { user, before }) => ({
    customerId: form.customer_id,
    truckId: form.truck_id,
    trailerId: form.trailer_id,
    driverId: form.driver_id,
    teamDriverId: form.team_driver_id,
    teamShareBp: Math.round(form.team_share * 100),
    dispatcherId: form.dispatcher_id,
    notes: form.notes || null,
    ...(before ? {} : { createdBy: user.id }),
  }),
  hooks: {
    beforeSave: ({ tx, user, form }) => checkReferences(tx, user, form, form.loads.flatMap(brokersOf)),
    afterSave: async ({ tx, user, form, after }) => {
      let position = 0;
      for (const load of form.loads) await writeLoad(tx, user, after.id, load, ++position);
      await syncTripLoads(tx, after.id);
    },
  },
});

/**
 * One load of a trip with its stops (POST /trips/load, /trips/load/:id): under its trip, so a trip
 * out of the caller's reach is a 404. A new load goes last; the trip's fields are copied onto it.
 * A trip keeps at least one load (its last one goes with the trip only).
 */
export const loadRecord = defineRecord({
  table: loads,
  section: SECTION.Trips,
  parent: { column: loads.tripId, reach: (user, id) => reachable(tripRecord, user, id) },
  form: LoadFormSchema,
  row: LoadDetailSchema,
  toRow: async (l, { tx }) => (await loadDetails(tx, [l.id]))[0] as LoadDetail,
  toValues: (form, { user, before }) => ({ ...loadColumns(form), ...(before ? {} : { createdBy: user.id }) }),
  // As the trip's history shows a load: with its stops.
  audit: (l, { tx }) => loadDetails(tx, [l.id]),
  hooks: {
    beforeSave: ({ tx, user, form }) => checkReferences(tx, user, {}, brokersOf(form)),
    afterSave: async ({ tx, form, before, after }) => {
      if (!before)
        await tx
          .update(loads)
          .set({
            position: sql`(select coalesce(max(l.position), 0) + 1 from loads l where l.trip_id = ${after.tripId} and l.id <> ${after.id})`,
          })
          .where(eq(loads.id, after.id));
      await writeStops(tx, after.id, form.stops);
      await syncTripLoads(tx, after.tripId);
    },
    beforeDelete: async ({ tx, before }) => {
      const [count] = await rowsOf<{ n: number }>(
        tx,
        sql`select count(*)::int as n from loads where trip_id = ${before.tripId}`,
      );
      if ((count?.n ?? 0) <= 1) throw AppError.precondition('A trip keeps at least one load: delete the trip instead.');
    },
  },
});
