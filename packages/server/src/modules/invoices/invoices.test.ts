import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACTION, MSG, SECTION } from '@backhaul/shared';
import { INVOICE_MSG } from '@backhaul/shared/modules/invoices/invoices.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { startSmtpServer } from '../../../test/smtp';
import { createRun, generateInvoices } from './generator.service';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: string;
let customerToken: string;
let ownCustomerId: number;
let otherCustomerId: number;
/** A generated invoice of another customer, with a load whose PPW file exists. */
let loadInvoiceId: number;
let ppwLoadId: number;

const post = (url: string, payload: object, token = admin) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers: t.bearer(token) });
const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);
const balance = async (id: number) =>
  Number((await q<{ b: number }>('select balance_cents as b from customers where id = $1', [id]))[0]?.b);

const newInvoice = (customerId: number, amounts: number[], token = admin) =>
  post(
    '/invoice/new',
    {
      customer_id: customerId,
      from: '2026-10-01',
      to: '2026-10-31',
      description: 'Manual test invoice',
      payment_account: 'Zelle pay@backhaul.demo',
      lines: amounts.map((amount, i) => ({ description: `Line ${i + 1}`, quantity: 1, amount })),
    },
    token,
  );

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    config: { SMTP_URL: smtp.url, dataDir: mkdtempSync(join(tmpdir(), 'backhaul-invoices-')) },
  });
  admin = await t.login('admin@backhaul.demo');
  customerToken = await t.login('customer@backhaul.demo');
  const [own] = await q<{ customer_id: number }>(
    "select customer_id from users where email = 'customer@backhaul.demo'",
  );
  ownCustomerId = Number(own?.customer_id);
  // A delivered load of another customer buying dispatch, billed, with a PPW file, then invoiced.
  const [load] = await q<{ id: number; customer_id: number; company_id: number; delivery_at: Date }>(
    `select l.id, l.customer_id, l.company_id, l.delivery_at from loads l join customers c on c.id = l.customer_id
     where l.customer_id <> $1 and 'dispatch' = any(c.services) and l.delivery_at < now() - interval '3 days'
       and l.gross_cents > 0 and c.email is not null
       and not exists (select 1 from invoice_lines il where il.load_id = l.id)
     order by l.delivery_at desc limit 1`,
    [ownCustomerId],
  );
  if (!load) throw new Error('no load to invoice');
  ppwLoadId = load.id;
  otherCustomerId = load.customer_id;
  if (!(await q('select 1 from billings where load_id = $1', [load.id])).length)
    expect((await post('/billing', { load_id: load.id })).statusCode).toBe(200);
  await t.app.deps.files.store({
    companyId: load.company_id,
    entity: 'loads',
    entityId: load.id,
    category: 'ppw',
    name: 'bol-signed.pdf',
    mime: 'application/pdf',
    data: Buffer.from('%PDF-1.4\n% signed BOL\n%%EOF\n'),
    uploadedBy: null,
  });
  const day = new Date(load.delivery_at).toISOString().slice(0, 10);
  const [dispatch] = await q<{ id: number }>("select id from accounting_services where name = 'Dispatch'");
  const input = {
    companyId: load.company_id,
    actorId: null,
    from: `${day.slice(0, 8)}01`,
    to: day,
    serviceId: dispatch?.id ?? null,
    customerIds: [load.customer_id],
  };
  const run = await createRun(t.db, input);
  await generateInvoices(t.db, { ...input, runId: run.id });
  const [inv] = await q<{ customer_invoice_id: number }>('select customer_invoice_id from loads where id = $1', [
    load.id,
  ]);
  loadInvoiceId = Number(inv?.customer_invoice_id);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('generic list routes', () => {
  it('POST /invoice/settings and /invoice/export reach the list engine (not /invoice/:id)', async () => {
    const settings = await post('/invoice/settings', {
      settings: {
        columns: [
          { id: 'invoice_id', visible: true },
          { id: 'loss', visible: false },
        ],
      },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json().settings.columns.find((c: { id: string }) => c.id === 'loss').visible).toBe(false);
    const exported = await post('/invoice/export', { format: 'csv' });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json()).toHaveProperty('link');
  });
});

