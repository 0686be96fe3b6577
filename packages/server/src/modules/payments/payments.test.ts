import { ACTION, MSG, SECTION } from '@backhaul/shared';
import { en, Faker } from '@faker-js/faker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { demoCustomers, makeInvoice, readBalance, readInvoice } from './payments.fixtures';
import { paymentsSeeder } from './payments.seed';

let t: TestContext;
let accountant: string;
let customers: { own: number; other: number };
beforeAll(async () => {
  t = await createTestApp();
  accountant = await t.login('accountant@backhaul.demo');
  customers = await demoCustomers(t.db);
});
afterAll(() => t.close());

const req = (method: 'GET' | 'POST' | 'DELETE', url: string, token = accountant, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: t.bearer(token), ...(payload ? { payload } : {}) });
const pay = (invoiceId: number, payload: object, token = accountant) =>
  req('POST', `/payments/${invoiceId}`, token, { date: '2026-11-02', payment_method: 'ACH', ...payload });

describe('payment entry', () => {
  it('GET /payments/new/:id answers the invoice, what is due and the form options', async () => {
    const id = await makeInvoice(t.db, {
      customerId: customers.other,
      totalCents: 123_456,
      periodFrom: '2026-10-01',
      periodTo: '2026-10-31',
    });
    const res = await req('GET', `/payments/new/${id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.invoice).toMatchObject({ invoice_id: id, total: 1234.56, paid: 0, need_pay: 1234.56 });
    expect(body.due).toBe(1234.56);
    expect(body.methods).toEqual(['ACH', 'Zelle', 'Check', 'Wire', 'Card']);
    expect(body.accounts.length).toBeGreaterThan(0);
    expect(body.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await req('GET', '/payments/new/99999999')).statusCode).toBe(404);
  });

  it('posts a payment: amounts, balance, Paid when settled, audit', async () => {
    const id = await makeInvoice(t.db, {
      customerId: customers.other,
      totalCents: 100_000,
      periodFrom: '2026-10-01',
      periodTo: '2026-10-31',
    });
    const balance0 = await readBalance(t.db, customers.other);
    const first = await pay(id, { amount: 400.1, payment_account: 'Chase Operating ••4821', note: 'first half' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: MSG.savingSuccess,
      payment: { invoice_id: id, amount: 400.1, payment_method: 'ACH', invoice_status: 'Sent' },
      invoice: { paid: 400.1, need_pay: 599.9 },
    });
    expect(await readBalance(t.db, customers.other)).toBe(balance0 - 40_010);

    const rest = await pay(id, { amount: 599.9, payment_method: 'Zelle' });
    expect(rest.statusCode).toBe(200);
    expect(rest.json().invoice).toMatchObject({ need_pay: 0, invoice_status: 'Paid' });
    const row = await readInvoice(t.db, id);
    expect(row).toMatchObject({ paidCents: 100_000, status: 'Paid' });
    expect(await readBalance(t.db, customers.other)).toBe(balance0 - 100_000);

    const audit = await t.database.query<{ action: string }>(
      `select action from audit_log where entity = 'payments' and entity_id = $1`,
      [String(first.json().payment.id)],
    );
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });

  it('refuses more than is due with a 422 on amount, unless flagged as an overpayment', async () => {
    const id = await makeInvoice(t.db, {
      customerId: customers.other,
      totalCents: 5_000,
      periodFrom: '2026-10-01',
      periodTo: '2026-10-31',
    });
    const over = await pay(id, { amount: 50.01 });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.amount[0]).toContain('$50.01 is more than the $50.00 due');
    expect((await readInvoice(t.db, id)).paidCents).toBe(0);

    const flagged = await pay(id, { amount: 60, overpayment: true });
    expect(flagged.statusCode).toBe(200);
    expect(flagged.json().invoice).toMatchObject({ need_pay: -10, invoice_status: 'Paid' });
  });

  it('validates the form: amount, cents, method, date', async () => {
    const id = await makeInvoice(t.db, {
      customerId: customers.other,
      totalCents: 5_000,
      periodFrom: '2026-10-01',
      periodTo: '2026-10-31',
    });
    const bad = await req('POST', `/payments/${id}`, accountant, {
      amount: 10.005,
      date: '11/02/2026',
      payment_method: 'Cash',
    });
    expect(bad.statusCode).toBe(422);
    const { errors } = bad.json();
    expect(errors.amount).toEqual(['The amount has at most 2 decimals.']);
    expect(errors.date).toBeDefined();
    expect(errors.payment_method).toEqual(['Choose ACH, Zelle, Check, Wire or Card.']);
    const zero = await pay(id, { amount: 0 });
    expect(zero.json().errors.amount).toEqual(['The amount must be greater than 0.']);
    expect((await pay(99999999, { amount: 1 })).statusCode).toBe(404);
  });

  it('100 payments posted at once on one invoice leave the exact balance', async () => {
    // 1..100 dollars and 1..100 cents: Σ = $5,050.00 + $50.50 = $5,100.50 exactly.
    const amounts = Array.from({ length: 100 }, (_, i) => i + 1 + (i + 1) / 100);
    const sumCents = amounts.reduce((s, a) => s + Math.round(a * 100), 0);
    expect(sumCents).toBe(510_050);
    const total = 600_000;
    const id = await makeInvoice(t.db, {
      customerId: customers.other,
      totalCents: total,
      periodFrom: '2026-09-01',
      periodTo: '2026-09-30',
    });
    const balance0 = await readBalance(t.db, customers.other);
    const results = await Promise.all(amounts.map((amount) => pay(id, { amount })));
    expect(results.map((r) => r.statusCode)).toEqual(amounts.map(() => 200));
    const row = await readInvoice(t.db, id);
    expect(row.paidCents).toBe(sumCents);
    expect(row.totalCents - row.paidCents - row.mistakeCents - row.lossCents).toBe(total - sumCents);
    expect(await readBalance(t.db, customers.other)).toBe(balance0 - sumCents);
    const [count] = await t.database.query<{ n: number; cents: number }>(
      'select count(*)::int as n, sum(amount_cents)::bigint as cents from payments where invoice_id = $1',
      [id],
    );
    expect(Number(count?.n)).toBe(100);
    expect(Number(count?.cents)).toBe(sumCents);
  });

  it('100 concurrent $60 payments on $5,000 due: exactly 83 posted, 17 refused, nothing over', async () => {
    const id = await makeInvoice(t.db, {
      customerId: customers.other,
      totalCents: 500_000,
      periodFrom: '2026-09-01',
      periodTo: '2026-09-30',
    });
    const results = await Promise.all(Array.from({ length: 100 }, () => pay(id, { amount: 60 })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(83);
    expect(codes.filter((c) => c === 422)).toHaveLength(17);
    const row = await readInvoice(t.db, id);
    expect(row.paidCents).toBe(498_000);
    expect(row.status).toBe('Sent');
  });

  it('DELETE /payments/:id reverses the amounts in one transaction', async () => {
    const id = await makeInvoice(t.db, {
      customerId: customers.other,
      totalCents: 20_000,
      periodFrom: '2026-10-01',
      periodTo: '2026-10-31',
    });
    const balance0 = await readBalance(t.db, customers.other);
    const posted = (await pay(id, { amount: 200 })).json();
    expect(posted.invoice.invoice_status).toBe('Paid');
    const del = await req('DELETE', `/payments/${posted.payment.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: MSG.recordDeleted });
    const row = await readInvoice(t.db, id);
    expect(row).toMatchObject({ paidCents: 0, status: 'Open' });
    expect(await readBalance(t.db, customers.other)).toBe(balance0);
    expect((await req('DELETE', `/payments/${posted.payment.id}`)).statusCode).toBe(404);
    const audit = await t.database.query<{ action: string }>(
      `select action from audit_log where entity = 'payments' and entity_id = $1 order by id`,
      [String(posted.payment.id)],
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'delete']);
  });
});

