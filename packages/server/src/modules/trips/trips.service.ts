import type { LoadFormOutput, TripDetail, TripFormOutput } from '@backhaul/shared/modules/trips/trips.contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../platform/auth/access';
import { AppError } from '../../platform/errors';
import type { LiveBus } from '../../platform/live/live.bus';
import { defineCommand, runCommand } from '../../platform/record/command';
import { createRecord, deleteRecord, saveRecord, updateRecord } from '../../platform/record/record.service';
import { connectionsOf, getTrip } from './trips.read';
import { loadRecord, tripRecord } from './trips.record';
import { findLoad, findTrip, type TripOwners, type TripRecord, tripEventScope } from './trips.scope';
import { tripConnections, tripNotes } from './trips.table';

// The reads and the scope are their own files; callers of this service find them here too.
export * from './trips.read';

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
  const before = tripId ? await findTrip(db, auth, tripId) : null;
  const { trip_id: id } = await saveRecord(db, tripRecord, auth.user, tripId, form);
  await publish(live, auth, id, tripId ? 'updated' : 'created', [
    before,
    { dispatcherId: form.dispatcher_id, customerId: form.customer_id },
  ]);
  // Read after the commit and the event: the trip as any other reader now sees it.
  return getTrip(db, auth, id);
}

/** POST /trips/load: a load added to an existing trip. */
export async function addLoad(db: Db, live: LiveBus, auth: AuthContext, tripId: number, form: LoadFormOutput) {
  const trip = await findTrip(db, auth, tripId);
  const load = await createRecord(db, loadRecord, auth.user, { ...form, load_id: null }, { parentId: trip.id });
  await publish(live, auth, trip.id, 'updated', [trip]);
  return { load_id: load.load_id, trip_id: trip.id };
}

/** POST /trips/load/:id: one load and its stops. */
export async function updateLoad(db: Db, live: LiveBus, auth: AuthContext, loadId: number, form: LoadFormOutput) {
  const load = await findLoad(db, auth, loadId);
  await updateRecord(db, loadRecord, auth.user, loadId, { ...form, load_id: loadId });
  await publish(live, auth, load.tripId, 'updated', [load]);
  return { load_id: loadId, trip_id: load.tripId };
}

/** DELETE_LOAD (22). The last load of a trip goes with its trip only (DELETE_TRIP 40). */
export async function deleteLoad(db: Db, live: LiveBus, auth: AuthContext, loadId: number) {
  const load = await findLoad(db, auth, loadId);
  await deleteRecord(db, loadRecord, auth.user, loadId);
  await publish(live, auth, load.tripId, 'updated', [load]);
}

export async function deleteTrip(db: Db, live: LiveBus, auth: AuthContext, tripId: number) {
  const before = await findTrip(db, auth, tripId);
  await deleteRecord(db, tripRecord, auth.user, tripId);
  await publish(live, auth, tripId, 'deleted', [before]);
}

type Connection = { trip_id: number; connected_trip_id: number; connect: boolean };

/** Connects two trips (or disconnects them), both locked in the caller's scope; stored once per pair, smaller id first. */
const connect = defineCommand<Connection, TripRecord>({
  action: 'connect',
  run: async ({ tx, user, input: body, lock, audit }) => {
    const [a, b] = [body.trip_id, body.connected_trip_id].sort((x, y) => x - y) as [number, number];
    const first = await lock(tripRecord, a);
    const second = await lock(tripRecord, b);
    if (body.connect) {
      await tx
        .insert(tripConnections)
        .values({ tripId: a, connectedTripId: b, createdBy: user.id })
        .onConflictDoNothing();
    } else {
      await tx
        .delete(tripConnections)
        .where(and(eq(tripConnections.tripId, a), eq(tripConnections.connectedTripId, b)));
    }
    await audit({ entity: tripConnections, entityId: `${a}-${b}`, action: body.connect ? 'create' : 'delete' });
    return first.id === body.trip_id ? first : second;
  },
});

export async function connectTrips(db: Db, live: LiveBus, auth: AuthContext, body: Connection) {
  if (body.trip_id === body.connected_trip_id)
    throw AppError.invalidField('connected_trip_id', 'A trip cannot be connected to itself.');
  const trip = await runCommand(db, connect, auth.user, body);
  await publish(live, auth, body.trip_id, 'updated', [trip]);
  return connectionsOf(db, body.trip_id);
}

/** A note on a trip (status new), in the caller's scope. */
const note = defineCommand<{ tripId: number; text: string }, TripRecord>({
  action: 'note',
  run: async ({ tx, user, input, lock, audit }) => {
    const trip = await lock(tripRecord, input.tripId);
    const [created] = await tx
      .insert(tripNotes)
      .values({ tripId: input.tripId, text: input.text, createdBy: user.id })
      .returning();
    await audit({ entity: tripNotes, entityId: created?.id ?? 0, action: 'create', after: created });
    return trip;
  },
});

export async function addNote(db: Db, live: LiveBus, auth: AuthContext, tripId: number, text: string) {
  const trip = await runCommand(db, note, auth.user, { tripId, text });
  await publish(live, auth, tripId, 'updated', [trip]);
  return getTrip(db, auth, tripId);
}
