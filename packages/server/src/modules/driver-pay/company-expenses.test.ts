import { ACTION, MSG, SECTION } from '@backhaul/shared';
import { EXPENSE_MSG } from '@backhaul/shared/modules/driver-pay/company-expenses.contract';
import { STATEMENT_MSG } from '@backhaul/shared/modules/driver-pay/driver-statements.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';

let t: TestContext;
let token: string;
let f: ReturnType<typeof factories>;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('accountant@backhaul.demo');
  f = factories(t);
});
afterAll(async () => {
  await t?.close();
});

const api = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = token) => {
  const res = await t.app.inject({ method, url: `/api${url}`, headers: t.bearer(as), ...(payload ? { payload } : {}) });
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field below
  return { status: res.statusCode, body: res.json() as Record<string, any> };
};

const expense = async (form: object) => {
  const res = await api('POST', '/company-expenses', {
    expense_date: '2026-03-03',
    category: 'Toll',
    driver_id: null,
    truck_id: null,
    customer_id: null,
    amount: '42.50',
    description: 'I-90 tolls',
    ...form,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.item as { id: number };
};

const statement = (driverId: number, period = { date_from: '2026-03-01', date_to: '2026-03-07' }) =>
  api('POST', '/drivers-statements', { driver_id: driverId, ...period, trips: [], fuel: [], scheduled_payments: [] });

describe('company expenses', () => {
  it('lists the spec columns and saves, edits and deletes an expense', async () => {
    const driver = await f.driver();
    const truck = await f.truck();
    const form = await api('GET', '/company-expenses/create');
    expect(form.status).toBe(200);
    expect(form.body.drivers.some((d: { value: number }) => d.value === driver.id)).toBe(true);
    const made = await api('POST', '/company-expenses', {
      expense_date: '2026-03-03',
      category: 'Lumper',
      driver_id: driver.id,
      truck_id: truck.id,
      customer_id: null,
      amount: '85.00',
      description: 'Unloading at Kroger DC',
    });
    expect(made.status).toBe(200);
    expect(made.body.message).toBe(MSG.itemAdded);
    expect(made.body.item).toMatchObject({ amount: 85, status: 'Open', pay_as: null, statement_id: null });
    const id = made.body.item.id as number;

    const list = await api('POST', '/company-expenses/list', { filters: { id: { op: 'eq', value: id } } });
    expect(list.status).toBe(200);
    expect(list.body.columns.map((c: { id: string }) => c.id)).toEqual(
      expect.arrayContaining(['id', 'customer', 'driver', 'truck', 'amount', 'category', 'description']),
    );
    expect(list.body.rows[0]).toMatchObject({
      id,
      driver: driver.driver,
      amount: 85,
      category: 'Lumper',
      status: 'Open',
    });

    const edited = await api('PUT', `/company-expenses/${id}`, {
      expense_date: '2026-03-04',
      category: 'Lumper',
      driver_id: driver.id,
      truck_id: truck.id,
      customer_id: null,
      amount: '90',
      description: 'Unloading at Kroger DC',
    });
    expect(edited.body.item).toMatchObject({ amount: 90, expense_date: '2026-03-04' });
    expect((await api('DELETE', `/company-expenses/${id}`)).body.message).toBe(MSG.itemDeleted);
    expect((await api('GET', `/company-expenses/${id}/edit`)).status).toBe(404);
  });

  it('refuses an expense charged to no one, bad money and foreign ids with a 422 on the field', async () => {
    const none = await api('POST', '/company-expenses', {
      expense_date: '2026-02-30',
      category: 'Gift',
      driver_id: null,
      truck_id: null,
      amount: true,
    });
    expect(none.status).toBe(422);
    expect(Object.keys(none.body.errors).sort()).toEqual(['amount', 'category', 'expense_date']);
    const nobody = await api('POST', '/company-expenses', {
      expense_date: '2026-03-01',
      category: 'Toll',
      driver_id: null,
      truck_id: null,
      amount: 5,
    });
    expect(nobody.body.errors).toEqual({ driver_id: [EXPENSE_MSG.chargedTo] });
    const foreign = await api('POST', '/company-expenses', {
      expense_date: '2026-03-01',
      category: 'Toll',
      driver_id: 99_999_999,
      amount: 5,
    });
    expect(foreign.body.errors).toEqual({ driver_id: ['Choose a driver from the list.'] });
  });

  it("pays onto the driver's open statement at once, or queues it for the next one made", async () => {
    const driver = await f.driver();
    const open = await statement(driver.id);
    expect(open.status).toBe(200);
    const sid = open.body.statement.id as number;

    // An open statement takes a deduction at once; its amount follows.
    const toll = await expense({ driver_id: driver.id, amount: '42.50' });
    const paid = await api('POST', `/company-expenses/${toll.id}/pay`, { pay_as: 'deduction' });
    expect(paid.status).toBe(200);
    expect(paid.body.message).toBe(EXPENSE_MSG.onStatementNow(sid));
    expect(paid.body.item).toMatchObject({ status: 'On statement', statement_id: sid, pay_as: 'deduction' });
    const detail = await api('GET', `/drivers-statements/${sid}/edit`);
    expect(detail.body.statement.amount).toBe(-42.5);
    const line = detail.body.statement.lines.find((a: { source: string }) => a.source === 'expense');
    expect(line).toMatchObject({ kind: 'addition', category: 'deduction', amount: -42.5, date: '2026-03-03' });
    expect(line.description).toContain(`#${toll.id}`);
    expect(detail.body.additional_selected).toContain(`expense:${toll.id}`);

    // On a statement the expense no longer changes, is not paid twice, and its line is not edited by hand.
    const again = await api('POST', `/company-expenses/${toll.id}/pay`, { pay_as: 'reimbursement' });
    expect(again.status).toBe(412);
    expect(again.body.error.mail).toBe(EXPENSE_MSG.onStatement(sid));
    expect((await api('DELETE', `/company-expenses/${toll.id}`)).status).toBe(412);
    const edit = await api('POST', `/drivers-statements/updateAddition/${line.id}`, {
      category: 'credit',
      date: '2026-03-03',
      description: 'x',
      amount: 1,
    });
    expect(edit.status).toBe(412);
    expect(edit.body.error.mail).toBe(STATEMENT_MSG.expenseLine);

    // Closed: the next expense waits, then goes on the next statement made, as a credit.
    expect(
      (
        await api('PUT', `/drivers-statements/${sid}`, {
          additional: detail.body.additional_selected,
          trips: [],
          fuel: [],
          scheduled_payments: [],
          addition: [line.id],
          status: 'Closed',
        })
      ).status,
    ).toBe(200);
    const repair = await expense({ driver_id: driver.id, category: 'Repair on the road', amount: '310.00' });
    const queued = await api('POST', `/company-expenses/${repair.id}/pay`, { pay_as: 'reimbursement' });
    expect(queued.body.message).toBe(EXPENSE_MSG.queued);
    expect(queued.body.item).toMatchObject({ status: 'Queued', statement_id: null });
    const next = await statement(driver.id, { date_from: '2026-03-08', date_to: '2026-03-14' });
    expect(next.status).toBe(200);
    // The reimbursement, less the first statement's deficit carried into this one (issue 28): 310.00 − 42.50.
    expect(next.body.statement.amount).toBe(267.5);
    const nextId = next.body.statement.id as number;
    const row = (await api('POST', '/company-expenses/list', { filters: { id: { op: 'eq', value: repair.id } } })).body
      .rows[0];
    expect(row).toMatchObject({ status: 'On statement', statement_id: nextId });

    // Deleting that statement puts the expense back in the queue.
    expect((await api('DELETE', `/drivers-statements/${nextId}`)).status).toBe(200);
    const back = (await api('GET', `/company-expenses/${repair.id}/edit`)).body.item;
    expect(back).toMatchObject({ status: 'Queued', statement_id: null });
  });

  it("charges a truck's expense to the truck's driver, and refuses one with nobody to charge", async () => {
    const truck = await f.truck();
    const lonely = await expense({ truck_id: truck.id, category: 'Parking' });
    const refused = await api('POST', `/company-expenses/${lonely.id}/pay`, { pay_as: 'deduction' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.driver_id).toEqual([EXPENSE_MSG.noDriver]);
    const driver = await f.driver({ truck_id: truck.id });
    const paid = await api('POST', `/company-expenses/${lonely.id}/pay`, { pay_as: 'deduction' });
    expect(paid.status).toBe(200);
    expect(paid.body.item).toMatchObject({ driver_id: driver.id, status: 'Queued' });
  });

  it('puts one expense on one statement even when two statements are made at once', async () => {
    const driver = await f.driver();
    const toll = await expense({ driver_id: driver.id });
    await api('POST', `/company-expenses/${toll.id}/pay`, { pay_as: 'deduction' });
    const [a, b] = await Promise.all([
      statement(driver.id, { date_from: '2026-03-01', date_to: '2026-03-07' }),
      statement(driver.id, { date_from: '2026-03-08', date_to: '2026-03-14' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const lines = await t.database.query(
      "select statement_id from pay_statement_lines where kind = 'driver' and source = 'expense' and source_key = $1",
      [String(toll.id)],
    );
    expect(lines).toHaveLength(1);
    expect([a.body.statement.amount, b.body.statement.amount].sort()).toEqual([-42.5, 0]);
  });

  it('pays only with the Paid grant', async () => {
    const driver = await f.driver();
    const toll = await expense({ driver_id: driver.id });
    const clerk = await f.user([
      { section: SECTION.CompanyExpenses, action: 0 },
      { section: SECTION.CompanyExpenses, action: ACTION.VIEW },
      { section: SECTION.CompanyExpenses, action: ACTION.EDIT },
    ]);
    expect((await api('POST', '/company-expenses/list', {}, clerk.token)).status).toBe(200);
    expect((await api('POST', `/company-expenses/${toll.id}/pay`, { pay_as: 'deduction' }, clerk.token)).status).toBe(
      403,
    );
    const dispatcher = await t.login('dispatcher@backhaul.demo');
    expect((await api('POST', '/company-expenses/list', {}, dispatcher)).status).toBe(403);
  });
});
