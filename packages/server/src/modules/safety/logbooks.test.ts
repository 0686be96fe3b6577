import { ACTION, APP_MSG, MSG, SECTION } from '@backhaul/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Factories, factories } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';

let t: TestContext;
let f: Factories;
let staff: string;
let reader: string;
let driver: { id: number; driver: string };
const grant = (section: number, action: number) => ({ section, action });
const logbooks = (...actions: number[]) => [0, ...actions].map((a) => grant(SECTION.Logbooks, a));

beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  staff = (await f.user(logbooks(8, 9, 10, 11))).token;
  reader = (await f.user(logbooks(10))).token;
  const customer = await f.customer();
  driver = await f.driver({ safety: true, customer_id: customer.id });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: t.bearer(token), ...(payload ? { payload } : {}) });
const logbook = async (token: string, body: object = {}) =>
  (await call('POST', '/logbooks/list', token, { filters: { driver: { values: [driver.id] } }, ...body })).json();

describe('driver actions (safety calendar) and the logbook', () => {
  it('adds, edits and deletes actions per driver and date; deleted ones are hidden everywhere', async () => {
    const added = await call('POST', `/safety/${driver.id}/2026-03-10`, staff, {
      kind: 'inspection',
      note: 'Level 2, clean',
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({
      message: APP_MSG.safetyActionAdded,
      action: { driver_id: driver.id, date: '2026-03-10', kind: 'inspection', note: 'Level 2, clean', status: 1 },
    });
    const id = added.json().action.id as number;
    await call('POST', `/safety/${driver.id}/2026-03-10`, staff, { kind: 'check_in', note: 'Weekly call' });
    await call('POST', `/safety/${driver.id}/2026-03-12`, staff, { kind: 'warning', note: 'Speeding alert' });

    const day = (await call('GET', `/safety/${driver.id}/2026-03-10`, reader)).json();
    expect(day.driver).toEqual({ id: driver.id, name: driver.driver });
    expect(day.actions.map((a: { note: string }) => a.note)).toEqual(['Level 2, clean', 'Weekly call']);

    const edited = await call('POST', `/safety/${driver.id}/2026-03-10`, staff, {
      id,
      kind: 'inspection',
      note: 'Level 1, clean',
    });
    expect(edited.json()).toMatchObject({ message: MSG.savingSuccess, action: { id, note: 'Level 1, clean' } });

    const log = await logbook(reader, { sort: 'date', order: 'asc' });
    expect(log.total).toBe(3);
    expect(log.rows.map((r: { date: string; note: string; kind: string }) => [r.date, r.kind, r.note])).toEqual([
      ['2026-03-10', 'Inspection', 'Level 1, clean'],
      ['2026-03-10', 'Check-in call', 'Weekly call'],
      ['2026-03-12', 'Warning', 'Speeding alert'],
    ]);
    expect(log.rows[0]).toMatchObject({
      driver: driver.driver,
      status: 1,
      dateTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/),
    });

    const deleted = await call('POST', `/safety/${driver.id}/2026-03-10`, staff, {
      id,
      kind: 'inspection',
      note: '',
      delete: true,
    });
    expect(deleted.json()).toMatchObject({ message: MSG.recordDeleted, action: { id, status: 0 } });
    expect((await logbook(reader)).total).toBe(2);
    expect((await call('GET', `/safety/${driver.id}/2026-03-10`, reader)).json().actions).toHaveLength(1);
    const month = (await call('POST', '/safety/action', reader, { driver_id: driver.id, month: '2026-03' })).json();
    expect(month.actions.map((a: { date: string }) => a.date)).toEqual(['2026-03-10', '2026-03-12']);
    // A deleted action can be neither edited nor deleted again.
    expect(
      (await call('POST', `/safety/${driver.id}/2026-03-10`, staff, { id, kind: 'inspection', note: 'again' }))
        .statusCode,
    ).toBe(404);
    const [row] = await t.database.query<{ status: number }>(`select status from safety_actions where id = ${id}`);
    expect(row?.status).toBe(0);
    const audit = await t.database.query<{ action: string }>(
      `select action from audit_log where entity = 'safety_actions' and entity_id = '${id}' order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('filters the logbook by customer and searches notes', async () => {
    const other = await f.driver({ safety: true });
    await call('POST', `/safety/${other.id}/2026-04-01`, staff, { kind: 'training', note: 'Winter driving refresher' });
    const customerId = (
      await t.database.query<{ customer_id: number }>(`select customer_id from drivers where id = ${driver.id}`)
    )[0]?.customer_id;
    const byCustomer = (
      await call('POST', '/logbooks/list', reader, { filters: { customers: { values: [customerId] } } })
    ).json();
    expect(byCustomer.total).toBe(2);
    expect(byCustomer.rows.every((r: { driver: string }) => r.driver === driver.driver)).toBe(true);
    const found = (await call('POST', '/logbooks/list', reader, { search: 'winter driving' })).json();
    expect(found.rows.map((r: { driver: string }) => r.driver)).toContain(other.driver);
    expect(found.filter.customers.some((o: { value: number }) => o.value === customerId)).toBe(true);
  });

  it('refuses a date that does not exist, an empty note and an unknown driver, storing nothing', async () => {
    const count = async () =>
      Number((await t.database.query<{ n: string }>('select count(*) as n from safety_actions'))[0]?.n);
    const n = await count();
    const badDate = await call('POST', `/safety/${driver.id}/2026-02-30`, staff, { kind: 'check_in', note: 'x' });
    expect(badDate.statusCode).toBe(422);
    expect(Object.keys(badDate.json().errors)).toEqual(['date']);
    const empty = await call('POST', `/safety/${driver.id}/2026-03-01`, staff, { kind: 'check_in', note: ' ' });
    expect(empty.json().errors).toEqual({ note: ['The note is required.'] });
    const kind = await call('POST', `/safety/${driver.id}/2026-03-01`, staff, { kind: 'nap', note: 'x' });
    expect(Object.keys(kind.json().errors)).toEqual(['kind']);
    expect((await call('POST', '/safety/99999999/2026-03-01', staff, { kind: 'check_in', note: 'x' })).statusCode).toBe(
      404,
    );
    expect(await count()).toBe(n);
  });

  it('checks add 8, edit 9 and delete 11 by the Safety or Logbooks permissions', async () => {
    const added = await call('POST', `/safety/${driver.id}/2026-05-01`, staff, { kind: 'check_in', note: 'call' });
    const id = added.json().action.id as number;
    const adder = (await f.user(logbooks(ACTION.CREATE))).token;
    expect(
      (await call('POST', `/safety/${driver.id}/2026-05-01`, adder, { kind: 'check_in', note: 'ok' })).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', `/safety/${driver.id}/2026-05-01`, adder, { id, kind: 'check_in', note: 'no' })).statusCode,
    ).toBe(403);
    expect((await call('POST', `/safety/${driver.id}/2026-05-01`, adder, { id, delete: true })).statusCode).toBe(403);
    expect(
      (await call('POST', `/safety/${driver.id}/2026-05-01`, reader, { kind: 'check_in', note: 'no' })).statusCode,
    ).toBe(403);
    const safetyDeleter = (await f.user([grant(SECTION.Safety, 0), grant(SECTION.Safety, ACTION.DELETE)])).token;
    expect(
      (await call('POST', `/safety/${driver.id}/2026-05-01`, safetyDeleter, { id, delete: true })).statusCode,
    ).toBe(200);
    const none = (await f.user([grant(SECTION.Profile, 0)])).token;
    expect((await call('POST', '/logbooks/list', none, {})).statusCode).toBe(403);
    expect((await call('GET', `/safety/${driver.id}/2026-05-01`, none)).statusCode).toBe(403);
    const stranger = (await f.user(logbooks(8, 9, 10, 11), { companyId: await f.company() })).token;
    expect((await call('GET', `/safety/${driver.id}/2026-05-01`, stranger)).statusCode).toBe(404);
    expect((await call('POST', '/logbooks/list', stranger, {})).json().total).toBe(0);
  });

  it('deletes an action once under parallel requests and keeps every parallel add', async () => {
    const made = await call('POST', `/safety/${driver.id}/2026-06-01`, staff, { kind: 'check_in', note: 'once' });
    const id = made.json().action.id as number;
    const deletes = await Promise.all(
      Array.from({ length: 6 }, () => call('POST', `/safety/${driver.id}/2026-06-01`, staff, { id, delete: true })),
    );
    expect(deletes.map((d) => d.statusCode).sort()).toEqual([200, 404, 404, 404, 404, 404]);
    const adds = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call('POST', `/safety/${driver.id}/2026-06-02`, staff, { kind: 'check_in', note: `n${i}` }),
      ),
    );
    expect(adds.every((a) => a.statusCode === 200)).toBe(true);
    expect((await call('GET', `/safety/${driver.id}/2026-06-02`, reader)).json().actions).toHaveLength(8);
  });
});
