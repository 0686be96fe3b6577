import { ACTION, SECTION } from '@backhaul/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { loads, trips } from '../trips';

let t: TestContext;
let admin: string;
let dispatcher: string;
const ids = { d1: 0, d2: 0, c1: 0, c2: 0 };
// A week of 2019 that the demo seed never reaches.
const PERIOD = { type: 'Delivery', from: '2019-06-02', to: '2019-06-08' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@backhaul.demo');
  dispatcher = await t.login('dispatcher@backhaul.demo');
  const one = async (q: string) => ((await t.database.query<{ id: number }>(q))[0]?.id ?? 0) as number;
  ids.d1 = await one("select id from users where email = 'dispatcher@backhaul.demo'");
  ids.d2 = await one("select id from users where email = 'admin@backhaul.demo'");
  ids.c1 = await one('select id from customers order by id limit 1');
  ids.c2 = await one('select id from customers order by id offset 1 limit 1');
  const truck = await one('select id from trucks order by id limit 1');
  const truck2 = await one('select id from trucks order by id offset 1 limit 1');
  const companyId = await one('select id from companies order by id limit 1');
  const [a, b] = await t.db
    .insert(trips)
    .values([
      { companyId, dispatcherId: ids.d1, customerId: ids.c1, truckId: truck },
      { companyId, dispatcherId: ids.d2, customerId: ids.c2, truckId: truck2 },
    ])
    .returning();
  const load = (trip: number, dispatcherId: number, customerId: number, truckId: number, o: object) => ({
    companyId,
    tripId: trip,
    dispatcherId,
    customerId,
    truckId,
    pickupCity: 'Dallas',
    pickupState: 'TX',
    deliveryCity: 'Tulsa',
    deliveryState: 'OK',
    ...o,
  });
  await t.db.insert(loads).values([
    // Delivered 22:00 on June 2nd in Chicago (03:00 UTC on the 3rd).
    load(a?.id ?? 0, ids.d1, ids.c1, truck, {
      grossCents: 120000,
      mileageLoaded: 500,
      mileageEmpty: 100,
      deliveryAt: new Date('2019-06-02T22:00:00-05:00'),
    }),
    load(a?.id ?? 0, ids.d1, ids.c1, truck, {
      grossCents: 90000,
      mileageLoaded: 300,
      mileageEmpty: 0,
      deliveryAt: new Date('2019-06-05T09:00:00-05:00'),
    }),
    load(b?.id ?? 0, ids.d2, ids.c2, truck2, {
      grossCents: 250000,
      mileageLoaded: 950,
      mileageEmpty: 50,
      deliveryAt: new Date('2019-06-05T15:00:00-05:00'),
    }),
  ]);
});
afterAll(() => t.close());

const graph = (payload: object, token = admin) =>
  t.app.inject({ method: 'POST', url: '/api/graph', payload, headers: t.bearer(token) });

describe('POST /graph', () => {
  it('answers the register keys with one point per Chicago day of the window', async () => {
    const res = await graph({ datePeriod: PERIOD });
    expect(res.statusCode).toBe(200);
    const g = res.json();
    expect(Object.keys(g)).toEqual(
      expect.arrayContaining(['load', 'rateAverage', 'total_load', 'amount', 'total_truck', 'graph', 'spot_rate']),
    );
    expect(g).toMatchObject({ total_load: 3, total_truck: 2, amount: 4600, mileage: 1900, load: 1533.33 });
    expect(g.rateAverage).toBe(2.42); // 460 000 ¢ over 1 900 mi
    expect(g.spot_rate).toBe(2.42); // the window is its own last 7 days
    expect(g.graph).toHaveLength(7);
    expect(g.graph[0]).toEqual({ date: '2019-06-02', amount: 1200, mileage: 600 });
    expect(g.graph[1]).toEqual({ date: '2019-06-03', amount: 0, mileage: 0 });
    expect(g.graph[3]).toEqual({ date: '2019-06-05', amount: 3400, mileage: 1300 });
  });

  it('filters by customer and dispatcher; weeks ending on a date; a long window stays per day', async () => {
    const c2 = (await graph({ datePeriod: PERIOD, selectCustomer: [ids.c2] })).json();
    expect(c2).toMatchObject({ total_load: 1, amount: 2500, rateAverage: 2.5, load: 2500 });
    const d1 = (await graph({ datePeriod: PERIOD, selectDispatcher: [ids.d1] })).json();
    expect(d1).toMatchObject({ total_load: 2, amount: 2100, total_truck: 1 });
    // 210 000 ¢ over 900 mi = 2.333… → 2.33
    expect(d1.rateAverage).toBe(2.33);
    const weeks = (await graph({ datePeriod: { type: 'Delivery', date: '2019-06-08' }, weeks: 5 })).json();
    expect(weeks.window).toMatchObject({ from: '2019-05-05', to: '2019-06-08', grouping: 'day' });
    expect(weeks.graph).toHaveLength(35);
    expect(weeks.total_load).toBe(3);
    const invalid = await graph({ selectCustomer: ['x'] });
    expect(invalid.statusCode).toBe(422);
  });

  it('the dispatcher scope: without VIEW_ALL_TRIPS only own loads', async () => {
    const g = (await graph({ datePeriod: PERIOD }, dispatcher)).json();
    expect(g).toMatchObject({ total_load: 2, amount: 2100, total_truck: 1 });
    expect(g.graph[0].amount).toBe(1200);
    // Asking for another dispatcher's loads does not widen the scope.
    const other = (await graph({ datePeriod: PERIOD, selectDispatcher: [ids.d2] }, dispatcher)).json();
    expect(other.total_load).toBe(0);
  });

  it('permissions: Dashboard or Statistics view opens it; neither is 403', async () => {
    const dash = await t.createUser({
      email: 'dash-only@backhaul.test',
      grants: [
        { section: SECTION.Dashboard, action: 0 },
        { section: SECTION.Dashboard, action: ACTION.VIEW },
      ],
    });
    expect((await graph({ datePeriod: PERIOD }, dash.token)).statusCode).toBe(200);
    const none = await t.createUser({
      email: 'no-dash@backhaul.test',
      grants: [{ section: SECTION.Trips, action: 0 }],
    });
    expect((await graph({ datePeriod: PERIOD }, none.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/graph', payload: {} })).statusCode).toBe(401);
  });
});
