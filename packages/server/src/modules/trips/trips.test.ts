import { ACTION, EXTRA_ACTION, MSG, SECTION } from '@backhaul/shared';
import { addDays, nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { rowsOf } from '../../db/rows';
import { rpm } from './trips.list';

let t: TestContext;
let admin: string;
let dispatcher: string;
let dispatcherId: number;
let refs: { customer: number; truck: number; trailer: number; driver: number; broker: number; otherDispatcher: number };

const today = nowInCompanyTimeZone().date;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@backhaul.demo');
  dispatcher = await t.login('dispatcher@backhaul.demo');
  const one = async (q: string) => ((await t.database.query<{ id: number }>(q))[0]?.id ?? 0) as number;
  dispatcherId = await one("select id from users where email = 'dispatcher@backhaul.demo'");
  refs = {
    customer: await one('select id from customers order by id limit 1'),
    truck: await one("select id from trucks where status = 'active' order by id limit 1"),
    trailer: await one('select id from trailers order by id limit 1'),
    driver: await one('select id from drivers order by id limit 1'),
    broker: await one('select id from brokers order by id limit 1'),
    // Any other user of the company may be named dispatcher by someone who sees all trips.
    otherDispatcher: await one("select id from users where email = 'admin@backhaul.demo'"),
  };
});
afterAll(() => t.close());

const post = (url: string, payload: object, token = admin) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers: t.bearer(token) });
const get = (url: string, token = admin) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: t.bearer(token) });

const at = (days: number, time: string) => `${addDays(today, days)} ${time}`;

/** A two-load trip: Dallas → Chicago, then Chicago → Columbus with a second delivery in Indianapolis. */
const tripForm = (over: Record<string, unknown> = {}) => ({
  customer_id: refs.customer,
  truck_id: refs.truck,
  trailer_id: refs.trailer,
  driver_id: refs.driver,
  dispatcher_id: dispatcherId,
  notes: 'Team test trip',
  loads: [
    {
      broker_id: refs.broker,
      broker_number: 'BRK-TEST-1',
      bol: 'BOLTEST1',
      gross: 2450.5,
      factoring: true,
      mileage_loaded: 967,
      mileage_empty: 33,
      stops: [
        { type: 1, city: 'Dallas', state: 'tx', zip: '75201', at: at(-2, '08:00') },
        { type: 2, city: 'Chicago', state: 'IL', zip: '60601', at: at(-1, '14:30') },
      ],
    },
    {
      broker_id: refs.broker,
      broker_number: 'BRK-TEST-2',
      bol: 'BOLTEST2',
      gross: 1100,
      mileage_loaded: 360,
      mileage_empty: 10,
      stops: [
        { type: 1, city: 'Chicago', state: 'IL', zip: '60601', at: at(-1, '18:00') },
        { type: 2, city: 'Indianapolis', state: 'IN', zip: '46204', at: at(0, '02:00') },
        { type: 2, city: 'Columbus', state: 'OH', zip: '43215', at: at(0, '07:15') },
      ],
    },
  ],
  ...over,
});

let tripId: number;
let loadIds: number[];

