import { ACTION, SECTION } from '@backhaul/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { customers } from '../customers';
import { loadStops, loads, trips } from '../trips';

let t: TestContext;
let admin: string;
let dispatcher: string;
const ids = {
  d1: 0,
  d2: 0,
  c1: 0,
  c2: 0,
  t1: 0,
  t2: 0,
  trailer: 0,
  dr1: 0,
  dr2: 0,
  tripA: 0,
  companyId: 0,
  loads: [] as number[],
};

// A fortnight of 2020 that the demo seed (the last year) never reaches: every figure is known.
const WINDOW = { type: 'Delivery', from: '2020-03-01', to: '2020-03-14' };

type LoadSpec = {
  trip: number;
  customer: number;
  gross: number;
  loaded: number;
  empty: number;
  pickup: [string, string, string];
  delivery: [string, string, string];
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@backhaul.demo');
  dispatcher = await t.login('dispatcher@backhaul.demo');
  const one = async (q: string) => ((await t.database.query<{ id: number }>(q))[0]?.id ?? 0) as number;
  ids.d1 = await one("select id from users where email = 'dispatcher@backhaul.demo'");
  ids.d2 = await one("select id from users where email = 'admin@backhaul.demo'");
  ids.t1 = await one('select id from trucks order by id limit 1');
  ids.t2 = await one('select id from trucks order by id offset 1 limit 1');
  ids.trailer = await one('select id from trailers order by id limit 1');
  ids.dr1 = await one('select id from drivers order by id limit 1');
  ids.dr2 = await one('select id from drivers order by id offset 1 limit 1');
  const companyId = await one('select id from companies order by id limit 1');
  const [c1, c2] = await t.db
    .insert(customers)
    .values([
      { companyId, name: 'Stat Test Carrier One', email: 'one@stat.test' },
      { companyId, name: 'Stat Test Carrier Two', email: null },
    ])
    .returning();
  ids.c1 = c1?.id ?? 0;
  ids.c2 = c2?.id ?? 0;
  const [tripA, tripB] = await t.db
    .insert(trips)
    .values([
      { companyId, customerId: ids.c1, truckId: ids.t1, trailerId: ids.trailer, dispatcherId: ids.d1 },
      { companyId, customerId: ids.c2, truckId: ids.t2, trailerId: ids.trailer, dispatcherId: ids.d2 },
    ])
    .returning();
  const a = tripA?.id ?? 0;
  ids.tripA = a;
  ids.companyId = companyId;
  const b = tripB?.id ?? 0;
  // Times carry their Chicago offset (DST began 2020-03-08); L2 is delivered 23:30 in Chicago,
  // already the next day in UTC, and must count on the 3rd.
  const specs: LoadSpec[] = [
    {
      trip: a,
      customer: ids.c1,
      gross: 100000,
      loaded: 400,
      empty: 100,
      pickup: ['Dallas', 'TX', '2020-03-01T08:00:00-06:00'],
      delivery: ['Chicago', 'IL', '2020-03-02T10:00:00-06:00'],
    },
    {
      trip: a,
      customer: ids.c1,
      gross: 150050,
      loaded: 550,
      empty: 50,
      pickup: ['Chicago', 'IL', '2020-03-03T07:00:00-06:00'],
      delivery: ['Columbus', 'OH', '2020-03-03T23:30:00-06:00'],
    },
    {
      trip: b,
      customer: ids.c2,
      gross: 200000,
      loaded: 900,
      empty: 100,
      pickup: ['Houston', 'TX', '2020-03-09T09:00:00-05:00'],
      delivery: ['Atlanta', 'GA', '2020-03-10T12:00:00-05:00'],
    },
    {
      trip: b,
      customer: ids.c1,
      gross: 80000,
      loaded: 300,
      empty: 0,
      pickup: ['Austin', 'TX', '2020-03-12T09:00:00-05:00'],
      delivery: ['Dallas', 'TX', '2020-03-13T08:00:00-05:00'],
    },
  ];
  for (const [i, s] of specs.entries()) {
    const onA = s.trip === a;
    const [load] = await t.db
      .insert(loads)
      .values({
        companyId,
        tripId: s.trip,
        position: i + 1,
        brokerNumber: `ST-${i + 1}`,
        grossCents: s.gross,
        mileageLoaded: s.loaded,
        mileageEmpty: s.empty,
        pickupAt: new Date(s.pickup[2]),
        pickupCity: s.pickup[0],
        pickupState: s.pickup[1],
        deliveryAt: new Date(s.delivery[2]),
        deliveryCity: s.delivery[0],
        deliveryState: s.delivery[1],
        customerId: s.customer,
        truckId: onA ? ids.t1 : ids.t2,
        trailerId: ids.trailer,
        driverId: onA ? ids.dr1 : ids.dr2,
        dispatcherId: onA ? ids.d1 : ids.d2,
      })
      .returning();
    ids.loads.push(load?.id ?? 0);
    await t.db.insert(loadStops).values([
      { loadId: load?.id ?? 0, type: 1, position: 1, city: s.pickup[0], state: s.pickup[1], at: new Date(s.pickup[2]) },
      {
        loadId: load?.id ?? 0,
        type: 2,
        position: 1,
        city: s.delivery[0],
        state: s.delivery[1],
        at: new Date(s.delivery[2]),
      },
    ]);
  }
});
afterAll(() => t.close());

