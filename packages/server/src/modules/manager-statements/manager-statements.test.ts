import { ACTION, MSG, SECTION } from '@backhaul/shared';
import { nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import { BONUS_CHARGE_MSG } from '@backhaul/shared/modules/bonus-charge/bonus-charge.contract';
import { MANAGER_STATEMENT_MSG as M } from '@backhaul/shared/modules/manager-statements/manager-statements.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Factories, factories } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { addMonths } from '../dispatcher-statements';

let t: TestContext;
let f: Factories;
let admin: string;
let departmentId: number;
const month = addMonths(nowInCompanyTimeZone().date.slice(0, 7), -1);

beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  admin = await t.login('admin@backhaul.demo');
  const [row] = await t.database.query<{ id: number }>("select id from departments where name = 'Dispatch'");
  departmentId = row?.id as number;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token = admin, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/salary-statements${url}`,
    headers: t.bearer(token),
    ...(payload ? { payload } : {}),
  });

async function person(name: string, role = 4) {
  const made = await f.user(
    [0, ACTION.VIEW].map((action) => ({ section: SECTION.ManagerStatements, action })),
    { role },
  );
  await t.database.query('update users set name = $1, department_id = $2 where id = $3', [
    name,
    departmentId,
    made.user.id,
  ]);
  return made;
}
const bonus = (employee: number, type: string, total: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/bonus-charge',
    headers: t.bearer(admin),
    payload: {
      type,
      total,
      employee,
      department: departmentId,
      salary_month: month,
      additional: false,
      description: '',
    },
  });

describe('/salary-statements', () => {
  it('total = salary + the month’s bonuses and charges; the entries are locked until the statement goes', async () => {
    const p = await person('Mona Manager');
    const b = (await bonus(p.user.id, 'Bonus', 300)).json().item.id as number;
    await bonus(p.user.id, 'Charge', 75.5);
    const form = (await call('POST', '/create', admin, { month })).json();
    expect(form.selected_month).toBe(month);
    expect(form.employees).toContainEqual(
      expect.objectContaining({ id: p.user.id, bonus: 224.5, has_statement: false, department_id: departmentId }),
    );
    const saved = await call('POST', '', admin, {
      rows: [{ month, department_id: departmentId, employee_id: p.user.id, salary: '4200.25', description: 'October' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [row] = saved.json().rows;
    // $4,200.25 + $300.00 − $75.50 = $4,424.75.
    expect(row).toMatchObject({
      month,
      employee: 'Mona Manager',
      department: 'Dispatch',
      salary: 4200.25,
      bonus: 224.5,
      total: 4424.75,
    });
    expect(saved.json().message).toBe(MSG.savingSuccess);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/bonus-charge/${b}`, headers: t.bearer(admin) })).json(),
    ).toEqual({
      error: { mail: BONUS_CHARGE_MSG.locked },
    });

    const edit = (await call('GET', `/${row.id}/edit`)).json();
    expect(edit.statement).toMatchObject({ id: row.id, total: 4424.75 });
    const changed = await call('POST', '', admin, {
      rows: [{ id: row.id, month, department_id: departmentId, employee_id: p.user.id, salary: 4000, description: '' }],
    });
    expect(changed.json().rows[0]).toMatchObject({ id: row.id, total: 4224.5 });

    const list = await call('POST', '/list', admin, { filters: { employee: { values: [p.user.id] } } });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    for (const key of ['rows', 'limit', 'order', 'sort', 'total', 'month', 'departments', 'settings', 'filter'])
      expect(body).toHaveProperty(key);
    expect(body.rows).toEqual([expect.objectContaining({ id: row.id, total: 4224.5, bonus: 224.5 })]);
    expect(body.sum.total).toBe(4224.5);
    expect(body.month[0] >= month).toBe(true);
    expect(body.departments).toContainEqual({ id: departmentId, name: 'Dispatch' });
    expect((await call('POST', '/filters', admin, {})).json().filter.employee).toContainEqual(
      expect.objectContaining({ value: p.user.id, label: 'Mona Manager' }),
    );

    // The month is paid once.
    const twice = await call('POST', '', admin, {
      rows: [{ month, department_id: departmentId, employee_id: p.user.id, salary: 1, description: '' }],
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual({ 'rows.0.employee_id': [M.already('Mona Manager', month)] });

    const removed = await call('DELETE', `/${row.id}`);
    expect(removed.json()).toEqual({
      message: `Removed manager statement of $4,224.50 for Mona Manager from Dispatch (${month})`,
    });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/bonus-charge/${b}`, headers: t.bearer(admin) })).statusCode,
    ).toBe(200);
    const audit = await t.database.query<{ action: string }>(
      "select action from audit_log where entity = 'manager_statement' and entity_id = $1 order by id",
      [String(row.id)],
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('pays a person’s month once when the same save comes four times at once', async () => {
    const p = await person('Parallel Paula');
    const body = {
      rows: [{ month, department_id: departmentId, employee_id: p.user.id, salary: 3000, description: '' }],
    };
    const answers = await Promise.all(Array.from({ length: 4 }, () => call('POST', '', admin, body)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422, 422, 422]);
    const [n] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from manager_statements where employee_id = $1',
      [p.user.id],
    );
    expect(n?.n).toBe(1);
  });

  it('view needs 10, delete 11; a dispatcher sees only its own rows; bad input names the field', async () => {
    const d = await person('Dina Dispatcher', 2);
    const other = await person('Otto Other');
    const saved = (
      await call('POST', '', admin, {
        rows: [
          {
            month,
            department_id: departmentId,
            employee_id: d.user.id,
            salary: 3000,
            base_rate_percent: 1.5,
            description: '',
          },
          { month, department_id: departmentId, employee_id: other.user.id, salary: 3100, description: '' },
        ],
      })
    ).json().rows as Array<{ id: number; base_rate: number | null }>;
    expect(saved[0]?.base_rate).toBe(1.5);
    const own = (await call('POST', '/list', d.token, {})).json();
    expect(own.rows.map((r: { employee: string }) => r.employee)).toEqual(['Dina Dispatcher']);
    expect((await call('GET', `/${saved[1]?.id}/edit`, d.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/${saved[0]?.id}`, d.token)).statusCode).toBe(403);
    expect((await call('POST', '', d.token, { rows: [] })).statusCode).toBe(403);
    const outsider = (await f.user([{ section: SECTION.ManagerStatements, action: 0 }])).token;
    expect((await call('POST', '/list', outsider, {})).statusCode).toBe(403);

    const next = addMonths(nowInCompanyTimeZone().date.slice(0, 7), 1);
    const bad = await call('POST', '', admin, {
      rows: [{ month: next, department_id: '', employee_id: other.user.id, salary: 'abc', description: '' }],
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['rows.0.department_id', 'rows.0.salary']);
    const future = await call('POST', '', admin, {
      rows: [{ month: next, department_id: departmentId, employee_id: other.user.id, salary: 1, description: '' }],
    });
    expect(future.json().errors).toEqual({ 'rows.0.month': [M.futureMonth] });
  });
});
