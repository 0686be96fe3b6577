import { SECTION } from '@backhaul/shared';
import { EMPTY_WORK_ORDER } from '@backhaul/shared/modules/work-orders/work-orders.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';

let t: TestContext;
let shop: string;
const ids: number[] = [];
beforeAll(async () => {
  t = await createTestApp();
  shop = await t.login('shop@backhaul.demo');
  const truckId = (await factories(t).truck()).id;
  const order = (status: number, hours: number, rate: number, parts: number) => ({
    ...EMPTY_WORK_ORDER,
    truck_id: truckId,
    status,
    labour: [{ technician_id: null, description: '', hours, rate }],
    parts: parts ? [{ part_number: 'X-1', description: '', quantity: 1, unit_price: parts }] : [],
  });
  // Opened (company time) 2019-03-04 twice, 2019-03-06 and 2019-04-10 (canceled: counted, no money).
  const made = [
    [order(9, 2, 100, 50), '2019-03-04 09:00'],
    [{ ...order(1, 1.5, 80, 0), wo_type: 'Tires' }, '2019-03-04 23:30'],
    [order(7, 1, 120, 0), '2019-03-06 08:00'],
    [order(11, 3, 100, 10), '2019-04-10 12:00'],
  ] as const;
  for (const [form, at] of made) {
    const res = await t.app.inject({ method: 'POST', url: '/api/work-order', headers: t.bearer(shop), payload: form });
    const id = res.json().row.id as number;
    ids.push(id);
    // The window is the day an order was opened; these were opened in 2019.
    await t.database.query(
      "update work_orders set created_at = ($1::timestamp at time zone 'America/Chicago') where id = $2",
      [at, id],
    );
  }
});
afterAll(() => t.close());

const post = (url: string, payload: object, token = shop) =>
  t.app.inject({ method: 'POST', url: `/api/work-order/statistics${url}`, headers: t.bearer(token), payload });

describe('work-order statistics', () => {
  it('counts and totals per day, empty days included, by type, status and Shop manager', async () => {
    const res = await post('/list', { group: 'day', from: '2019-03-03', to: '2019-03-06' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(
      body.rows.map((r: { period: string; count: number; total: number }) => [r.period, r.count, r.total]),
    ).toEqual([
      ['2019-03-03', 0, 0],
      // 2 h × $100 + $50 part = $250; 1.5 h × $80 = $120
      ['2019-03-04', 2, 370],
      ['2019-03-05', 0, 0],
      ['2019-03-06', 1, 120],
    ]);
    expect(body.totals).toEqual({ count: 3, closed: 1, canceled: 0, hours: 4.5, labour: 440, parts: 50, total: 490 });
    expect(body.by_type).toEqual([
      { name: 'Repair', count: 2, total: 370 },
      { name: 'Tires', count: 1, total: 120 },
    ]);
    expect(body.by_status.map((s: { name: string; count: number }) => [s.name, s.count])).toEqual([
      ['New', 1],
      ['In progress', 1],
      ['Closed', 1],
    ]);
    expect(body.by_technician).toEqual([{ name: 'Not assigned', count: 3, hours: 4.5, total: 490 }]);
  });

  it('per month: a canceled order is counted but earns nothing', async () => {
    const body = (await post('/list', { group: 'month', from: '2019-03-01', to: '2019-04-30' })).json();
    expect(
      body.rows.map((r: { period: string; count: number; canceled: number; total: number }) => [
        r.period,
        r.count,
        r.canceled,
        r.total,
      ]),
    ).toEqual([
      ['2019-03', 3, 0, 490],
      ['2019-04', 1, 1, 0],
    ]);
  });

  it('show/:date lists the orders of one day or month', async () => {
    const day = (await post('/show/2019-03-04', {})).json();
    expect(day.rows.map((r: { id: number }) => r.id)).toEqual([ids[0], ids[1]]);
    expect(day.totals.total).toBe(370);
    const month = (await post('/show/2019-04-10?group=month', {})).json();
    expect(month.rows).toEqual([expect.objectContaining({ id: ids[3], status: 11, total: 310 })]);
    expect((await post('/show/2019-02-30', {})).statusCode).toBe(422);
  });

  it('refuses a window too long or backwards, naming the field; the start call answers this month', async () => {
    const long = await post('/list', { group: 'day', from: '2019-01-01', to: '2019-12-31' });
    expect([long.statusCode, Object.keys(long.json().errors)]).toEqual([422, ['from']]);
    const back = await post('/list', { from: '2019-03-05', to: '2019-03-01' });
    expect(Object.keys(back.json().errors)).toEqual(['to']);
    const start = await t.app.inject({ method: 'GET', url: '/api/work-order/statistics', headers: t.bearer(shop) });
    expect(start.json()).toMatchObject({ group: 'day', from: expect.stringMatching(/-01$/) });
    const outsider = (await factories(t).user([{ section: SECTION.WorkOrders, action: 0 }])).token;
    expect((await post('/list', {}, outsider)).statusCode).toBe(403);
  });
});
