import { addDays, nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import { DEFAULT_TERMS_DAYS } from '@backhaul/shared/modules/receivables-reports/receivables-reports.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { clock, freezeClock, thawClock } from '../../platform/clock';
import { customers } from '../customers';
import { drivers } from '../drivers';
import { demoCustomers, makeInvoice, readBalance } from '../payments/payments.fixtures';

let t: TestContext;
let accountant: string;
let customerId: number;
/** Invoice ids by the bucket the test expects them in. */
const expected: Record<string, number[]> = { current: [], d1_30: [], d31_60: [], d61_90: [], over_90: [], settled: [] };

const req = (method: 'GET' | 'POST' | 'DELETE', url: string, token = accountant, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: t.bearer(token), ...(payload ? { payload } : {}) });

// Days past due → bucket, and the amount (cents) left to pay on each invoice.
const CASES: Array<[number, string, number]> = [
  [-10, 'current', 10_000],
  [0, 'current', 20_050],
  [1, 'd1_30', 30_000],
  [30, 'd1_30', 40_000],
  [31, 'd31_60', 50_000],
  [60, 'd31_60', 60_000],
  [61, 'd61_90', 70_000],
  [90, 'd61_90', 80_000],
  [91, 'over_90', 90_000],
  [400, 'over_90', 100_001],
];

beforeAll(async () => {
  freezeClock('2026-06-15T17:00:00Z');
  t = await createTestApp();
  accountant = await t.login('accountant@backhaul.demo');
  const [company] = await t.database.query<{ id: number }>('select id from companies order by id limit 1');
  const companyId = company?.id ?? 1;
  const [customer] = await t.db
    .insert(customers)
    .values({ companyId, name: 'Aging Test Freight LLC' })
    .returning({ id: customers.id });
  customerId = customer?.id ?? 0;
  await t.db.insert(drivers).values([
    { companyId, name: 'Aging Driver One', customerId },
    { companyId, name: 'Aging Driver Two', customerId },
    { companyId, name: 'Aging Driver Gone', customerId, active: false },
  ]);
  const today = clock.today();
  for (const [daysPastDue, bucket, owed] of CASES) {
    // Due = invoice date + terms, so the invoice is made (on its period's last day) today - days past due - terms.
    // Half of the total is paid.
    const to = addDays(today, -daysPastDue - DEFAULT_TERMS_DAYS);
    const id = await makeInvoice(t.db, {
      customerId,
      totalCents: owed * 2,
      periodFrom: addDays(to, -30),
      periodTo: to,
      invoiceDate: to,
    });
    const res = await req('POST', `/payments/${id}`, accountant, {
      amount: owed / 100,
      date: today,
      payment_method: 'ACH',
    });
    expect(res.statusCode).toBe(200);
    expected[bucket]?.push(id);
  }
  // Old and fully settled: not aged at all.
  const settled = await makeInvoice(t.db, {
    customerId,
    totalCents: 55_500,
    periodFrom: '2025-01-01',
    periodTo: '2025-01-31',
    invoiceDate: '2025-01-31',
  });
  await req('POST', '/lost-payment', accountant, { invoice_id: settled, kind: 'loss', amount: 555 });
  expected.settled?.push(settled);
});
afterAll(async () => {
  thawClock();
  await t.close();
});

const bucketCents = (bucket: string) => CASES.filter((c) => c[1] === bucket).reduce((s, c) => s + c[2], 0);

