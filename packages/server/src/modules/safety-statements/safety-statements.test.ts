import { ACTION, MSG, SECTION } from '@backhaul/shared';
import { nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import { SAFETY_STATEMENT_MSG as M } from '@backhaul/shared/modules/safety-statements/safety-statements.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Factories, factories } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { addMonths } from '../dispatcher-statements';

let t: TestContext;
let f: Factories;
let admin: string;
const month = addMonths(nowInCompanyTimeZone().date.slice(0, 7), -1);
const day = (d: number) => `${month}-${String(d).padStart(2, '0')}`;

beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  admin = await t.login('admin@backhaul.demo');
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token = admin, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/safety-statement${url}`,
    headers: t.bearer(token),
    ...(payload ? { payload } : {}),
  });

/** A safety user (the Safety department) and a driver with loads of these gross amounts last month. */
async function safetyUser(name: string, actions: number[] = [ACTION.VIEW]) {
  const made = await f.user([0, ...actions].map((action) => ({ section: SECTION.SafetyStatements, action })));
  await t.database.query(
    "update users set name = $1, department_id = (select id from departments where name = 'Safety' limit 1) where id = $2",
    [name, made.user.id],
  );
  return made;
}
async function driverWithLoads(gross: number[]) {
  const driver = await f.driver();
  const trip = await f.trip({ loads: gross.length, day: day(10), gross: gross[0] });
  // One gross per load, and the driver on every load of the trip.
  for (const [i, g] of gross.entries()) {
    const load = trip.loads[i];
    await t.database.query('update loads set driver_id = $1, gross_cents = $2 where id = $3', [
      driver.id,
      Math.round(g * 100),
      load?.load_id,
    ]);
  }
  return driver.id;
}

describe('/safety-statement', () => {
  it('pays rate × the gross of the chosen drivers’ loads, each driver’s month once', async () => {
    const s = await safetyUser('Sage Safety');
    // $1,200.00 + $799.99 at 2.5 % = 50.00 (49.99975); $3,000.00 at 2.5 % = 75.00.
    const d1 = await driverWithLoads([1200, 799.99]);
    const d2 = await driverWithLoads([3000]);
    const rate = await call('POST', '/rate', admin, { date: month, rate: 2.5 });
    expect(rate.json()).toEqual({ message: MSG.saveRateSuccess, dispatcher_rate: 2.5 });
    const users = (await call('POST', '/create/list', admin, { date: month })).json();
    expect(users).toMatchObject({ period: month, dispatcher_rate: 2.5 });
    expect(users.rows).toContainEqual({ id: s.user.id, name: 'Sage Safety', has_statement: false });
    expect((await call('GET', '/create')).json().month[1]).toBe(month);
    const offered = (await call('POST', `/create/${s.user.id}/${month}/list`, admin, {})).json();
    expect(offered.rows).toContainEqual(
      expect.objectContaining({ driver_id: d1, count_load: 2, gross: 1999.99, amount: 50, taken: false }),
    );

    const saved = await call('POST', '', admin, { user_id: s.user.id, date: month, drivers: [d1, d2] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: MSG.saveSuccess,
      statement: {
        user: 'Sage Safety',
        month,
        dispatcher_rate: 2.5,
        count_driver: 2,
        count_load: 3,
        gross: 4999.99,
        amount: 125,
      },
    });
    const id = saved.json().statement.id as number;
    const edit = (await call('GET', `/${id}/edit`)).json();
    expect(edit.rows.map((r: { amount: number }) => r.amount).reduce((a: number, b: number) => a + b, 0)).toBe(125);
    const list = (await call('POST', '/list', admin, { filters: { user: { values: [s.user.id] } } })).json();
    expect(list.rows).toEqual([expect.objectContaining({ id, amount: 125, count_driver: 2 })]);
    expect((await call('GET', '')).json()).toMatchObject({
      period: expect.any(String),
      dispatcher_rate: expect.any(Number),
    });

    // Another safety user cannot take the same drivers' month, not even at once.
    const other = await safetyUser('Otis Overlap');
    const third = await safetyUser('Thea Third');
    const [a, b] = await Promise.all([
      call('POST', '', admin, { user_id: other.user.id, date: month, drivers: [d2] }),
      call('POST', '', admin, { user_id: third.user.id, date: month, drivers: [d2] }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([422, 422]);
    expect(a.json().errors).toEqual({ drivers: [M.taken] });

    expect((await call('DELETE', `/${id}`)).json()).toEqual({ message: MSG.deleteSuccess });
    const again = await call('POST', '', admin, { user_id: other.user.id, date: month, drivers: [d2] });
    expect(again.json().statement).toMatchObject({ amount: 75, count_driver: 1 });
  });

  it('refuses a month that has not begun, a rate over 100 % and a user outside safety; view-only cannot create', async () => {
    const s = await safetyUser('Vera View');
    const next = addMonths(nowInCompanyTimeZone().date.slice(0, 7), 1);
    expect((await call('POST', '/create/list', admin, { date: next })).json().errors).toEqual({
      date: [M.futureMonth],
    });
    expect((await call('POST', '/rate', admin, { date: month, rate: 120 })).statusCode).toBe(422);
    const admins = (
      await t.database.query<{ id: number }>("select id from users where email = 'admin@backhaul.demo'")
    )[0];
    expect((await call('POST', '', admin, { user_id: admins?.id, date: month, drivers: [1] })).json().errors).toEqual({
      user_id: [M.chooseUser],
    });
    expect((await call('POST', '', s.token, { user_id: s.user.id, date: month, drivers: [1] })).statusCode).toBe(403);
    expect((await call('POST', '/list', s.token, {})).statusCode).toBe(200);
  });

  it('a safety user reads only its own statements (list, start, edit, export); who may make them reads all', async () => {
    const ada = await safetyUser('Ada Own', [ACTION.VIEW, ACTION.EXPORT]);
    const ben = await safetyUser('Ben Other');
    const make = async (userId: number, gross: number) => {
      const driver = await driverWithLoads([gross]);
      const res = await call('POST', '', admin, { user_id: userId, date: month, drivers: [driver] });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().statement.id as number;
    };
    const adas = await make(ada.user.id, 1000);
    const bens = await make(ben.user.id, 2000);
    const ids = (body: { rows: { id: number }[] }) => body.rows.map((r) => r.id).sort((x, y) => x - y);

    const list = (await call('POST', '/list', ada.token, { limit: 500 })).json();
    expect(ids(list)).toEqual([adas]);
    expect(list.total).toBe(1);
    expect(ids((await call('GET', '', ada.token)).json())).toEqual([adas]);
    const options = (await call('POST', '/list', ada.token, { limit: 1, with_options: true })).json().filter.user;
    expect(JSON.stringify(options)).not.toContain('Ben Other');
    expect((await call('GET', `/${adas}/edit`, ada.token)).statusCode).toBe(200);
    expect((await call('GET', `/${bens}/edit`, ada.token)).statusCode).toBe(404);

    const exported = await call('POST', '/export', ada.token, { format: 'csv' });
    expect(exported.statusCode, exported.body).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: exported.json().link, headers: t.bearer(ada.token) });
    expect(file.body).toContain('Ada Own');
    expect(file.body).not.toContain('Ben Other');

    // The accountant holds Safety statements create (8): every statement, as the create form shows every safety user.
    const accountant = await t.login('accountant@backhaul.demo');
    const all = ids((await call('POST', '/list', accountant, { limit: 500 })).json());
    expect(all).toEqual(expect.arrayContaining([adas, bens]));
    expect((await call('GET', `/${bens}/edit`, accountant)).statusCode).toBe(200);
  });
});
