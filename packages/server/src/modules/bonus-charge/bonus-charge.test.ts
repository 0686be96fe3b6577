import { ACTION, ITEM_MESSAGES } from '@backhaul/shared';
import { BONUS_CHARGE_MSG } from '@backhaul/shared/modules/bonus-charge/bonus-charge.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Factories, factories } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { freezeClock, thawClock } from '../../platform/clock';

let t: TestContext;
let f: Factories;
let admin: string;
let employeeId: number;
let departmentId: number;
beforeAll(async () => {
  // Today is 2026-04-20 in Chicago: March's statement may be made.
  freezeClock('2026-04-20T17:00:00Z');
  t = await createTestApp();
  f = factories(t);
  admin = await t.login('admin@backhaul.demo');
  // A new employee of the Dispatch department, so the demo entries stay out of the sums.
  const [row] = await t.database.query<{ department_id: number }>(
    "select department_id from users where email = 'dispatcher@backhaul.demo'",
  );
  departmentId = row?.department_id as number;
  employeeId = (await f.user([])).user.id;
  await t.database.query('update users set name = $1, department_id = $2 where id = $3', [
    'Pat Payee',
    departmentId,
    employeeId,
  ]);
});
afterAll(async () => {
  thawClock();
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token = admin, payload?: object) =>
  t.app.inject({ method, url: `/api/bonus-charge${url}`, headers: t.bearer(token), ...(payload ? { payload } : {}) });
const entry = (extra: Record<string, unknown> = {}) => ({
  type: 'Bonus',
  total: '150.25',
  employee: employeeId,
  department: departmentId,
  salary_month: '2026-03',
  additional: false,
  description: 'Quarter target',
  ...extra,
});

describe('/bonus-charge', () => {
  it('creates, edits, lists with the sum of differences, and deletes with a deletion message, audited', async () => {
    const form = (await call('GET', `/create?department_id=${departmentId}`)).json();
    expect(form.department_id).toBe(departmentId);
    expect(form.employees).toContainEqual(
      expect.objectContaining({ id: employeeId, name: 'Pat Payee', department_id: departmentId }),
    );
    const bonus = await call('POST', '', admin, entry());
    expect(bonus.statusCode, bonus.body).toBe(200);
    expect(bonus.json()).toMatchObject({
      message: ITEM_MESSAGES.created,
      item: { type: 'Bonus', total: 150.25, employee: employeeId, salary_month: '2026-03', action_delete: false },
    });
    const charge = (await call('POST', '', admin, entry({ type: 'Charge', total: 40, description: 'Ticket' }))).json()
      .item;
    const extra = (await call('POST', '', admin, entry({ type: 'Salary', total: 1000, additional: true }))).json().item;
    const id = bonus.json().item.id as number;
    const edited = await call('PUT', `/${id}`, admin, entry({ total: '200.10' }));
    expect(edited.json()).toMatchObject({ message: ITEM_MESSAGES.updated, item: { id, total: 200.1 } });
    expect((await call('GET', `/${id}/edit`)).json().item).toMatchObject({ id, total: 200.1, type: 'Bonus' });

    // Only these three: filter on the employee; sum = 200.10 − 40 + 1000 (charges count against the pay).
    const list = await call('POST', '/list', admin, {
      filters: { employee: { values: [employeeId] } },
      sort: 'salary_month',
      order: 'desc',
    });
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json();
    expect(body.total).toBe(3);
    expect(body.sum.total).toBe(1160.1);
    // "Additional 2026" sorts as month 13, above March.
    expect(body.rows.map((r: { id: number; salary_month: string }) => [r.id, r.salary_month])).toEqual([
      [extra.id, 'Additional 2026'],
      expect.arrayContaining([expect.any(Number), '2026-03']),
      expect.arrayContaining([expect.any(Number), '2026-03']),
    ]);
    expect(body.rows[0]).toMatchObject({ employee: 'Pat Payee', created_by: 'Avery Admin', type: 'Salary' });
    expect((await call('GET', '')).json().rows.length).toBeGreaterThan(0);

    expect((await call('DELETE', `/${charge.id}`)).json()).toEqual({ message: BONUS_CHARGE_MSG.deleted });
    expect((await call('GET', `/${charge.id}/edit`)).statusCode).toBe(404);
    const audit = await t.database.query<{ action: string }>(
      "select action from audit_log where entity = 'bonus_charges' and entity_id = $1 order by id",
      [String(id)],
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
  });

  it('refuses bad input naming the field', async () => {
    const bad = await call(
      'POST',
      '',
      admin,
      entry({ type: 'Tip', total: '-5', employee: '', salary_month: '2026-13' }),
    );
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['employee', 'salary_month', 'total', 'type']);
    const stranger = await call('POST', '', admin, entry({ employee: 999999 }));
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().errors).toEqual({ employee: [BONUS_CHARGE_MSG.chooseEmployee] });
  });

  it('an entry a staff statement pays cannot be changed or deleted (412 naming it) until the statement goes', async () => {
    const id = (await call('POST', '', admin, entry({ salary_month: '2026-02' }))).json().item.id as number;
    const extra = (await call('POST', '', admin, entry({ salary_month: '2026-02', additional: true }))).json().item
      .id as number;
    const statement = async (rows: object[]) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/salary-statements',
        headers: t.bearer(admin),
        payload: { rows },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().rows[0] as { id: number };
    };
    const s = await statement([
      { month: '2026-02', department_id: departmentId, employee_id: employeeId, salary: 1000, description: '' },
    ]);
    const locked = async (entryId: number, statementId: number) => {
      for (const res of [await call('DELETE', `/${entryId}`), await call('PUT', `/${entryId}`, admin, entry())]) {
        expect(res.statusCode).toBe(412);
        expect(res.json()).toEqual({ error: { mail: BONUS_CHARGE_MSG.locked(statementId) } });
      }
      expect((await call('GET', `/${entryId}/edit`)).json().item.action_delete).toBe(true);
    };
    await locked(id, s.id);
    // The Additional entry is not on the month's statement: free until a statement pays it.
    expect((await call('GET', `/${extra}/edit`)).json().item.action_delete).toBe(false);
    const march = await statement([
      {
        month: '2026-03',
        department_id: departmentId,
        employee_id: employeeId,
        salary: 1000,
        description: '',
        additional: [extra],
      },
    ]);
    await locked(extra, march.id);
    const list = await call('POST', '/list', admin, { filters: { id: { op: 'eq', value: id } } });
    expect(list.json().rows).toEqual([expect.objectContaining({ id, action_delete: true })]);
    // The statement goes: its entries are free again.
    await t.app.inject({ method: 'DELETE', url: `/api/salary-statements/${s.id}`, headers: t.bearer(admin) });
    expect((await call('GET', `/${id}/edit`)).json().item.action_delete).toBe(false);
    expect((await call('DELETE', `/${id}`)).json()).toEqual({ message: BONUS_CHARGE_MSG.deleted });
  });

  it('needs 94: view reads, create/edit/delete each need their action; another company sees nothing', async () => {
    const viewer = (
      await f.user([
        { section: 94, action: 0 },
        { section: 94, action: ACTION.VIEW },
      ])
    ).token;
    const id = (await call('POST', '', admin, entry())).json().item.id as number;
    expect((await call('GET', '', viewer)).statusCode).toBe(200);
    expect((await call('POST', '', viewer, entry())).statusCode).toBe(403);
    expect((await call('PUT', `/${id}`, viewer, entry())).statusCode).toBe(403);
    expect((await call('DELETE', `/${id}`, viewer)).statusCode).toBe(403);
    const outsider = (await f.user([{ section: 52, action: ACTION.VIEW }])).token;
    expect((await call('POST', '/list', outsider, {})).statusCode).toBe(403);

    const companyId = await f.company();
    const all = [0, ACTION.CREATE, ACTION.EDIT, ACTION.VIEW, ACTION.DELETE].map((action) => ({ section: 94, action }));
    const other = (await f.user(all, { companyId })).token;
    expect((await call('POST', '/list', other, {})).json().total).toBe(0);
    expect((await call('GET', `/${id}/edit`, other)).statusCode).toBe(404);
    // Our employee is not theirs to pay.
    expect((await call('POST', '', other, entry())).json().errors).toEqual({
      employee: [BONUS_CHARGE_MSG.chooseEmployee],
    });
  });
});
