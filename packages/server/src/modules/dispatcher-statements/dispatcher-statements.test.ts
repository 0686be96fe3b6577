import { ACTION, MSG, SECTION } from '@backhaul/shared';
import { DISPATCHER_STATEMENT_MSG as M } from '@backhaul/shared/modules/dispatcher-statements/dispatcher-statements.contract';
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
    url: `/api/dispatcher/statement${url}`,
    headers: t.bearer(token),
    ...(payload ? { payload } : {}),
  });
const create = (month: string, rate: number | string, dispatchers: number[], token = admin) =>
  call('POST', '/create/list', token, { filter: { date: month }, dispatcher_rate: rate, dispatchers });

/** A new dispatcher (role 2) with one load per entry: its gross, delivered on `day` at 16:00 Chicago time. */
async function dispatcherWithLoads(loads: { gross: number; day: string }[], name: string) {
  const made = await f.user(
    [SECTION.DispatchersStatements].flatMap((section) => [0, ACTION.VIEW].map((action) => ({ section, action }))),
    { role: 2 },
  );
  await t.database.query('update users set name = $1 where id = $2', [name, made.user.id]);
  const customerId = (await f.customer()).id;
  const loadIds: number[] = [];
  for (const l of loads) {
    const trip = await f.trip({ dispatcherId: made.user.id, customerId, gross: l.gross, day: l.day });
    loadIds.push(trip.loads[0]?.load_id as number);
  }
  return { id: made.user.id, token: made.token, loadIds };
}

const statementsOf = async (dispatcherId: number) =>
  t.database.query<{ id: number; period_from: string; amount_cents: string; load_count: number }>(
    `select id, period_from::text, amount_cents::text, load_count from pay_statements
     where kind = 'dispatcher' and payee_id = $1 order by period_from, id`,
    [dispatcherId],
  );

