import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACTION, MSG, SECTION } from '@backhaul/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Factories, factories } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { pdfText } from '../../../test/pdf-text';
import { base64Parts, startSmtpServer } from '../../../test/smtp';

let t: TestContext;
let f: Factories;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let staff: string;
let viewer: string;
let customerId: number;
let driverId: number;
const reports = (...actions: number[]) => [0, ...actions].map((action) => ({ section: SECTION.Reports, action }));

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    config: { SMTP_URL: smtp.url, dataDir: mkdtempSync(join(tmpdir(), 'backhaul-reports-')) },
  });
  f = factories(t);
  staff = (await f.user(reports(ACTION.CREATE, ACTION.VIEW, ACTION.SEND))).token;
  viewer = (await f.user(reports(ACTION.VIEW))).token;
  customerId = (await f.customer()).id;
  driverId = (await f.driver({ safety: true, customer_id: customerId })).id;
  await f.trip({ customerId, loads: 2, day: '2026-03-02', gross: 1500 });
  const logbook = (await f.user([0, 8].map((action) => ({ section: SECTION.Logbooks, action })))).token;
  await t.app.inject({
    method: 'POST',
    url: `/api/safety/${driverId}/2026-03-04`,
    headers: t.bearer(logbook),
    payload: { kind: 'inspection', note: 'Roadside level 2 clean' },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: t.bearer(token), ...(payload ? { payload } : {}) });
const period = { from: '2026-03-01', to: '2026-03-31' };

