import { MSG, SECTION } from '@backhaul/shared';
import { PLANNER_MSG } from '@backhaul/shared/modules/planner/planner.contract';
import { EMPTY_WORK_ORDER } from '@backhaul/shared/modules/work-orders/work-orders.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Factories, factories } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';

let t: TestContext;
let f: Factories;
let shop: string;
let lanes: Array<{ id: number; name: string }>;
let truckId: number;
const DAY = '2027-06-08'; // a Tuesday; its week starts on Sunday 2027-06-06
beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  shop = await t.login('shop@backhaul.demo');
  truckId = (await f.truck()).id;
  // A second technician in the Shop department: a lane of their own.
  const tech = await f.user([]);
  await t.database.query(
    `update users set department_id = (select d.id from departments d join users s on s.company_id = d.company_id
      where s.email = 'shop@backhaul.demo' and d.name = 'Shop'), name = 'Tess Torque' where id = $1`,
    [tech.user.id],
  );
  lanes = (await call('GET', '/planner')).json().technicians;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, token = shop) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: t.bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const newOrder = async () =>
  (await call('POST', '/work-order', { ...EMPTY_WORK_ORDER, truck_id: truckId })).json().row.id as number;
const lane = (n: number) => (lanes[n] as { id: number }).id;

describe('planner, light orders and day off', () => {
  it('has a lane per Shop technician', () => {
    expect(lanes.length).toBeGreaterThanOrEqual(2);
  });

  it('plans a work order, moves and resizes it, refuses a day off or a taken cell and leaves the task where it was', async () => {
    const before = (await call('POST', '/planner/list', { date: DAY })).json();
    expect(before.dateList).toEqual([
      '2027-06-06',
      '2027-06-07',
      '2027-06-08',
      '2027-06-09',
      '2027-06-10',
      '2027-06-11',
      '2027-06-12',
    ]);
    expect(before.hours[0]).toBe(7);
    const orderId = await newOrder();
    const unplanned = (await call('POST', '/planner/create/list', { search: String(orderId) })).json();
    expect(unplanned.list.map((o: { id: number }) => o.id)).toEqual([orderId]);

    const placed = await call('POST', '/planner/drag-and-drop', {
      work_order_id: orderId,
      date: DAY,
      time: 8,
      w: 2,
      technician_id: lane(0),
    });
    expect(placed.statusCode).toBe(200);
    const task = placed.json().row;
    expect(placed.json()).toMatchObject({ status: true });
    expect(task).toMatchObject({
      kind: 'work_order',
      date: DAY,
      time: 8,
      w: 2,
      position: 0,
      dayOff: false,
      info: { ref_id: orderId, status: 2 },
    });
    const order = (await call('GET', `/work-order/${orderId}/edit`)).json().row;
    expect(order).toMatchObject({ technician_id: lane(0), status: 2 });
    expect((await call('POST', '/planner/create/list', { search: String(orderId) })).json().list).toEqual([]);
    expect(
      (
        await call('POST', '/planner/drag-and-drop', {
          work_order_id: orderId,
          date: DAY,
          time: 14,
          w: 1,
          technician_id: lane(0),
        })
      ).statusCode,
    ).toBe(412);

    // A day off for the second technician that Tuesday afternoon.
    const off = await call('POST', '/day-off', {
      date: DAY,
      time: 13,
      w: 6,
      technician_id: lane(1),
      reason: 'Dentist',
    });
    expect(off.json()).toMatchObject({ message: MSG.itemAdded, row: { reason: 'Dentist', date: DAY, time: 13, w: 6 } });
    const refused = await call('POST', '/planner/drag-and-drop', {
      id: task.id,
      date: DAY,
      time: 14,
      w: 2,
      technician_id: lane(1),
    });
    expect(refused.statusCode).toBe(412);
    expect(refused.json()).toEqual({ error: { mail: PLANNER_MSG.dayOffTaken((lanes[1] as { name: string }).name) } });
    const moved = await call('POST', '/planner/drag-and-drop', {
      id: task.id,
      date: DAY,
      time: 9,
      w: 4,
      technician_id: lane(1),
    });
    expect(moved.json().row).toMatchObject({ id: task.id, time: 9, w: 4, position: 1, technician_id: lane(1) });
    const board = (await call('POST', '/planner/list', { date: DAY })).json();
    expect(board.tasks.filter((x: { id: number }) => x.id === task.id)).toEqual([moved.json().row]);
    expect(board.tasks.some((x: { dayOff: boolean; time: number }) => x.dayOff && x.time === 13)).toBe(true);
    // Longer than three board days, and onto a taken cell.
    const long = await call('POST', '/planner/drag-and-drop', {
      id: task.id,
      date: DAY,
      time: 17,
      w: 37,
      technician_id: lane(0),
    });
    expect([long.statusCode, long.json().errors]).toEqual([422, { w: [PLANNER_MSG.tooLong] }]);
    const other = await newOrder();
    const taken = await call('POST', '/planner/drag-and-drop', {
      work_order_id: other,
      date: DAY,
      time: 10,
      w: 1,
      technician_id: lane(1),
    });
    expect(taken.json()).toEqual({ error: { mail: PLANNER_MSG.cellTaken } });
    // A day off over planned hours is refused on its field.
    const over = await call('POST', '/day-off', { date: DAY, time: 7, w: 3, technician_id: lane(1), reason: '' });
    expect(over.json().errors).toEqual({ time: [PLANNER_MSG.cellTaken] });

    const edit = (await call('GET', `/planner/${task.id}/edit`)).json();
    expect(edit.row.id).toBe(task.id);
    const put = await call('PUT', `/planner/${task.id}`, { date: '2027-06-09', time: 7, w: 1, technician_id: lane(0) });
    expect(put.json().row).toMatchObject({ date: '2027-06-09', time: 7 });

    const offId = off.json().row.id;
    expect((await call('POST', `/day-off/${offId}/edit`)).json().row).toMatchObject({
      id: offId,
      technician_id: lane(1),
    });
    expect(
      (
        await call('PUT', `/day-off/${offId}`, { date: DAY, time: 15, w: 2, technician_id: lane(1), reason: 'Dentist' })
      ).json().message,
    ).toBe(MSG.editDayOff);
    expect((await call('DELETE', `/day-off/${offId}`)).json()).toEqual({ message: MSG.removeItemDayOff });
    expect(
      (await call('POST', '/planner/list', { date: DAY })).json().tasks.some((x: { dayOff: boolean }) => x.dayOff),
    ).toBe(false);
  });

  it('lets one of two moves onto the same cell through', async () => {
    const [a, b] = [await newOrder(), await newOrder()];
    const day = '2027-06-15';
    const answers = await Promise.all(
      [a, b].map((id) =>
        call('POST', '/planner/drag-and-drop', {
          work_order_id: id,
          date: day,
          time: 10,
          w: 2,
          technician_id: lane(0),
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 412]);
    const tasks = (await call('POST', '/planner/list', { date: day })).json().tasks;
    expect(tasks.filter((x: { date: string }) => x.date === day)).toHaveLength(1);
  });

  it('light orders: create on a cell, edit, make the customer a client once, delete', async () => {
    const form = {
      customer: 'Walk-in Wanda',
      phone: '(312) 555-0199',
      unit: 'Ford F-750',
      description: 'Replace a marker lamp',
      price: '45.50',
      date: '2027-06-22',
      time: 11,
      w: 1,
      technician_id: lane(0),
    };
    expect((await call('GET', '/light-order/create')).json().technicians.length).toBe(lanes.length);
    const created = await call('POST', '/light-order', form);
    expect(created.json()).toMatchObject({
      message: MSG.itemAdded,
      row: { customer: 'Walk-in Wanda', price: 45.5, time: 11, client_id: null },
    });
    const id = created.json().row.id;
    expect((await call('POST', '/light-order', { ...form, customer: 'Other' })).json().errors).toEqual({
      time: [PLANNER_MSG.cellTaken],
    });
    // A 422 keyed by the form's field (description) says what its label (Job) says.
    const noJob = await call('POST', '/light-order', { ...form, description: ' ', time: 15 });
    expect(noJob.statusCode).toBe(422);
    expect(noJob.json().errors).toEqual({ description: ['The job field is required.'] });
    const longJob = await call('POST', '/light-order', { ...form, description: 'x'.repeat(1001), time: 15 });
    expect(longJob.json().errors).toEqual({ description: ['The job may not be greater than 1000 characters.'] });
    expect((await call('PUT', `/light-order/${id}`, { ...form, time: 12 })).json().row.time).toBe(12);
    expect((await call('GET', `/light-order/${id}/edit`)).json().row).toMatchObject({ id, time: 12 });
    const client = await call('POST', '/light-order/create/client', { id });
    const clientId = client.json().client_id;
    expect(clientId).toEqual(expect.any(Number));
    expect((await call('POST', '/light-order/create/client', { id })).json().client_id).toBe(clientId);
    const admin = await t.login('admin@backhaul.demo');
    const clients = (await call('POST', '/clients/list', { search: 'walk-in wanda' }, admin)).json();
    expect(clients.rows.map((r: { id: number; phone: string }) => [r.id, r.phone])).toEqual([[clientId, '3125550199']]);
    expect((await call('DELETE', `/light-order/${id}`)).json()).toEqual({ message: MSG.itemDeleted });
    const board = (await call('POST', '/planner/list', { date: '2027-06-22' })).json();
    expect(board.tasks.filter((x: { kind: string }) => x.kind === 'light_order')).toEqual([]);
  });

  it('needs the Planner section; view alone cannot move', async () => {
    const viewer = (
      await f.user([
        { section: SECTION.Planner, action: 0 },
        { section: SECTION.Planner, action: 10 },
      ])
    ).token;
    expect((await call('GET', '/planner', undefined, viewer)).statusCode).toBe(200);
    expect(
      (
        await call(
          'POST',
          '/planner/drag-and-drop',
          { id: 1, date: DAY, time: 8, w: 1, technician_id: lane(0) },
          viewer,
        )
      ).statusCode,
    ).toBe(403);
    const outsider = (await f.user([{ section: SECTION.Trucks, action: 0 }])).token;
    expect((await call('POST', '/planner/list', {}, outsider)).statusCode).toBe(403);
  });

  it('wraps a task past 19:00 to 7:00 of the next day (§9): its cells, the next week, and the next morning taken', async () => {
    const orderId = await newOrder();
    // Saturday 2027-06-19, 17:00 for 4 hours: 17-19 on Saturday, 7-9 on Sunday (the next week's first day).
    const placed = await call('POST', '/planner/drag-and-drop', {
      work_order_id: orderId,
      date: '2027-06-19',
      time: 17,
      w: 4,
      technician_id: lane(0),
    });
    expect(placed.statusCode).toBe(200);
    const task = placed.json().row;
    expect(task.cells).toEqual([
      { date: '2027-06-19', time: 17, w: 2 },
      { date: '2027-06-20', time: 7, w: 2 },
    ]);
    const mine = (board: { tasks: Array<{ id: number }> }) => board.tasks.filter((x) => x.id === task.id);
    expect(mine((await call('POST', '/planner/list', { date: '2027-06-18' })).json())).toEqual([task]);
    expect(mine((await call('POST', '/planner/list', { date: '2027-06-21' })).json())).toEqual([task]);
    // Sunday 8:00 is taken by the wrapped hours; 9:00 is free.
    const day = (time: number) =>
      call('POST', '/day-off', { date: '2027-06-20', time, w: 1, technician_id: lane(0), reason: 'Training' });
    expect((await day(8)).json().errors).toEqual({ time: [PLANNER_MSG.cellTaken] });
    expect((await day(9)).statusCode).toBe(200);
    // A day off on Sunday at 7 refuses a Saturday task that would wrap onto it.
    const other = await newOrder();
    const wraps = await call('POST', '/planner/drag-and-drop', {
      work_order_id: other,
      date: '2027-06-26',
      time: 18,
      w: 3,
      technician_id: lane(1),
    });
    expect(wraps.json().row.cells).toEqual([
      { date: '2027-06-26', time: 18, w: 1 },
      { date: '2027-06-27', time: 7, w: 2 },
    ]);
    const off = await call('POST', '/day-off', {
      date: '2027-06-27',
      time: 10,
      w: 2,
      technician_id: lane(1),
      reason: 'Off',
    });
    expect(off.statusCode).toBe(200);
    const refused = await call('POST', '/planner/drag-and-drop', {
      id: wraps.json().row.id,
      date: '2027-06-26',
      time: 18,
      w: 5,
      technician_id: lane(1),
    });
    expect(refused.json()).toEqual({ error: { mail: PLANNER_MSG.dayOffTaken((lanes[1] as { name: string }).name) } });
  });
});