describe('payments list (invoice items)', () => {
  it('POST /payments/list and /payments/filters through the engine, with the paid sum', async () => {
    const id = await makeInvoice(t.db, {
      customerId: customers.other,
      totalCents: 90_000,
      periodFrom: '2026-08-01',
      periodTo: '2026-08-31',
    });
    await pay(id, { amount: 100, payment_method: 'Check' });
    await pay(id, { amount: 250.25, payment_method: 'Wire' });
    const res = await req('POST', '/payments/list', accountant, {
      filters: { invoice_id: { op: 'eq', value: id } },
      sort: 'amount',
      order: 'asc',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.sum.amount).toBe(350.25);
    expect(body.rows.map((r: { amount: number }) => r.amount)).toEqual([100, 250.25]);
    expect(body.rows[0]).toMatchObject({
      invoice_id: id,
      invoice_total: 900,
      need_pay: 549.75,
      payment_method: 'Check',
    });
    const filters = (await req('POST', '/payments/filters')).json();
    expect(filters.filter.payment_method.map((o: { value: string }) => o.value)).toEqual([
      'ACH',
      'Zelle',
      'Check',
      'Wire',
      'Card',
    ]);
    const bad = await req('POST', '/payments/list', accountant, { filters: { nope: { value: 'x' } } });
    expect(bad.statusCode).toBe(422);
  });
});

describe('permissions', () => {
  it('posting needs PAID, deleting needs DELETE, reading needs the section', async () => {
    const id = await makeInvoice(t.db, {
      customerId: customers.other,
      totalCents: 10_000,
      periodFrom: '2026-10-01',
      periodTo: '2026-10-31',
    });
    const viewer = await t.createUser({
      email: 'payments-viewer@backhaul.test',
      grants: [
        { section: SECTION.Accounting, action: 0 },
        { section: SECTION.CustomerNotPaidInvoices, action: 0 },
        { section: SECTION.CustomerNotPaidInvoices, action: ACTION.VIEW },
      ],
    });
    expect((await req('POST', '/payments/list', viewer.token, {})).statusCode).toBe(200);
    expect((await pay(id, { amount: 1 }, viewer.token)).statusCode).toBe(403);
    expect((await req('GET', `/payments/new/${id}`, viewer.token)).statusCode).toBe(403);
    const posted = (await pay(id, { amount: 1 })).json();
    expect((await req('DELETE', `/payments/${posted.payment.id}`, viewer.token)).statusCode).toBe(403);
    const nobody = await t.createUser({ email: 'payments-none@backhaul.test', grants: [] });
    expect((await req('POST', '/payments/list', nobody.token, {})).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/list', payload: {} })).statusCode).toBe(401);
    expect((await readInvoice(t.db, id)).paidCents).toBe(100);
  });
});

describe('demo seed', () => {
  it('pays the demo invoices coherently: Σ payments = paid, nothing over, balances = Σ need pay', async () => {
    for (let month = 1; month <= 9; month++) {
      const to = `2026-0${month}-28`;
      await makeInvoice(t.db, {
        customerId: customers.own,
        totalCents: 150_000 + month,
        periodFrom: `2026-0${month}-01`,
        periodTo: to,
      });
    }
    const faker = new Faker({ locale: [en] });
    faker.seed(7);
    await paymentsSeeder.run({ db: t.db, faker, scale: 1, password: 'x', refs: new Map(), log: () => {} });
    const mismatched = await t.database.query(
      `select i.id from invoices i
        left join (select invoice_id, sum(amount_cents) as s from payments group by invoice_id) p on p.invoice_id = i.id
        left join (select invoice_id, sum(amount_cents) filter (where kind = 'mistake') as m, sum(amount_cents) filter (where kind = 'loss') as l
                   from lost_payments group by invoice_id) lp on lp.invoice_id = i.id
       where i.paid_cents <> coalesce(p.s, 0) or i.mistake_cents <> coalesce(lp.m, 0) or i.loss_cents <> coalesce(lp.l, 0)`,
    );
    expect(mismatched).toEqual([]);
    const seeded = await t.database.query<{ n: number }>(
      `select count(*)::int as n from payments p join invoices i on i.id = p.invoice_id where i.customer_id = $1 and i.period_to < '2026-08-01'`,
      [customers.own],
    );
    expect(Number(seeded[0]?.n)).toBeGreaterThan(0);
    const badBalances = await t.database.query(
      `select c.id from customers c where c.balance_cents <> coalesce((select sum(i.total_cents - i.paid_cents - i.mistake_cents - i.loss_cents)
         from invoices i where i.customer_id = c.id), 0)`,
    );
    expect(badBalances).toEqual([]);
  });
});
