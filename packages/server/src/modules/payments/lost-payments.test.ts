import { ACTION, MSG, SECTION } from '@backhaul/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { demoCustomers, makeInvoice, readBalance, readInvoice } from './payments.fixtures';

let t: TestContext;
let accountant: string;
let customers: { own: number; other: number };

const req = (method: 'GET' | 'POST' | 'DELETE', url: string, token = accountant, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: t.bearer(token), ...(payload ? { payload } : {}) });
const lose = (payload: object, token = accountant) => req('POST', '/lost-payment', token, payload);

beforeAll(async () => {
  t = await createTestApp();
  accountant = await t.login('accountant@backhaul.demo');
  customers = await demoCustomers(t.db);
});
afterAll(() => t.close());

describe('lost payments', () => {
  it('records a mistake and a loss on an invoice: amounts, balance, Paid when nothing is left', async () => {
    const id = await makeInvoice(t.db, {
      customerId: customers.other,
      totalCents: 100_000,
      periodFrom: '2026-10-01',
      periodTo: '2026-10-31',
    });
    const balance0 = await readBalance(t.db, customers.other);
    const mistake = await lose({ invoice_id: id, kind: 'mistake', amount: 120.4, note: 'Rate billed twice' });
    expect(mistake.statusCode).toBe(200);
    expect(mistake.json()).toMatchObject({
      message: MSG.savingSuccess,
      lost_payment: { invoice_id: id, kind: 'mistake', amount: 120.4 },
      invoice: { mistake: 120.4, need_pay: 879.6 },
    });
    const tooMuch = await lose({ invoice_id: id, kind: 'loss', amount: 879.61 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.amount[0]).toContain('$879.61 is more than the $879.60 due');
    const loss = await lose({ invoice_id: id, kind: 'loss', amount: 879.6 });
    expect(loss.json().invoice).toMatchObject({ loss: 879.6, need_pay: 0, invoice_status: 'Paid' });
    expect(await readInvoice(t.db, id)).toMatchObject({ mistakeCents: 12_040, lossCents: 87_960, status: 'Paid' });
    expect(await readBalance(t.db, customers.other)).toBe(balance0 - 100_000);
  });

  it('validates kind and amount; unknown invoice is 404', async () => {
    const bad = await lose({ invoice_id: 1, kind: 'theft', amount: -1 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.kind).toEqual(['Choose mistake or loss.']);
    expect(bad.json().errors.amount).toEqual(['The amount must be greater than 0.']);
    expect((await lose({ invoice_id: 99999999, kind: 'loss', amount: 1 })).statusCode).toBe(404);
  });

  it('POST /lost-payment/list: spec columns, Mistake/Loss/Amount sums and sum_lost_amount; filters', async () => {
    const first = await makeInvoice(t.db, {
      customerId: customers.own,
      totalCents: 50_000,
      periodFrom: '2026-09-01',
      periodTo: '2026-09-30',
    });
    const second = await makeInvoice(t.db, {
      customerId: customers.other,
      totalCents: 50_000,
      periodFrom: '2026-09-01',
      periodTo: '2026-09-30',
    });
    await lose({ invoice_id: first, kind: 'mistake', amount: 10.1 });
    await lose({ invoice_id: first, kind: 'loss', amount: 20.2 });
    await lose({ invoice_id: second, kind: 'loss', amount: 30.3 });
    const res = await req('POST', '/lost-payment/list', accountant, {
      filters: { invoice_id: { op: 'between', from: first, to: second } },
      sort: 'id',
      order: 'asc',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    for (const key of ['rows', 'limit', 'order', 'sort', 'total', 'sum', 'filter']) expect(body).toHaveProperty(key);
    expect(body.total).toBe(3);
    expect(body.sum).toMatchObject({ mistake: 10.1, loss: 50.5, amount: 60.6, sum_lost_amount: 60.6 });
    expect(body.rows.map((r: { mistake: number | null; loss: number | null }) => [r.mistake, r.loss])).toEqual([
      [10.1, null],
      [null, 20.2],
      [null, 30.3],
    ]);
    for (const key of ['id', 'invoice_id', 'date', 'customer', 'employee', 'sales_manager', 'services', 'note']) {
      expect(body.rows[0]).toHaveProperty(key);
    }
    const byCustomer = (
      await req('POST', '/lost-payment/list', accountant, {
        filters: { invoice_id: { op: 'between', from: first, to: second }, customer: { values: [customers.other] } },
      })
    ).json();
    expect(byCustomer.sum.sum_lost_amount).toBe(30.3);
    const { filter } = (await req('POST', '/lost-payment/filters')).json();
    expect(filter.customer.map((o: { value: number }) => o.value)).toEqual(
      expect.arrayContaining([customers.own, customers.other]),
    );
  });

  it('DELETE /lost-payment/:id puts the amount back on the invoice', async () => {
    const id = await makeInvoice(t.db, {
      customerId: customers.other,
      totalCents: 30_000,
      periodFrom: '2026-10-01',
      periodTo: '2026-10-31',
    });
    const balance0 = await readBalance(t.db, customers.other);
    const lost = (await lose({ invoice_id: id, kind: 'loss', amount: 300 })).json();
    expect(lost.invoice.invoice_status).toBe('Paid');
    const del = await req('DELETE', `/lost-payment/${lost.lost_payment.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: MSG.recordDeleted });
    expect(await readInvoice(t.db, id)).toMatchObject({ lossCents: 0, status: 'Open' });
    expect(await readBalance(t.db, customers.other)).toBe(balance0);
    expect((await req('DELETE', `/lost-payment/${lost.lost_payment.id}`)).statusCode).toBe(404);
  });

  it('listing needs Lost payments, deleting its DELETE, recording the invoices PAID', async () => {
    const id = await makeInvoice(t.db, {
      customerId: customers.other,
      totalCents: 30_000,
      periodFrom: '2026-10-01',
      periodTo: '2026-10-31',
    });
    const lost = (await lose({ invoice_id: id, kind: 'mistake', amount: 5 })).json();
    const viewer = await t.createUser({
      email: 'lost-viewer@backhaul.test',
      grants: [
        { section: SECTION.Accounting, action: 0 },
        { section: SECTION.LostPayments, action: 0 },
        { section: SECTION.LostPayments, action: ACTION.VIEW },
      ],
    });
    expect((await req('POST', '/lost-payment/list', viewer.token, {})).statusCode).toBe(200);
    expect((await req('DELETE', `/lost-payment/${lost.lost_payment.id}`, viewer.token)).statusCode).toBe(403);
    expect((await lose({ invoice_id: id, kind: 'loss', amount: 1 }, viewer.token)).statusCode).toBe(403);
    const customerUser = await t.login('customer@backhaul.demo');
    expect((await req('POST', '/lost-payment/list', customerUser, {})).statusCode).toBe(403);
    expect((await readInvoice(t.db, id)).mistakeCents).toBe(500);
  });
});
