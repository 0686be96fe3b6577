import { ACTION, MSG } from '@backhaul/shared';
import { nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import { SALARY_MSG } from '@backhaul/shared/modules/salaries/salaries.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Factories, factories } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { addMonths } from '../dispatcher-statements';

let t: TestContext;
let f: Factories;
let admin: string;
const thisMonth = nowInCompanyTimeZone().date.slice(0, 7);
const month = addMonths(thisMonth, -1);

beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  admin = await t.login('admin@backhaul.demo');
  // Demo statements and salaries stay out of these sums: the month here is ours alone.
  await t.database.query('delete from manager_statements where month = $1::date', [`${month}-01`]);
  await t.database.query('delete from salary_payments');
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token = admin, payload?: object) =>
  t.app.inject({ method, url: `/api/info${url}`, headers: t.bearer(token), ...(payload ? { payload } : {}) });
const newPerson = async (name: string) => {
  const made = await f.user([0, ACTION.VIEW].flatMap((action) => [96, 104].map((section) => ({ section, action }))));
  await t.database.query('update users set name = $1 where id = $2', [name, made.user.id]);
  return made;
};

describe('pay history and salary statements', () => {
  it('records salary payments, and a month’s statement = salary at its end + its bonuses and charges, once', async () => {
    const p = await newPerson('Sally Salary');
    const first = await call('POST', '/pay-history', admin, {
      user_id: p.user.id,
      date: `${addMonths(month, -3)}-01`,
      amount: '4000',
      note: 'Start',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ message: MSG.savingSuccess, salary_payment: { amount: 4000, note: 'Start' } });
    const raise = (
      await call('POST', '/pay-history', admin, { user_id: p.user.id, date: `${month}-15`, amount: 4500.5 })
    ).json().salary_payment.id as number;
    const edited = await call('POST', `/pay-history/${raise}`, admin, {
      user_id: p.user.id,
      date: `${month}-15`,
      amount: 4600.5,
    });
    expect(edited.json()).toMatchObject({ message: MSG.dataUpdated, salary_payment: { id: raise, amount: 4600.5 } });
    for (const [type, total] of [
      ['Bonus', 250],
      ['Deduction', 50.25],
    ] as const)
      await t.app.inject({
        method: 'POST',
        url: '/api/bonus-charge',
        headers: t.bearer(admin),
        payload: {
          type,
          total,
          employee: p.user.id,
          department: null,
          salary_month: month,
          additional: false,
          description: '',
        },
      });

    const history = (
      await call('POST', '/pay-history/list', admin, { user_id: p.user.id, date: `${month}-01` })
    ).json();
    expect(history.salary_payment.map((e: { amount: number }) => e.amount)).toEqual([4000, 4600.5]);
    expect(history.rows).toContainEqual({ month, salary: 4600.5, bonus: 199.75, total: 4800.25 });
    expect(history.months).toHaveLength(12);

    // The spec's GET is a preview: it counts the statements the month lacks and writes nothing.
    const statements = async () =>
      (await t.database.query<{ n: number }>('select count(*)::int as n from manager_statements'))[0]?.n;
    const before = await statements();
    const preview = await call('GET', `/statements/create?month=${month}`);
    expect(preview.json()).toEqual({ message: SALARY_MSG.toMake(1, month), month, created: [] });
    expect(await statements()).toBe(before);

    // POST makes them for every salaried person without a statement; asked four times at once, made once.
    const made = await Promise.all(
      Array.from({ length: 4 }, () => call('POST', '/statements/create', admin, { month })),
    );
    expect(made.every((m) => m.statusCode === 200)).toBe(true);
    expect(made.map((m) => m.json().created.length).sort()).toEqual([0, 0, 0, 1]);
    expect(await statements()).toBe((before ?? 0) + 1);
    const list = (
      await call('POST', '/statements/list', admin, { filters: { employee: { values: [p.user.id] } } })
    ).json();
    for (const key of ['rows', 'limit', 'order', 'sort', 'sum', 'total', 'filter']) expect(list).toHaveProperty(key);
    // $4,600.50 + $250.00 − $50.25 = $4,800.25.
    expect(list.rows).toEqual([
      expect.objectContaining({
        employee: 'Sally Salary',
        salary: 4600.5,
        bonus: 199.75,
        total: 4800.25,
        end_month_date: expect.stringMatching(new RegExp(`^${month}-`)),
      }),
    ]);
    expect((await call('GET', `/statements/create?month=${month}`)).json().message).toBe(SALARY_MSG.toMake(0, month));
    expect((await call('POST', '/statements/create', admin, { month })).json().message).toBe(
      SALARY_MSG.created(0, month),
    );
    expect((await call('POST', '/statements/filters', admin, {})).json().filter.employee).toContainEqual(
      expect.objectContaining({ value: p.user.id }),
    );

    // One's own: a person without 96 create sees only its own statements and its own pay.
    expect(
      (await call('POST', '/statements/list', p.token, {})).json().rows.map((r: { employee: string }) => r.employee),
    ).toEqual(['Sally Salary']);
    const other = await newPerson('Nosy Neighbour');
    expect((await call('POST', '/pay-history/list', other.token, { user_id: p.user.id })).statusCode).toBe(404);
    expect((await call('POST', '/pay-history/list', other.token, {})).json().user_id).toBe(other.user.id);

    const id = list.rows[0].id as number;
    expect((await call('DELETE', `/statements/${id}`)).json()).toEqual({ message: MSG.deleteSuccess });
    expect((await call('DELETE', `/pay-history/${raise}`)).json()).toEqual({ message: MSG.salaryPaymentDeleted });
    const audit = await t.database.query<{ action: string }>(
      "select action from audit_log where entity = 'salary_payment' and entity_id = $1 order by id",
      [String(raise)],
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('a month a manager statement paid is not paid again; a future month and bad input are refused', async () => {
    const p = await newPerson('Paid Once');
    await call('POST', '/pay-history', admin, { user_id: p.user.id, date: `${month}-01`, amount: 3000 });
    const [dep] = await t.database.query<{ id: number }>('select id from departments limit 1');
    const manager = await t.app.inject({
      method: 'POST',
      url: '/api/salary-statements',
      headers: t.bearer(admin),
      payload: { rows: [{ month, department_id: dep?.id, employee_id: p.user.id, salary: 3000, description: '' }] },
    });
    expect(manager.statusCode, manager.body).toBe(200);
    expect((await call('POST', '/statements/create', admin, { month })).statusCode).toBe(200);
    const mine = (
      await call('POST', '/statements/list', admin, { filters: { employee: { values: [p.user.id] } } })
    ).json();
    expect(mine.total).toBe(0);
    const future = await call('GET', `/statements/create?month=${addMonths(thisMonth, 1)}`);
    expect(future.json().errors).toEqual({ month: [SALARY_MSG.futureMonth] });
    const making = await call('POST', '/statements/create', admin, { month: addMonths(thisMonth, 1) });
    expect(making.json().errors).toEqual({ month: [SALARY_MSG.futureMonth] });
    expect(
      (await call('POST', '/statements/create', p.token, { month })).statusCode,
      'making statements needs Statements create (96)',
    ).toBe(403);
    const bad = await call('POST', '/pay-history', admin, { user_id: 999999, date: '2026-02-30', amount: -1 });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['amount', 'date']);
    expect(
      (await call('POST', '/pay-history', admin, { user_id: 999999, date: `${month}-01`, amount: 1 })).json().errors,
    ).toEqual({
      user_id: [SALARY_MSG.chooseEmployee],
    });
    expect(
      (await call('POST', '/pay-history', p.token, { user_id: p.user.id, date: `${month}-01`, amount: 1 })).statusCode,
    ).toBe(403);
  });
});
