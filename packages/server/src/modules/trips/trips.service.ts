import type {
  LoadFormOutput,
  StopFormOutput,
  TripDetail,
  TripFormOutput,
} from '@backhaul/shared/modules/trips/trips.contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { writeAudit } from '../../platform/audit/audit';
import type { AuthContext } from '../../platform/auth/access';
import { AppError, type FieldErrors } from '../../platform/errors';
import type { LiveBus } from '../../platform/live/live.bus';
import { loadStops, loads } from './loads.table';
import { connectionsOf, getTrip, loadDetails, tripDetail } from './trips.read';
import { findLoad, findTrip, seesAllTrips, type TripOwners, TZ, tripEventScope } from './trips.scope';
import { tripConnections, tripNotes, trips } from './trips.table';

// The reads and the scope are their own files; callers of this service find them here too.
export * from './trips.read';
export { seesAllTrips } from './trips.scope';

/** The trip's unit and people and the first pickup / last delivery, copied onto its loads. */
export async function syncTripLoads(tx: DbOrTx, tripId: number): Promise<void> {
  await tx.execute(sql`
    update loads set
      customer_id = t.customer_id, truck_id = t.truck_id, trailer_id = t.trailer_id,
      driver_id = t.driver_id, team_driver_id = t.team_driver_id, dispatcher_id = t.dispatcher_id, updated_at = now(),
      (pickup_at, pickup_city, pickup_state) = (
        select s.at, s.city, s.state from load_stops s where s.load_id = loads.id and s.type = 1
        order by s.position limit 1),
      (delivery_at, delivery_city, delivery_state) = (
        select s.at, s.city, s.state from load_stops s where s.load_id = loads.id and s.type = 2
        order by s.position desc limit 1)
    from trips t where t.id = loads.trip_id and loads.trip_id = ${tripId}`);
}

/** Ids the form names must be the company's own records (one query for all of them). */
async function checkReferences(db: DbOrTx, auth: AuthContext, form: Partial<TripFormOutput>, brokerIds: number[]) {
  const c = auth.user.companyId;
  const exists = (table: string, id: number | null | undefined) =>
    id ? sql`exists (select 1 from ${sql.raw(table)} where id = ${id} and company_id = ${c})` : sql`true`;
  const brokers = brokerIds.length
    ? sql`(select count(*) from brokers where company_id = ${c} and id in (${sql.join(
        brokerIds.map((b) => sql`${b}`),
        sql`, `,
      )})) = ${new Set(brokerIds).size}`
    : sql`true`;
  const [row] = await rowsOf<Record<string, boolean>>(
    db,
    sql`select ${exists('customers', form.customer_id)} as customer_id, ${exists('trucks', form.truck_id)} as truck_id,
      ${exists('trailers', form.trailer_id)} as trailer_id, ${exists('drivers', form.driver_id)} as driver_id,
      ${exists('drivers', form.team_driver_id)} as team_driver_id,
      ${exists('users', form.dispatcher_id)} as dispatcher_id, ${brokers} as broker_id`,
  );
  const errors: FieldErrors = {};
  for (const [field, ok] of Object.entries(row ?? {})) {
    if (!ok) errors[field === 'broker_id' ? 'loads.broker_id' : field] = ['The selected value is invalid.'];
  }
  if (form.dispatcher_id && !seesAllTrips(auth) && form.dispatcher_id !== auth.user.id) {
    errors.dispatcher_id = ['You can only dispatch your own trips.'];
  }
  if (Object.keys(errors).length) throw AppError.validation(errors);
}

const stopAt = (at: string | null) =>
  at ? sql`(${at.length === 10 ? `${at} 00:00` : at})::timestamp at time zone ${TZ}` : null;