const post = (url: string, payload: object, token = admin) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers: t.bearer(token) });

describe('dispatch statistics', () => {
  it('POST /statistics/list: the window’s loads with sums, RPM per row and the window', async () => {
    const res = await post('/statistics/list', { datePeriod: WINDOW, sort: 'load_id', order: 'asc' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(4);
    expect(body.rows.map((r: { load_id: number }) => r.load_id)).toEqual(ids.loads);
    expect(body.sum).toMatchObject({ gross: 5300.5, mileage_total: 2400, mileage_empty: 250, load_id: 4, truck: 2 });
    expect(body.rows[0]).toMatchObject({ carrier: 'Stat Test Carrier One', gross: 1000, rpm: 2, mileage_total: 500 });
    expect(body.rows[1]).toMatchObject({ routs: 'Chicago, IL → Columbus, OH', rpm: 2.5, mileage_empty: 50 });
    expect(body.window).toEqual({ ...WINDOW, grouping: 'day' });
  });

  it('filters: pickup state (address type 1), carrier, PickUp window, weeks ending on a date', async () => {
    const tx = (
      await post('/statistics/list', { datePeriod: WINDOW, filters: { routs: { type: 1, states: ['TX'] } } })
    ).json();
    expect(tx.total).toBe(3);
    expect(tx.sum).toMatchObject({ gross: 3800, mileage_total: 1800 });
    const delivered = (
      await post('/statistics/list', { datePeriod: WINDOW, filters: { routs: { type: 2, states: ['TX'] } } })
    ).json();
    expect(delivered.total).toBe(1);
    const carrier = (
      await post('/statistics/list', { datePeriod: WINDOW, filters: { carrier: { values: [ids.c1] } } })
    ).json();
    expect(carrier.sum.gross).toBe(3300.5);
    const pickups = (
      await post('/statistics/list', { datePeriod: { type: 'PickUp', from: '2020-03-01', to: '2020-03-08' } })
    ).json();
    expect(pickups.total).toBe(2);
    // The same window read back from the table's own date filter.
    const byFilter = (
      await post('/statistics/list', { filters: { delivery_datetime: { from: '2020-03-01', to: '2020-03-02' } } })
    ).json();
    expect(byFilter.total).toBe(1);
    const weeks = (
      await post('/statistics/list', { datePeriod: { type: 'Delivery', date: '2020-03-07' }, weeks: 1 })
    ).json();
    expect(weeks.window).toMatchObject({ from: '2020-03-01', to: '2020-03-07' });
    expect(weeks.total).toBe(2);
    const bad = await post('/statistics/list', {
      datePeriod: { type: 'Delivery', from: '2020-03-09', to: '2020-03-01' },
    });
    expect(bad.statusCode).toBe(422);
  });

  it('POST /statistics/filter: per-day graph in Chicago days, totals, graphDispatch, spot rate', async () => {
    const res = await post('/statistics/filter', { datePeriod: WINDOW });
    expect(res.statusCode).toBe(200);
    const g = res.json();
    expect(g.graph.labels).toHaveLength(14);
    expect(g.graph.labels[0]).toBe('2020-03-01');
    const at = (d: string) => g.graph.labels.indexOf(d);
    expect(g.graph.amount[at('2020-03-02')]).toBe(1000);
    expect(g.graph.amount[at('2020-03-03')]).toBe(1500.5);
    expect(g.graph.amount[at('2020-03-04')]).toBe(0);
    expect(g.graph.mileage[at('2020-03-03')]).toBe(600);
    expect(g.graph.rpm[at('2020-03-03')]).toBe(2.5);
    expect(g.graph.rpm[at('2020-03-13')]).toBe(2.67);
    expect(g.graph.loads.reduce((a: number, b: number) => a + b, 0)).toBe(4);
    expect(g).toMatchObject({ total_load: 4, total_truck: 2, amount: 5300.5, mileage: 2400, rateAverage: 2.21 });
    // Spot rate: the last 7 days (8th–14th): 2 800 $ over 1 300 mi.
    expect(g.spot_rate).toBe(2.15);
    const d1 = g.graphDispatch.find((d: { dispatcher_id: number }) => d.dispatcher_id === ids.d1);
    expect(d1).toMatchObject({ total_load: 2, amount: 2500.5, mileage: 1100, rpm: 2.27 });
  });

  it('weekly grouping for a window over 31 days (weeks start on Sunday)', async () => {
    const g = (
      await post('/statistics/filter', { datePeriod: { type: 'Delivery', date: '2020-03-14' }, weeks: 6 })
    ).json();
    expect(g.window).toEqual({ type: 'Delivery', from: '2020-02-02', to: '2020-03-14', grouping: 'week' });
    expect(g.graph.labels).toEqual([
      '2020-02-02',
      '2020-02-09',
      '2020-02-16',
      '2020-02-23',
      '2020-03-01',
      '2020-03-08',
    ]);
    expect(g.graph.amount).toEqual([0, 0, 0, 0, 2500.5, 2800]);
  });

  it('POST /statistics/rate-average and POST /trips/statistics answer the same figures', async () => {
    const rate = (await post('/statistics/rate-average', { datePeriod: WINDOW })).json();
    expect(rate).toMatchObject({ total_load: 4, amount: 5300.5, rateAverage: 2.21, spot_rate: 2.15 });
    const trips = await post('/trips/statistics', { dateDelivery: { from: WINDOW.from, to: WINDOW.to } });
    expect(trips.statusCode).toBe(200);
    expect(trips.json()).toMatchObject({
      total_load: 4,
      total_truck: 2,
      amount: 5300.5,
      mileage: 2400,
      rateAverage: 2.21,
    });
    const customer = (
      await post('/trips/statistics', { dateDelivery: { from: WINDOW.from, to: WINDOW.to }, selectCustomer: [ids.c2] })
    ).json();
    expect(customer).toMatchObject({ total_load: 1, amount: 2000, rateAverage: 2 });
  });

  it('the dispatcher scope: without VIEW_ALL_TRIPS every figure counts only own loads', async () => {
    const list = (await post('/statistics/list', { datePeriod: WINDOW }, dispatcher)).json();
    expect(list.total).toBe(2);
    expect(list.sum.gross).toBe(2500.5);
    const g = (await post('/statistics/filter', { datePeriod: WINDOW }, dispatcher)).json();
    expect(g).toMatchObject({ total_load: 2, total_truck: 1, amount: 2500.5, spot_rate: 0, rateAverage: 2.27 });
    expect(g.graphDispatch).toHaveLength(1);
    const rate = (await post('/statistics/rate-average', { datePeriod: WINDOW }, dispatcher)).json();
    expect(rate.total_load).toBe(2);
    const trips = (await post('/trips/statistics', { dateDelivery: WINDOW }, dispatcher)).json();
    expect(trips.amount).toBe(2500.5);
    const report = (await post('/customer-reports/list', { datePeriod: WINDOW }, dispatcher)).json();
    expect(report.rows).toHaveLength(1);
    expect(report.rows[0]).toMatchObject({ customer_id: ids.c1, loads: 2, gross: 2500.5 });
  });

  it('export of the dispatch statistics answers a file link', async () => {
    const res = await post('/dispatch-statistics/export', { datePeriod: WINDOW, format: 'csv' });
    expect(res.statusCode).toBe(200);
    expect(res.json().link).toMatch(/\/files\//);
  });
});

describe('customer reports', () => {
  it('per customer: loads, gross, miles, RPM and empty % over the window', async () => {
    const res = await post('/customer-reports/list', { datePeriod: WINDOW });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.rows[0]).toMatchObject({
      customer_id: ids.c1,
      customer: 'Stat Test Carrier One',
      loads: 3,
      gross: 3300.5,
      mileage_total: 1400,
      mileage_empty: 150,
      rpm: 2.36,
      empty_pct: 10.7,
    });
    expect(body.rows[1]).toMatchObject({ customer_id: ids.c2, loads: 1, gross: 2000, rpm: 2, empty_pct: 10 });
    expect(body.sum).toMatchObject({ loads: 4, gross: 5300.5, mileage_total: 2400 });
    const one = (
      await post('/customer-reports/list', { datePeriod: WINDOW, filters: { customer: { values: [ids.c2] } } })
    ).json();
    expect(one.total).toBe(1);
    const exported = await post('/customer-reports/export', { datePeriod: WINDOW });
    expect(exported.json().link).toMatch(/\/files\//);
  });

  it('send by e-mail: the report template with the spreadsheet, to the customer’s address', async () => {
    const res = await post('/customer-reports/send', { customer_id: ids.c1, datePeriod: WINDOW });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Message has been sent successfully.', to: 'one@stat.test', loads: 3 });
    const [mail] = await t.database.query<{ template: string; subject: string; attachments: { filename: string }[] }>(
      `select template, subject, attachments from mail_messages where id = ${res.json().mail_id}`,
    );
    expect(mail?.template).toBe('report');
    expect(mail?.subject).toContain('2020-03-01');
    expect(mail?.attachments[0]?.filename).toMatch(/\.xlsx$/);
    const [audit] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from audit_log where entity = 'customers' and entity_id = '${ids.c1}' and action = 'send_report'`,
    );
    expect(audit?.n).toBe(1);
    // One history: the sending is in the customer's change log (the customers' audit entity).
    const log = await post('/customers/filterLogs', { filters: { entity_id: { op: 'eq', value: ids.c1 } } });
    expect(log.json().rows.map((r: { action: string }) => r.action)).toContain('send_report');
    const noAddress = await post('/customer-reports/send', { customer_id: ids.c2, datePeriod: WINDOW });
    expect(noAddress.statusCode).toBe(422);
    expect(noAddress.json().errors.email).toBeDefined();
  });
});

describe('permissions', () => {
  it('without Dispatch statistics the list and charts are refused; Statistics alone opens the reports', async () => {
    const stats = await t.createUser({
      email: 'stats-only@backhaul.test',
      grants: [
        { section: SECTION.Statistics, action: 0 },
        { section: SECTION.Statistics, action: ACTION.VIEW },
      ],
    });
    expect((await post('/statistics/list', { datePeriod: WINDOW }, stats.token)).statusCode).toBe(403);
    expect((await post('/statistics/filter', { datePeriod: WINDOW }, stats.token)).statusCode).toBe(403);
    expect((await post('/dispatch-statistics/export', {}, stats.token)).statusCode).toBe(403);
    expect((await post('/customer-reports/list', { datePeriod: WINDOW }, stats.token)).statusCode).toBe(200);
    const none = await t.createUser({
      email: 'no-stats@backhaul.test',
      grants: [{ section: SECTION.Profile, action: 0 }],
    });
    expect((await post('/customer-reports/list', {}, none.token)).statusCode).toBe(403);
    expect((await post('/statistics/rate-average', {}, none.token)).statusCode).toBe(403);
    expect((await post('/trips/statistics', {}, none.token)).statusCode).toBe(403);
  });
});

describe('safety statistic', () => {
  beforeAll(async () => {
    // April 2020: only carrier one delivers (driver one); carrier two has left.
    await t.db.insert(loads).values({
      companyId: ids.companyId,
      tripId: ids.tripA,
      grossCents: 50000,
      mileageLoaded: 200,
      deliveryAt: new Date('2020-04-10T12:00:00-05:00'),
      customerId: ids.c1,
      driverId: ids.dr1,
      dispatcherId: ids.d1,
    });
  });

  it('POST /safety/statistic: per month active drivers, customers, customers left', async () => {
    const res = await post('/safety/statistic', { date: '2020-04', months: 3 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.month).toEqual([
      { date: '2020-02', name: 'Feb 2020', drivers: 0, company: 0, left: 0, joined: 0 },
      { date: '2020-03', name: 'Mar 2020', drivers: 2, company: 2, left: 0, joined: 2 },
      { date: '2020-04', name: 'Apr 2020', drivers: 1, company: 1, left: 1, joined: 0 },
    ]);
    expect(body.row).toEqual(body.month[2]);
  });

  it('POST /safety/statistic/:date: each customer’s status, recency, frequency and gross', async () => {
    const body = (await post('/safety/statistic/2020-04', {})).json();
    expect(body.row).toMatchObject({ date: '2020-04', left: 1 });
    const byId = new Map(body.rows.map((r: { customer_id: number }) => [r.customer_id, r]));
    expect(byId.get(ids.c1)).toMatchObject({
      status: 'active',
      loads: 1,
      drivers: 1,
      gross: 500,
      last_delivery: '2020-04-10',
      recency_days: 20,
    });
    expect(byId.get(ids.c2)).toMatchObject({
      status: 'left',
      loads: 0,
      gross: 0,
      last_delivery: '2020-03-10',
      recency_days: 51,
    });
    expect((await post('/safety/statistic/2020-13x', {})).statusCode).toBe(422);
  });

  it('the safety user (Analytics view) reads it company-wide; a dispatcher without it is refused', async () => {
    const safety = await t.login('safety@backhaul.demo');
    const seen = (await post('/safety/statistic', { date: '2020-04', months: 2 }, safety)).json();
    expect(seen.month[0]).toMatchObject({ drivers: 2, company: 2 });
    const update = await t.app.inject({
      method: 'GET',
      url: '/api/safety/statistic/update',
      headers: t.bearer(safety),
    });
    expect(update.statusCode).toBe(200);
    expect(update.json().month).toHaveLength(1);
    expect((await post('/safety/statistic', {}, dispatcher)).statusCode).toBe(403);
  });
});
