import { ACTION, MSG, SECTION } from '@backhaul/shared';
import { BONUS_CHARGE_MSG } from '@backhaul/shared/modules/bonus-charge/bonus-charge.contract';
import { MANAGER_STATEMENT_MSG as M } from '@backhaul/shared/modules/manager-statements/manager-statements.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Factories, factories } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { freezeClock, thawClock } from '../../platform/clock';

// Today is 2026-04-20 in Chicago: April has begun, May has not. March has 31 days, April 30.
const NOW = '2026-04-20T17:00:00Z';

let t: TestContext;
let f: Factories;
let admin: string;
let departmentId: number;

beforeAll(async () => {
  freezeClock(NOW);
  t = await createTestApp();
  f = factories(t);
  admin = await t.login('admin@backhaul.demo');
  const [row] = await t.database.query<{ id: number }>("select id from departments where name = 'Dispatch'");
  departmentId = row?.id as number;
});
afterAll(async () => {
  thawClock();
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token = admin, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: t.bearer(token),
    ...(payload ? { payload } : {}),
  });

/** A person of the Dispatch department; `salaries` are pay history entries (a monthly salary from a date on). */
async function person(name: string, salaries: Array<[string, number]> = [], role = 4) {
  const made = await f.user(
    [0, ACTION.VIEW].map((action) => ({ section: SECTION.ManagerStatements, action })),
    { role },
  );
  await t.database.query('update users set name = $1, department_id = $2 where id = $3', [
    name,
    departmentId,
    made.user.id,
  ]);
  for (const [date, amount] of salaries) {
    const saved = await call('POST', '/info/pay-history', admin, { user_id: made.user.id, date, amount });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  return made;
}

/** The employee record the user signs in as, with its hire and termination dates (the API has no user link field). */
const employment = (userId: number, hired: string | null, terminated: string | null = null) =>
  t.database.query(
    'insert into employees (company_id, name, user_id, hired_on, terminated_on) select company_id, name, id, $2, $3 from users where id = $1',
    [userId, hired, terminated],
  );

async function entry(employee: number, type: string, total: number, month: string, additional = false) {
  const res = await call('POST', '/bonus-charge', admin, {
    type,
    total,
    employee,
    department: departmentId,
    salary_month: month,
    additional,
    description: `${type} ${month}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().item.id as number;
}

const row = (employee: number, month: string, extra: Record<string, unknown> = {}) => ({
  month,
  department_id: departmentId,
  employee_id: employee,
  description: '',
  ...extra,
});
const save = (rows: object[], token = admin) => call('POST', '/salary-statements', token, { rows });
const options = async (month: string, employee: number) =>
  (await call('POST', '/salary-statements/create', admin, { month }))
    .json()
    .employees.find((e: { id: number }) => e.id === employee);

describe('/salary-statements on the pay-statement engine', () => {
  it('prorates the salary by calendar days: a raise, a hire and a termination inside the month', async () => {
    // A raise: $6,000 to April 10, $6,600 from April 11; April has 30 days.
    const raise = await person('Rae Raise', [
      ['2025-01-01', 6000],
      ['2026-04-11', 6600],
    ]);
    // 6000 × 10/30 + 6600 × 20/30 = 2000.00 + 4400.00 = $6,400.00.
    expect(await options('2026-04', raise.user.id)).toMatchObject({ salary: 6400, bonus: 0, has_statement: false });
    const made = await save([row(raise.user.id, '2026-04')]);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().rows[0]).toMatchObject({ salary: 6400, bonus: 0, total: 6400, month: '2026-04' });
    expect(made.json().rows[0].lines[0]).toMatchObject({
      source: 'salary',
      amount: 6400,
      description: 'Salary 2026-04: $6,000.00 × 10/30 + $6,600.00 × 20/30',
    });

    // A hire on March 16 of a 31-day month: $4,000 × 16/31 = $2,064.516… → $2,064.52.
    const hired = await person('Hal Hired', [['2026-03-16', 4000]]);
    await employment(hired.user.id, '2026-03-16');
    expect(await options('2026-03', hired.user.id)).toMatchObject({ salary: 2064.52 });
    // A raise and a hire: salary known from before the hire; hired March 10, raise March 21.
    // $5,000 × 11/31 = 1,774.193… → 1,774.19; $5,500 × 11/31 = 1,951.612… → 1,951.61; = $3,725.80.
    const both = await person('Bo Both', [
      ['2025-06-01', 5000],
      ['2026-03-21', 5500],
    ]);
    await employment(both.user.id, '2026-03-10');
    expect(await options('2026-03', both.user.id)).toMatchObject({ salary: 3725.8 });

    // A termination on April 15: $1,000.01 × 15/30 = $500.005 → $500.01 (half away from zero).
    const left = await person('Lee Left', [['2025-01-01', 1000.01]]);
    await employment(left.user.id, '2024-05-01', '2026-04-15');
    const saved = await save([row(left.user.id, '2026-04')]);
    expect(saved.json().rows[0]).toMatchObject({ salary: 500.01, total: 500.01 });
    // Before the hire or after the termination nothing is owed.
    expect(await options('2026-02', hired.user.id)).toMatchObject({ salary: 0 });

    // The form may type over the computed salary.
    const typed = await save([row(hired.user.id, '2026-03', { salary: '2100.50' })]);
    expect(typed.json().rows[0]).toMatchObject({ salary: 2100.5, total: 2100.5 });
  });

  it('takes the month’s entries as lines; an entry on a statement is locked (412 naming it) until the statement goes', async () => {
    const p = await person('Mona Manager', [['2025-01-01', 4200.25]]);
    const b = await entry(p.user.id, 'Bonus', 300, '2026-03');
    const c = await entry(p.user.id, 'Charge', 75.5, '2026-03');
    await entry(p.user.id, 'Bonus', 999, '2026-04'); // April's: not on March's statement
    expect(await options('2026-03', p.user.id)).toMatchObject({ salary: 4200.25, bonus: 224.5 });
    const saved = await save([row(p.user.id, '2026-03', { description: 'March' })]);
    expect(saved.statusCode, saved.body).toBe(200);
    const [s] = saved.json().rows;
    // $4,200.25 + $300.00 − $75.50 = $4,424.75.
    expect(s).toMatchObject({
      month: '2026-03',
      employee: 'Mona Manager',
      department: 'Dispatch',
      salary: 4200.25,
      bonus: 224.5,
      total: 4424.75,
      description: 'March',
    });
    expect(
      s.lines.map((l: { source: string; entry_id: number | null; amount: number }) => [l.source, l.entry_id, l.amount]),
    ).toEqual([
      ['entry', b, 300],
      ['entry', c, -75.5],
      ['salary', null, 4200.25],
    ]);
    expect(saved.json().message).toBe(MSG.savingSuccess);

    const locked = { error: { mail: BONUS_CHARGE_MSG.locked(s.id) } };
    expect((await call('DELETE', `/bonus-charge/${b}`)).json()).toEqual(locked);
    const edit = await call('PUT', `/bonus-charge/${b}`, admin, {
      type: 'Bonus',
      total: 1,
      employee: p.user.id,
      department: departmentId,
      salary_month: '2026-03',
      additional: false,
      description: '',
    });
    expect(edit.statusCode).toBe(412);
    expect(edit.json()).toEqual(locked);
    expect((await call('GET', `/bonus-charge/${b}/edit`)).json().item.action_delete).toBe(true);
    const entries = (
      await call('POST', '/bonus-charge/list', admin, { filters: { employee: { values: [p.user.id] } } })
    )
      .json()
      .rows.map((r: { id: number; action_delete: boolean }) => [r.id, r.action_delete]);
    expect(entries).toEqual(
      expect.arrayContaining([
        [b, true],
        [c, true],
      ]),
    );
    expect(entries).toHaveLength(3);

    // An edit: the salary typed over, a new entry of the month joins, the description and base rate change.
    const d = await entry(p.user.id, 'Deduction', 24.5, '2026-03');
    const changed = await save([row(p.user.id, '2026-03', { id: s.id, salary: 4000, base_rate_percent: 2.5 })]);
    // $4,000.00 + $300.00 − $75.50 − $24.50 = $4,200.00.
    expect(changed.json().rows[0]).toMatchObject({
      id: s.id,
      salary: 4000,
      bonus: 200,
      total: 4200,
      base_rate: 2.5,
      description: '',
    });
    expect(changed.json().rows[0].lines.map((l: { entry_id: number | null }) => l.entry_id)).toContain(d);

    const edited = (await call('GET', `/salary-statements/${s.id}/edit`)).json();
    expect(edited.statement).toMatchObject({ id: s.id, total: 4200 });
    const list = (
      await call('POST', '/salary-statements/list', admin, { filters: { employee: { values: [p.user.id] } } })
    ).json();
    for (const key of ['rows', 'limit', 'order', 'sort', 'total', 'month', 'departments', 'settings', 'filter'])
      expect(list).toHaveProperty(key);
    expect(list.rows).toEqual([
      expect.objectContaining({ id: s.id, salary: 4000, bonus: 200, total: 4200, base_rate: 2.5 }),
    ]);
    expect(list.sum.total).toBe(4200);
    expect(list.month).toContain('2026-03');
    expect(list.departments).toContainEqual({ id: departmentId, name: 'Dispatch' });
    expect((await call('POST', '/salary-statements/filters', admin, {})).json().filter.employee).toContainEqual(
      expect.objectContaining({ value: p.user.id, label: 'Mona Manager' }),
    );

    // The month is paid once.
    const twice = await save([row(p.user.id, '2026-03', { salary: 1 })]);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual({ 'rows.0.employee_id': [M.already('Mona Manager', '2026-03')] });

    const removed = await call('DELETE', `/salary-statements/${s.id}`);
    expect(removed.json()).toEqual({
      message: 'Removed manager statement of $4,200.00 for Mona Manager from Dispatch (2026-03)',
    });
    expect((await call('DELETE', `/bonus-charge/${b}`)).statusCode).toBe(200);
    const audit = await t.database.query<{ action: string }>(
      "select action from audit_log where entity = 'pay_statements' and entity_id = $1 order by id",
      [String(s.id)],
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('an entry entered after its month’s statement lands on the next one, marked with its month', async () => {
    const p = await person('Lou Late', [['2025-01-01', 3000]]);
    const march = (await save([row(p.user.id, '2026-03')])).json().rows[0];
    expect(march.total).toBe(3000);
    const late = await entry(p.user.id, 'Bonus', 120.4, '2026-03');
    expect(await options('2026-04', p.user.id)).toMatchObject({
      bonus: 120.4,
      entries: [expect.objectContaining({ id: late, late: true, salary_month: '2026-03' })],
    });
    const april = (await save([row(p.user.id, '2026-04')])).json().rows[0];
    // $3,000.00 + the late $120.40.
    expect(april).toMatchObject({ salary: 3000, bonus: 120.4, total: 3120.4 });
    expect(april.lines).toContainEqual(expect.objectContaining({ entry_id: late, amount: 120.4, earned: '2026-03' }));
    // March's statement is untouched.
    expect((await call('GET', `/salary-statements/${march.id}/edit`)).json().statement.total).toBe(3000);
  });

  it('pays an Additional entry on the statement the accountant chooses, never by default, once', async () => {
    const p = await person('Ada Additional', [['2025-01-01', 3500]]);
    const extra = await entry(p.user.id, 'Salary', 1000, '2026-01', true);
    const offer = await options('2026-03', p.user.id);
    // Offered, not preselected: not in the bonus.
    expect(offer).toMatchObject({ bonus: 0, entries: [] });
    expect(offer.additional).toEqual([
      expect.objectContaining({ id: extra, salary_month: 'Additional 2026', amount: 1000, late: false }),
    ]);
    const march = (await save([row(p.user.id, '2026-03')])).json().rows[0];
    expect(march).toMatchObject({ total: 3500, additional: [] });
    const april = (await save([row(p.user.id, '2026-04', { additional: [extra] })])).json().rows[0];
    // $3,500.00 + $1,000.00.
    expect(april).toMatchObject({ salary: 3500, bonus: 1000, total: 4500, additional: [extra] });
    expect(april.lines).toContainEqual(
      expect.objectContaining({ source: 'additional', entry_id: extra, amount: 1000, earned: 'Additional 2026' }),
    );
    const history = (
      await call('POST', '/info/pay-history/list', admin, { user_id: p.user.id, date: '2026-04-01' })
    ).json();
    expect(history.rows.find((r: { month: string }) => r.month === '2026-04')).toMatchObject({
      statement_id: april.id,
      salary: 3500,
      bonus: 1000,
      additional: 1000,
      total: 4500,
    });
    expect(history.rows.find((r: { month: string }) => r.month === '2026-03')).toMatchObject({
      statement_id: march.id,
      additional: 0,
      total: 3500,
    });
    // Paid once: not offered again, and another statement cannot take it.
    expect((await options('2026-02', p.user.id)).additional).toEqual([]);
    const again = await save([row(p.user.id, '2026-02', { additional: [extra] })]);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ 'rows.0.additional': [M.lineTaken] });
  });

  it('refuses a month that has not begun and bad input, naming the field', async () => {
    const p = await person('Fay Future', [['2025-01-01', 3000]]);
    const future = await save([row(p.user.id, '2026-05', { salary: 1 })]);
    expect(future.statusCode).toBe(422);
    expect(future.json().errors).toEqual({ 'rows.0.month': [M.futureMonth] });
    const bad = await save([row(p.user.id, '2026-05', { department_id: '', salary: 'abc' })]);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['rows.0.department_id', 'rows.0.salary']);
    const stranger = await save([row(999999, '2026-03')]);
    expect(stranger.json().errors).toEqual({ 'rows.0.employee_id': [M.chooseEmployee] });
    const [n] = await t.database.query<{ n: number }>(
      "select count(*)::int as n from pay_statements where kind = 'staff' and payee_id = $1",
      [p.user.id],
    );
    expect(n?.n).toBe(0);
  });

  it('keeps a dispatcher’s base rate to the thousandth of a percent and refuses a fourth decimal on its field', async () => {
    const d = await person('Tess Thousandth', [['2025-01-01', 3000]], 2);
    const saved = await save([row(d.user.id, '2026-01', { base_rate_percent: '1.875' })]);
    expect(saved.statusCode, saved.body).toBe(200);
    const s = saved.json().rows[0] as { id: number; base_rate: number | null; total: number };
    // 1.875 % is kept as 1,875 thousandths of a percent (1.875 × 1,000), read back as 1.875.
    expect(s.base_rate).toBe(1.875);
    const [stored] = await t.database.query<{ milli: number }>(
      "select (terms->>'baseRateMilli')::int as milli from pay_statements where id = $1",
      [s.id],
    );
    expect(stored?.milli).toBe(1875);
    const listed = (
      await call('POST', '/salary-statements/list', admin, { filters: { id: { op: 'eq', value: s.id } } })
    ).json();
    expect(listed.rows.map((r: { base_rate: number }) => r.base_rate)).toEqual([1.875]);
    expect((await call('GET', `/salary-statements/${s.id}/edit`)).json()).toMatchObject({
      statement: { base_rate: 1.875 },
    });
    for (const bad of ['1.8755', 1.8755, '101', '-1', '1e1']) {
      const refused = await save([row(d.user.id, '2026-02', { base_rate_percent: bad })]);
      expect(refused.statusCode, String(bad)).toBe(422);
      expect(refused.json().errors, String(bad)).toEqual({ 'rows.0.base_rate_percent': [M.rate] });
    }
  });

  it('pays a person’s month once when the same save comes four times at once', async () => {
    const p = await person('Parallel Paula', [['2025-01-01', 3000]]);
    const answers = await Promise.all(Array.from({ length: 4 }, () => save([row(p.user.id, '2026-03')])));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422, 422, 422]);
    const [n] = await t.database.query<{ n: number }>(
      "select count(*)::int as n from pay_statements where kind = 'staff' and payee_id = $1",
      [p.user.id],
    );
    expect(n?.n).toBe(1);
  });

  it('view needs 10, delete 11; a dispatcher sees only its own rows; salary statements stay off this screen', async () => {
    const d = await person('Dina Dispatcher', [['2025-01-01', 3000]], 2);
    const other = await person('Otto Other', [['2025-01-01', 3100]]);
    const saved = (
      await save([row(d.user.id, '2026-02', { base_rate_percent: 1.5 }), row(other.user.id, '2026-02')])
    ).json().rows as Array<{ id: number; base_rate: number | null }>;
    expect(saved[0]?.base_rate).toBe(1.5);
    const own = (await call('POST', '/salary-statements/list', d.token, {})).json();
    expect(own.rows.map((r: { employee: string }) => r.employee)).toEqual(['Dina Dispatcher']);
    expect((await call('GET', `/salary-statements/${saved[1]?.id}/edit`, d.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/salary-statements/${saved[0]?.id}`, d.token)).statusCode).toBe(403);
    expect((await save([], d.token)).statusCode).toBe(403);
    const outsider = (await f.user([{ section: SECTION.ManagerStatements, action: 0 }])).token;
    expect((await call('POST', '/salary-statements/list', outsider, {})).statusCode).toBe(403);

    // A salary statement (the account's) is not a manager statement: not listed, read or deleted here.
    const e = await person('Eve Employee', [['2025-01-01', 2000]]);
    const made = (await call('POST', '/info/statements/create', admin, { month: '2026-01' })).json()
      .created as number[];
    const [mine] = await t.database.query<{ id: number }>(
      "select id from pay_statements where kind = 'staff' and payee_id = $1",
      [e.user.id],
    );
    expect(made).toContain(mine?.id);
    expect((await call('GET', `/salary-statements/${mine?.id}/edit`)).statusCode).toBe(404);
    expect((await call('DELETE', `/salary-statements/${mine?.id}`)).statusCode).toBe(404);
    // …and its month is paid: the manager screen cannot pay it again.
    expect((await save([row(e.user.id, '2026-01')])).json().errors).toEqual({
      'rows.0.employee_id': [M.already('Eve Employee', '2026-01')],
    });
  });
});