describe('trip dialog saves', () => {
  it('creates a trip with loads and stops and keeps the copied fields on each load', async () => {
    const events: Array<{ topic: string; id: string | number; action: string; scope?: object }> = [];
    const [company] = await t.database.query<{ id: number }>('select id from companies order by id limit 1');
    const stop = t.app.deps.live.subscribe(company?.id ?? 1, (e) => events.push(e));
    const res = await post('/trips/update/0', tripForm(), dispatcher);
    stop();
    expect(res.statusCode, res.body).toBe(200);
    const { message, trip } = res.json();
    expect(message).toBe(MSG.savingSuccess);
    tripId = trip.trip_id;
    loadIds = trip.loads.map((l: { load_id: number }) => l.load_id);
    // Open trips lists refresh from the live bus (topic 'trips'); the scope names who may hear of it.
    expect(events).toContainEqual({
      topic: 'trips',
      id: tripId,
      action: 'created',
      scope: { dispatchers: [dispatcherId], customers: [refs.customer] },
    });
    expect(loadIds).toHaveLength(2);
    expect(trip.loads[0].gross).toBe(2450.5);
    expect(trip.loads[0].rpm).toBe(2.45);
    expect(trip.loads[1].locations_delivery.map((s: { city: string }) => s.city)).toEqual(['Indianapolis', 'Columbus']);
    expect(trip.loads[0].locations_pickup[0].at).toBe(at(-2, '08:00'));
    const rows = await t.database.query<Record<string, unknown>>(
      `select pickup_city, pickup_state, delivery_city, delivery_state, customer_id, truck_id, dispatcher_id,
        gross_cents, to_char(delivery_at at time zone 'America/Chicago', 'YYYY-MM-DD HH24:MI') as delivery
       from loads where trip_id = ${tripId} order by position`,
    );
    expect(rows[1]).toMatchObject({
      pickup_city: 'Chicago',
      delivery_city: 'Columbus',
      delivery_state: 'OH',
      customer_id: refs.customer,
      truck_id: refs.truck,
      dispatcher_id: dispatcherId,
      delivery: at(0, '07:15'),
    });
    expect(Number(rows[0]?.gross_cents)).toBe(245050);
    const [audit] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from audit_log where entity = 'trips' and entity_id = '${tripId}' and action = 'create'`,
    );
    expect(audit?.n).toBe(1);
  });

  it('updating the trip re-copies the unit and stops onto its loads', async () => {
    const current = (await get(`/trips/${tripId}`)).json().trip;
    const form = tripForm({ truck_id: null });
    form.loads = form.loads.map((l, i) => ({ ...l, load_id: loadIds[i] }));
    (form.loads[0] as { stops: Array<Record<string, unknown>> }).stops[1] = {
      type: 2,
      city: 'Memphis',
      state: 'TN',
      zip: '38103',
      at: at(-1, '11:00'),
    };
    const res = await post(`/trips/update/${tripId}`, form);
    expect(res.statusCode, res.body).toBe(200);
    expect(current.truck_id).toBe(refs.truck);
    const [row] = await t.database.query<{ delivery_city: string; truck_id: number | null }>(
      `select delivery_city, truck_id from loads where id = ${loadIds[0]}`,
    );
    expect(row).toEqual({ delivery_city: 'Memphis', truck_id: null });
  });

  it('validates the form with messages next to fields', async () => {
    const bad = tripForm({ customer_id: undefined });
    (bad.loads[0] as { stops: unknown[] }).stops = [{ type: 1, city: '', state: 'Texas', zip: '7520' }];
    (bad.loads[0] as { gross: unknown }).gross = -5;
    const res = await post('/trips/update/0', bad);
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    expect(errors.customer_id).toEqual(['The customer field is required.']);
    expect(errors['loads.0.gross']).toEqual(['The gross cannot be negative.']);
    expect(errors['loads.0.stops.0.city']).toEqual(['The city field is required.']);
    expect(errors['loads.0.stops.0.state']).toEqual(['The state is a two-letter code, e.g. TX.']);
    expect(errors['loads.0.stops']).toEqual(['Add at least one delivery.']);
    const foreign = await post('/trips/update/0', tripForm({ customer_id: 999999 }));
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.customer_id).toEqual(['The selected value is invalid.']);
  });

  it('a dispatcher without VIEW_ALL_TRIPS dispatches only its own trips', async () => {
    const res = await post('/trips/update/0', tripForm({ dispatcher_id: refs.otherDispatcher }), dispatcher);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.dispatcher_id).toEqual(['You can only dispatch your own trips.']);
  });

  it('adds, updates and deletes a load (POST /trips/load answers load_id)', async () => {
    const added = await post('/trips/load', {
      trip_id: tripId,
      gross: 800,
      broker_number: 'ADDED',
      stops: [
        { type: 1, city: 'Columbus', state: 'OH', zip: '43215', at: at(0, '10:00') },
        { type: 2, city: 'Pittsburgh', state: 'PA', zip: '15222', at: at(0, '16:00') },
      ],
    });
    expect(added.statusCode, added.body).toBe(200);
    const loadId = added.json().load_id as number;
    expect(loadId).toBeGreaterThan(0);
    const updated = await post(`/trips/load/${loadId}`, {
      gross: 950,
      broker_number: 'ADDED-2',
      stops: [
        { type: 1, city: 'Columbus', state: 'OH', at: at(0, '10:00') },
        { type: 2, city: 'Detroit', state: 'MI', at: at(0, '15:00') },
      ],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const [row] = await t.database.query<{
      delivery_city: string;
      gross_cents: string;
      position: number;
      truck_id: number | null;
    }>(`select delivery_city, gross_cents, position, truck_id from loads where id = ${loadId}`);
    expect(row).toMatchObject({ delivery_city: 'Detroit', position: 3 });
    expect(Number(row?.gross_cents)).toBe(95000);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/trips/load/${loadId}`, headers: t.bearer(admin) });
    expect(del.json()).toEqual({ message: MSG.removalSuccess });
    expect((await get(`/trips/${tripId}`)).json().trip.loads).toHaveLength(2);
  });

  it('connects trips, adds a note (status new) and answers the trip with files, notes, connections', async () => {
    const other = (await post('/trips/update/0', tripForm())).json().trip.trip_id as number;
    const res = await post('/trips/connection', { trip_id: tripId, connected_trip_id: other });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().connections.map((c: { trip_id: number }) => c.trip_id)).toEqual([other]);
    const self = await post('/trips/connection', { trip_id: tripId, connected_trip_id: tripId });
    expect(self.statusCode).toBe(422);
    await post(`/trips/${tripId}/notes`, { text: 'Call receiver' });
    const trip = (await get(`/trips/${tripId}`)).json().trip;
    expect(trip.connections.map((c: { trip_id: number }) => c.trip_id)).toEqual([other]);
    expect(trip.notes_rows[0]).toMatchObject({ text: 'Call receiver', status: 'new' });
    expect(trip.files).toEqual([]);
    const off = await post('/trips/connection', { trip_id: other, connected_trip_id: tripId, connect: false });
    expect(off.json().connections).toEqual([]);
  });
});