describe('reports: create for customers, list, send by e-mail with the document attached', () => {
  it('creates a safety report and sends it; the attachment is the PDF of the period', async () => {
    const created = await call('POST', '/reports/safety/create', staff, { customers: [customerId], ...period });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      message: MSG.savingSuccess,
      reports: [
        { kind: 'safety', period_from: '2026-03-01', period_to: '2026-03-31', status: 'created', pending: false },
      ],
    });
    const id = created.json().reports[0].id as number;
    expect(created.json().reports[0].file_id).toEqual(expect.any(Number));

    const list = (
      await call('POST', '/reports/safety/list', viewer, { filters: { customer: { values: [customerId] } } })
    ).json();
    expect(list.rows.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await call('GET', '/reports/safety', viewer)).json().rows.some((r: { id: number }) => r.id === id)).toBe(
      true,
    );
    expect(
      (await call('POST', '/reports/billing/list', viewer, {})).json().rows.some((r: { id: number }) => r.id === id),
    ).toBe(false);

    const before = smtp.received.length;
    const sent = await call('POST', `/reports/safety/send/${id}`, staff, { email: 'fleet@customer.example' });
    expect(sent.json()).toMatchObject({
      message: MSG.reportWasSent,
      report: { id, status: 'sent', pending: false, sent_to: 'fleet@customer.example' },
    });
    const mail = smtp.received[before];
    expect(mail?.to).toEqual(['fleet@customer.example']);
    const pdf = base64Parts(mail?.raw ?? '').find((p) => p.subarray(0, 4).toString() === '%PDF');
    expect(pdf).toBeDefined();
    const text = await pdfText(pdf as Buffer);
    expect(text).toContain('Roadside level 2 clean');
    expect(text).toContain('Driver actions');
  });

  it('creates customer and billing reports from the loads delivered, through POST /reports and /reports/create', async () => {
    const old = await call('POST', '/reports', staff, { customers: [customerId], ...period });
    expect(old.json().reports[0].kind).toBe('old');
    const billing = await call('POST', '/reports/create', staff, {
      customers: [customerId],
      kind: 'billing',
      ...period,
    });
    const id = billing.json().reports[0].id as number;
    expect(billing.json().reports[0].kind).toBe('billing');
    expect(
      (await call('POST', '/reports/safety', staff, { customers: [customerId], ...period })).json().reports[0].kind,
    ).toBe('safety');
    const before = smtp.received.length;
    const sent = await call('POST', `/reports/billing/send/${id}`, staff, { email: 'ap@customer.example' });
    expect(sent.json().message).toBe(MSG.reportWasSent);
    const pdf = base64Parts(smtp.received[before]?.raw ?? '').find((p) => p.subarray(0, 4).toString() === '%PDF');
    const text = await pdfText(pdf as Buffer);
    expect(text).toContain('Loads delivered');
    expect(text).toContain('$3,000.00');
    const oldId = old.json().reports[0].id as number;
    expect(
      (await call('POST', `/reports/send/${oldId}`, staff, { email: 'ops@customer.example' })).json().message,
    ).toBe(MSG.reportSent);
    // A billing report is not sent through the safety call.
    expect((await call('POST', `/reports/safety/send/${id}`, staff, { email: 'x@customer.example' })).statusCode).toBe(
      404,
    );
  });

  it('resets the pending flag and answers the failure text when the mail server refuses', async () => {
    const id = (await call('POST', '/reports/create', staff, { customers: [customerId], ...period })).json().reports[0]
      .id as number;
    smtp.refuse('Mailbox unavailable');
    try {
      const failed = await call('POST', `/reports/send/${id}`, staff, { email: 'down@customer.example' });
      expect(failed.statusCode).toBe(412);
      expect(failed.json()).toEqual({ error: { mail: MSG.reportSendingError } });
      const safety = (
        await call('POST', '/reports/safety/create', staff, { customers: [customerId], ...period })
      ).json().reports[0].id;
      const failed2 = await call('POST', `/reports/safety/send/${safety}`, staff, { email: 'down@customer.example' });
      expect(failed2.json()).toEqual({ error: { mail: MSG.reportCouldNotSend } });
    } finally {
      smtp.refuse(null);
    }
    const [row] = await t.database.query<{ pending: boolean; status: string }>(
      `select pending, status from reports where id = ${id}`,
    );
    expect(row).toEqual({ pending: false, status: 'failed' });
    const again = await call('POST', `/reports/send/${id}`, staff, { email: 'up@customer.example' });
    expect(again.json().report).toMatchObject({ status: 'sent', pending: false });
  });

  it('refuses bad input and foreign customers, storing nothing, and checks the permissions', async () => {
    const count = async () =>
      Number((await t.database.query<{ n: string }>('select count(*) as n from reports'))[0]?.n);
    const n = await count();
    expect((await call('POST', '/reports/create', staff, { customers: [] })).json().errors).toEqual({
      customers: ['Choose at least one customer.'],
    });
    expect(
      Object.keys(
        (await call('POST', '/reports/create', staff, { customers: [customerId], from: '2026-02-30' })).json().errors,
      ),
    ).toEqual(['from']);
    expect(
      (
        await call('POST', '/reports/create', staff, { customers: [customerId], from: '2026-03-10', to: '2026-03-01' })
      ).json().errors,
    ).toEqual({ to: ['The period ends before it starts.'] });
    const other = await f.company();
    const stranger = (await f.user(reports(ACTION.CREATE, ACTION.SEND), { companyId: other })).token;
    expect((await call('POST', '/reports/create', stranger, { customers: [customerId] })).json().errors).toEqual({
      customers: ['Choose customers from the list.'],
    });
    expect(await count()).toBe(n);
    expect((await call('POST', '/reports/create', viewer, { customers: [customerId] })).statusCode).toBe(403);
    const some = (await call('POST', '/reports/list', viewer, {})).json().rows[0].id;
    expect((await call('POST', `/reports/send/${some}`, viewer, { email: 'a@b.example' })).statusCode).toBe(403);
    expect(
      (await call('POST', `/reports/send/${some}`, staff, { email: 'not-an-email' })).json().errors,
    ).toHaveProperty('email');
    expect((await call('POST', `/reports/send/${some}`, stranger, { email: 'a@b.example' })).statusCode).toBe(404);
  });

  it('sends a report once when two sends race (the pending flag claims it)', async () => {
    const id = (await call('POST', '/reports/create', staff, { customers: [customerId], ...period })).json().reports[0]
      .id as number;
    const before = smtp.received.length;
    const answers = await Promise.all(
      [1, 2, 3].map(() => call('POST', `/reports/send/${id}`, staff, { email: 'race@customer.example' })),
    );
    const ok = answers.filter((a) => a.statusCode === 200).length;
    expect(ok).toBeGreaterThanOrEqual(1);
    expect(smtp.received.length - before).toBe(ok);
    const [row] = await t.database.query<{ pending: boolean }>(`select pending from reports where id = ${id}`);
    expect(row?.pending).toBe(false);
  });
});