describe('AR aging', () => {
  it('buckets what is due by days past the invoice date + terms, exact to the cent, with totals', async () => {
    const res = await req('POST', '/receivables/aging/list', accountant, {
      filters: { customer: { values: [customerId] } },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(1);
    const row = body.rows[0];
    expect(row).toMatchObject({
      customer_id: customerId,
      customer: 'Aging Test Freight LLC',
      open_invoices: 10,
      terms: DEFAULT_TERMS_DAYS,
      current: bucketCents('current') / 100,
      d1_30: 700,
      d31_60: 1100,
      d61_90: 1500,
      over_90: 1900.01,
      total: 5500.51,
    });
    expect(row.current).toBe(300.5);
    expect(body.sum).toMatchObject({
      current: 300.5,
      d1_30: 700,
      d31_60: 1100,
      d61_90: 1500,
      over_90: 1900.01,
      total: 5500.51,
    });
    // The customer's balance is what the aging totals (no credits here).
    expect(await readBalance(t.db, customerId)).toBe(550_051);
  });

  it('drills down to the invoices behind each bucket', async () => {
    for (const bucket of ['current', 'd1_30', 'd31_60', 'd61_90', 'over_90', 'settled']) {
      const res = await req('POST', '/receivables/invoices/list', accountant, {
        filters: { customer: { values: [customerId] }, bucket: { values: [bucket] } },
        sort: 'invoice_id',
        order: 'asc',
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.rows.map((r: { invoice_id: number }) => r.invoice_id)).toEqual(expected[bucket]);
      expect(body.sum.need_pay).toBe(bucket === 'settled' ? 0 : bucketCents(bucket) / 100);
      for (const r of body.rows) expect(r.bucket).toBe(bucket);
    }
    const oneDay = (
      await req('POST', '/receivables/invoices/list', accountant, {
        filters: { invoice_id: { op: 'eq', value: expected.d1_30?.[0] } },
      })
    ).json().rows[0];
    expect(oneDay).toMatchObject({ days_past_due: 1, need_pay: 300, paid: 300, total: 600 });
    expect(oneDay.due_date).toBe(addDays(clock.today(), -1));
  });

  it('exports through the generic export route', async () => {
    const res = await req('POST', '/ar-aging/export', accountant, { filters: { customer: { values: [customerId] } } });
    expect(res.statusCode).toBe(200);
    expect(res.json().link).toBeTruthy();
  });
});

describe('payment terms', () => {
  it("a customer's own terms move its due dates and buckets", async () => {
    const [company] = await t.database.query<{ id: number }>('select id from companies order by id limit 1');
    const [net30] = await t.db
      .insert(customers)
      .values({ companyId: company?.id ?? 1, name: 'Net Thirty Haulers', paymentTermsDays: 30 })
      .returning({ id: customers.id });
    const id = net30?.id ?? 0;
    const to = addDays(clock.today(), -50);
    const invoice = await makeInvoice(t.db, {
      customerId: id,
      totalCents: 12_300,
      periodFrom: addDays(to, -27),
      periodTo: to,
      invoiceDate: to,
    });
    // Invoiced 50 days ago: 35 past due on the default 15 days, 20 on net 30.
    const aging = (
      await req('POST', '/receivables/aging/list', accountant, { filters: { customer: { values: [id] } } })
    ).json();
    expect(aging.rows[0]).toMatchObject({ terms: 30, d1_30: 123, d31_60: 0, total: 123 });
    const row = (
      await req('POST', '/receivables/invoices/list', accountant, {
        filters: { invoice_id: { op: 'eq', value: invoice } },
      })
    ).json().rows[0];
    expect(row).toMatchObject({ due_date: addDays(to, 30), days_past_due: 20, bucket: 'd1_30' });
  });

  it('counts from the invoice date, not the end of the period it bills (issue 28)', async () => {
    const [company] = await t.database.query<{ id: number }>('select id from companies order by id limit 1');
    const [late] = await t.db
      .insert(customers)
      .values({ companyId: company?.id ?? 1, name: 'Invoiced Late Lines' })
      .returning({ id: customers.id });
    const id = late?.id ?? 0;
    // The period ended 2026-04-26 (50 days before the frozen 2026-06-15); the invoice was made on 2026-05-26.
    const invoice = await makeInvoice(t.db, {
      customerId: id,
      totalCents: 45_678,
      periodFrom: '2026-04-20',
      periodTo: '2026-04-26',
      invoiceDate: '2026-05-26',
    });
    // Due 2026-05-26 + 15 = 2026-06-10: 5 days past due (from the period's end it would be 35, in 31-60).
    const row = (
      await req('POST', '/receivables/invoices/list', accountant, {
        filters: { invoice_id: { op: 'eq', value: invoice } },
      })
    ).json().rows[0];
    expect(row).toMatchObject({
      invoice_date: '2026-05-26',
      due_date: '2026-06-10',
      days_past_due: 5,
      bucket: 'd1_30',
    });
    const aging = (
      await req('POST', '/receivables/aging/list', accountant, { filters: { customer: { values: [id] } } })
    ).json();
    expect(aging.rows[0]).toMatchObject({ d1_30: 456.78, d31_60: 0, total: 456.78 });
  });
});

describe('customers balance list', () => {
  it('answers customer id, name, balance (sum), created date and active drivers (sum)', async () => {
    const res = await req('POST', '/receivables/balances/list', accountant, {
      filters: { id: { op: 'eq', value: customerId } },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.rows).toEqual([
      {
        id: customerId,
        name: 'Aging Test Freight LLC',
        balance: 5500.51,
        created_at: nowInCompanyTimeZone().date,
        qty_driver: 2,
      },
    ]);
    expect(body.sum).toMatchObject({ balance: 5500.51, qty_driver: 2, id: 1 });
    const all = (await req('POST', '/receivables/balances/list', accountant, { limit: 5 })).json();
    expect(all.total).toBeGreaterThan(1);
    const balances = all.rows.map((r: { balance: number }) => r.balance);
    expect(balances).toEqual([...balances].sort((a, b) => b - a));
  });
});

describe('a customer user sees its own receivables only', () => {
  it('aging, balances, invoices and their filter options are scoped', async () => {
    const { own } = await demoCustomers(t.db);
    const token = await t.login('customer@backhaul.demo');
    const invoice = await makeInvoice(t.db, {
      customerId: own,
      totalCents: 12_345,
      periodFrom: '2026-01-01',
      periodTo: '2026-01-31',
    });
    const aging = (await req('POST', '/receivables/aging/list', token, {})).json();
    expect(aging.rows.map((r: { customer_id: number }) => r.customer_id)).toEqual([own]);
    const balances = (await req('POST', '/receivables/balances/list', token, {})).json();
    expect(balances.rows.map((r: { id: number }) => r.id)).toEqual([own]);
    const invoices = (await req('POST', '/receivables/invoices/list', token, { limit: 500 })).json();
    expect(invoices.rows.map((r: { invoice_id: number }) => r.invoice_id)).toContain(invoice);
    expect(new Set(invoices.rows.map((r: { customer_id: number }) => r.customer_id))).toEqual(new Set([own]));
    const theirs = (
      await req('POST', '/receivables/invoices/list', token, { filters: { customer: { values: [customerId] } } })
    ).json();
    expect(theirs.total).toBe(0);
    for (const path of ['/receivables/aging/filters', '/receivables/invoices/filters']) {
      const { filter } = (await req('POST', path, token)).json();
      expect(filter.customer.map((o: { value: number }) => o.value)).toEqual([own]);
    }
    const nobody = await t.createUser({ email: 'aging-none@backhaul.test', grants: [] });
    expect((await req('POST', '/receivables/aging/list', nobody.token, {})).statusCode).toBe(403);
  });
});
