import { EMPTY_WORK_ORDER } from '@backhaul/shared/modules/work-orders/work-orders.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Factories, factories } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { freezeClock, thawClock } from '../../platform/clock';
import { collectDueItems } from '../expiry-digest';
import { scheduleRows } from './service-schedule.service';

let t: TestContext;
let f: Factories;
let shop: string;
let companyId: number;
beforeAll(async () => {
  // Noon in Chicago (CDT) on TODAY: the trucks' odometers are worked out at this instant.
  freezeClock('2026-03-31T17:00:00Z');
  t = await createTestApp();
  f = factories(t);
  shop = await t.login('shop@backhaul.demo');
  const [me] = await t.database.query<{ company_id: number }>(
    "select company_id from users where email = 'shop@backhaul.demo'",
  );
  companyId = Number(me?.company_id);
});
afterAll(async () => {
  thawClock();
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: t.bearer(shop),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const ok = async (method: Method, url: string, payload?: unknown) => {
  const res = await call(method, url, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const TODAY = '2026-03-31';

describe('preventive maintenance: programs, the service schedule and one-click work orders', () => {
  it('computes due date and due miles, whichever comes first, and resets a task when its work order is checked out', async () => {
    const truck = await f.truck({ odometer: 123_800 });
    const trailer = await f.trailer();
    // Odometer readings 70 days apart (2026-01-20 11:00 CST to now): 7,000 mi, 100 mi a day.
    const reading = (read_at: string, odometer: number) =>
      ok('POST', '/eld/odometer-readings', { truck_id: truck.id, read_at, odometer });
    await reading('2026-01-20 11:00', 116_800);
    await reading('2026-03-31 12:00', 123_800);
    const program = (await ok('POST', '/service-programs', { name: 'Truck PM (test)' })).item;
    const trailers = (await ok('POST', '/service-programs', { name: 'Trailer brakes (test)' })).item;
    const task = (form: Record<string, unknown>) => ok('POST', '/service-tasks', form);
    const oil = (
      await task({
        program_id: program.id,
        name: 'Oil & filter',
        unit_kind: 'truck',
        interval_miles: 25000,
        interval_days: 90,
      })
    ).item;
    await task({ program_id: program.id, name: 'Annual inspection', unit_kind: 'truck', interval_days: 365 });
    await task({ program_id: trailers.id, name: 'Brake check', unit_kind: 'trailer', interval_days: 182 });
    // An interval is needed (422 naming the field).
    const bad = await call('POST', '/service-tasks', { program_id: program.id, name: 'X', unit_kind: 'truck' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['interval_days']);

    await ok('POST', `/service-programs/${program.id}/units`, {
      unit_type: 'truck',
      unit_id: truck.id,
      start_date: '2026-01-15',
      start_odometer: 100_000,
    });
    await ok('POST', `/service-programs/${trailers.id}/units`, {
      unit_type: 'trailer',
      unit_id: trailer.id,
      start_date: '2025-09-01',
    });

    const of = async (unit: string) =>
      (await scheduleRows(t.database.db, companyId, TODAY)).filter((r) => r.unit === unit);
    // Oil: by days 2026-01-15 + 90 = 2026-04-15 (15 days); by miles 125,000 − 123,800 = 1,200 mi ÷ 100 = 12 days → miles first.
    // Inspection: 2026-01-15 + 365 = 2027-01-15, 290 days. Trailer brakes: 2025-09-01 + 182 = 2026-03-02, 29 days late.
    expect(await of(truck.truck_number)).toEqual([
      expect.objectContaining({
        task: 'Oil & filter',
        due_date: '2026-04-12',
        due_miles: 125_000,
        odometer: 123_800,
        days_left: 12,
        status: 'due',
        last_done: null,
        work_order_id: null,
      }),
      expect.objectContaining({ task: 'Annual inspection', due_date: '2027-01-15', days_left: 290, status: 'ok' }),
    ]);
    expect(await of(trailer.trailer_number)).toEqual([
      expect.objectContaining({ task: 'Brake check', due_date: '2026-03-02', days_left: -29, status: 'overdue' }),
    ]);
    // The digest reads them through the registered source (due on or before today + 30).
    const digest = await collectDueItems(t.database.db, companyId, TODAY);
    expect(
      digest.filter((d) => d.unit.endsWith(truck.truck_number) || d.unit.endsWith(trailer.trailer_number)),
    ).toEqual([
      expect.objectContaining({ kind: 'PM: Brake check', dueOn: '2026-03-02', days: -29, entity: 'trailer' }),
      expect.objectContaining({ kind: 'PM: Oil & filter', dueOn: '2026-04-12', days: 12, entity: 'truck' }),
    ]);

    // Due within 14 days (here, today, overdue) with no order yet: on the planner's unplanned list.
    const unplanned = async () => await ok('POST', '/planner/create/list', { search: truck.truck_number });
    const before = await unplanned();
    expect(before.service_due).toEqual([expect.objectContaining({ task: 'Oil & filter', unit_id: truck.id })]);
    expect(before.list).toEqual([]);

    // One click: a PM work order for the truck with its oil task; a second click is refused.
    const item = { unit_type: 'truck', unit_id: truck.id, task_id: oil.id };
    const made = await ok('POST', '/service-schedule/work-order', { items: [item] });
    expect(made.work_order_ids).toHaveLength(1);
    const orderId = made.work_order_ids[0];
    expect((await of(truck.truck_number))[0]).toMatchObject({ task: 'Oil & filter', work_order_id: orderId });
    const after = await unplanned();
    expect(after.service_due).toEqual([]);
    expect(after.list.map((o: { id: number }) => o.id)).toEqual([orderId]);
    const again = await call('POST', '/service-schedule/work-order', { items: [item] });
    expect(again.statusCode).toBe(412);
    const order = (await ok('GET', `/work-order/${orderId}/edit`)).row;
    expect(order).toMatchObject({
      wo_type: 'Preventive maintenance',
      pm: true,
      unit_type: 'truck',
      truck_id: truck.id,
    });
    expect(order.descriptions.map((d: { complaint: string }) => d.complaint)).toEqual([
      'Oil & filter (Truck PM (test))',
    ]);

    // Checked out on the 31st: the oil task counts again from that day and the odometer of the order.
    await ok('PUT', `/work-order/${orderId}`, {
      ...EMPTY_WORK_ORDER,
      wo_type: 'Preventive maintenance',
      truck_id: truck.id,
      pm: true,
      status: 9,
      descriptions: order.descriptions,
      check_in: '2026-03-30 08:00',
      check_out: '2026-03-31 10:00',
    });
    // By days 2026-03-31 + 90 = 2026-06-29 (90 days); by miles 148,800 − 123,800 = 25,000 ÷ 100 = 250 days → days first.
    expect((await of(truck.truck_number)).find((r) => r.task === 'Oil & filter')).toMatchObject({
      last_done: '2026-03-31',
      due_date: '2026-06-29',
      due_miles: 148_800,
      days_left: 90,
      status: 'ok',
      work_order_id: null,
    });

    // The list through the list engine (today's date): the trailer's brake check is overdue.
    const list = await ok('POST', '/service-schedule/list', {
      filters: { unit: { value: trailer.trailer_number } },
    });
    expect(list.rows).toEqual([expect.objectContaining({ task: 'Brake check', status: 'overdue' })]);
  });

  it('lists which unit follows which program, and takes a unit off a program', async () => {
    const truck = await f.truck({ odometer: 50_000 });
    const program = (await ok('POST', '/service-programs', { name: 'Assignments (test)' })).item;
    const assigned = await ok('POST', `/service-programs/${program.id}/units`, {
      unit_type: 'truck',
      unit_id: truck.id,
      start_date: '2026-02-01',
    });
    const listed = await ok('GET', '/service-programs/assignments');
    expect(listed.programs).toContainEqual({ value: program.id, label: 'Assignments (test)' });
    expect(listed.trucks).toContainEqual({ value: truck.id, label: truck.truck_number });
    expect(listed.assignments).toContainEqual({
      id: assigned.id,
      program_id: program.id,
      program: 'Assignments (test)',
      unit_type: 'truck',
      unit_id: truck.id,
      unit: `Truck ${truck.truck_number}`,
      start_date: '2026-02-01',
      start_odometer: 50_000,
    });
    expect((await call('DELETE', `/service-programs/assignments/${assigned.id}`)).statusCode).toBe(200);
    const after = await ok('GET', '/service-programs/assignments');
    expect(after.assignments.some((a: { id: number }) => a.id === assigned.id)).toBe(false);
    expect((await call('DELETE', `/service-programs/assignments/${assigned.id}`)).statusCode).toBe(404);
    const dispatcher = await t.login('dispatcher@backhaul.demo');
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/service-programs/assignments',
      headers: t.bearer(dispatcher),
    });
    expect(refused.statusCode).toBe(403);
  });
});
