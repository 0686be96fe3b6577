import { ACTION, MSG, SECTION } from '@backhaul/shared';
import { addDays, nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import {
  SHORT_PAYMENT_HIGHLIGHTS,
  SHORT_PAYMENT_MSG,
  shortPaymentHighlight,
} from '@backhaul/shared/modules/short-payments/short-payments.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { makeFactoringCompany, makeLoads } from '../schedules/schedules.fixtures';

let t: TestContext;
let admin: string;
/** Seven $1,000.00 loads of a customer whose factoring company keeps 5 %: expected $950 each. */
let loads: number[];
const today = nowInCompanyTimeZone().date;

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
  t.app.inject({ method, url: `/api${url}`, ...(payload ? { payload } : {}), headers: t.bearer(token) });
const create = (i: number, over: Record<string, unknown> = {}) =>
  inject('POST', '/short/payments', {
    load_id: loads[i],
    amount_factoring: 900,
    processed_date: today,
    status: 'New',
    actions: '',
    ...over,
  });
const mine = () => ({ load_id: { op: 'between', from: loads[0], to: loads[loads.length - 1] } });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('accountant@backhaul.demo');
  const factoringId = await makeFactoringCompany(t, { name: 'Five Percent Funding', percentMilli: 5000 });
  const [customer] = await t.database.query<{ id: number }>(
    `insert into customers (company_id, name, factoring_company_id)
     values ((select id from companies order by id limit 1), 'Short Pay Test Carrier', $1) returning id`,
    [factoringId],
  );
  loads = await makeLoads(t, Array(7).fill(100_000), { customerId: Number(customer?.id) });
});
afterAll(async () => {
  await t.close();
});

