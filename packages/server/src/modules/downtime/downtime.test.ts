import { EMPTY_WORK_ORDER } from '@backhaul/shared/modules/work-orders/work-orders.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Factories, factories } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { monthBefore } from './downtime.service';

let t: TestContext;
let f: Factories;
let shop: string;
beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  shop = await t.login('shop@backhaul.demo');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, payload?: unknown, token = shop) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: t.bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('downtime: days out of service and their cost per unit and month', () => {
  it('adds shop days (work orders) and road days not approved back, priced at the trailing 90-day gross', async () => {
    const truck = await f.truck();
    const trailer = await f.trailer();
    // $9,000 of gross picked up on 2026-02-10: inside the 90 days before both priced days.
    await f.trip({ truckId: truck.id, loads: 2, gross: 4500, day: '2026-02-10' });
    const order = (extra: Record<string, unknown>) =>
      call('POST', '/work-order', { ...EMPTY_WORK_ORDER, arrival_date: '2026-03-10', ...extra });
    // 08:00 on the 10th to 10:00 on the 12th: 50 hours, 3 days rounded up.
    expect(
      (await order({ truck_id: truck.id, check_in: '2026-03-10 08:00', check_out: '2026-03-12 10:00' })).statusCode,
    ).toBe(200);
    expect(
      (
        await order({
          unit_type: 'trailer',
          trailer_id: trailer.id,
          check_in: '2026-03-02 07:00',
          check_out: '2026-03-03 09:00',
        })
      ).statusCode,
    ).toBe(200);
    const road = async (date: string, approve: boolean) => {
      const res = await call('POST', '/truck-road', {
        date,
        truck_id: truck.id,
        driver_id: null,
        drive_type_id: 1,
        location: 'Tulsa, OK',
        out_of_service: true,
        reason: 'Breakdown',
        note: '',
      });
      expect(res.statusCode).toBe(200);
      if (!approve) return;
      const id = res.json().row.id;
      for (const field of ['dispatcher_approved', 'shop_approved'])
        expect((await call('POST', '/truck-road/approved', { id, field, approved: true })).statusCode).toBe(200);
    };
    await road('2026-03-20', false);
    await road('2026-03-21', true);

    const list = await call('POST', '/downtime/list', {
      filters: { month: { values: ['2026-03'] }, unit: { value: truck.truck_number } },
    });
    expect(list.statusCode).toBe(200);
    // A day is $9,000 ÷ 64 weekdays = 14,062.5¢: 3 shop days 42,187.5 → 421.88; the road day 140.63.
    expect(list.json().rows).toEqual([
      expect.objectContaining({
        month: '2026-03',
        unit_type: 'truck',
        unit: truck.truck_number,
        shop_days: 3,
        road_days: 1,
        days: 4,
        cost: 562.51,
      }),
    ]);
    const trailers = await call('POST', '/downtime/list', {
      filters: {
        month: { values: ['2026-03'] },
        unit_type: { values: ['trailer'] },
        unit: { value: trailer.trailer_number },
      },
    });
    expect(trailers.json().rows).toEqual([
      expect.objectContaining({ month: '2026-03', unit: trailer.trailer_number, shop_days: 2, days: 2, cost: null }),
    ]);
    expect(trailers.json().sum).toEqual(expect.objectContaining({ days: 2, shop_days: 2, road_days: 0 }));
    // No month chosen: this month's rows, where the March work orders are not.
    const thisMonth = await call('POST', '/downtime/list', { filters: { unit: { value: trailer.trailer_number } } });
    expect(thisMonth.json().rows).toEqual([]);
  });

  it("answers a truck's card: this month and the last 12 months", async () => {
    const truck = await f.truck();
    const res = await call('GET', `/downtime/unit/truck/${truck.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ this_month: { days: 0, cost: 0 }, last_12_months: { days: 0, cost: 0 }, months: [] });
    expect((await call('GET', '/downtime/unit/truck/999999')).statusCode).toBe(404);
    expect((await call('GET', '/downtime/unit/boat/1')).statusCode).toBe(422);
  });

  it('counts months back across a year', () => {
    expect(monthBefore('2026-03', 11)).toBe('2025-04');
    expect(monthBefore('2026-12', 11)).toBe('2026-01');
  });
});