describe('trip detail view (GET /trips/:id/detail)', () => {
  it('answers stops, files, billing and invoice status, payments received and the change history', async () => {
    const res = await get(`/trips/${tripId}/detail`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.trip.trip_id).toBe(tripId);
    expect(body.trip.loads[1].locations_delivery.map((s: { city: string }) => s.city)).toEqual([
      'Indianapolis',
      'Columbus',
    ]);
    expect(body.money.map((m: { load_id: number }) => m.load_id)).toEqual(
      body.trip.loads.map((l: { load_id: number }) => l.load_id),
    );
    expect(body.money[0]).toMatchObject({ billing: false, invoice: null });
    expect(body.payments).toEqual([]);
    // Created, then updated (the test above changed the unit): the update names its fields.
    const actions = body.history.map((h: { entity: string; action: string }) => `${h.entity} ${h.action}`);
    expect(actions).toContain('trip create');
    expect(actions).toContain('trip update');
    expect(actions).toContain('trip_note create');
    const update = body.history.find(
      (h: { entity: string; action: string }) => h.entity === 'trip' && h.action === 'update',
    );
    expect(update.fields.length).toBeGreaterThan(0);
    expect(update.user).toBeTruthy();
    expect(body.history[0].at >= body.history.at(-1).at).toBe(true);
  });

  it('an invoiced load shows its invoice and the payments received on it', async () => {
    const [load] = await t.database.query<{ trip_id: number; invoice_id: number }>(
      `select l.trip_id, l.customer_invoice_id as invoice_id from loads l
        where l.customer_invoice_id in (select invoice_id from payments) order by l.id limit 1`,
    );
    if (!load) throw new Error('the seed has no paid invoice with loads');
    const body = (await get(`/trips/${load.trip_id}/detail`)).json();
    const money = body.money.find((m: { invoice: { id: number } | null }) => m.invoice?.id === load.invoice_id);
    expect(money.invoice.total).toBeGreaterThan(0);
    expect(money.invoice.paid).toBeGreaterThan(0);
    const [paid] = await t.database.query<{ n: number; cents: number }>(
      `select count(*)::int as n, sum(amount_cents)::int as cents from payments where invoice_id = ${load.invoice_id}`,
    );
    const onInvoice = body.payments.filter((p: { invoice_id: number }) => p.invoice_id === load.invoice_id);
    expect(onInvoice).toHaveLength(paid?.n ?? -1);
    expect(Math.round(onInvoice.reduce((s: number, p: { amount: number }) => s + p.amount, 0) * 100)).toBe(paid?.cents);
  });

  it("another dispatcher's trip is a 404 for a dispatcher without VIEW_ALL_TRIPS", async () => {
    const [other] = await t.database.query<{ id: number }>(
      `select trip_id as id from loads where dispatcher_id is distinct from ${dispatcherId} order by id limit 1`,
    );
    if (other) expect((await get(`/trips/${other.id}/detail`, dispatcher)).statusCode).toBe(404);
    expect((await get(`/trips/${tripId}/detail`, dispatcher)).statusCode).toBe(200);
  });
});

