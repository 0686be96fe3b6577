import { sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import { inChunks } from '../../platform/seed/chunks';
import { ref, type Seeder } from '../../platform/seed/seed';
import { hubPlaces, type Place } from '../../platform/seed/seed-helpers';
import { brokers } from '../brokers';
import { cities } from '../cities';
import { estimateRoadMiles } from '../mileage';
import { trucks } from '../trucks';
import { loadStops, loads } from './loads.table';
import { tripConnections, tripNotes, trips } from './trips.table';

type Hub = Place;
const HUBS: Hub[] = hubPlaces();

const HOUR = 3_600_000;

/** Road miles between hubs: the mileage module's offline estimate (the one mileage implementation). */
const roadMiles = (a: Hub, b: Hub) => (a === b ? 0 : estimateRoadMiles(a, b));

/** Spot rates move with the season: produce in early summer and the holiday peak pay more. */
function seasonalRate(date: Date, noise: number): number {
  const month = date.getUTCMonth();
  const season = [-0.25, -0.3, -0.1, 0.05, 0.2, 0.35, 0.25, 0.05, 0.0, 0.1, 0.3, 0.4][month] ?? 0;
  return Math.min(3.2, Math.max(1.8, 2.45 + season + noise));
}

/**
 * A year of trips for the demo fleet (about 3-4 loads per active truck a week, ~10k loads at scale
 * 1): real lanes between hub zip codes, seasonal rates of $1.80-$3.20 per loaded mile, brokers with
 * a few favourites, each truck with its dispatcher, PPW on most delivered loads, a few notes and
 * connections. Multi-row inserts; the loads' copied fields are set in one UPDATE at the end.
 */
export const tripsSeeder: Seeder = {
  name: 'trips',
  async run(ctx) {
    const { db, faker: f } = ctx;
    const companyId = ref<number>(ctx, 'companyId');
    const exec = async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;
    const fleet = await exec<{
      id: number;
      customer_id: number | null;
      trailer_id: number | null;
      driver_id: number | null;
    }>(
      sql`select id, customer_id, trailer_id, driver_id from ${trucks} where company_id = ${companyId} and status = 'active' order by id`,
    );
    const brokerIds = (
      await exec<{ id: number }>(sql`select id from ${brokers} where company_id = ${companyId} order by id`)
    ).map((b) => b.id);
    const dispatchers = (
      await exec<{ id: number; email: string }>(
        sql`select u.id, u.email from users u left join departments d on d.id = u.department_id
          where u.company_id = ${companyId} and u.active and (d.name = 'Dispatch' or u.role = 2) order by u.id`,
      )
    ).map((u) => u.id);
    const cityIds = new Map(
      (await exec<{ id: number; city: string; state: string }>(sql`select id, city, state from ${cities}`)).map((c) => [
        `${c.state}|${c.city.toLowerCase()}`,
        c.id,
      ]),
    );
    if (!fleet.length || !brokerIds.length || !dispatchers.length || HUBS.length < 2) {
      ctx.log('  trips: no fleet, brokers or dispatchers, skipped');
      return;
    }
    const favourites = brokerIds.slice(0, Math.max(5, Math.round(brokerIds.length / 6)));
    const pickBroker = () => f.helpers.arrayElement(f.number.float() < 0.65 ? favourites : brokerIds);
    const now = clock.now().getTime();
    const start = now - 365 * 24 * HOUR;
    const horizon = now + 5 * 24 * HOUR;

    type TripRow = typeof trips.$inferInsert;
    type LoadRow = typeof loads.$inferInsert & { stops: Array<Omit<typeof loadStops.$inferInsert, 'loadId'>> };
    const tripRows: TripRow[] = [];
    const loadsByTrip: LoadRow[][] = [];

    fleet.forEach((truck, index) => {
      const dispatcherId = dispatchers[index % dispatchers.length] as number;
      const factoring = (truck.customer_id ?? 0) % 3 === 0;
      let at = start + f.number.int({ min: 0, max: 72 }) * HOUR;
      let here = f.helpers.arrayElement(HUBS);
      while (at < horizon) {
        const count = f.number.float() < 0.78 ? 1 : 2;
        const tripLoads: LoadRow[] = [];
        const tripStart = at;
        for (let n = 0; n < count && at < horizon; n++) {
          // Mostly reload where the last delivery was; sometimes deadhead to a nearby hub.
          const near = HUBS.filter((h) => h !== here && roadMiles(here, h) < 260);
          const origin = near.length && f.number.float() < 0.35 ? f.helpers.arrayElement(near) : here;
          const lanes = HUBS.filter((h) => h !== origin && roadMiles(origin, h) >= 180 && roadMiles(origin, h) <= 1300);
          const dest = f.helpers.arrayElement(lanes.length ? lanes : HUBS.filter((h) => h !== origin));
          const stopsVia =
            f.number.float() < 0.15
              ? HUBS.filter(
                  (h) =>
                    h !== origin &&
                    h !== dest &&
                    roadMiles(origin, h) + roadMiles(h, dest) < roadMiles(origin, dest) * 1.3,
                )
              : [];
          const via = stopsVia.length ? f.helpers.arrayElement(stopsVia) : null;
          const empty = origin === here ? f.number.int({ min: 8, max: 65 }) : roadMiles(here, origin);
          const loaded = via ? roadMiles(origin, via) + roadMiles(via, dest) : roadMiles(origin, dest);
          const pickupAt = new Date(at + Math.round((empty / 50 + f.number.float({ min: 1, max: 6 })) * HOUR));
          const deliveryAt = new Date(
            pickupAt.getTime() + Math.round((loaded / 48 + f.number.float({ min: 1, max: 4 })) * HOUR),
          );
          const rate = seasonalRate(pickupAt, f.number.float({ min: -0.25, max: 0.25 }));
          const delivered = deliveryAt.getTime() < now - 2 * 24 * HOUR;
          const ppw = delivered && f.number.float() < 0.85;
          const stop = (type: 1 | 2, position: number, hub: Hub, when: Date) => ({
            type,
            position,
            cityId: cityIds.get(`${hub.state}|${hub.city.toLowerCase()}`) ?? null,
            city: hub.city,
            state: hub.state,
            zip: hub.zip,
            address: `${f.number.int({ min: 100, max: 9999 })} ${f.location.street()}`,
            facility: `${f.company.name()} ${f.helpers.arrayElement(['DC', 'Warehouse', 'Plant', 'Cold Storage'])}`,
            at: when,
          });
          const viaAt = via
            ? new Date(pickupAt.getTime() + Math.round((roadMiles(origin, via) / 48 + 1) * HOUR))
            : null;
          tripLoads.push({
            companyId,
            tripId: 0,
            position: n + 1,
            brokerId: pickBroker(),
            brokerNumber: String(f.number.int({ min: 1_000_000, max: 99_999_999 })),
            bol: `BOL${f.number.int({ min: 100000, max: 999999 })}`,
            grossCents: Math.round((rate * loaded) / 25) * 2500,
            mileageLoaded: loaded,
            mileageEmpty: empty,
            factoring,
            ppw: ppw ? 1 : 0,
            ppwCreatedBy: ppw ? dispatcherId : null,
            ppwDate: ppw ? new Date(deliveryAt.getTime() + f.number.int({ min: 2, max: 40 }) * HOUR) : null,
            aiStatus: f.number.float() < 0.06 ? 'confirmed' : null,
            createdBy: dispatcherId,
            createdAt: new Date(Math.min(now, pickupAt.getTime() - f.number.int({ min: 6, max: 96 }) * HOUR)),
            stops: [
              stop(1, 1, origin, pickupAt),
              ...(via && viaAt ? [stop(2, 1, via, viaAt)] : []),
              stop(2, via ? 2 : 1, dest, deliveryAt),
            ],
          });
          here = dest;
          // Rest and paperwork before the next load: about 3-4 loads a week.
          at = deliveryAt.getTime() + f.number.float({ min: 6, max: 30 }) * HOUR;
        }
        if (!tripLoads.length) break;
        tripRows.push({
          companyId,
          customerId: truck.customer_id,
          truckId: truck.id,
          trailerId: truck.trailer_id,
          driverId: truck.driver_id,
          dispatcherId,
          createdBy: dispatcherId,
          createdAt: new Date(Math.min(now, tripStart)),
          updatedAt: new Date(Math.min(now, tripStart)),
        });
        loadsByTrip.push(tripLoads);
        // A weekly reset now and then (home time).
        if (f.number.float() < 0.08) at += f.number.int({ min: 24, max: 60 }) * HOUR;
      }
    });

    const tripIds = (
      await inChunks(tripRows, (chunk) => db.insert(trips).values(chunk).returning({ id: trips.id }))
    ).map((r) => r.id);
    const flatLoads = loadsByTrip.flatMap((group, i) => group.map((l) => ({ ...l, tripId: tripIds[i] as number })));
    const stopRows: Array<typeof loadStops.$inferInsert> = [];
    await inChunks(flatLoads, async (chunk) => {
      const ids = await db
        .insert(loads)
        .values(chunk.map(({ stops: _, ...l }) => l))
        .returning({ id: loads.id });
      chunk.forEach((l, i) => {
        for (const s of l.stops) stopRows.push({ ...s, loadId: ids[i]?.id as number });
      });
    });
    await inChunks(stopRows, (chunk) => db.insert(loadStops).values(chunk));
    // The copied fields of every load, from its trip and stops (what the trips service maintains).
    await db.execute(sql`
      update loads set customer_id = t.customer_id, truck_id = t.truck_id, trailer_id = t.trailer_id,
        driver_id = t.driver_id, dispatcher_id = t.dispatcher_id,
        (pickup_at, pickup_city, pickup_state) = (select s.at, s.city, s.state from load_stops s
          where s.load_id = loads.id and s.type = 1 order by s.position limit 1),
        (delivery_at, delivery_city, delivery_state) = (select s.at, s.city, s.state from load_stops s
          where s.load_id = loads.id and s.type = 2 order by s.position desc limit 1)
      from trips t where t.id = loads.trip_id and loads.company_id = ${companyId}`);

    const notes = tripIds
      .filter(() => f.number.float() < 0.1)
      .map((tripId, i, all) => ({
        tripId,
        text: f.helpers.arrayElement([
          'Receiver asks for a call one hour out.',
          'Lumper paid by driver, receipt in PPW.',
          'Detention at shipper: 3 hours, broker notified.',
          'Appointment moved by the broker; new time confirmed.',
          'Driver reports a TONU risk: load not ready.',
        ]),
        status: i >= all.length - 6 ? f.helpers.arrayElement(['new', 'edit']) : 'seen',
        createdBy: dispatchers[i % dispatchers.length] as number,
      }));
    await inChunks(notes, (chunk) => db.insert(tripNotes).values(chunk));
    const connections = tripIds
      .slice(0, -1)
      .flatMap((id, i) =>
        tripRows[i]?.truckId === tripRows[i + 1]?.truckId && f.number.float() < 0.04
          ? [{ tripId: id, connectedTripId: tripIds[i + 1] as number }]
          : [],
      );
    await inChunks(connections, (chunk) => db.insert(tripConnections).values(chunk));
    ctx.log(`  ${tripIds.length} trips, ${flatLoads.length} loads, ${stopRows.length} stops`);
  },
};