async function writeStops(tx: Tx, loadId: number, stops: StopFormOutput[]) {
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

/** Inserts or updates one load of a trip (by load_id) with its stops; the caller syncs the trip. */
async function writeLoad(tx: Tx, auth: AuthContext, tripId: number, form: LoadFormOutput, position: number) {
  if (form.load_id) {
    const [updated] = await tx
      .update(loads)
      .set({ ...loadColumns(form), position, updatedAt: new Date() })
      .where(and(eq(loads.id, form.load_id), eq(loads.tripId, tripId), eq(loads.companyId, auth.user.companyId)))
      .returning({ id: loads.id });
    if (!updated) throw AppError.invalidField('loads.load_id', 'This load is not part of the trip.');
    await writeStops(tx, updated.id, form.stops);
    return updated.id;
  }
  const [created] = await tx
    .insert(loads)
    .values({ companyId: auth.user.companyId, tripId, position, createdBy: auth.user.id, ...loadColumns(form) })
    .returning({ id: loads.id });
  if (!created) throw new AppError('internal', 'Load not created');
  await writeStops(tx, created.id, form.stops);
  return created.id;
}

const tripColumns = (form: TripFormOutput) => ({
  customerId: form.customer_id,
  truckId: form.truck_id,
  trailerId: form.trailer_id,
  driverId: form.driver_id,
  teamDriverId: form.team_driver_id,
  teamShareBp: Math.round(form.team_share * 100),
  dispatcherId: form.dispatcher_id,
  notes: form.notes || null,
});

/** A trip's detail names its owners dispatcher_id and customer_id. */
const ownersOf = (trip: { dispatcher_id: number | null; customer_id: number | null } | null): TripOwners | null =>
  trip && { dispatcherId: trip.dispatcher_id, customerId: trip.customer_id };

/** The event names the trip's owners before and after, so the topic's rule can scope it per listener. */
async function publish(live: LiveBus, auth: AuthContext, id: number, action: string, owners: (TripOwners | null)[]) {
  // A failed notification must not fail a saved trip: open lists refresh on their next load.
  await live
    .publish(auth.user.companyId, { topic: 'trips', id, action, scope: tripEventScope(...owners) })
    .catch(() => {});
}

/** Create (tripId null) or update a trip with all its loads and stops, in one transaction. */
export async function saveTrip(
  db: Db,
  live: LiveBus,
  auth: AuthContext,
  tripId: number | null,
  form: TripFormOutput,
): Promise<TripDetail> {
  const before = tripId ? await getTrip(db, auth, tripId) : null;
  await checkReferences(
    db,
    auth,
    form,
    form.loads.flatMap((l) => (l.broker_id ? [l.broker_id] : [])),
  );
  const id = await db.transaction(async (tx) => {
    let id = tripId;
    if (id) {
      await tx
        .update(trips)
        .set({ ...tripColumns(form), updatedAt: new Date() })
        .where(eq(trips.id, id));
    } else {
      const [created] = await tx
        .insert(trips)
        .values({ companyId: auth.user.companyId, createdBy: auth.user.id, ...tripColumns(form) })
        .returning({ id: trips.id });
      if (!created) throw new AppError('internal', 'Trip not created');
      id = created.id;
    }
    let position = 0;
    for (const load of form.loads) await writeLoad(tx, auth, id, load, ++position);
    await syncTripLoads(tx, id);
    const after = await tripDetail(tx, auth, id);
    await writeAudit(tx, {
      actor: auth.user,
      entity: 'trip',
      entityId: id,
      action: tripId ? 'update' : 'create',
      before,
      after,
    });
    return id;
  });
  await publish(live, auth, id, tripId ? 'updated' : 'created', [
    ownersOf(before),
    { dispatcherId: form.dispatcher_id, customerId: form.customer_id },
  ]);
  return getTrip(db, auth, id);
}

/** POST /trips/load: a load added to an existing trip. */
export async function addLoad(db: Db, live: LiveBus, auth: AuthContext, tripId: number, form: LoadFormOutput) {
  const trip = await findTrip(db, auth, tripId);
  await checkReferences(db, auth, {}, form.broker_id ? [form.broker_id] : []);
  const loadId = await db.transaction(async (tx) => {
    const [last] = await rowsOf<{ n: number }>(
      tx,
      sql`select coalesce(max(position), 0)::int as n from loads where trip_id = ${trip.id}`,
    );
    const id = await writeLoad(tx, auth, trip.id, { ...form, load_id: null }, (last?.n ?? 0) + 1);
    await syncTripLoads(tx, trip.id);
    const after = await loadDetails(tx, [id]);
    await writeAudit(tx, { actor: auth.user, entity: 'load', entityId: id, action: 'create', after });
    return id;
  });
  await publish(live, auth, trip.id, 'updated', [trip]);
  return { load_id: loadId, trip_id: trip.id };
}

/** POST /trips/load/:id: one load and its stops. */
export async function updateLoad(db: Db, live: LiveBus, auth: AuthContext, loadId: number, form: LoadFormOutput) {
  const load = await findLoad(db, auth, loadId);
  await checkReferences(db, auth, {}, form.broker_id ? [form.broker_id] : []);
  const before = await loadDetails(db, [loadId]);
  await db.transaction(async (tx) => {
    await writeLoad(tx, auth, load.tripId, { ...form, load_id: loadId }, load.position);
    await syncTripLoads(tx, load.tripId);
    const after = await loadDetails(tx, [loadId]);
    await writeAudit(tx, { actor: auth.user, entity: 'load', entityId: loadId, action: 'update', before, after });
  });
  await publish(live, auth, load.tripId, 'updated', [load]);
  return { load_id: loadId, trip_id: load.tripId };
}

/** DELETE_LOAD (22). The last load of a trip goes with its trip only (DELETE_TRIP 40). */
export async function deleteLoad(db: Db, live: LiveBus, auth: AuthContext, loadId: number) {
  const load = await findLoad(db, auth, loadId);
  const [count] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from loads where trip_id = ${load.tripId}`,
  );
  if ((count?.n ?? 0) <= 1) throw AppError.precondition('A trip keeps at least one load: delete the trip instead.');
  const before = await loadDetails(db, [loadId]);
  await db.transaction(async (tx) => {
    await tx.delete(loads).where(eq(loads.id, loadId));
    await writeAudit(tx, { actor: auth.user, entity: 'load', entityId: loadId, action: 'delete', before });
  });
  await publish(live, auth, load.tripId, 'updated', [load]);
}

export async function deleteTrip(db: Db, live: LiveBus, auth: AuthContext, tripId: number) {
  const before = await getTrip(db, auth, tripId);
  await db.transaction(async (tx) => {
    await tx.delete(trips).where(eq(trips.id, tripId));
    await writeAudit(tx, { actor: auth.user, entity: 'trip', entityId: tripId, action: 'delete', before });
  });
  await publish(live, auth, tripId, 'deleted', [ownersOf(before)]);
}

export async function connectTrips(
  db: Db,
  live: LiveBus,
  auth: AuthContext,
  body: { trip_id: number; connected_trip_id: number; connect: boolean },
) {
  if (body.trip_id === body.connected_trip_id)
    throw AppError.invalidField('connected_trip_id', 'A trip cannot be connected to itself.');
  const trip = await findTrip(db, auth, body.trip_id);
  await findTrip(db, auth, body.connected_trip_id);
  // Stored once per pair, smaller id first.
  const [a, b] = [body.trip_id, body.connected_trip_id].sort((x, y) => x - y) as [number, number];
  await db.transaction(async (tx) => {
    if (body.connect) {
      await tx
        .insert(tripConnections)
        .values({ tripId: a, connectedTripId: b, createdBy: auth.user.id })
        .onConflictDoNothing();
    } else {
      await tx
        .delete(tripConnections)
        .where(and(eq(tripConnections.tripId, a), eq(tripConnections.connectedTripId, b)));
    }
    await writeAudit(tx, {
      actor: auth.user,
      entity: 'trip_connection',
      entityId: `${a}-${b}`,
      action: body.connect ? 'create' : 'delete',
    });
  });
  await publish(live, auth, body.trip_id, 'updated', [trip]);
  return connectionsOf(db, body.trip_id);
}

export async function addNote(db: Db, live: LiveBus, auth: AuthContext, tripId: number, text: string) {
  const trip = await findTrip(db, auth, tripId);
  await db.transaction(async (tx) => {
    const [note] = await tx.insert(tripNotes).values({ tripId, text, createdBy: auth.user.id }).returning();
    await writeAudit(tx, {
      actor: auth.user,
      entity: 'trip_note',
      entityId: note?.id ?? 0,
      action: 'create',
      after: note,
    });
  });
  await publish(live, auth, tripId, 'updated', [trip]);
  return getTrip(db, auth, tripId);
}
