import { MSG } from '@backhaul/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { demoCustomers, makeInvoice, readBalance, readInvoice } from './payments.fixtures';

let t: TestContext;
let accountant: string;
let customerUser: string;
let customers: { own: number; other: number };
const invoiceIds: number[] = [];
const paymentIds: { own: number[]; other: number[] } = { own: [], other: [] };

const req = (method: 'GET' | 'POST' | 'DELETE', url: string, token = accountant, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: t.bearer(token), ...(payload ? { payload } : {}) });
const pay = (invoiceId: number, payload: object) =>
  req('POST', `/payments/${invoiceId}`, accountant, { date: '2026-11-02', payment_method: 'ACH', ...payload });

beforeAll(async () => {
  t = await createTestApp();
  accountant = await t.login('accountant@backhaul.demo');
  customerUser = await t.login('customer@backhaul.demo');
  customers = await demoCustomers(t.db);
  // Two invoices for the customer user's customer, one for another customer.
  for (const [customerId, totalCents] of [
    [customers.own, 300_000],
    [customers.own, 150_000],
    [customers.other, 200_000],
  ] as const) {
    invoiceIds.push(
      await makeInvoice(t.db, { customerId, totalCents, periodFrom: '2026-10-01', periodTo: '2026-10-31' }),
    );
  }
  const [a, b, c] = invoiceIds as [number, number, number];
  for (const [invoice, amount, method, who] of [
    [a, 1000.5, 'ACH', 'own'],
    [a, 999.5, 'Check', 'own'],
    [b, 1500, 'Zelle', 'own'],
    [c, 700.25, 'Wire', 'other'],
  ] as const) {
    const res = await pay(invoice, { amount, payment_method: method, note: `${method} remittance` });
    expect(res.statusCode).toBe(200);
    paymentIds[who].push(res.json().payment.id);
  }
  // A loss on the other customer's invoice: its payments' sum_lost_amount.
  expect(
    (await req('POST', '/lost-payment', accountant, { invoice_id: c, kind: 'loss', amount: 99.75 })).statusCode,
  ).toBe(200);
});
afterAll(() => t.close());

const ourInvoices = () => ({ invoice_id: { op: 'between', from: invoiceIds[0], to: invoiceIds[2] } });

