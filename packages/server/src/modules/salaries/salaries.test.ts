import { ACTION, MSG } from '@backhaul/shared';
import { MANAGER_STATEMENT_MSG } from '@backhaul/shared/modules/manager-statements/manager-statements.contract';
import { SALARY_MSG } from '@backhaul/shared/modules/salaries/salaries.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Factories, factories } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { freezeClock, thawClock } from '../../platform/clock';

// Today is 2026-04-20 in Chicago: April has begun, May has not.
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
  // The demo's salaries stay out of these months: the people with a salary here are ours alone.
  await t.database.query('delete from salary_payments');
  const [row] = await t.database.query<{ id: number }>("select id from departments where name = 'Accounting'");
  departmentId = row?.id as number;
});
afterAll(async () => {
  thawClock();
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token = admin, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: t.bearer(token), ...(payload ? { payload } : {}) });
const newPerson = async (name: string) => {
  const made = await f.user([0, ACTION.VIEW].flatMap((action) => [96, 104].map((section) => ({ section, action }))));
  await t.database.query('update users set name = $1, department_id = $2 where id = $3', [
    name,
    departmentId,
    made.user.id,
  ]);
  return made;
};
const salary = async (userId: number, date: string, amount: number | string) => {
  const res = await call('POST', '/info/pay-history', admin, { user_id: userId, date, amount });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().salary_payment.id as number;
};
const entry = async (employee: number, type: string, total: number, month: string, additional = false) => {
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
};
const managerStatement = async (employee: number, month: string, additional: number[] = []) => {
  const res = await call('POST', '/salary-statements', admin, {
    rows: [{ month, department_id: departmentId, employee_id: employee, description: '', additional }],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().rows[0] as { id: number; total: number };
};
const staffStatements = async (userId: number) =>
  (
    await t.database.query<{ n: number }>(
      "select count(*)::int as n from pay_statements where kind = 'staff' and payee_id = $1",
      [userId],
    )
  )[0]?.n;

describe('pay history and salary statements', () => {
  it('records salary entries; salary statements are previewed by GET and made once by POST, also four at once', async () => {
    const p = await newPerson('Sally Salary');
    await salary(p.user.id, '2026-01-01', '4000');
    const raise = await salary(p.user.id, '2026-03-15', 4500.5);
    const edited = await call('POST', `/info/pay-history/${raise}`, admin, {
      user_id: p.user.id,
      date: '2026-03-15',
      amount: 4600.5,
    });
    expect(edited.json()).toMatchObject({ message: MSG.dataUpdated, salary_payment: { id: raise, amount: 4600.5 } });
    await entry(p.user.id, 'Bonus', 250, '2026-03');
    await entry(p.user.id, 'Deduction', 50.25, '2026-03');

    // The spec's GET is a preview: it counts the statements the month lacks and writes nothing.
    const preview = await call('GET', '/info/statements/create?month=2026-03');
    expect(preview.json()).toEqual({ message: SALARY_MSG.toMake(1, '2026-03'), month: '2026-03', created: [] });
    expect(await staffStatements(p.user.id)).toBe(0);
    const made = await Promise.all(
      Array.from({ length: 4 }, () => call('POST', '/info/statements/create', admin, { month: '2026-03' })),
    );
    expect(made.map((m) => m.statusCode)).toEqual([200, 200, 200, 200]);
    expect(made.map((m) => m.json().created.length).sort()).toEqual([0, 0, 0, 1]);
    expect(await staffStatements(p.user.id)).toBe(1);
    const list = (
      await call('POST', '/info/statements/list', admin, { filters: { employee: { values: [p.user.id] } } })
    ).json();
    for (const key of ['rows', 'limit', 'order', 'sort', 'sum', 'total', 'filter']) expect(list).toHaveProperty(key);
    // March: $4,000 × 14/31 = 1,806.451… → 1,806.45; $4,600.50 × 17/31 = 2,522.854… → 2,522.85; = $4,329.30.
    // Bonus $250.00 − $50.25 = $199.75; total $4,529.05.
    expect(list.rows).toEqual([
      expect.objectContaining({
        employee: 'Sally Salary',
        salary: 4329.3,
        bonus: 199.75,
        total: 4529.05,
        end_month_date: '2026-03-31',
      }),
    ]);
    expect((await call('GET', '/info/statements/create?month=2026-03')).json().message).toBe(
      SALARY_MSG.toMake(0, '2026-03'),
    );
    expect((await call('POST', '/info/statements/filters', admin, {})).json().filter.employee).toContainEqual(
      expect.objectContaining({ value: p.user.id }),
    );
    // One's own: a person without Statements create sees only its own statements and its own pay.
    expect(
      (await call('POST', '/info/statements/list', p.token, {}))
        .json()
        .rows.map((r: { employee: string }) => r.employee),
    ).toEqual(['Sally Salary']);
    const other = await newPerson('Nosy Neighbour');
    expect((await call('POST', '/info/pay-history/list', other.token, { user_id: p.user.id })).statusCode).toBe(404);
    expect((await call('POST', '/info/pay-history/list', other.token, {})).json().user_id).toBe(other.user.id);
    const id = list.rows[0].id as number;
    expect((await call('DELETE', `/info/statements/${id}`)).json()).toEqual({ message: MSG.deleteSuccess });
    expect(await staffStatements(p.user.id)).toBe(0);
    expect((await call('DELETE', `/info/pay-history/${raise}`)).json()).toEqual({ message: MSG.salaryPaymentDeleted });
    const audit = await t.database.query<{ action: string }>(
      "select action from audit_log where entity = 'salary_payments' and entity_id = $1 order by id",
      [String(raise)],
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('every staff member reads their own pay history; another person’s needs Pay history and Account users', async () => {
    // A person with no salary section at all (a dispatcher's grants: trips only).
    const plain = await f.user([{ section: 1, action: ACTION.VIEW }]);
    await salary(plain.user.id, '2026-02-01', 3210.5);
    const own = await call('POST', '/info/pay-history/list', plain.token, { date: '2026-03-01' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().user_id).toBe(plain.user.id);
    expect(JSON.stringify(own.json())).toContain('3210.5');
    // Another person's: 404 without Pay history and Account users, as before.
    const other = await newPerson('Olga Other');
    const refused = await call('POST', '/info/pay-history/list', plain.token, { user_id: other.user.id });
    expect(refused.statusCode).toBe(404);
    // Recording an entry still needs Pay history (104) create.
    const write = await call('POST', '/info/pay-history', plain.token, {
      user_id: plain.user.id,
      date: '2026-03-01',
      amount: 9999,
    });
    expect(write.statusCode).toBe(403);
  });

  it('pay history is what the statements pay: a year computed by hand', async () => {
    const p = await newPerson('Yuri Year');
    await salary(p.user.id, '2025-06-01', 4000);
    await salary(p.user.id, '2026-02-15', 4400);
    await entry(p.user.id, 'Bonus', 100, '2026-01');
    await entry(p.user.id, 'Charge', 50, '2026-02');
    const extra = await entry(p.user.id, 'Salary', 1000, '2026-06', true);

    const jan = await managerStatement(p.user.id, '2026-01');
    const made = (await call('POST', '/info/statements/create', admin, { month: '2026-02' })).json()
      .created as number[];
    const [own] = await t.database.query<{ id: number }>(
      "select id from pay_statements where kind = 'staff' and variant = 'employee' and payee_id = $1",
      [p.user.id],
    );
    const feb = [own?.id as number];
    expect(made).toContain(feb[0]);
    // Entered after February's statement: paid on March's, marked as February's.
    const late = await entry(p.user.id, 'Bonus', 25, '2026-02');
    const mar = await managerStatement(p.user.id, '2026-03', [extra]);

    const history = (
      await call('POST', '/info/pay-history/list', admin, { user_id: p.user.id, date: '2026-04-01' })
    ).json();
    expect(history.months).toHaveLength(12);
    const month = (m: string) => history.rows.find((r: { month: string }) => r.month === m);
    // January: $4,000.00 + $100.00.
    expect(month('2026-01')).toMatchObject({
      statement_id: jan.id,
      salary: 4000,
      bonus: 100,
      additional: 0,
      total: 4100,
    });
    // February (28 days): $4,000 × 14/28 + $4,400 × 14/28 = 2,000.00 + 2,200.00; − $50.00.
    expect(month('2026-02')).toMatchObject({
      statement_id: feb[0],
      salary: 4200,
      bonus: -50,
      additional: 0,
      total: 4150,
    });
    // March: $4,400.00 + the late $25.00 + Additional 2026 $1,000.00.
    expect(month('2026-03')).toMatchObject({
      statement_id: mar.id,
      salary: 4400,
      bonus: 1025,
      additional: 1000,
      total: 5425,
    });
    expect(month('2026-03').lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ entry_id: late, amount: 25, earned: '2026-02' }),
        expect.objectContaining({ entry_id: extra, amount: 1000, earned: 'Additional 2026', source: 'additional' }),
      ]),
    );
    expect(month('2026-04')).toMatchObject({ statement_id: null, salary: 0, bonus: 0, total: 0, lines: [] });
    // The year: 4,100 + 4,150 + 5,425 = $13,675.00, the same on the statements' lists.
    const year = history.rows.reduce((s: number, r: { total: number }) => s + r.total, 0);
    expect(year).toBe(13675);
    const byEmployee = { filters: { employee: { values: [p.user.id] } } };
    const listed = [
      ...(await call('POST', '/salary-statements/list', admin, byEmployee)).json().rows,
      ...(await call('POST', '/info/statements/list', admin, byEmployee)).json().rows,
    ] as Array<{ id: number; salary: number; bonus: number; total: number }>;
    expect(listed.map((s) => s.id).sort()).toEqual([jan.id, feb[0], mar.id].sort());
    for (const s of listed) {
      const r = history.rows.find((h: { statement_id: number | null }) => h.statement_id === s.id);
      expect([r.salary, r.bonus, r.total]).toEqual([s.salary, s.bonus, s.total]);
    }
    expect(history.salary_payment.map((e: { amount: number; date: string }) => [e.date, e.amount])).toEqual([
      ['2025-06-01', 4000],
      ['2026-02-15', 4400],
    ]);
  });

  it('a month a manager statement paid is not paid again; a future month and bad input are refused', async () => {
    const p = await newPerson('Paid Once');
    await salary(p.user.id, '2026-01-01', 3000);
    await managerStatement(p.user.id, '2026-03');
    expect((await call('POST', '/info/statements/create', admin, { month: '2026-03' })).statusCode).toBe(200);
    expect(await staffStatements(p.user.id)).toBe(1);
    const mine = (
      await call('POST', '/info/statements/list', admin, { filters: { employee: { values: [p.user.id] } } })
    ).json();
    expect(mine.total).toBe(0);
    const twice = await call('POST', '/salary-statements', admin, {
      rows: [{ month: '2026-03', department_id: departmentId, employee_id: p.user.id, description: '' }],
    });
    expect(twice.json().errors).toEqual({
      'rows.0.employee_id': [MANAGER_STATEMENT_MSG.already('Paid Once', '2026-03')],
    });
    const future = await call('GET', '/info/statements/create?month=2026-05');
    expect(future.json().errors).toEqual({ month: [SALARY_MSG.futureMonth] });
    const making = await call('POST', '/info/statements/create', admin, { month: '2026-05' });
    expect(making.json().errors).toEqual({ month: [SALARY_MSG.futureMonth] });
    expect(
      (await call('POST', '/info/statements/create', p.token, { month: '2026-03' })).statusCode,
      'making statements needs Statements create (96)',
    ).toBe(403);
    const bad = await call('POST', '/info/pay-history', admin, { user_id: 999999, date: '2026-02-30', amount: -1 });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['amount', 'date']);
    expect(
      (await call('POST', '/info/pay-history', admin, { user_id: 999999, date: '2026-03-01', amount: 1 })).json()
        .errors,
    ).toEqual({ user_id: [SALARY_MSG.chooseEmployee] });
    expect(
      (await call('POST', '/info/pay-history', p.token, { user_id: p.user.id, date: '2026-03-01', amount: 1 }))
        .statusCode,
    ).toBe(403);
  });

  it('a person who left is paid to the last day worked, and not for a month after it', async () => {
    const p = await newPerson('Terry Terminated');
    await salary(p.user.id, '2025-01-01', 3100);
    await t.database.query(
      'insert into employees (company_id, name, user_id, hired_on, terminated_on) select company_id, name, id, $2, $3 from users where id = $1',
      [p.user.id, '2024-01-01', '2026-03-10'],
    );
    await t.database.query('update users set active = false where id = $1', [p.user.id]);
    // Inactive, but left in March: March is made; $3,100 × 10/31 = $1,000.00.
    expect((await call('POST', '/info/statements/create', admin, { month: '2026-03' })).statusCode).toBe(200);
    const list = (
      await call('POST', '/info/statements/list', admin, { filters: { employee: { values: [p.user.id] } } })
    ).json();
    expect(list.rows).toEqual([expect.objectContaining({ salary: 1000, total: 1000 })]);
    // April is after the last day worked: no statement for it.
    expect((await call('POST', '/info/statements/create', admin, { month: '2026-04' })).statusCode).toBe(200);
    expect(await staffStatements(p.user.id)).toBe(1);
  });
});