describe('trips list', () => {
  it('answers the register keys, the default window (Delivery, today, 4 weeks) and page size 15', async () => {
    const res = await post('/trips', {});
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    for (const key of ['trips', 'order', 'sort', 'limit', 'total', 'settings', 'sum', 'filter'])
      expect(body).toHaveProperty(key);
    expect(body.limit).toBe(15);
    expect(body.date_filter).toEqual({ from: addDays(today, -27), to: today });
    expect(body.trips.length).toBeLessThanOrEqual(15);
    const outside = await t.database.query<{ n: number }>(
      `select count(*)::int as n from loads where delivery_at >= ((current_timestamp at time zone 'America/Chicago')::date - 27)::timestamp at time zone 'America/Chicago'
         and delivery_at < ((current_timestamp at time zone 'America/Chicago')::date + 1)::timestamp at time zone 'America/Chicago'`,
    );
    expect(body.total).toBe(outside[0]?.n);
    const row = body.trips.find((r: { trip_id: number }) => r.trip_id === tripId);
    expect(row).toBeDefined();
    for (const key of [
      'trip_id',
      'load_id',
      'routs',
      'pick_up_datetime',
      'delivery_datetime',
      'customer',
      'broker_name',
      'broker_number',
      'gross',
      'dispatcher',
      'bol',
      'invoice',
      'factoring',
      'ppw_url',
      'rpm',
      'mileage_total',
      'pick_up_mileage',
      'mileage_empty',
      'created_at',
      'customer_invoice',
      'dispatcher_statement',
      'ai_status',
    ])
      expect(row).toHaveProperty(key);
  });

  it('the search covers every stop of the route, broker, customer, load, BOL and invoice numbers, and says so', async () => {
    const ids = async (search: string) =>
      ((await post('/trips', { search, limit: 100 })).json().trips as { load_id: number }[]).map((r) => r.load_id);
    // Indianapolis is the second load's intermediate delivery: neither its first pickup nor its last delivery.
    const indy = await ids('indianapolis');
    expect(indy).toContain(loadIds[1]);
    expect(indy).not.toContain(loadIds[0]);
    expect(await ids('Indianapolis, IN')).toContain(loadIds[1]);
    expect(await ids('Columbus')).toContain(loadIds[1]);
    const bol = await ids('BOLTEST1');
    expect(bol).toContain(loadIds[0]);
    expect(bol).not.toContain(loadIds[1]);
    expect(await ids('brk-test-2')).toContain(loadIds[1]);
    expect(await ids(String(loadIds[0]))).toContain(loadIds[0]);
    const body = (await post('/trips', { search: 'nowhere-at-all' })).json();
    expect(body.total).toBe(0);
    expect(body.search_fields).toEqual([
      'Customer',
      'Broker',
      'Broker #',
      'BOL',
      'Stop city or state',
      'Driver',
      'Truck',
      'Trailer',
      'Load #',
      'Trip #',
      'Invoice #',
    ]);
  });

  it('totals: distinct trips, loads, Σ gross, Σ miles, Σ empty miles over the filtered set', async () => {
    const body = (await post('/trips', { filters: { trip_id: { op: 'eq', value: tripId } } })).json();
    expect(body.total).toBe(2);
    expect(body.sum).toEqual({
      trip_id: 1,
      load_id: 2,
      gross: 3550.5,
      mileage_total: 967 + 33 + 360 + 10,
      pick_up_mileage: 967 + 360,
      mileage_empty: 43,
    });
    const [first] = body.trips;
    expect(first.routs).toBe('Chicago, IL → Columbus, OH');
    expect(first.factoring).toBe('No');
    expect(first.ppw_url).toBe('PPW not exist');
    expect(first.invoice).toBe('Not exist');
  });

  it('RPM in float8 is numeric round(cents / 100.0 / miles, 2) to the cent, halves away from zero, never -0', async () => {
    // Cents in ±25,000 by 53 against miles 0..600 by 11 (944 × 55), plus exact halves and tiny negatives.
    const differ = await rowsOf<{ c: number; m: number; got: string; want: string }>(
      t.db,
      sql`select c, m, (${rpm(sql`c`, sql`m`)})::text as got, round(c / 100.0 / nullif(m, 0), 2)::float8::text as want
        from (select c, m from generate_series(-25000, 25000, 53) c, generate_series(0, 600, 11) m
              union all values (245, 2), (-245, 2), (1, 200), (-1, 200), (-1, 1000), (123450, 1000)) x(c, m)
        where (${rpm(sql`c`, sql`m`)})::text is distinct from round(c / 100.0 / nullif(m, 0), 2)::float8::text`,
    );
    expect(differ).toEqual([]);
    const [edge] = await rowsOf<{ half: number; neg: number; tiny: string; none: null }>(
      t.db,
      sql`select ${rpm(sql`245`, sql`2`)} as half, ${rpm(sql`-245`, sql`2`)} as neg,
        (${rpm(sql`-1`, sql`1000`)})::text as tiny, ${rpm(sql`100`, sql`0`)} as none`,
    );
    expect(edge).toEqual({ half: 1.23, neg: -1.23, tiny: '0', none: null });
  });

  it('shows the trailer type through the trailer join, and sorts by it', async () => {
    const [unit] = await rowsOf<{ type: string }>(
      t.db,
      sql`select tt.name as type from trailers tr join trailer_types tt on tt.id = tr.trailer_type_id where tr.id = ${refs.trailer}`,
    );
    const filters = { trip_id: { op: 'eq', value: tripId } };
    for (const limit of [15, 500]) {
      const body = (await post('/trips', { filters, limit, sort: 'trailer_type', order: 'asc' })).json();
      expect(body.trips.map((r: { trailer_type: string }) => r.trailer_type)).toEqual([unit?.type, unit?.type]);
    }
  });

  it("accepts the spec's select* keys through the adapter", async () => {
    const spec = await post('/trips', {
      selectId: [tripId],
      selectCustomer: [refs.customer],
      selectBrocker: [refs.broker],
      selectBrockerNum: 'brk-test-2',
      selectDispatcher: [dispatcherId],
      selectDriver: [refs.driver],
      selectTrailer: [refs.trailer],
      selectBol: 'boltest2',
      selectInvoiced: 0,
      selectBilling: 0,
      dateDelivery: { date: today, weeks: 1 },
      limit: 5,
      pageNum: 1,
    });
    expect(spec.statusCode, spec.body).toBe(200);
    const body = spec.json();
    expect(body.limit).toBe(5);
    expect(body.trips.map((r: { broker_number: string }) => r.broker_number)).toEqual(['BRK-TEST-2']);
    const pickup = (
      await post('/trips', { selectId: tripId, datePU: [addDays(today, -2), addDays(today, -2)] })
    ).json();
    expect(pickup.trips.map((r: { broker_number: string }) => r.broker_number)).toEqual(['BRK-TEST-1']);
    const bad = await post('/trips', { selectTruck: 'x', dateDelivery: 'yesterday' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toContain('selectTruck');
  });

  it('filters through the engine: address PickUp/Delivery, number, options; unknown column is a 422', async () => {
    const base = { trip_id: { op: 'eq', value: tripId } };
    const byPickup = (await post('/trips', { filters: { ...base, routs: { type: 1, states: ['TX'] } } })).json();
    expect(byPickup.trips.map((r: { load_id: number }) => r.load_id)).toEqual([loadIds[0]]);
    const byDelivery = (
      await post('/trips', { filters: { ...base, routs: { type: 2, cities: ['columbus'] } } })
    ).json();
    expect(byDelivery.trips.map((r: { load_id: number }) => r.load_id)).toEqual([loadIds[1]]);
    const byGross = (await post('/trips', { filters: { ...base, gross: { op: 'gte', value: 2000 } } })).json();
    expect(byGross.total).toBe(1);
    const factored = (await post('/trips', { filters: { ...base, factoring: { value: 1 } } })).json();
    expect(factored.trips.map((r: { load_id: number }) => r.load_id)).toEqual([loadIds[0]]);
    const unknown = await post('/trips', { filters: { nope: { value: 'x' } } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors['filters.nope']).toBeDefined();
  });

  it('the dispatcher scope: without VIEW_ALL_TRIPS only own loads, in list, totals and GET', async () => {
    await post('/trips/update/0', tripForm({ dispatcher_id: refs.otherDispatcher }));
    const mine = (
      await post('/trips', { dateDelivery: { from: '2000-01-01', to: '2100-01-01' }, limit: 500 }, dispatcher)
    ).json();
    expect(mine.total).toBeGreaterThan(0);
    const [own] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from loads where dispatcher_id = ${dispatcherId}`,
    );
    expect(mine.total).toBe(own?.n);
    const all = (await post('/trips', { dateDelivery: { from: '2000-01-01', to: '2100-01-01' } })).json();
    expect(all.total).toBeGreaterThan(mine.total);
    const [foreign] = await t.database.query<{ id: number }>(
      `select trip_id as id from loads where dispatcher_id <> ${dispatcherId} limit 1`,
    );
    expect((await get(`/trips/${foreign?.id}`, dispatcher)).statusCode).toBe(404);
    expect((await get(`/trips/${foreign?.id}`)).statusCode).toBe(200);
    const viewer = await t.createUser({
      email: 'trip-viewer@backhaul.test',
      grants: [
        { section: SECTION.Trips, action: 0 },
        { section: SECTION.Trips, action: ACTION.VIEW },
        { section: SECTION.Trips, action: EXTRA_ACTION.VIEW_ALL_TRIPS },
      ],
    });
    const seen = (
      await post('/trips', { dateDelivery: { from: '2000-01-01', to: '2100-01-01' } }, viewer.token)
    ).json();
    expect(seen.total).toBe(all.total);
  });

  it('permissions: view-only may list but not save or delete; no Trips section is 403', async () => {
    const viewer = await t.createUser({
      email: 'trip-view-only@backhaul.test',
      grants: [
        { section: SECTION.Trips, action: 0 },
        { section: SECTION.Trips, action: ACTION.VIEW },
      ],
    });
    expect((await post('/trips', {}, viewer.token)).statusCode).toBe(200);
    expect((await post('/trips/update/0', tripForm(), viewer.token)).statusCode).toBe(403);
    expect((await post(`/trips/delete/${tripId}`, {}, viewer.token)).statusCode).toBe(403);
    expect((await post('/trips/export', {}, viewer.token)).statusCode).toBe(403);
    const stranger = await t.createUser({ email: 'no-trips@backhaul.test', grants: [] });
    expect((await post('/trips', {}, stranger.token)).statusCode).toBe(403);
    expect((await get(`/trips/${tripId}`, stranger.token)).statusCode).toBe(403);
  });

  it('POST /trips/filters answers the selects; /filterLoads finds loads by broker number', async () => {
    const { filters } = (await post('/trips/filters', {})).json();
    expect(filters.customers.map((o: { value: number }) => o.value)).toContain(refs.customer);
    expect(filters.dispatchers.map((o: { value: number }) => o.value)).toContain(dispatcherId);
    const mine = (await post('/trips/filters', {}, dispatcher)).json().filters;
    expect(mine.dispatchers.map((o: { value: number }) => o.value)).toEqual([dispatcherId]);
    const found = (await post('/filterLoads', { search: 'BRK-TEST-1' })).json();
    expect(found.loads.map((l: { load_id: number }) => l.load_id)).toContain(loadIds[0]);
  });

  it('POST /location from a zip or a city/state, /states and /cities', async () => {
    const [city] = await t.database.query<{ city: string; state: string; zip_codes: string }>(
      `select city, state, zip_codes from cities where zip_codes <> '' order by id limit 1 offset 10`,
    );
    const zip = city?.zip_codes.split(',')[0]?.trim() as string;
    const byZip = (await post('/location', { zip })).json();
    expect(byZip.location).toMatchObject({
      city: city?.city,
      state: city?.state,
      zip_code: zip,
      state_id: city?.state,
    });
    const byName = (await post('/location', { city: city?.city.toLowerCase() ?? '', state: city?.state ?? '' })).json();
    expect(byName.location.city_id).toBe(byZip.location.city_id);
    expect((await post('/location', { zip: '00000' })).statusCode).toBe(404);
    expect((await post('/location', {})).statusCode).toBe(422);
    const states = (await post('/states', {})).json().states.map((s: { value: string }) => s.value);
    expect(states).toContain(city?.state);
    expect((await post('/cities', { search: zip })).json().cities.length).toBeGreaterThan(0);
  });

  it('exports answer a link: /trips/export, /loads/export, /trips/files', async () => {
    for (const url of ['/trips/export', '/loads/export', '/trips/files']) {
      const res = await post(url, { selectId: [tripId], weeks: 4, order: null, type: 'graph' });
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      expect(res.json().link).toMatch(/^\/api\/files\/\d+\/download$/);
    }
    const link = (await post('/trips/export', { selectId: [tripId], format: 'csv' })).json().link;
    const file = await t.app.inject({ method: 'GET', url: link, headers: t.bearer(admin) });
    expect(file.body).toContain('BRK-TEST-2');
    expect(file.body).not.toContain('BRK-TEST-X');
  });

  it('deleting a trip needs 40 and removes its loads', async () => {
    const extra = (await post('/trips/update/0', tripForm({ dispatcher_id: refs.otherDispatcher }))).json().trip
      .trip_id as number;
    const noDelete = await post(`/trips/delete/${extra}`, {}, dispatcher);
    expect(noDelete.statusCode).toBe(404);
    const res = await post(`/trips/delete/${extra}`, {});
    expect(res.json()).toEqual({ message: MSG.removalSuccess });
    const [left] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from loads where trip_id = ${extra}`,
    );
    expect(left?.n).toBe(0);
  });
});

describe('trips search by driver, truck and trailer', () => {
  it("finds a driver's loads (and a team's second driver's) by name, a truck's and a trailer's by number, in the caller's scope", async () => {
    const f = factories(t);
    const stamp = Date.now().toString(36);
    const [ana, bo, cy] = [
      await f.driver({ driver: `Anastasia Quill ${stamp}` }),
      await f.driver({ driver: `Boris Quillon ${stamp}` }),
      await f.driver({ driver: `Cyrus Mend ${stamp}` }),
    ];
    const truck = await f.truck({ truck_number: `QX${stamp}` });
    const trailer = await f.trailer({ trailer_number: `QT${stamp}` });
    const otherTruck = await f.truck();
    const save = async (form: Record<string, unknown>) => {
      const res = await post('/trips/update/0', tripForm({ truck_id: null, trailer_id: null, ...form }));
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().trip.loads as { load_id: number }[]).map((l) => l.load_id);
    };
    // Ana drives truck QX… with trailer QT…, dispatched by the demo dispatcher; Bo drives with Ana as
    // his team's second driver, dispatched by the admin; Cy drives another truck with no trailer.
    const mine = await save({ driver_id: ana.id, truck_id: truck.id, trailer_id: trailer.id });
    const team = await save({
      driver_id: bo.id,
      team_driver_id: ana.id,
      truck_id: otherTruck.id,
      dispatcher_id: refs.otherDispatcher,
    });
    const other = await save({ driver_id: cy.id, truck_id: otherTruck.id, dispatcher_id: refs.otherDispatcher });

    // Every delivery date: the search alone decides (the default four weeks cleared).
    const found = async (search: string, token = admin) => {
      const res = await post('/trips', { search, filters: { delivery_datetime: null }, limit: 100 }, token);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().trips as { load_id: number }[]).map((r) => r.load_id).sort((a, b) => a - b);
    };
    const sorted = (...ids: number[][]) => ids.flat().sort((a, b) => a - b);
    // A part of the name, any case: her own loads and the team trip she rides on, not Cy's.
    expect(await found(`anastasia quill ${stamp}`)).toEqual(sorted(mine, team));
    // "Quill" is in both Ana's and Bo's names: both trips, still not Cy's.
    const quill = await found('QUILL');
    expect(quill).toEqual(expect.arrayContaining(sorted(mine, team)));
    expect(quill).not.toContain(other[0]);
    expect(await found(`mend ${stamp}`)).toEqual(sorted(other));
    // The truck's and the trailer's numbers, whole or in part.
    expect(await found(`qx${stamp}`)).toEqual(sorted(mine));
    expect(await found(`T${stamp}`)).toEqual(sorted(mine));
    expect(await found(otherTruck.truck_number)).toEqual(sorted(team, other));
    // The dispatcher, who sees only the loads he dispatches, finds Ana's own trip and not the team's.
    expect(await found(`anastasia quill ${stamp}`, dispatcher)).toEqual(sorted(mine));
  });
});