describe('manual invoices, totals and balance', () => {
  it('creates an invoice with lines; the list, totals and the customer balance follow', async () => {
    const before = await balance(ownCustomerId);
    const res = await newInvoice(ownCustomerId, [100.25, 49.75]);
    expect(res.statusCode, res.body).toBe(200);
    const inv = res.json().invoice;
    expect(inv.status).toBe('Open');
    expect(inv.total_check).toBe(150);
    expect(inv.need_pay_amount).toBe(150);
    expect(inv.lines.map((l: { amount: number }) => l.amount)).toEqual([100.25, 49.75]);
    expect(await balance(ownCustomerId)).toBe(before + 15000);

    const list = await post('/invoice', { filters: { invoice_id: { op: 'eq', value: inv.invoice_id } } });
    const row = list.json().rows[0];
    for (const key of [
      'invoice_id',
      'status',
      'service',
      'customer',
      'from',
      'to',
      'generated',
      'generated_date',
      'total_check',
      'pay_amount',
      'need_pay_amount',
      'balance',
      'mistake',
      'loss',
      'payment_account',
      'invoice_status',
      'pay',
    ])
      expect(row).toHaveProperty(key);
    expect(row.total_check).toBe(150);
    expect(row.generated).toBe('No');
    expect(row.invoice_status).toBe('Not paid');
    expect(row.balance).toBe((before + 15000) / 100);

    const total = await post('/invoice/total', { filters: { customer: { values: [ownCustomerId] } } });
    const [sum] = await q<{ s: number; n: number }>(
      'select sum(total_cents)::bigint as s, count(*)::int as n from invoices where customer_id = $1',
      [ownCustomerId],
    );
    expect(total.json().total).toBe(sum?.n);
    expect(total.json().sum.total_check).toBeCloseTo(Number(sum?.s) / 100, 2);
    const filters = await post('/invoice/filters', {});
    expect(filters.json().filter.status.map((o: { value: string }) => o.value)).toContain('Open');
  });

  it('refuses an invoice without lines or with an unknown customer (422 on the field)', async () => {
    const empty = await post('/invoice/new', {
      customer_id: ownCustomerId,
      from: '2026-10-01',
      to: '2026-10-31',
      lines: [],
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.lines).toBeDefined();
    const unknown = await newInvoice(999999, [10]);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.customer_id).toEqual(['Choose a customer.']);
  });

  it('edits an Open invoice: lines, description, payment account; the balance moves by the difference', async () => {
    const inv = (await newInvoice(ownCustomerId, [200])).json().invoice;
    const before = await balance(ownCustomerId);
    const res = await post(`/invoice/update/${inv.invoice_id}`, {
      description: 'Corrected',
      payment_account: 'ACH 0042',
      lines: [
        { id: inv.lines[0].id, description: 'Dispatch fee', quantity: 1, amount: 180 },
        { description: 'Late fee', quantity: 2, amount: 30 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().invoice;
    expect(after.total_check).toBe(210);
    expect(after.description).toBe('Corrected');
    expect(after.payment_account).toBe('ACH 0042');
    expect(after.lines.map((l: { description: string }) => l.description)).toEqual(['Dispatch fee', 'Late fee']);
    expect(await balance(ownCustomerId)).toBe(before + 1000);
    // The other form of the call, with the id in the body.
    const again = await post('/invoice/update', { id: inv.invoice_id, description: 'Again' });
    expect(again.json().invoice.description).toBe('Again');
    expect(again.json().invoice.total_check).toBe(210);
  });
});

describe('the list columns (issue 32: no repeated or empty column)', () => {
  it("Service names the invoice's service, or what an invoice without one bills; Number is hidden by default", async () => {
    const manual = (await newInvoice(otherCustomerId, [10])).json().invoice.invoice_id as number;
    const rowOf = async (id: number) => {
      const res = await post('/invoice', { filters: { invoice_id: { op: 'eq', value: id } } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        rows: Array<{ invoice_id: number; service: string | null; number: string }>;
        columns: Array<{ id: string; hidden: boolean }>;
      };
    };
    const generated = await rowOf(loadInvoiceId);
    const rows = [...generated.rows, ...(await rowOf(manual)).rows];
    const byId = new Map(rows.map((r) => [r.invoice_id, r]));
    // The generated invoice bills the Dispatch service; the manual one has none and reads its description.
    expect(byId.get(loadInvoiceId)?.service).toBe('Dispatch');
    expect(byId.get(manual)?.service).toBe('Manual test invoice');
    const [printed] = await q<{ number: string }>('select number from invoices where id = $1', [loadInvoiceId]);
    expect(byId.get(loadInvoiceId)?.number).toBe(printed?.number);
    const columns = generated.columns;
    expect(columns.find((c) => c.id === 'number')?.hidden).toBe(true);
    expect(columns.find((c) => c.id === 'service')?.hidden).toBe(false);
  });
});

describe('paid and open rules', () => {
  it('paid marks an Open invoice Paid through a payment; the balance drops; paid again is refused', async () => {
    const inv = (await newInvoice(ownCustomerId, [75.5])).json().invoice;
    const before = await balance(ownCustomerId);
    const res = await post(`/invoice/paid/${inv.invoice_id}`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().invoice.status).toBe('Paid');
    expect(res.json().invoice.pay_amount).toBe(75.5);
    expect(res.json().invoice.need_pay_amount).toBe(0);
    expect(await balance(ownCustomerId)).toBe(before - 7550);
    const [payment] = await q<{ amount_cents: number }>('select amount_cents from payments where invoice_id = $1', [
      inv.invoice_id,
    ]);
    expect(Number(payment?.amount_cents)).toBe(7550);
    const again = await post(`/invoice/paid/${inv.invoice_id}`, {});
    expect(again.statusCode).toBe(412);
    expect(again.json().error.mail).toBe(INVOICE_MSG.paidNotOpen);
    // Not Open: no editing either.
    const edit = await post(`/invoice/update/${inv.invoice_id}`, { description: 'x' });
    expect(edit.statusCode).toBe(412);
  });

  it('open (117) reopens a Sent or Paid invoice and is refused when already Open', async () => {
    const inv = (await newInvoice(ownCustomerId, [20])).json().invoice;
    const refused = await post(`/invoice/open/${inv.invoice_id}`, {});
    expect(refused.statusCode).toBe(412);
    await q("update invoices set status = 'Sent' where id = $1", [inv.invoice_id]);
    const res = await post(`/invoice/open/${inv.invoice_id}`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.openInvoiceSuccess);
    expect(res.json().invoice.status).toBe('Open');
  });

  it('setPayments marks several Open invoices paid', async () => {
    const a = (await newInvoice(ownCustomerId, [10])).json().invoice.invoice_id;
    const b = (await newInvoice(ownCustomerId, [20])).json().invoice.invoice_id;
    const res = await post('/invoice/setPayments', { invoice_ids: [a, b], method: 'Check' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await q<{ status: string }>('select status from invoices where id = any($1::int[]) order by id', [
      `{${a},${b}}`,
    ]);
    expect(rows.map((r) => r.status)).toEqual(['Paid', 'Paid']);
  });
});

describe('send, view and statistics', () => {
  it('sends the invoice PDF with the loads PPW to the SMTP server, records the send and sets Sent', async () => {
    expect(loadInvoiceId).toBeGreaterThan(0);
    const count = smtp.received.length;
    const res = await post('/invoice/sendInvoice', { invoice_id: loadInvoiceId, email: 'billing@carrier.test' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.invoicesSent);
    const mail = smtp.received[count];
    expect(mail?.to).toEqual(['billing@carrier.test']);
    expect(mail?.raw).toContain(`invoice-${loadInvoiceId}.pdf`);
    expect(mail?.raw).toContain('bol-signed.pdf');
    const [inv] = await q<{ status: string }>('select status from invoices where id = $1', [loadInvoiceId]);
    expect(inv?.status).toBe('Sent');
    const sent = await post('/invoice-sends/list', { filters: { id: { op: 'eq', value: loadInvoiceId } } });
    const row = sent.json().rows[0];
    expect(row).toMatchObject({ id: loadInvoiceId, send_to: 'billing@carrier.test' });
    for (const key of ['customer', 'from', 'to', 'send_by', 'sent_date']) expect(row).toHaveProperty(key);
  });

  it('sendInvoices sends many to the customers addresses; a refused recipient answers Invoices not sent', async () => {
    const res = await post('/invoice/sendInvoices', { invoice_ids: [loadInvoiceId] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sent).toEqual([loadInvoiceId]);
    smtp.refuse('mailbox unavailable');
    try {
      const failed = await post('/invoice/sendInvoices', { invoice_ids: [loadInvoiceId] });
      expect(failed.statusCode).toBe(412);
      expect(failed.json().error.mail).toBe(MSG.invoicesNotSent);
    } finally {
      smtp.refuse(null);
    }
  });

  it('view answers the PDF; download as an attachment', async () => {
    const view = await post(`/invoice/file/${loadInvoiceId}`, {});
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-type']).toBe('application/pdf');
    expect(view.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const download = await post(`/invoice/file/${loadInvoiceId}?download=1`, {});
    expect(download.headers['content-disposition']).toContain('attachment');
  });

  it('statistics mails a summary of the invoice loads', async () => {
    const count = smtp.received.length;
    const res = await post(`/invoice/sendStatistic/${loadInvoiceId}`, { email: 'owner@carrier.test' });
    expect(res.statusCode, res.body).toBe(200);
    expect(smtp.received[count]?.raw).toContain(`invoice-${loadInvoiceId}-loads.pdf`);
    const bad = await post(`/invoice/sendStatistic/${loadInvoiceId}`, { email: 'nope' });
    expect(bad.statusCode).toBe(422);
  });
});

describe('delete', () => {
  it('deletes an invoice, frees its loads for billing again and lowers the balance', async () => {
    const [row] = await q<{ total: number; status: string }>(
      'select total_cents as total from invoices where id = $1',
      [loadInvoiceId],
    );
    const before = await balance(otherCustomerId);
    const res = await post(`/invoice/delete/${loadInvoiceId}`, { invoice_id: loadInvoiceId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.recordDeleted);
    expect(await balance(otherCustomerId)).toBe(before - Number(row?.total));
    const [load] = await q<{ customer_invoice_id: number | null }>(
      'select customer_invoice_id from loads where id = $1',
      [ppwLoadId],
    );
    expect(load?.customer_invoice_id).toBeNull();
    expect((await q('select 1 from invoice_lines where load_id = $1', [ppwLoadId])).length).toBe(0);
  });

  it('refuses deleting an invoice with payments', async () => {
    const inv = (await newInvoice(ownCustomerId, [5])).json().invoice.invoice_id;
    await post(`/invoice/paid/${inv}`, {});
    const res = await post(`/invoice/delete/${inv}`, {});
    expect(res.statusCode).toBe(412);
  });
});

describe('customer user and permissions', () => {
  it('a customer user lists, opens and views only its own invoices', async () => {
    const other = (await newInvoice(otherCustomerId, [33])).json().invoice.invoice_id;
    const own = (await newInvoice(ownCustomerId, [44])).json().invoice.invoice_id;
    const list = await post('/invoice', { limit: 500 }, customerToken);
    expect(list.statusCode).toBe(200);
    const customers = new Set(list.json().rows.map((r: { customer_id: number }) => r.customer_id));
    expect([...customers]).toEqual([ownCustomerId]);
    expect(list.json().rows.map((r: { invoice_id: number }) => r.invoice_id)).toContain(own);
    expect((await post(`/invoice/${other}`, {}, customerToken)).statusCode).toBe(404);
    expect((await post(`/invoice/${own}`, {}, customerToken)).statusCode).toBe(200);
    expect((await post(`/invoice/file/${other}`, {}, customerToken)).statusCode).toBe(404);
    const pdf = await post(`/invoice/file/${own}?download=1`, {}, customerToken);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const total = await post('/invoice/total', {}, customerToken);
    const [n] = await q<{ n: number }>('select count(*)::int as n from invoices where customer_id = $1', [
      ownCustomerId,
    ]);
    expect(total.json().total).toBe(n?.n);
    const sends = await post('/invoice-sends/list', {}, customerToken);
    expect(sends.json().rows.every((r: { customer: string }) => r.customer !== null)).toBe(true);
  });

  it('a customer user cannot send, mark paid, open, edit or delete', async () => {
    const own = (await newInvoice(ownCustomerId, [12])).json().invoice.invoice_id;
    expect((await post('/invoice/sendInvoice', { invoice_id: own }, customerToken)).statusCode).toBe(403);
    expect((await post(`/invoice/paid/${own}`, {}, customerToken)).statusCode).toBe(403);
    expect((await post(`/invoice/open/${own}`, {}, customerToken)).statusCode).toBe(403);
    expect((await post(`/invoice/update/${own}`, { description: 'x' }, customerToken)).statusCode).toBe(403);
    expect((await post(`/invoice/delete/${own}`, {}, customerToken)).statusCode).toBe(403);
  });

  it('view-only staff can list but not send (15) or mark paid (16)', async () => {
    const viewer = await t.createUser({
      email: 'invoice-viewer@test.local',
      grants: [
        { section: SECTION.CustomerNotPaidInvoices, action: 0 },
        { section: SECTION.CustomerNotPaidInvoices, action: ACTION.VIEW },
      ],
    });
    const own = (await newInvoice(ownCustomerId, [12])).json().invoice.invoice_id;
    expect((await post('/invoice', {}, viewer.token)).statusCode).toBe(200);
    expect((await post('/invoice/sendInvoices', { invoice_ids: [own] }, viewer.token)).statusCode).toBe(403);
    expect((await post(`/invoice/paid/${own}`, {}, viewer.token)).statusCode).toBe(403);
    expect((await post(`/invoice/file/${own}`, {}, viewer.token)).statusCode).toBe(403);
  });
});
