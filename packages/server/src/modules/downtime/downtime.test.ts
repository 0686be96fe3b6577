import { EMPTY_WORK_ORDER } from '@backhaul/shared/modules/work-orders/work-orders.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Factories, factories } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { freezeClock, thawClock } from '../../platform/clock';
import { monthBefore } from './downtime.service';

let t: TestContext;
let f: Factories;
let shop: string;
beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  shop = await t.login('shop@backhaul.demo');
  freezeClock('2026-04-15T17:00:00Z');
});
afterAll(async () => {
  thawClock();
  await t.close();
});

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
    // $9,000 of gross delivered on 2026-02-10: inside the 90 days before both priced days.
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
    // Issue 28 changes the figure: calendar days priced per calendar day (was per weekday, $9,000 ÷ 64 =
    // $140.625, 562.51 in all). A day is $9,000 ÷ 90 = $100.00: 3 shop days $300.00 + the road day $100.00.
    expect(list.json().rows).toEqual([
      expect.objectContaining({
        month: '2026-03',
        unit_type: 'truck',
        unit: truck.truck_number,
        shop_days: 3,
        road_days: 1,
        days: 4,
        cost: 400,
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
    // No month chosen: this month's rows (the clock is in April), where the March work orders are not.
    const thisMonth = await call('POST', '/downtime/list', { filters: { unit: { value: trailer.trailer_number } } });
    expect(thisMonth.json().rows).toEqual([]);
  });

  it('prices a day down alike on the work order, the truck’s card and the report: calendar days × 90-day gross ÷ 90', async () => {
    const truck = await f.truck();
    // Delivered in the 90 days before check-in (2026-04-01 15:00 UTC): 2 × $2,500 on 2026-02-20, $1,300 on 2026-03-31.
    await f.trip({ truckId: truck.id, loads: 2, gross: 2500, day: '2026-02-20' });
    await f.trip({ truckId: truck.id, loads: 1, gross: 1300, day: '2026-03-31' });
    // Delivered before the window (2025-12-01, more than 90 days back) and after check-in (2026-04-02): not counted.
    await f.trip({ truckId: truck.id, loads: 1, gross: 9999, day: '2025-12-01' });
    await f.trip({ truckId: truck.id, loads: 1, gross: 7777, day: '2026-04-02' });
    // Checked in 2026-04-01 10:00 Chicago, still in the shop at the frozen now 2026-04-15 12:00 Chicago:
    // 14 days 2 hours → 15 calendar days.
    const saved = await call('POST', '/work-order', {
      ...EMPTY_WORK_ORDER,
      truck_id: truck.id,
      arrival_date: '2026-04-01',
      check_in: '2026-04-01 10:00',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // $6,300 ÷ 90 = $70.00 a day; 15 days = $1,050.00 (per weekday it would have been $6,300 ÷ 64 × 15 = $1,476.56).
    expect(saved.json().row).toMatchObject({ downtime_days: 15, downtime_cost: 1050 });
    const card = (await call('GET', `/downtime/unit/truck/${truck.id}`)).json();
    expect(card.this_month).toEqual({ days: 15, cost: 1050 });
    const report = await call('POST', '/downtime/list', {
      filters: { month: { values: ['2026-04'] }, unit: { value: truck.truck_number } },
    });
    expect(report.json().rows).toEqual([expect.objectContaining({ shop_days: 15, days: 15, cost: 1050 })]);
  });

  // Issue 31: the daily gross reads the truck index alone; the answer is the same at the window's edges.
  it('counts a load delivered exactly 90 days before check-in and not one delivered at check-in, from the index', async () => {
    const [idx] = await t.database.query<{ def: string }>(
      "select indexdef as def from pg_indexes where indexname = 'loads_truck_delivery_idx'",
    );
    expect(idx?.def).toMatch(/\(truck_id, delivery_at DESC, id DESC\) INCLUDE \(gross_cents, company_id\)/);
    const truck = await f.truck();
    await f.trip({ truckId: truck.id, loads: 3, gross: 1000, day: '2026-01-05' });
    // Check-in 2026-04-10 10:00 Chicago (15:00Z): the window is [2026-01-10T15:00Z, 2026-04-10T15:00Z).
    const loads = await t.database.query<{ id: number }>('select id from loads where truck_id = $1 order by id', [
      truck.id,
    ]);
    const at = ['2026-01-10T15:00:00Z', '2026-01-10T14:59:59Z', '2026-04-10T15:00:00Z'];
    for (const [i, d] of at.entries())
      await t.database.query('update loads set delivery_at = $2, gross_cents = $3 where id = $1', [
        loads[i]?.id,
        d,
        [900_00, 50_000_00, 70_000_00][i],
      ]);
    const saved = await call('POST', '/work-order', {
      ...EMPTY_WORK_ORDER,
      truck_id: truck.id,
      arrival_date: '2026-04-10',
      check_in: '2026-04-10 10:00',
      check_out: '2026-04-11 09:00',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Only the $900.00 at the window's first instant: $10.00 a day; 23 hours → 1 day → $10.00.
    expect(saved.json().row).toMatchObject({ downtime_days: 1, downtime_cost: 10 });
    const report = await call('POST', '/downtime/list', {
      filters: { month: { values: ['2026-04'] }, unit: { value: truck.truck_number } },
    });
    expect(report.json().rows).toEqual([expect.objectContaining({ shop_days: 1, days: 1, cost: 10 })]);
  });

  it("answers a truck's card: this month and the last 12 months", async () => {
    const truck = await f.truck();
    const res = await call('GET', `/downtime/unit/truck/${truck.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ this_month: { days: 0, cost: 0 }, last_12_months: { days: 0, cost: 0 }, months: [] });
    expect((await call('GET', '/downtime/unit/truck/999999')).statusCode).toBe(404);
    expect((await call('GET', '/downtime/unit/boat/1')).statusCode).toBe(422);
  });

  it('opens a row: its work orders and road days, each with days, gross per day and cost, adding up to the row', async () => {
    const truck = await f.truck();
    const trailer = await f.trailer();
    // $2,700 delivered on 2026-02-10, inside the 90 days before every day priced here: $2,700 ÷ 90 = $30.00 a day.
    await f.trip({ truckId: truck.id, loads: 1, gross: 2700, day: '2026-02-10' });
    const order = async (extra: Record<string, unknown>) => {
      const res = await call('POST', '/work-order', { ...EMPTY_WORK_ORDER, arrival_date: '2026-03-05', ...extra });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().row.id as number;
    };
    // 25 hours → 2 days ($60.00); 5 hours → 1 day ($30.00); April's order belongs to April's row.
    const first = await order({ truck_id: truck.id, check_in: '2026-03-05 08:00', check_out: '2026-03-06 09:00' });
    const second = await order({ truck_id: truck.id, check_in: '2026-03-20 10:00', check_out: '2026-03-20 15:00' });
    await order({ truck_id: truck.id, check_in: '2026-04-02 10:00', check_out: '2026-04-03 09:00' });
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
    await road('2026-03-25', false);
    await road('2026-03-26', true);

    const res = await call('GET', `/downtime/unit/truck/${truck.id}/breakdown?month=2026-03`);
    expect(res.statusCode, res.body).toBe(200);
    const breakdown = res.json();
    expect(breakdown).toMatchObject({
      unit_type: 'truck',
      unit_id: truck.id,
      unit: truck.truck_number,
      month: '2026-03',
      shop_days: 3,
      road_days: 1,
      days: 4,
      cost: 120,
    });
    expect(breakdown.basis).toContain('90 days');
    expect(breakdown.lines).toEqual([
      {
        kind: 'shop',
        work_order_id: first,
        from: '2026-03-05 08:00',
        to: '2026-03-06 09:00',
        days: 2,
        gross_per_day: 30,
        cost: 60,
      },
      {
        kind: 'shop',
        work_order_id: second,
        from: '2026-03-20 10:00',
        to: '2026-03-20 15:00',
        days: 1,
        gross_per_day: 30,
        cost: 30,
      },
      { kind: 'road', work_order_id: null, from: '2026-03-25', to: null, days: 1, gross_per_day: 30, cost: 30 },
    ]);
    // The report's row says the same.
    const report = await call('POST', '/downtime/list', {
      filters: { month: { values: ['2026-03'] }, unit: { value: truck.truck_number } },
    });
    expect(report.json().rows).toEqual([expect.objectContaining({ shop_days: 3, road_days: 1, days: 4, cost: 120 })]);

    // A trailer's days are listed, not priced.
    const stay = await order({
      unit_type: 'trailer',
      trailer_id: trailer.id,
      check_in: '2026-03-02 07:00',
      check_out: '2026-03-03 09:00',
    });
    const trailerRow = (await call('GET', `/downtime/unit/trailer/${trailer.id}/breakdown?month=2026-03`)).json();
    expect(trailerRow).toMatchObject({ shop_days: 2, road_days: 0, days: 2, cost: null });
    expect(trailerRow.lines).toEqual([
      {
        kind: 'shop',
        work_order_id: stay,
        from: '2026-03-02 07:00',
        to: '2026-03-03 09:00',
        days: 2,
        gross_per_day: null,
        cost: null,
      },
    ]);
    expect((await call('GET', `/downtime/unit/truck/${truck.id}/breakdown?month=2026-13`)).statusCode).toBe(422);
    // No month asked: this month in company time (the clock reads 2026-04-15 in Chicago).
    expect((await call('GET', `/downtime/unit/truck/${truck.id}/breakdown`)).json().month).toBe('2026-04');
    expect((await call('GET', '/downtime/unit/truck/999999/breakdown?month=2026-03')).statusCode).toBe(404);
  });

  it('counts months back across a year', () => {
    expect(monthBefore('2026-03', 11)).toBe('2025-04');
    expect(monthBefore('2026-12', 11)).toBe('2026-01');
  });
});