describe('create, validation, edit and delete', () => {
  it('creates a short payment: gross and fee from the load, debt = gross × (1 − 5 %) − paid', async () => {
    const res = await create(0, { amount_factoring: 870.5, actions: 'Called the broker' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.savingSuccess);
    expect(res.json().short_payment).toMatchObject({
      load_id: loads[0],
      customer: 'Short Pay Test Carrier',
      factoring_name: 'Five Percent Funding',
      gross: 1000,
      amount_factoring: 870.5,
      debt: 79.5,
      expected_factoring: 950,
      age: 0,
      status: 'New',
      actions: 'Called the broker',
    });
    const audit = await t.database.query(
      "select 1 from audit_log where entity = 'short_payments' and action = 'create'",
    );
    expect(audit.length).toBeGreaterThan(0);
  });

  it('refuses a second one for the load, an amount not below the expected, and bad fields (422 on the field)', async () => {
    const dup = await create(0);
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.load_id).toEqual([SHORT_PAYMENT_MSG.exists]);
    const full = await create(1, { amount_factoring: 950 });
    expect(full.statusCode).toBe(422);
    expect(full.json().errors.amount_factoring).toEqual([SHORT_PAYMENT_MSG.notShort]);
    const bad = await inject('POST', '/short/payments', {
      load_id: '',
      amount_factoring: 'x',
      processed_date: '21/11/2026',
      status: 'Paid',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['amount_factoring', 'load_id', 'processed_date', 'status']);
    const missing = await create(1, { load_id: 999_999_999 });
    expect(missing.json().errors.load_id).toEqual([SHORT_PAYMENT_MSG.noLoad]);
  });

  it('edits (GET edit answers the record and the statuses; PUT recomputes the debt) and deletes', async () => {
    const [row] = (
      await inject('POST', '/short/payments/list', { filters: { load_id: { op: 'eq', value: loads[0] } } })
    ).json().rows;
    const edit = await inject('GET', `/short/payments/${row.id}/edit`);
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().statuses).toEqual([
      'New',
      'In progress',
      'Complete',
      'Inactive customer',
      'Processed by customer',
    ]);
    const put = await inject('PUT', `/short/payments/${row.id}`, {
      load_id: loads[0],
      amount_factoring: 940,
      processed_date: today,
      status: 'In progress',
      actions: 'Re-billed',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().short_payment).toMatchObject({
      id: row.id,
      debt: 10,
      status: 'In progress',
      actions: 'Re-billed',
    });
    const del = await inject('DELETE', `/short/payments/${row.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe(MSG.removalSuccess);
    expect((await inject('GET', `/short/payments/${row.id}/edit`)).statusCode).toBe(404);
  });
});

describe('age and highlights (America/Chicago days)', () => {
  it('bands 30-60 and over 60 days, none for Complete, Inactive customer and Processed by customer; totals exact', async () => {
    const cases = [
      { days: 10, status: 'New', highlight: null },
      { days: 30, status: 'New', highlight: 'age-30-60' },
      { days: 60, status: 'In progress', highlight: 'age-30-60' },
      { days: 61, status: 'New', highlight: 'age-over-60' },
      { days: 90, status: 'Complete', highlight: null },
      { days: 45, status: 'Inactive customer', highlight: null },
      { days: 75, status: 'Processed by customer', highlight: null },
    ] as const;
    for (const [i, c] of cases.entries()) {
      const res = await create(i, {
        processed_date: addDays(today, -c.days),
        status: c.status,
        amount_factoring: 900 - i * 10,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await inject('POST', '/short/payments/list', { filters: mine(), sort: 'load_id', order: 'asc' });
    expect(res.statusCode, res.body).toBe(200);
    const { rows, sum, total } = res.json();
    expect(
      rows.map((r: { age: number; highlight: string | null; color: string | null }) => [r.age, r.highlight, r.color]),
    ).toEqual(cases.map((c) => [c.days, c.highlight, c.highlight ? SHORT_PAYMENT_HIGHLIGHTS[c.highlight] : null]));
    for (const [i, c] of cases.entries()) expect(shortPaymentHighlight(c.days, c.status)).toBe(rows[i].highlight);
    // Paid 900, 890, … 840 against 950 each: debts 50 + 60 + … + 110 = 560.
    expect(total).toBe(7);
    expect(sum).toMatchObject({ gross: 7000, amount_factoring: 6090, debt: 560, load_id: 7, customer: 1 });
    const aged = await inject('POST', '/short/payments/list', {
      filters: { ...mine(), age: { op: 'gte', value: 30 } },
    });
    expect(aged.json().total).toBe(6);
    const row = (await inject('GET', '/short/payments')).json();
    expect(row.columns.map((c: { id: string }) => c.id)).toEqual([
      'load_id',
      'customer',
      'broker',
      'factoring_name',
      'gross',
      'amount_factoring',
      'debt',
      'processed_date',
      'age',
      'actions',
      'status',
    ]);
  });
});

describe('export, settings and permissions', () => {
  it('exports through the register path and saves column settings', async () => {
    const exp = await inject('POST', '/short/payments/export', { filters: mine() });
    expect(exp.statusCode, exp.body).toBe(200);
    expect(exp.json().link).toMatch(/^\/api\/files\/\d+\/download$/);
    const settings = await inject('POST', '/short/payments/settings', {
      settings: {
        columns: [
          { id: 'debt', visible: true, width: 120 },
          { id: 'broker', visible: false, width: null },
        ],
      },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json().settings.columns.slice(0, 2)).toEqual([
      { id: 'debt', visible: true, width: 120 },
      { id: 'broker', visible: false, width: null },
    ]);
    const list = (await inject('POST', '/short/payments/list', {})).json();
    expect(list.settings.columns[0].id).toBe('debt');
  });

  it('a viewer reads but cannot create, edit, delete or export; an editor edits but cannot delete; 401 without a token', async () => {
    const [row] = (await inject('POST', '/short/payments/list', { filters: mine() })).json().rows;
    const viewer = await t.createUser({
      email: 'short-viewer@test.example',
      grants: [
        { section: SECTION.ShortPayments, action: 0 },
        { section: SECTION.ShortPayments, action: ACTION.VIEW },
      ],
    });
    expect((await inject('POST', '/short/payments/list', {}, viewer.token)).statusCode).toBe(200);
    expect((await inject('GET', `/short/payments/${row.id}/edit`, undefined, viewer.token)).statusCode).toBe(200);
    const body = { load_id: row.load_id, amount_factoring: 800, processed_date: today, status: 'New', actions: '' };
    expect((await inject('POST', '/short/payments', body, viewer.token)).statusCode).toBe(403);
    expect((await inject('PUT', `/short/payments/${row.id}`, body, viewer.token)).statusCode).toBe(403);
    expect((await inject('DELETE', `/short/payments/${row.id}`, undefined, viewer.token)).statusCode).toBe(403);
    expect((await inject('POST', '/short/payments/export', {}, viewer.token)).statusCode).toBe(403);
    const editor = await t.createUser({
      email: 'short-editor@test.example',
      grants: [
        { section: SECTION.ShortPayments, action: 0 },
        { section: SECTION.ShortPayments, action: ACTION.EDIT },
      ],
    });
    expect((await inject('PUT', `/short/payments/${row.id}`, body, editor.token)).statusCode).toBe(200);
    expect((await inject('DELETE', `/short/payments/${row.id}`, undefined, editor.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/short/payments' })).statusCode).toBe(401);
  });
});
