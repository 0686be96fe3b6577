import { MSG, SECTION } from '@backhaul/shared';
import { EMPTY_WORK_ORDER } from '@backhaul/shared/modules/work-orders/work-orders.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Factories, factories } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { freezeClock, thawClock } from '../../platform/clock';

let t: TestContext;
let f: Factories;
let shop: string;
let truckId: number;
let customerId: number;
beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  shop = await t.login('shop@backhaul.demo');
  truckId = (await f.truck()).id;
  customerId = (await f.customer({ email: 'fleet@outside.test', services: ['shop'] })).id;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, token = shop) =>
  t.app.inject({
    method,
    url: `/api/work-order${url}`,
    headers: t.bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const one = async <T>(query: string, params: unknown[]) => (await t.database.query<T>(query, params))[0] as T;

const truckOrder = (extra: Record<string, unknown> = {}) => ({
  ...EMPTY_WORK_ORDER,
  truck_id: truckId,
  arrival_date: '2026-03-02',
  ...extra,
});

describe('work orders: the dialog, totals in cents and the list', () => {
  it('saves labour, parts and tax with totals computed on the server, and edits lines', async () => {
    const created = await call(
      'POST',
      '',
      truckOrder({
        tax_percent: 8.25,
        labour: [
          { technician_id: null, description: 'Brake job', hours: '2.5', rate: '95.50' },
          { technician_id: null, description: 'Diagnose', hours: 0.33, rate: 120 },
        ],
        parts: [
          { part_number: 'BP-100', description: 'Brake pads', quantity: 4, unit_price: '38.99' },
          { part_number: 'F-7', description: 'Filter', quantity: '1.5', unit_price: '9.99' },
        ],
        descriptions: [{ complaint: 'Grinding brakes', cause: 'Worn pads', correction: 'Replaced pads' }],
        invoices: [{ number: 'V-77', amount: '155.96', issued_on: '2026-03-02' }],
      }),
    );
    expect(created.statusCode).toBe(200);
    const row = created.json().row;
    // labour 2.5 × 95.50 = 238.75, 0.33 × 120 = 39.60; parts 4 × 38.99 = 155.96, 1.5 × 9.99 = 14.985 → 14.99
    // tax 8.25 % of 170.95 = 14.103 → 14.10; 278.35 + 170.95 + 14.10 = 463.40
    // Issue 28 changes the figure: the vendor's invoice V-77 (155.96, no markup by default) is part of the
    // total now: 463.40 + 155.96 = 619.36.
    expect(row).toMatchObject({
      labour_total: 278.35,
      parts_total: 170.95,
      tax: 14.1,
      sublet_total: 155.96,
      total: 619.36,
    });
    expect(row.labour.map((l: { amount: number }) => l.amount)).toEqual([238.75, 39.6]);
    expect(row.parts.map((p: { amount: number }) => p.amount)).toEqual([155.96, 14.99]);
    expect(created.json()).toMatchObject({ message: MSG.savingSuccess, removed: false });
    const cents = await one<{ total_cents: number }>('select total_cents from work_orders where id = $1', [row.id]);
    expect(cents.total_cents).toBe(61936);

    const [brake, diagnose] = row.labour;
    const edited = await call('PUT', `/${row.id}`, {
      ...truckOrder({ tax_percent: 8.25, status: 7 }),
      labour: [{ ...brake, hours: 3 }],
      parts: row.parts,
      remove_labour: [diagnose.id],
    });
    expect(edited.statusCode).toBe(200);
    // labour 3 × 95.50 = 286.50; parts 170.95; tax 14.10 → 471.55; with V-77 (issue 28): + 155.96 = 627.51
    expect(edited.json().row).toMatchObject({ labour_total: 286.5, total: 627.51, status: 7 });
    expect(edited.json().row.labour).toHaveLength(1);

    const form = (await call('GET', `/${row.id}/edit`)).json();
    expect(form.row.descriptions).toEqual([
      { id: expect.any(Number), complaint: 'Grinding brakes', cause: 'Worn pads', correction: 'Replaced pads' },
    ]);
    expect(form.trucks.some((x: { id: number }) => x.id === truckId)).toBe(true);
    expect((await call('GET', `/description/${row.id}`)).json().descriptions).toHaveLength(1);

    // Drafted deletions of descriptions and invoices, each its own call.
    const description = form.row.descriptions[0].id;
    const invoice = form.row.invoices[0].id;
    expect((await call('POST', '/destroyDescription', { ids: [description] })).json()).toEqual({
      message: MSG.removalSuccess,
      deleted: 1,
    });
    expect((await call('POST', '/destroyInvoice', { ids: [invoice] })).json().deleted).toBe(1);
    // The vendor's invoice leaves the total with it (issue 28): 627.51 − 155.96 = 471.55.
    expect((await call('GET', `/${row.id}/edit`)).json().row.total).toBe(471.55);
    expect((await call('POST', '/destroyInvoice', { ids: [invoice] })).statusCode).toBe(422);
    const after = (await call('GET', `/${row.id}/edit`)).json().row;
    expect([after.descriptions, after.invoices]).toEqual([[], []]);
  });

  it('refuses bad input with 422 naming the field', async () => {
    const res = await call(
      'POST',
      '',
      truckOrder({ tax_percent: 40, parts: [{ part_number: '', quantity: 0, unit_price: 'x' }] }),
    );
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(
      expect.arrayContaining(['tax_percent', 'parts.0.part_number', 'parts.0.quantity', 'parts.0.unit_price']),
    );
    expect((await call('POST', '', truckOrder({ truck_id: null }))).json().errors).toEqual({
      truck_id: ['Choose a truck.'],
    });
    const foreign = await call('POST', '', truckOrder({ truck_id: 99999999 }));
    expect(foreign.json().errors).toEqual({ truck_id: ['Choose a truck of the list.'] });
    const backwards = await call(
      'POST',
      '',
      truckOrder({ check_in: '2026-03-02 10:00', check_out: '2026-03-01 09:00' }),
    );
    expect(Object.keys(backwards.json().errors)).toEqual(['check_out']);
  });

  it('refuses a check-out after now (company time) on its field; now itself and an unchanged one are kept', async () => {
    // 2026-03-10 15:30 UTC is 10:30 in Chicago (CDT from March 8).
    freezeClock('2026-03-10T15:30:00Z');
    try {
      const ahead = await call('POST', '', truckOrder({ check_in: '2026-03-10 08:00', check_out: '2026-03-10 10:31' }));
      expect(ahead.statusCode).toBe(422);
      expect(ahead.json().errors).toEqual({ check_out: ['Check-out cannot be in the future.'] });
      const tomorrow = await call('POST', '', truckOrder({ check_in: '2026-03-10 08:00', check_out: '2026-03-11' }));
      expect(tomorrow.json().errors).toEqual({ check_out: ['Check-out cannot be in the future.'] });
      const now = await call('POST', '', truckOrder({ check_in: '2026-03-10 08:00', check_out: '2026-03-10 10:30' }));
      expect(now.statusCode, now.body).toBe(200);
      const id = now.json().row.id as number;
      const saved = await one<{ out: string }>(
        "select to_char(check_out at time zone 'America/Chicago', 'YYYY-MM-DD HH24:MI') as out from work_orders where id = $1",
        [id],
      );
      expect(saved.out).toBe('2026-03-10 10:30');
      // An hour earlier on the clock, the order saved at 10:30 keeps its check-out when edited.
      freezeClock('2026-03-10T14:30:00Z');
      const edited = await call(
        'PUT',
        `/${id}`,
        truckOrder({ check_in: '2026-03-10 08:00', check_out: '2026-03-10 10:30', status: 7 }),
      );
      expect(edited.statusCode, edited.body).toBe(200);
    } finally {
      thawClock();
    }
  });

  it('takes the tax as a plain percentage to the thousandth: hex, booleans, arrays, null, empty, exponents and 4 decimals are refused', async () => {
    const orders = async () => (await one<{ n: number }>('select count(*)::int n from work_orders', [])).n;
    const before = await orders();
    for (const bad of ['0x10', true, [5], null, '', '1e1', '12.3456']) {
      const res = await call('POST', '', truckOrder({ tax_percent: bad }));
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(bad)).toEqual(['tax_percent']);
    }
    expect(await orders()).toBe(before);

    // Parts 2 × 40.00 = 80.00; 12.5 % of it = 10.00; stored as 12,500 thousandths of a percent.
    for (const tax of ['12.5', 12.5]) {
      const res = await call(
        'POST',
        '',
        truckOrder({
          tax_percent: tax,
          parts: [{ part_number: 'T-1', description: 'Tire valve', quantity: 2, unit_price: '40.00' }],
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
      const row = res.json().row;
      expect(row).toMatchObject({ parts_total: 80, tax: 10, total: 90, tax_percent: 12.5 });
      const stored = await one<{ tax_milli: number }>('select tax_milli from work_orders where id = $1', [row.id]);
      // Kept to the thousandth of a percent.
      expect(stored.tax_milli).toBe(12_500);
    }
    expect(await orders()).toBe(before + 2);
    // New York City's 8.875 %: 3 × 33.33 = 99.99 of parts × 8.875 % = 8.874… → 8.87.
    const nyc = await call(
      'POST',
      '',
      truckOrder({
        tax_percent: '8.875',
        parts: [{ part_number: 'F-2', description: 'Fuel filter', quantity: 3, unit_price: '33.33' }],
      }),
    );
    expect(nyc.statusCode, nyc.body).toBe(200);
    expect(nyc.json().row).toMatchObject({ parts_total: 99.99, tax: 8.87, total: 108.86, tax_percent: 8.875 });
  });

  it('lists every status but 9 and 11 by default; a canceled order leaves the list', async () => {
    const ids: Record<number, number> = {};
    for (const status of [1, 8, 9, 11]) ids[status] = (await call('POST', '', truckOrder({ status }))).json().row.id;
    const listed = (await call('POST', '/list', { limit: 500 })).json();
    const shown = listed.rows.map((r: { id: number }) => r.id);
    expect(shown).toEqual(expect.arrayContaining([ids[1], ids[8]]));
    expect(shown).not.toContain(ids[9]);
    expect(shown).not.toContain(ids[11]);
    expect(listed.rows.every((r: { status: number }) => r.status !== 9 && r.status !== 11)).toBe(true);
    const closed = (await call('POST', '/list', { filters: { status: { values: [9] } } })).json();
    expect(closed.rows.map((r: { id: number }) => r.id)).toContain(ids[9]);

    const canceled = await call('PUT', `/${ids[1]}`, truckOrder({ status: 11 }));
    expect(canceled.json().removed).toBe(true);
    const again = (await call('POST', '/list', { limit: 500 })).json().rows.map((r: { id: number }) => r.id);
    expect(again).not.toContain(ids[1]);

    const start = (await call('GET', '')).json();
    expect(start.rows.every((r: { status: number }) => r.status !== 9 && r.status !== 11)).toBe(true);
    expect(start.status).toHaveLength(11);
  });

  it('serves the day’s arrivals (start: today; date: any day)', async () => {
    // The demo seed's orders are dated from the day it runs: some may arrive that day too.
    const before = (await call('POST', '/date', { date: '2026-04-07' })).json();
    const id = (await call('POST', '', truckOrder({ arrival_date: '2026-04-07', dispatch_request: 4 }))).json().row.id;
    const day = (await call('POST', '/date', { date: '2026-04-07' })).json();
    expect(day).toMatchObject({ date: '2026-04-07', count: before.count + 1 });
    expect(day.list).toHaveLength(before.list.length + 1);
    expect(day.list.filter((o: { id: number }) => o.id === id)).toEqual([
      { id, unit_type: 'Truck', unit: expect.any(String), arrived: false, priority: 'Urgent' },
    ]);
    expect((await call('POST', '/date', { date: '2026-02-30' })).statusCode).toBe(422);
    expect((await call('GET', '/start')).json()).toMatchObject({ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  });

  it('bills an outside customer’s order on an invoice that follows its total and the customer’s balance', async () => {
    const balance = async () =>
      Number((await one<{ b: string }>('select balance_cents as b from customers where id = $1', [customerId])).b);
    const start = await balance();
    // Issue 28: billed once completed (status 9 Closed), so the order is saved closed here.
    const form = {
      ...EMPTY_WORK_ORDER,
      unit_type: 'customer',
      customer_id: customerId,
      customer_unit: 'OUT-42',
      status: 9,
      labour: [{ technician_id: null, description: 'Tow', hours: 1, rate: 150 }],
    };
    const row = (await call('POST', '', form)).json().row;
    expect(row).toMatchObject({ unit: 'OUT-42', customer: expect.any(String), total: 150 });
    expect((await balance()) - start).toBe(15000);
    const edited = (await call('PUT', `/${row.id}`, { ...form, labour: [{ ...row.labour[0], hours: 2 }] })).json();
    expect(edited.row.total).toBe(300);
    expect((await balance()) - start).toBe(30000);
    const invoice = await one<{ total_cents: string; lines: string }>(
      `select i.total_cents, (select sum(amount_cents) from invoice_lines where invoice_id = i.id) as lines
        from invoices i join work_orders w on w.customer_invoice_id = i.id where w.id = $1`,
      [row.id],
    );
    expect([Number(invoice.total_cents), Number(invoice.lines)]).toEqual([30000, 30000]);

    const pdf = await call('GET', `/${row.id}/invoice`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call('POST', `/${row.id}/send`, { email: '' })).json()).toEqual({ message: MSG.messageSent });
    const mail = await one<{ to: string; template: string }>(
      'select "to", template from mail_messages order by id desc limit 1',
      [],
    );
    expect(mail).toEqual({ to: 'fleet@outside.test', template: 'invoice' });

    await call('PUT', `/${row.id}`, { ...form, status: 11, labour: [] });
    expect(await balance()).toBe(start);
    const deleted = (await call('POST', '', form)).json().row.id;
    expect((await balance()) - start).toBe(15000);
    expect((await call('DELETE', `/${deleted}`)).json()).toEqual({ message: MSG.removeItemWorkOrder });
    expect(await balance()).toBe(start);
  });

  it('counts each line once when saves of one order race', async () => {
    const row = (await call('POST', '', truckOrder())).json().row;
    const lines = (n: number) =>
      truckOrder({ parts: [{ part_number: `P-${n}`, description: '', quantity: 1, unit_price: 10 * n }] });
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => call('PUT', `/${row.id}`, lines(n))));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const sums = await one<{ total: number; lines: number; n: number }>(
      `select w.total_cents as total, (select sum(amount_cents) from work_order_parts where work_order_id = w.id)::int as lines,
        (select count(*) from work_order_parts where work_order_id = w.id)::int as n from work_orders w where w.id = $1`,
      [row.id],
    );
    expect(sums.total).toBe(sums.lines);
    expect(sums.n).toBe(5);
  });

  it('needs the Work orders section; another company reaches nothing', async () => {
    const outsider = (await f.user([{ section: SECTION.Trucks, action: 0 }])).token;
    expect((await call('POST', '/list', {}, outsider)).statusCode).toBe(403);
    const id = (await call('POST', '', truckOrder())).json().row.id;
    const companyId = await f.company();
    const other = (
      await f.user(
        [0, 8, 9, 10, 11].map((action) => ({ section: SECTION.WorkOrders, action })),
        { companyId },
      )
    ).token;
    expect((await call('GET', `/${id}/edit`, undefined, other)).statusCode).toBe(404);
    expect((await call('POST', '/list', {}, other)).json().total).toBe(0);
    expect((await call('POST', '/destroyDescription', { ids: [1] }, other)).statusCode).toBe(422);
  });
});

describe('shop billing by the rules (issue 28)', () => {
  let admin: string;
  const settings = async (shop: { sublet_markup_percent: number | string; labor_taxable: boolean }) => {
    const got = (await t.app.inject({ method: 'GET', url: '/api/settings/account', headers: t.bearer(admin) })).json();
    return t.app.inject({
      method: 'POST',
      url: '/api/settings/account',
      headers: t.bearer(admin),
      payload: { ...got, shop },
    });
  };
  const balance = async () =>
    Number((await one<{ b: string }>('select balance_cents as b from customers where id = $1', [customerId])).b);
  const estimate = (extra: Record<string, unknown> = {}) => ({
    ...EMPTY_WORK_ORDER,
    unit_type: 'customer',
    customer_id: customerId,
    customer_unit: 'OUT-77',
    tax_percent: 8.25,
    status: 5,
    labour: [{ technician_id: null, description: 'Brakes', hours: 2, rate: '95.50' }],
    parts: [{ part_number: 'BP-2', description: 'Pads', quantity: 3, unit_price: '42.10' }],
    invoices: [
      { number: 'TOW-1', amount: '350.00', issued_on: '2026-03-09' },
      { number: 'MCH-9', amount: '87.33', issued_on: '2026-03-09' },
    ],
    ...extra,
  });

  beforeAll(async () => {
    admin = await t.login('admin@backhaul.demo');
    freezeClock('2026-03-10T15:00:00Z');
  });
  afterAll(async () => {
    thawClock();
    await settings({ sublet_markup_percent: 0, labor_taxable: false });
  });

  it('refuses a bad shop setting with 422 naming the field', async () => {
    const bad = await settings({ sublet_markup_percent: '15.0055', labor_taxable: true });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toContain('shop.sublet_markup_percent');
    const saved = await settings({ sublet_markup_percent: 15, labor_taxable: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().shop).toEqual({ sublet_markup_percent: 15, labor_taxable: true });
  });

  it('bills vendors’ invoices with the markup and taxes labour where settings say so, once the order is closed', async () => {
    await settings({ sublet_markup_percent: 15, labor_taxable: true });
    const start = await balance();
    const saved = (await call('POST', '', estimate())).json().row;
    // labour 2 × 95.50 = 191.00; parts 3 × 42.10 = 126.30
    // sublet: 350.00 × 1.15 = 402.50; 87.33 × 1.15 = 100.4295 → 100.43; together 502.93
    // tax 8.25 % of (126.30 + 191.00 labour taxable) = 26.17725 → 26.18
    // total 191.00 + 126.30 + 26.18 + 502.93 = 846.41
    expect(saved).toMatchObject({
      labour_total: 191,
      parts_total: 126.3,
      tax: 26.18,
      sublet_total: 502.93,
      sublet_markup_percent: 15,
      labour_taxed: true,
      total: 846.41,
      customer_invoice_id: null,
    });
    expect(saved.invoices.map((i: { billed: number }) => i.billed)).toEqual([402.5, 100.43]);
    // An estimate waiting for approval is never billed.
    expect(await balance()).toBe(start);

    // The same lines (by id), closed.
    const lines0 = { labour: saved.labour, parts: saved.parts, invoices: saved.invoices };
    const closed = (await call('PUT', `/${saved.id}`, { ...estimate(lines0), status: 9 })).json().row;
    expect(closed.total).toBe(846.41);
    expect(closed.customer_invoice_id).toEqual(expect.any(Number));
    const invoice = await one<{ total: string; from: string; customer_id: number }>(
      `select total_cents as total, to_char(period_from, 'YYYY-MM-DD') as from, customer_id from invoices where id = $1`,
      [closed.customer_invoice_id],
    );
    expect({ ...invoice, total: Number(invoice.total) }).toEqual({
      total: 84641,
      from: '2026-03-10',
      customer_id: customerId,
    });
    const invoiceLines = await t.database.query<{ description: string; amount: string }>(
      'select description, amount_cents as amount from invoice_lines where invoice_id = $1 order by id',
      [closed.customer_invoice_id],
    );
    expect(invoiceLines.map((l) => [l.description, Number(l.amount)])).toEqual([
      ['Labour', 19100],
      ['Parts', 12630],
      ['Sales tax 8.25 % on parts and labour', 2618],
      ['Sublet: vendor invoice TOW-1 (+15 %)', 40250],
      ['Sublet: vendor invoice MCH-9 (+15 %)', 10043],
    ]);
    expect((await balance()) - start).toBe(84641);

    // Back to an estimate: the unpaid invoice goes, and the balance with it.
    const reopened = (await call('PUT', `/${saved.id}`, estimate(lines0))).json().row;
    expect(reopened.customer_invoice_id).toBeNull();
    expect(await balance()).toBe(start);
    const gone = await t.database.query('select 1 from invoices where id = $1', [closed.customer_invoice_id]);
    expect(gone).toEqual([]);
  });

  it('takes the sublet markup to the thousandth of a percent and bills each vendor invoice rounded once, half away from zero', async () => {
    const saved = await settings({ sublet_markup_percent: '12.345', labor_taxable: false });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().shop).toEqual({ sublet_markup_percent: 12.345, labor_taxable: false });
    const row = (
      await call(
        'POST',
        '',
        estimate({
          invoices: [
            { number: 'TOW-3', amount: '350.00', issued_on: '2026-03-09' },
            { number: 'ENG-1', amount: '2500.00', issued_on: '2026-03-09' },
          ],
        }),
      )
    ).json().row;
    // 350.00 × 1.12345 = 393.2075 → 393.21; 2,500.00 × 1.12345 = 2,808.625 → 2,808.63 (half away from zero)
    // sublet 393.21 + 2,808.63 = 3,201.84; tax 8.25 % of parts 126.30 = 10.41975 → 10.42
    // total 191.00 + 126.30 + 10.42 + 3,201.84 = 3,529.56
    expect(row.invoices.map((i: { billed: number }) => i.billed)).toEqual([393.21, 2808.63]);
    expect(row).toMatchObject({ sublet_markup_percent: 12.345, sublet_total: 3201.84, tax: 10.42, total: 3529.56 });
  });

  it('labour is not taxed where settings say it is not', async () => {
    await settings({ sublet_markup_percent: 0, labor_taxable: false });
    const row = (await call('POST', '', estimate({ status: 9, invoices: [] }))).json().row;
    // tax 8.25 % of parts 126.30 only = 10.41975 → 10.42; total 191.00 + 126.30 + 10.42 = 327.72
    expect(row).toMatchObject({ tax: 10.42, labour_taxed: false, sublet_total: 0, total: 327.72 });
    const invoice = await one<{ total: string }>('select total_cents as total from invoices where id = $1', [
      row.customer_invoice_id,
    ]);
    expect(Number(invoice.total)).toBe(32772);
  });

  it('approve and bill: an approved estimate is billed before completion, once', async () => {
    await settings({ sublet_markup_percent: 10, labor_taxable: false });
    const start = await balance();
    const row = (
      await call('POST', '', estimate({ invoices: [{ number: 'TOW-2', amount: '200.05', issued_on: '' }] }))
    ).json().row;
    expect(await balance()).toBe(start);
    const approved = await call('POST', `/${row.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    // sublet 200.05 × 1.10 = 220.055 → 220.06; tax 8.25 % of 126.30 = 10.42; 191.00 + 126.30 + 10.42 + 220.06 = 547.78
    expect(approved.json().row).toMatchObject({ status: 7, total: 547.78, approved_at: '2026-03-10 10:00' });
    expect((await balance()) - start).toBe(54778);
    const again = await call('POST', `/${row.id}/approve`);
    expect(again.statusCode).toBe(422);
    expect(Object.keys(again.json().errors)).toEqual(['status']);
    const truck = (await call('POST', '', truckOrder())).json().row;
    const refused = await call('POST', `/${truck.id}/approve`);
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['unit_type']);
    const audit = await one<{ action: string }>(
      `select action from audit_log where entity = 'work_orders' and entity_id = $1 order by id desc limit 1`,
      [String(row.id)],
    );
    expect(audit.action).toBe('approve');
  });

  it('approve and bill sent four times at once bills the order once: one invoice, the balance moved once', async () => {
    await settings({ sublet_markup_percent: 10, labor_taxable: false });
    const start = await balance();
    const invoicesOf = () =>
      one<{ n: number; total: string }>(
        'select count(*)::int as n, coalesce(sum(total_cents), 0) as total from invoices where customer_id = $1',
        [customerId],
      );
    const before = await invoicesOf();
    const row = (
      await call('POST', '', estimate({ invoices: [{ number: 'TOW-3', amount: '200.05', issued_on: '' }] }))
    ).json().row;
    const answers = await Promise.all([1, 2, 3, 4].map(() => call('POST', `/${row.id}/approve`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422, 422, 422]);
    for (const lost of answers.filter((a) => a.statusCode === 422))
      expect(Object.keys(lost.json().errors)).toEqual(['status']);
    // labour 2 × 95.50 = 191.00; parts 3 × 42.10 = 126.30, tax 8.25 % = 10.42; sublet 200.05 × 1.10 = 220.055
    // → 220.06; 191.00 + 126.30 + 10.42 + 220.06 = 547.78, billed once.
    const after = await invoicesOf();
    expect([after.n - before.n, Number(after.total) - Number(before.total)]).toEqual([1, 54778]);
    expect((await balance()) - start).toBe(54778);
    const billed = await one<{ customer_invoice_id: number | null }>(
      'select customer_invoice_id from work_orders where id = $1',
      [row.id],
    );
    const invoice = await one<{ total_cents: string }>('select total_cents from invoices where id = $1', [
      billed.customer_invoice_id,
    ]);
    expect(Number(invoice.total_cents)).toBe(54778);
    const approvals = await one<{ n: number }>(
      `select count(*)::int as n from audit_log where entity = 'work_orders' and entity_id = $1 and action = 'approve'`,
      [String(row.id)],
    );
    expect(approvals.n).toBe(1);
  });
});