describe('dispatcher statements', () => {
  it('pays rate × the gross of the loads delivered in the month, one rounding per load; a load not yet delivered waits', async () => {
    at('2026-02-20');
    // The 25th is still to come on the 20th: planned, not delivered, so not counted.
    const d = await dispatcherWithLoads(
      [
        { gross: 1000, day: '2026-02-03' },
        { gross: 1234.56, day: '2026-02-04' },
        { gross: 2500.1, day: '2026-02-05' },
        { gross: 1503, day: '2026-02-06' },
        { gross: 1500, day: '2026-02-25' },
      ],
      'Dora Ledger',
    );
    // At 3.5 %: 35.00; 43.2096 → 43.21; 87.5035 → 87.50; 52.605 → 52.61 (half away from zero).
    // Gross 1,000.00 + 1,234.56 + 2,500.10 + 1,503.00 = 6,237.66; amount 218.32.
    const preview = await call('GET', '/rate?date=2026-02&rate=3.5');
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().rate).toBe(3.5);
    expect(preview.json().dispatchers).toContainEqual(
      expect.objectContaining({
        dispatcher_id: d.id,
        count_load: 4,
        gross: 6237.66,
        amount: 218.32,
        has_statement: false,
      }),
    );
    const form = (await call('GET', '/create?date=2026-02')).json();
    expect(form.filter).toEqual({ date: '2026-02' });
    expect(form.month.slice(0, 2)).toEqual(['2026-02', '2026-01']);
    expect((await call('GET', '/create')).json().filter).toEqual({ date: '2026-01' });

    const created = await create('2026-02', 3.5, [d.id]);
    expect(created.statusCode, created.body).toBe(200);
    const [id] = created.json().created as number[];
    expect(created.json().message).toBe(M.created(1));
    expect(created.json().dispatchers).toContainEqual(
      expect.objectContaining({ dispatcher_id: d.id, count_load: 0, amount: 0, has_statement: true }),
    );
    expect((await call('GET', `/${id}`)).json().statement).toMatchObject({
      id,
      date: '2026-02',
      dispatcher_id: d.id,
      dispatcher_name: 'Dora Ledger',
      gross: 6237.66,
      count_load: 4,
      amount: 218.32,
      dispatcher_rate: 3.5,
      created_by: 'Avery Admin',
    });
    const lines = (await call('POST', `/${id}/list`, admin, {})).json();
    expect(lines.total).toBe(4);
    expect(lines.sum).toMatchObject({ gross: 6237.66, amount: 218.32 });
    expect(
      lines.rows.map((r: { load_id: number; amount: number; earned: string | null }) => [
        r.load_id,
        r.amount,
        r.earned,
      ]),
    ).toEqual([
      [d.loadIds[0], 35, null],
      [d.loadIds[1], 43.21, null],
      [d.loadIds[2], 87.5, null],
      [d.loadIds[3], 52.61, null],
    ]);
    const listed = (await call('POST', '/list', admin, { filters: { dispatcher_name: { values: [d.id] } } })).json();
    expect(listed.rows).toEqual([expect.objectContaining({ id, amount: 218.32, count_load: 4, date: '2026-02' })]);

    // One statement per dispatcher and month.
    const again = await create('2026-02', 3.5, [d.id]);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ 'filter.date': [M.already('Dora Ledger', '2026-02')] });
    const info = (await call('POST', '/info', admin, { date: '2026-02', dispatcher_id: d.id })).json();
    expect(info).toMatchObject({ date: '2026-02', dispatcher_id: d.id, count_load: 4, gross: 6237.66 });
    expect(
      info.loads.map((l: { load_id: number; dispatcher_statement: number }) => [l.load_id, l.dispatcher_statement]),
    ).toEqual(d.loadIds.slice(0, 4).map((loadId) => [loadId, id]));

    // The month's rate is kept per kind and month, through the record engine (audited).
    // 3.5 % = 3,500 thousandths of a percent.
    const [rate] = await t.database.query<{ id: number; rate_milli: number }>(
      "select id, rate_milli from staff_pay_rates where kind = 'dispatcher' and month = '2026-02-01'",
    );
    expect(rate?.rate_milli).toBe(3500);
    const [rateAudit] = await t.database.query<{ rate_milli: string }>(
      "select after->>'rate_milli' as rate_milli from audit_log where entity = 'staff_pay_rates' and entity_id = $1 order by id desc limit 1",
      [String(rate?.id)],
    );
    expect(rateAudit?.rate_milli).toBe('3500');

    const exported = await call('POST', `/${id}/export`, admin, { value: 'csv' });
    expect(exported.statusCode, exported.body).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: exported.json().data, headers: t.bearer(admin) });
    // A header, the four loads and the totals.
    const csv = file.body.trim().split('\r\n');
    expect(csv).toHaveLength(6);
    expect(csv[4]).toContain(',1503.00,0,,52.61');
    expect(csv[5]).toBe('Total,,,,,,6237.66,0,,218.32');

    expect((await call('DELETE', `/${id}`)).json()).toEqual({ message: MSG.deleteSuccess });
    expect((await call('GET', `/${id}`)).statusCode).toBe(404);
    const released = (await call('POST', '/info', admin, { date: '2026-02', dispatcher_id: d.id })).json();
    expect(released.loads.map((l: { dispatcher_statement: number | null }) => l.dispatcher_statement)).toEqual([
      null,
      null,
      null,
      null,
    ]);
    const audit = await t.database.query<{ action: string }>(
      "select action from audit_log where entity = 'pay_statements' and entity_id = $1 order by id",
      [String(id)],
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'delete']);
  });

  it('a load delivered after its month’s statement lands on the next one, marked with the month it came from', async () => {
    at('2026-02-20');
    const d = await dispatcherWithLoads(
      [
        { gross: 2000, day: '2026-02-10' },
        { gross: 1500, day: '2026-02-25' },
      ],
      'Late Lena',
    );
    const february = (await create('2026-02', 3.5, [d.id])).json().created[0] as number;
    // 3.5 % of $2,000.00 = $70.00: the load of the 25th is not delivered yet.
    expect((await call('GET', `/${february}`)).json().statement).toMatchObject({ count_load: 1, amount: 70 });

    at('2026-03-05');
    const march = await f.trip({
      dispatcherId: d.id,
      customerId: (await f.customer()).id,
      gross: 800,
      day: '2026-03-02',
    });
    const marchLoad = march.loads[0]?.load_id as number;
    // March's own $800.00 (28.00) and February's late $1,500.00 (52.50): $80.50 on 2 loads.
    const preview = (await call('GET', '/rate?date=2026-03&rate=3.5')).json();
    expect(preview.dispatchers).toContainEqual(
      expect.objectContaining({ dispatcher_id: d.id, count_load: 2, gross: 2300, amount: 80.5, has_statement: false }),
    );
    const before = (await call('POST', '/info', admin, { date: '2026-03', dispatcher_id: d.id })).json();
    expect(before.loads.map((l: { load_id: number; earned: string | null }) => [l.load_id, l.earned])).toEqual([
      [d.loadIds[1], '2026-02'],
      [marchLoad, null],
    ]);

    const created = await create('2026-03', 3.5, [d.id]);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().created[0] as number;
    expect((await call('GET', `/${id}`)).json().statement).toMatchObject({
      date: '2026-03',
      count_load: 2,
      amount: 80.5,
    });
    const lines = (await call('POST', `/${id}/list`, admin, {})).json();
    expect(
      lines.rows.map((r: { load_id: number; earned: string | null; amount: number }) => [
        r.load_id,
        r.earned,
        r.amount,
      ]),
    ).toEqual([
      [d.loadIds[1], '2026-02', 52.5],
      [marchLoad, null, 28],
    ]);
    // February keeps what it paid; its info shows the late load on March's statement.
    expect((await call('GET', `/${february}`)).json().statement).toMatchObject({ count_load: 1, amount: 70 });
    const feb = (await call('POST', '/info', admin, { date: '2026-02', dispatcher_id: d.id })).json();
    expect(
      feb.loads.map((l: { load_id: number; dispatcher_statement: number; earned: string | null }) => [
        l.load_id,
        l.dispatcher_statement,
        l.earned,
      ]),
    ).toEqual([
      [d.loadIds[0], february, null],
      [d.loadIds[1], id, '2026-02'],
    ]);
    expect((await statementsOf(d.id)).map((s) => [s.period_from, s.amount_cents])).toEqual([
      ['2026-02-01', '7000'],
      ['2026-03-01', '8050'],
    ]);
  });

  it('refuses a month that has not begun, naming the month field, and makes nothing', async () => {
    at('2026-03-05');
    const d = await dispatcherWithLoads([{ gross: 900, day: '2026-03-02' }], 'Early Ed');
    const form = await call('GET', '/create?date=2026-04');
    expect(form.statusCode).toBe(422);
    expect(form.json().errors).toEqual({ date: [M.futureMonth] });
    expect((await call('GET', '/rate?date=2026-04&rate=3')).json().errors).toEqual({ date: [M.futureMonth] });
    const save = await create('2026-04', 3, [d.id]);
    expect(save.statusCode).toBe(422);
    expect(save.json().errors).toEqual({ 'filter.date': [M.futureMonth] });
    expect(await statementsOf(d.id)).toEqual([]);
    // This month has begun: its delivered load may be paid now.
    const now = await create('2026-03', 3, [d.id]);
    expect(now.statusCode, now.body).toBe(200);
    // 3 % of $900.00 = $27.00.
    expect((await statementsOf(d.id)).map((s) => s.amount_cents)).toEqual(['2700']);
  });

  it('makes one statement when the same dispatcher and month are asked for six times at once', async () => {
    at('2026-03-05');
    const d = await dispatcherWithLoads(
      [800, 900, 1000, 1100].map((gross, i) => ({ gross, day: `2026-02-1${i}` })),
      'Parallel Pete',
    );
    const answers = await Promise.all(Array.from({ length: 6 }, () => create('2026-02', 2, [d.id])));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422, 422, 422, 422, 422]);
    for (const a of answers.filter((x) => x.statusCode === 422))
      expect(a.json().errors).toEqual({ 'filter.date': [M.already('Parallel Pete', '2026-02')] });
    const rows = await t.database.query<{ n: number; statements: number; amount: string }>(
      `select count(*)::int as n, count(distinct statement_id)::int as statements, sum(amount_cents)::text as amount
       from pay_statement_lines where kind = 'dispatcher' and payee_id = $1`,
      [d.id],
    );
    // 2 % of $3,800.00 = $76.00, once.
    expect(rows[0]).toEqual({ n: 4, statements: 1, amount: '7600' });
    expect((await statementsOf(d.id)).map((s) => [s.amount_cents, s.load_count])).toEqual([['7600', 4]]);
  });

  it('a dispatcher sees only its own statements and loads', async () => {
    at('2026-03-05');
    const mine = await dispatcherWithLoads([{ gross: 500, day: '2026-02-03' }], 'Own Rows Olga');
    const other = await dispatcherWithLoads([{ gross: 700, day: '2026-02-03' }], 'Other Oscar');
    const made = (await create('2026-02', 4, [mine.id, other.id])).json().created as number[];
    expect(made).toHaveLength(2);
    const seen = (await call('POST', '/list', mine.token, {})).json();
    // Its own statement only, and the list has no Dispatcher column (001 §6 variant). 4 % of $500.00 = $20.00.
    expect(seen.rows.map((r: { id: number }) => r.id)).toEqual([made[0]]);
    expect(seen.rows[0].amount).toBe(20);
    expect(seen.columns.map((c: { id: string }) => c.id)).not.toContain('dispatcher_name');
    const all = (await call('POST', '/list', admin, {})).json();
    expect(all.columns.map((c: { id: string }) => c.id)).toContain('dispatcher_name');
    expect((await call('GET', `/${made[1]}`, mine.token)).statusCode).toBe(404);
    expect((await call('POST', `/${made[1]}/list`, mine.token, {})).statusCode).toBe(404);
    expect((await call('POST', '/info', mine.token, { date: '2026-02', dispatcher_id: other.id })).statusCode).toBe(
      404,
    );
    // View only: no create, export or delete.
    expect((await call('GET', '/create', mine.token)).statusCode).toBe(403);
    expect((await call('DELETE', `/${made[0]}`, mine.token)).statusCode).toBe(403);
    expect((await call('POST', `/${made[0]}/export`, mine.token, {})).statusCode).toBe(403);
  });

  it('refuses a rate outside 0–100 %, a bad month, a stranger, nobody to pay, naming the field', async () => {
    at('2026-03-05');
    const rate = await create('2026-02', 101, [1]);
    expect(rate.statusCode).toBe(422);
    expect(rate.json().errors).toEqual({ dispatcher_rate: [M.rate] });
    const badMonth = await call('POST', '/create/list', admin, { filter: { date: '2026-13' } });
    expect(Object.keys(badMonth.json().errors)).toEqual(['filter.date']);
    expect((await create('2026-02', 3, [999999])).json().errors).toEqual({ dispatchers: [M.notDispatcher] });
    const idle = await dispatcherWithLoads([], 'Idle Ida');
    const nothing = await create('2026-02', 3, [idle.id]);
    expect(nothing.json().errors).toEqual({ dispatchers: [M.noLoads('Idle Ida', '2026-02')] });
    expect(await statementsOf(idle.id)).toEqual([]);
  });

  it('takes the rate as a plain percentage only, on the preview and the save; 12.5 and "12.5" pay 12.5 %', async () => {
    at('2026-03-05');
    const statements = async () =>
      (await t.database.query<{ n: number }>("select count(*)::int n from pay_statements where kind = 'dispatcher'"))[0]
        ?.n;
    const d = await dispatcherWithLoads(
      [
        { gross: 1000, day: '2026-01-10' },
        { gross: 2000, day: '2026-01-11' },
      ],
      'Percy Strict',
    );
    const before = await statements();
    for (const bad of ['0x10', true, [5], null, '', '1e1', '12.3456']) {
      const save = await call('POST', '/create/list', admin, {
        filter: { date: '2026-01' },
        dispatcher_rate: bad,
        dispatchers: [d.id],
      });
      expect(save.statusCode, JSON.stringify(bad)).toBe(422);
      expect(save.json().errors, JSON.stringify(bad)).toEqual({ dispatcher_rate: [M.rate] });
    }
    for (const bad of ['0x10', 'true', '', '1e1', '12.3456']) {
      const preview = await call('GET', `/rate?date=2026-01&rate=${encodeURIComponent(bad)}`);
      expect(preview.statusCode, bad).toBe(422);
      expect(Object.keys(preview.json().errors), bad).toEqual(['rate']);
    }
    expect(await statements()).toBe(before);

    // 12.5 % of $1,000.00 + $2,000.00 = 125.00 + 250.00 = $375.00, kept as 12,500 thousandths of a percent.
    const preview = await call('GET', '/rate?date=2026-01&rate=12.5');
    expect(preview.json().dispatchers).toContainEqual(expect.objectContaining({ dispatcher_id: d.id, amount: 375 }));
    const created = await create('2026-01', '12.5', [d.id]);
    expect(created.statusCode, created.body).toBe(200);
    const [id] = created.json().created as number[];
    expect((await call('GET', `/${id}`)).json().statement).toMatchObject({ amount: 375, dispatcher_rate: 12.5 });
    const [stored] = await t.database.query<{ rate_milli: number; amount_cents: string }>(
      "select (terms->>'rate_milli')::int as rate_milli, amount_cents::text from pay_statements where id = $1",
      [id],
    );
    expect(stored).toEqual({ rate_milli: 12500, amount_cents: '37500' });

    const e = await dispatcherWithLoads([{ gross: 800, day: '2026-01-12' }], 'Nora Number');
    const numeric = await create('2026-01', 12.5, [e.id]);
    // 12.5 % of $800.00 = $100.00.
    const [other] = numeric.json().created as number[];
    expect((await call('GET', `/${other}`)).json().statement).toMatchObject({ amount: 100, dispatcher_rate: 12.5 });

    // A rate to the thousandth (12.345 %), each load rounded once, half away from zero:
    // 12.345 % × $1,000.04 = 123.454938 → 123.45, twice: $246.90 (on the sum it would be 246.90988 → 246.91).
    const g = await dispatcherWithLoads(
      [
        { gross: 1000.04, day: '2026-01-13' },
        { gross: 1000.04, day: '2026-01-14' },
      ],
      'Thea Thousandth',
    );
    const fine = await call('GET', '/rate?date=2026-01&rate=12.345');
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.json().dispatchers).toContainEqual(expect.objectContaining({ dispatcher_id: g.id, amount: 246.9 }));
    const thousandth = await create('2026-01', '12.345', [g.id]);
    expect(thousandth.statusCode, thousandth.body).toBe(200);
    const [gid] = thousandth.json().created as number[];
    expect((await call('GET', `/${gid}`)).json().statement).toMatchObject({ amount: 246.9, dispatcher_rate: 12.345 });
    const [kept] = await t.database.query<{ rate_milli: number }>(
      "select (terms->>'rate_milli')::int as rate_milli from pay_statements where id = $1",
      [gid],
    );
    expect(kept?.rate_milli).toBe(12345);
  });
});