describe('customer payments list', () => {
  it('answers the spec columns, totals and sum_lost_amount over the filtered payments', async () => {
    const res = await req('POST', '/payments-customer/list', accountant, {
      filters: ourInvoices(),
      sort: 'id',
      order: 'asc',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    for (const key of ['rows', 'limit', 'order', 'sort', 'total', 'sum', 'filter', 'settings'])
      expect(body).toHaveProperty(key);
    expect(body.total).toBe(4);
    expect(body.sum.amount).toBe(4200.25);
    expect(body.sum.sum_lost_amount).toBe(99.75);
    expect(Object.keys(body.rows[0])).toEqual(
      expect.arrayContaining([
        'id',
        'invoice_id',
        'customer',
        'date',
        'amount',
        'employee',
        'sales_manager',
        'services',
        'payment_method',
        'payment_account',
        'invoice_status',
        'note',
      ]),
    );
    expect(body.rows.map((r: { amount: number }) => r.amount)).toEqual([1000.5, 999.5, 1500, 700.25]);
    expect(body.rows[0].employee).toBeTruthy();

    const onlyOwn = (
      await req('POST', '/payments-customer/list', accountant, {
        filters: { ...ourInvoices(), customer: { values: [customers.own] } },
      })
    ).json();
    expect(onlyOwn.total).toBe(3);
    expect(onlyOwn.sum).toMatchObject({ amount: 3500, sum_lost_amount: 0 });

    const byMethod = (
      await req('POST', '/payments-customer/list', accountant, {
        filters: { ...ourInvoices(), payment_method: { values: ['Check', 'Wire'] } },
      })
    ).json();
    expect(byMethod.sum.amount).toBe(1699.75);
  });

  it('GET /payments-customer answers customer_payments, filters, settings', async () => {
    const body = (await req('GET', '/payments-customer')).json();
    expect(Array.isArray(body.customer_payments)).toBe(true);
    expect(body.customer_payments.length).toBeGreaterThanOrEqual(4);
    expect(body.filters.payment_method).toBeDefined();
    expect(body).toHaveProperty('settings');
  });

  it('filters, settings and export work for the list key', async () => {
    const filters = (await req('POST', '/payments-customer/filters')).json();
    expect(filters.filter.customer.map((o: { value: number }) => o.value)).toEqual(
      expect.arrayContaining([customers.own, customers.other]),
    );
    const saved = await req('POST', '/payments-customer/settings', accountant, {
      settings: { columns: [{ id: 'note', visible: false }] },
    });
    expect(saved.statusCode).toBe(200);
    const again = (await req('POST', '/payments-customer/list', accountant, {})).json();
    expect(again.settings.columns.find((c: { id: string }) => c.id === 'note')).toMatchObject({ visible: false });
    const exported = await req('POST', '/payments-customer/export', accountant, { filters: ourInvoices() });
    expect(exported.statusCode).toBe(200);
    expect(exported.json().link).toBeTruthy();
  });

  it('DELETE /payments-customer/:id answers { status } and reverses the payment', async () => {
    const id = paymentIds.own[2] as number;
    const invoice = invoiceIds[1] as number;
    const balance0 = await readBalance(t.db, customers.own);
    const res = await req('DELETE', `/payments-customer/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: MSG.recordDeleted });
    expect((await readInvoice(t.db, invoice)).paidCents).toBe(0);
    expect(await readBalance(t.db, customers.own)).toBe(balance0 + 150_000);
    expect((await req('DELETE', `/payments-customer/${id}`)).statusCode).toBe(404);
  });
});

describe('a customer user sees its own payments only', () => {
  it('lists, totals and filter options are scoped on the server', async () => {
    for (const url of ['/payments-customer/list', '/payments/list']) {
      const body = (await req('POST', url, customerUser, { limit: 500 })).json();
      expect(body.total).toBeGreaterThan(0);
      expect(new Set(body.rows.map((r: { customer_id?: number; customer: string }) => r.customer_id))).toEqual(
        new Set([customers.own]),
      );
    }
    const list = (await req('POST', '/payments-customer/list', customerUser, { filters: ourInvoices() })).json();
    expect(list.total).toBe(2);
    expect(list.sum.amount).toBe(2000);
    for (const url of ['/payments-customer/filters', '/payments/filters']) {
      const { filter } = (await req('POST', url, customerUser)).json();
      expect(filter.customer.map((o: { value: number }) => o.value)).toEqual([customers.own]);
    }
    const variant = (await req('GET', '/payments-customer', customerUser)).json();
    expect(new Set(variant.customer_payments.map((r: { customer_id: number }) => r.customer_id))).toEqual(
      new Set([customers.own]),
    );
    // Asking for the other customer by filter finds nothing.
    const sneaky = (
      await req('POST', '/payments-customer/list', customerUser, {
        filters: { customer: { values: [customers.other] } },
      })
    ).json();
    expect(sneaky.total).toBe(0);
  });

  it('GET by id: its own payment, 404 for another customer; no deleting, posting or lost payments', async () => {
    const own = await req('GET', `/payments/${paymentIds.own[0]}`, customerUser);
    expect(own.statusCode).toBe(200);
    expect(own.json().payment).toMatchObject({ customer_id: customers.own, amount: 1000.5 });
    expect((await req('GET', `/payments/${paymentIds.other[0]}`, customerUser)).statusCode).toBe(404);
    expect((await req('DELETE', `/payments-customer/${paymentIds.other[0]}`, customerUser)).statusCode).toBe(403);
    expect((await req('DELETE', `/payments/${paymentIds.own[0]}`, customerUser)).statusCode).toBe(403);
    expect(
      (
        await req('POST', `/payments/${invoiceIds[0]}`, customerUser, {
          amount: 1,
          date: '2026-11-02',
          payment_method: 'ACH',
        })
      ).statusCode,
    ).toBe(403);
    expect((await req('POST', '/lost-payment/list', customerUser, {})).statusCode).toBe(403);
  });

  it('its export holds its own payments only', async () => {
    const exported = await req('POST', '/payments-customer/export', customerUser, {
      format: 'csv',
      columns: ['id', 'customer', 'amount'],
    });
    expect(exported.statusCode).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: exported.json().link, headers: t.bearer(customerUser) });
    expect(file.statusCode).toBe(200);
    const lines = file.body.trim().split(/\r?\n/);
    const own = (await req('POST', '/payments-customer/list', customerUser, { limit: 500 })).json();
    const ids = new Set(own.rows.map((r: { id: number }) => String(r.id)));
    const body = lines.slice(1).filter((l) => /^\d/.test(l));
    expect(body.length).toBe(own.total);
    for (const line of body) expect(ids.has(line.split(',')[0] ?? '')).toBe(true);
    expect(file.body).not.toContain('700.25');
  });
});
