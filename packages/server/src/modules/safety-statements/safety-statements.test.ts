import { ACTION, MSG, SECTION } from '@backhaul/shared';
import { SAFETY_STATEMENT_MSG as M } from '@backhaul/shared/modules/safety-statements/safety-statements.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Factories, factories } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { freezeClock, thawClock } from '../../platform/clock';

let t: TestContext;
let f: Factories;
let admin: string;
/** Noon in Chicago (18:00 UTC) on a day of 2026: the clock every rule reads. */
const at = (day: string) => freezeClock(`${day}T18:00:00Z`);

beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  admin = await t.login('admin@backhaul.demo');
});
afterAll(async () => {
  thawClock();
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token = admin, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/safety-statement${url}`,
    headers: t.bearer(token),
    ...(payload ? { payload } : {}),
  });

/** A safety user (the Safety department). */
async function safetyUser(name: string, actions: number[] = [ACTION.VIEW]) {
  const made = await f.user([0, ...actions].map((action) => ({ section: SECTION.SafetyStatements, action })));
  await t.database.query(
    "update users set name = $1, department_id = (select id from departments where name = 'Safety' limit 1) where id = $2",
    [name, made.user.id],
  );
  return made;
}
/** A driver with one load per entry: its gross, delivered on `day` at 16:00 Chicago time. */
async function driverWithLoads(loads: { gross: number; day: string }[]) {
  const driver = await f.driver();
  for (const l of loads) await f.trip({ driverId: driver.id, gross: l.gross, day: l.day });
  return driver.id;
}
const lineKeys = async (driverId: number) =>
  (
    await t.database.query<{ source_key: string }>(
      "select source_key from pay_statement_lines where kind = 'safety' and source_key like $1",
      [`${driverId}:%`],
    )
  ).map((r) => r.source_key);

describe('/safety-statement', () => {
  it('pays rate × the gross of the chosen drivers’ delivered loads of the month, one line per driver-month', async () => {
    at('2026-02-20');
    const s = await safetyUser('Sage Safety');
    // The 25th is still to come on the 20th: not delivered, not counted.
    const d1 = await driverWithLoads([
      { gross: 1200, day: '2026-02-10' },
      { gross: 799.99, day: '2026-02-11' },
      { gross: 5000, day: '2026-02-25' },
    ]);
    const d2 = await driverWithLoads([{ gross: 3000, day: '2026-02-12' }]);
    const rate = await call('POST', '/rate', admin, { date: '2026-02', rate: 2.5 });
    expect(rate.json()).toEqual({ message: MSG.saveRateSuccess, dispatcher_rate: 2.5 });
    const users = (await call('POST', '/create/list', admin, { date: '2026-02' })).json();
    expect(users).toMatchObject({ period: '2026-02', dispatcher_rate: 2.5 });
    expect(users.rows).toContainEqual({ id: s.user.id, name: 'Sage Safety', has_statement: false });
    expect((await call('GET', '/create')).json().month.slice(0, 2)).toEqual(['2026-02', '2026-01']);
    // d1: $1,200.00 + $799.99 = $1,999.99 at 2.5 % = 49.99975 → $50.00; d2: $3,000.00 → $75.00.
    const offered = (await call('POST', `/create/${s.user.id}/2026-02/list`, admin, {})).json();
    expect(offered.rows).toContainEqual(
      expect.objectContaining({ driver_id: d1, count_load: 2, gross: 1999.99, amount: 50, taken: false }),
    );
    expect(offered.rows).toContainEqual(
      expect.objectContaining({ driver_id: d2, count_load: 1, gross: 3000, amount: 75, taken: false }),
    );

    const saved = await call('POST', '', admin, { user_id: s.user.id, date: '2026-02', drivers: [d1, d2] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: MSG.saveSuccess,
      statement: {
        user_id: s.user.id,
        user: 'Sage Safety',
        month: '2026-02',
        dispatcher_rate: 2.5,
        count_driver: 2,
        count_load: 3,
        gross: 4999.99,
        amount: 125,
        created_by: 'Avery Admin',
      },
    });
    const id = saved.json().statement.id as number;
    const edit = (await call('GET', `/${id}/edit`)).json();
    expect(edit.period).toBe('2026-02');
    expect(
      edit.rows
        .map((r: { driver_id: number; count_load: number; gross: number; amount: number }) => [
          r.driver_id,
          r.count_load,
          r.gross,
          r.amount,
        ])
        .sort((a: number[], b: number[]) => (a[0] as number) - (b[0] as number)),
    ).toEqual([
      [d1, 2, 1999.99, 50],
      [d2, 1, 3000, 75],
    ]);
    expect(await lineKeys(d1)).toEqual([`${d1}:2026-02`]);
    const list = (await call('POST', '/list', admin, { filters: { user: { values: [s.user.id] } } })).json();
    expect(list.rows).toEqual([expect.objectContaining({ id, amount: 125, count_driver: 2, count_load: 3 })]);
    expect((await call('GET', '')).json()).toMatchObject({ period: '2026-01', dispatcher_rate: expect.any(Number) });
    // The form now shows both drivers' month as taken.
    const after = (await call('POST', `/create/${s.user.id}/2026-02/list`, admin, {})).json();
    expect(
      after.rows
        .filter((r: { driver_id: number }) => [d1, d2].includes(r.driver_id))
        .map((r: { taken: boolean }) => r.taken),
    ).toEqual([true, true]);
    // One statement per safety user and month.
    const d3 = await driverWithLoads([{ gross: 100, day: '2026-02-13' }]);
    const twice = await call('POST', '', admin, { user_id: s.user.id, date: '2026-02', drivers: [d3] });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual({ date: [M.already('Sage Safety', '2026-02')] });
  });

  it('puts a driver-month on one safety statement only, also when two are made at once', async () => {
    at('2026-03-05');
    const [a, b] = [await safetyUser('Otis Overlap'), await safetyUser('Thea Third')];
    const driver = await driverWithLoads([{ gross: 4000, day: '2026-02-14' }]);
    const body = (userId: number) => ({ user_id: userId, date: '2026-02', drivers: [driver] });
    const answers = await Promise.all([
      call('POST', '', admin, body(a.user.id)),
      call('POST', '', admin, body(b.user.id)),
    ]);
    expect(answers.map((x) => x.statusCode).sort()).toEqual([200, 422]);
    const refused = answers.find((x) => x.statusCode === 422);
    expect(refused?.json().errors).toEqual({ drivers: [M.taken] });
    expect(await lineKeys(driver)).toEqual([`${driver}:2026-02`]);
    const won = answers.find((x) => x.statusCode === 200)?.json().statement as { id: number; user_id: number };
    const loser = won.user_id === a.user.id ? b : a;
    // Taken for everyone else; free again once its statement goes.
    const again = await call('POST', '', admin, body(loser.user.id));
    expect(again.json().errors).toEqual({ drivers: [M.taken] });
    expect((await call('DELETE', `/${won.id}`)).json()).toEqual({ message: MSG.deleteSuccess });
    expect(await lineKeys(driver)).toEqual([]);
    const retaken = await call('POST', '', admin, body(loser.user.id));
    expect(retaken.statusCode, retaken.body).toBe(200);
    // $4,000.00 at the month's rate (2.5 %, saved above for February) = $100.00.
    expect(retaken.json().statement).toMatchObject({ user_id: loser.user.id, amount: 100, count_driver: 1 });
    const audit = await t.database.query<{ action: string }>(
      "select action from audit_log where entity = 'pay_statements' and entity_id = $1 order by id",
      [String(won.id)],
    );
    expect(audit.map((x) => x.action)).toEqual(['create', 'delete']);
  });

  it('refuses a month that has not begun, naming the month field, and makes nothing', async () => {
    at('2026-03-05');
    const s = await safetyUser('Early Esme');
    const driver = await driverWithLoads([{ gross: 600, day: '2026-03-02' }]);
    expect((await call('POST', '/create/list', admin, { date: '2026-04' })).json().errors).toEqual({
      date: [M.futureMonth],
    });
    expect((await call('POST', `/create/${s.user.id}/2026-04/list`, admin, {})).json().errors).toEqual({
      date: [M.futureMonth],
    });
    const save = await call('POST', '', admin, { user_id: s.user.id, date: '2026-04', drivers: [driver] });
    expect(save.statusCode).toBe(422);
    expect(save.json().errors).toEqual({ date: [M.futureMonth] });
    expect(await lineKeys(driver)).toEqual([]);
    // This month has begun: its delivered load may be paid now.
    const now = await call('POST', '', admin, { user_id: s.user.id, date: '2026-03', drivers: [driver] });
    expect(now.statusCode, now.body).toBe(200);
    expect(await lineKeys(driver)).toEqual([`${driver}:2026-03`]);
  });

  it('pays a rate written to the thousandth, rounded once per driver-month', async () => {
    at('2026-03-05');
    const s = await safetyUser('Theo Thousandth');
    const d = await driverWithLoads([
      { gross: 1200, day: '2026-01-10' },
      { gross: 799.99, day: '2026-01-11' },
    ]);
    const rate = await call('POST', '/rate', admin, { date: '2026-01', rate: '1.875' });
    expect(rate.json()).toEqual({ message: MSG.saveRateSuccess, dispatcher_rate: 1.875 });
    const saved = await call('POST', '', admin, { user_id: s.user.id, date: '2026-01', drivers: [d] });
    expect(saved.statusCode, saved.body).toBe(200);
    // $1,200.00 + $799.99 = $1,999.99 × 1.875 % = 37.4998125 → $37.50
    expect(saved.json().statement).toMatchObject({ dispatcher_rate: 1.875, gross: 1999.99, amount: 37.5 });
    const [kept] = await t.database.query<{ rate_milli: number }>(
      "select (terms->>'rate_milli')::int as rate_milli from pay_statements where id = $1",
      [saved.json().statement.id],
    );
    expect(kept?.rate_milli).toBe(1875);
  });

  it('refuses a rate over 100 %, a user outside safety, a driver with nothing delivered; view-only cannot create', async () => {
    at('2026-03-05');
    const s = await safetyUser('Vera View');
    expect((await call('POST', '/rate', admin, { date: '2026-02', rate: 120 })).statusCode).toBe(422);
    // A percentage to the thousandth, never a fourth decimal: 422 naming the field.
    const fourth = await call('POST', '/rate', admin, { date: '2026-02', rate: '1.8755' });
    expect(fourth.statusCode).toBe(422);
    expect(Object.keys(fourth.json().errors)).toEqual(['rate']);
    const admins = (
      await t.database.query<{ id: number }>("select id from users where email = 'admin@backhaul.demo'")
    )[0];
    expect(
      (await call('POST', '', admin, { user_id: admins?.id, date: '2026-02', drivers: [1] })).json().errors,
    ).toEqual({ user_id: [M.chooseUser] });
    const idle = await driverWithLoads([{ gross: 900, day: '2026-03-20' }]);
    const nothing = await call('POST', '', admin, { user_id: s.user.id, date: '2026-02', drivers: [idle] });
    expect(nothing.json().errors).toEqual({ drivers: [M.noLoads] });
    expect((await call('POST', '', s.token, { user_id: s.user.id, date: '2026-02', drivers: [1] })).statusCode).toBe(
      403,
    );
    expect((await call('POST', '/list', s.token, {})).statusCode).toBe(200);
  });

  it('a safety user reads only its own statements (list, start, edit, export); who may make them reads all', async () => {
    at('2026-03-05');
    const ada = await safetyUser('Ada Own', [ACTION.VIEW, ACTION.EXPORT]);
    const ben = await safetyUser('Ben Other');
    const make = async (userId: number, gross: number) => {
      const driver = await driverWithLoads([{ gross, day: '2026-01-15' }]);
      const res = await call('POST', '', admin, { user_id: userId, date: '2026-01', drivers: [driver] });
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
