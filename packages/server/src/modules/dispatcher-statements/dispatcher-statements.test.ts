import { ACTION, MSG, SECTION } from '@backhaul/shared';
import { nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import { DISPATCHER_STATEMENT_MSG as M } from '@backhaul/shared/modules/dispatcher-statements/dispatcher-statements.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Factories, factories } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { addMonths } from './staff-months';

let t: TestContext;
let f: Factories;
let admin: string;
/** Last month in Chicago: statements are made for a month that has begun. */
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
    url: `/api/dispatcher/statement${url}`,
    headers: t.bearer(token),
    ...(payload ? { payload } : {}),
  });

/** A new dispatcher (role 2) with loads of these gross amounts delivered last month. */
async function dispatcherWithLoads(gross: number[], name: string) {
  const made = await f.user(
    [SECTION.DispatchersStatements].flatMap((section) => [0, ACTION.VIEW].map((action) => ({ section, action }))),
    { role: 2 },
  );
  await t.database.query('update users set name = $1 where id = $2', [name, made.user.id]);
  const customerId = (await f.customer()).id;
  for (const [i, g] of gross.entries())
    await f.trip({ dispatcherId: made.user.id, customerId, gross: g, day: day(3 + i) });
  return { id: made.user.id, token: made.token };
}

describe('a statement for last month', () => {
  it('pays rate × the gross of the loads delivered in the month, each load once, and gives them back on delete', async () => {
    // $1,000.00, $1,234.56 and $2,500.10 at 3.5 %: 35.00 + 43.21 (43.2096) + 87.50 (87.5035) = $165.71.
    const d = await dispatcherWithLoads([1000, 1234.56, 2500.1], 'Dora Ledger');
    const preview = await call('GET', `/rate?date=${month}&rate=3.5`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().rate).toBe(3.5);
    expect(preview.json().dispatchers).toContainEqual(
      expect.objectContaining({
        dispatcher_id: d.id,
        count_load: 3,
        gross: 4734.66,
        amount: 165.71,
        has_statement: false,
      }),
    );
    const form = (await call('GET', `/create?date=${month}`)).json();
    expect(form.filter).toEqual({ date: month });
    expect(form.month[1]).toBe(month);
    expect(typeof form.dispatcher_rate).toBe('number');

    const created = await call('POST', '/create/list', admin, {
      filter: { date: month },
      dispatcher_rate: 3.5,
      dispatchers: [d.id],
    });
    expect(created.statusCode, created.body).toBe(200);
    const [id] = created.json().created as number[];
    expect(created.json().message).toBe(M.created(1));
    expect(created.json().dispatchers).toContainEqual(
      expect.objectContaining({ dispatcher_id: d.id, count_load: 0, amount: 0, has_statement: true }),
    );
    const statement = (await call('GET', `/${id}`)).json().statement;
    expect(statement).toMatchObject({
      id,
      date: month,
      dispatcher_name: 'Dora Ledger',
      gross: 4734.66,
      count_load: 3,
      amount: 165.71,
      dispatcher_rate: 3.5,
      created_by: 'Avery Admin',
    });
    // The statement's lines add up to its totals.
    const lines = (await call('POST', `/${id}/list`, admin, {})).json();
    expect(lines.total).toBe(3);
    expect(lines.sum).toMatchObject({ gross: 4734.66, amount: 165.71 });
    expect(lines.rows.map((r: { amount: number }) => r.amount).sort()).toEqual([35, 43.21, 87.5]);
    const listed = (await call('POST', '/list', admin, { filters: { dispatcher_name: { values: [d.id] } } })).json();
    expect(listed.rows).toEqual([expect.objectContaining({ id, amount: 165.71, count_load: 3, date: month })]);

    // The month is closed for this dispatcher; its loads carry the statement.
    const again = await call('POST', '/create/list', admin, {
      filter: { date: month },
      dispatcher_rate: 3.5,
      dispatchers: [d.id],
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.dispatchers).toEqual([M.already('Dora Ledger', month)]);
    const info = (await call('POST', '/info', admin, { date: month, dispatcher_id: d.id })).json();
    expect(info).toMatchObject({ date: month, dispatcher_id: d.id, count_load: 3, gross: 4734.66 });
    expect(info.loads.map((l: { dispatcher_statement: number }) => l.dispatcher_statement)).toEqual([id, id, id]);

    const exported = await call('POST', `/${id}/export`, admin, { value: 'csv' });
    expect(exported.statusCode, exported.body).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: exported.json().data, headers: t.bearer(admin) });
    expect(file.body).toContain('87.50');
    expect(file.body.split('\n').filter((line) => line.trim()).length).toBeGreaterThanOrEqual(4);

    expect((await call('DELETE', `/${id}`)).json()).toEqual({ message: MSG.deleteSuccess });
    expect((await call('GET', `/${id}`)).statusCode).toBe(404);
    const released = (await call('POST', '/info', admin, { date: month, dispatcher_id: d.id })).json();
    expect(released.loads.map((l: { dispatcher_statement: number | null }) => l.dispatcher_statement)).toEqual([
      null,
      null,
      null,
    ]);
    const audit = await t.database.query<{ action: string }>(
      "select action from audit_log where entity = 'dispatcher_statement' and entity_id = $1 order by id",
      [String(id)],
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'delete']);
  });

  it('counts each load once when the same statement is asked for six times at once', async () => {
    const d = await dispatcherWithLoads([800, 900, 1000, 1100], 'Parallel Pete');
    const body = { filter: { date: month }, dispatcher_rate: 2, dispatchers: [d.id] };
    const answers = await Promise.all(Array.from({ length: 6 }, () => call('POST', '/create/list', admin, body)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422, 422, 422, 422, 422]);
    const rows = await t.database.query<{ n: number; statements: number; amount: string }>(
      `select count(*)::int as n, count(distinct s.id)::int as statements, sum(l.amount_cents)::text as amount
       from dispatcher_statement_loads l join dispatcher_statements s on s.id = l.statement_id where s.dispatcher_id = $1`,
      [d.id],
    );
    // 2 % of $3,800.00 = $76.00, once.
    expect(rows[0]).toEqual({ n: 4, statements: 1, amount: '7600' });
    const [s] = await t.database.query<{ amount_cents: string; load_count: number }>(
      'select amount_cents::text, load_count from dispatcher_statements where dispatcher_id = $1',
      [d.id],
    );
    expect(s).toEqual({ amount_cents: '7600', load_count: 4 });
  });

  it('a dispatcher sees only its own statements and loads', async () => {
    const mine = await dispatcherWithLoads([500], 'Own Rows Olga');
    const other = await dispatcherWithLoads([700], 'Other Oscar');
    const made = (
      await call('POST', '/create/list', admin, {
        filter: { date: month },
        dispatcher_rate: 4,
        dispatchers: [mine.id, other.id],
      })
    ).json().created as number[];
    expect(made).toHaveLength(2);
    const seen = (await call('POST', '/list', mine.token, {})).json();
    // Its own statement only, and the list has no Dispatcher column (001 §6 variant).
    expect(seen.rows.map((r: { id: number }) => r.id)).toEqual([made[0]]);
    expect(seen.rows[0].amount).toBe(20);
    expect(seen.columns.map((c: { id: string }) => c.id)).not.toContain('dispatcher_name');
    const all = (await call('POST', '/list', admin, {})).json();
    expect(all.columns.map((c: { id: string }) => c.id)).toContain('dispatcher_name');
    expect((await call('GET', `/${made[1]}`, mine.token)).statusCode).toBe(404);
    expect((await call('POST', `/${made[1]}/list`, mine.token, {})).statusCode).toBe(404);
    expect((await call('POST', '/info', mine.token, { date: month, dispatcher_id: other.id })).statusCode).toBe(404);
    // View only: no create, export or delete.
    expect((await call('GET', '/create', mine.token)).statusCode).toBe(403);
    expect((await call('DELETE', `/${made[0]}`, mine.token)).statusCode).toBe(403);
    expect((await call('POST', `/${made[0]}/export`, mine.token, {})).statusCode).toBe(403);
  });

  it('refuses a month that has not begun, a rate outside 0–100 % and nobody chosen, naming the field', async () => {
    const next = addMonths(nowInCompanyTimeZone().date.slice(0, 7), 1);
    const future = await call('GET', `/create?date=${next}`);
    expect(future.statusCode).toBe(422);
    expect(future.json().errors).toEqual({ date: [M.futureMonth] });
    const rate = await call('POST', '/create/list', admin, {
      filter: { date: month },
      dispatcher_rate: 101,
      dispatchers: [1],
    });
    expect(rate.statusCode).toBe(422);
    expect(rate.json().errors).toEqual({ dispatcher_rate: [M.rate] });
    const badMonth = await call('POST', '/create/list', admin, { filter: { date: '2026-13' } });
    expect(Object.keys(badMonth.json().errors)).toEqual(['filter.date']);
    const stranger = await call('POST', '/create/list', admin, {
      filter: { date: month },
      dispatcher_rate: 3,
      dispatchers: [999999],
    });
    expect(stranger.json().errors).toEqual({ dispatchers: [M.notDispatcher] });
  });

  it('takes the rate as a plain percentage only, on the preview and the save; 12.5 and "12.5" pay 12.5 %', async () => {
    const statements = async () =>
      (await t.database.query<{ n: number }>('select count(*)::int n from dispatcher_statements'))[0]?.n;
    const d = await dispatcherWithLoads([1000, 2000], 'Percy Strict');
    const before = await statements();
    for (const bad of ['0x10', true, [5], null, '', '1e1', '12.345']) {
      const save = await call('POST', '/create/list', admin, {
        filter: { date: month },
        dispatcher_rate: bad,
        dispatchers: [d.id],
      });
      expect(save.statusCode, JSON.stringify(bad)).toBe(422);
      expect(save.json().errors, JSON.stringify(bad)).toEqual({ dispatcher_rate: [M.rate] });
    }
    for (const bad of ['0x10', 'true', '', '1e1', '12.345']) {
      const preview = await call('GET', `/rate?date=${month}&rate=${encodeURIComponent(bad)}`);
      expect(preview.statusCode, bad).toBe(422);
      expect(Object.keys(preview.json().errors), bad).toEqual(['rate']);
    }
    expect(await statements()).toBe(before);

    // 12.5 % of $1,000.00 + $2,000.00 = 125.00 + 250.00 = $375.00, kept as 1250 basis points.
    const preview = await call('GET', `/rate?date=${month}&rate=12.5`);
    expect(preview.json().dispatchers).toContainEqual(expect.objectContaining({ dispatcher_id: d.id, amount: 375 }));
    const created = await call('POST', '/create/list', admin, {
      filter: { date: month },
      dispatcher_rate: '12.5',
      dispatchers: [d.id],
    });
    expect(created.statusCode, created.body).toBe(200);
    const [id] = created.json().created as number[];
    expect((await call('GET', `/${id}`)).json().statement).toMatchObject({ amount: 375, dispatcher_rate: 12.5 });
    const [stored] = await t.database.query<{ rate_bp: number; amount_cents: string }>(
      'select rate_bp, amount_cents::text from dispatcher_statements where id = $1',
      [id],
    );
    expect(stored).toEqual({ rate_bp: 1250, amount_cents: '37500' });

    const e = await dispatcherWithLoads([800], 'Nora Number');
    const numeric = await call('POST', '/create/list', admin, {
      filter: { date: month },
      dispatcher_rate: 12.5,
      dispatchers: [e.id],
    });
    // 12.5 % of $800.00 = $100.00.
    const [other] = numeric.json().created as number[];
    expect((await call('GET', `/${other}`)).json().statement).toMatchObject({ amount: 100, dispatcher_rate: 12.5 });
  });
});
