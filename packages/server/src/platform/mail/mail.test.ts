import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACTION, SECTION } from '@backhaul/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { base64Parts, startSmtpServer } from '../../../test/smtp';
import { invoiceMail } from '../../modules/invoices';
import { passwordResetMail } from '../../modules/session';
import { createMailer, MAIL_MSG } from './mailer';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestContext;
let admin: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    config: { SMTP_URL: smtp.url, dataDir: mkdtempSync(join(tmpdir(), 'backhaul-mail-')) },
  });
  admin = await t.login('admin@backhaul.demo');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

// A PDF-like attachment with every byte value, so any corruption in transit shows.
const attachment = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  Buffer.from(Array.from({ length: 2048 }, (_, i) => i % 256)),
]);

const invoice = () => ({
  ...invoiceMail({
    company: 'Backhaul Freight',
    customer: 'Lone Star Logistics',
    invoiceNumber: 'INV-1042',
    amount: 1234.5,
  }),
  to: 'billing@lonestar.test',
  companyId: 1,
  createdBy: null,
  attachments: [{ filename: 'INV-1042.pdf', contentType: 'application/pdf', content: attachment }],
});

describe('mail through SMTP', () => {
  it('an invoice with its attachment reaches the SMTP server intact and is logged as sent', async () => {
    const before = smtp.received.length;
    const result = await t.app.deps.mailer.send(invoice());
    expect(result.status).toBe('sent');
    const got = smtp.received[before];
    expect(got?.to).toEqual(['billing@lonestar.test']);
    expect(got?.raw).toContain('Subject: Invoice INV-1042 from Backhaul Freight');
    expect(got?.raw).toContain('filename=INV-1042.pdf');
    expect(base64Parts(got?.raw ?? '').some((b) => b.equals(attachment))).toBe(true);

    const log = await t.app.inject({ method: 'GET', url: '/api/mail/outbox', headers: t.bearer(admin) });
    const row = log.json().rows.find((r: { id: number }) => r.id === result.id);
    expect(row).toMatchObject({
      status: 'sent',
      error: null,
      attempts: 1,
      to: 'billing@lonestar.test',
      template: 'invoice',
    });
    expect(row.attachments).toMatchObject([
      { filename: 'INV-1042.pdf', content_type: 'application/pdf', size: attachment.length },
    ]);
    expect(log.json().smtp).toBe(true);
  });

  it('a refused message is logged as failed with the reason, and a retry resends it with the same attachment', async () => {
    smtp.refuse('Mailbox unavailable');
    const result = await t.app.deps.mailer.send(invoice());
    expect(result.status).toBe('failed');
    const failed = await t.app.inject({ method: 'GET', url: `/api/mail/${result.id}`, headers: t.bearer(admin) });
    expect(failed.json().message).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.json().message.error).toContain('Mailbox unavailable');

    smtp.refuse(null);
    const before = smtp.received.length;
    const retry = await t.app.inject({ method: 'POST', url: `/api/mail/${result.id}/retry`, headers: t.bearer(admin) });
    expect(retry.json()).toEqual({ id: result.id, status: 'sent', error: null });
    expect(base64Parts(smtp.received[before]?.raw ?? '').some((b) => b.equals(attachment))).toBe(true);
    const sent = await t.app.inject({ method: 'GET', url: `/api/mail/${result.id}`, headers: t.bearer(admin) });
    expect(sent.json().message).toMatchObject({ status: 'sent', attempts: 2, error: null });
    // A sent message is not sent twice.
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/mail/${result.id}/retry`, headers: t.bearer(admin) }))
        .statusCode,
    ).toBe(412);
  });

  it('settings send a test mail; reading needs Mail view and sending Mail send', async () => {
    const before = smtp.received.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/mail/test',
      payload: { to: 'ops@backhaul.test' },
      headers: t.bearer(admin),
    });
    expect(res.json().status).toBe('sent');
    expect(smtp.received[before]?.raw).toContain('Subject: Backhaul test mail');

    const reader = await t.createUser({
      email: 'mail-reader@backhaul.demo',
      grants: [
        { section: SECTION.Mail, action: 0 },
        { section: SECTION.Mail, action: ACTION.VIEW },
      ],
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/mail/outbox', headers: t.bearer(reader.token) })).statusCode,
    ).toBe(200);
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/mail/test',
      payload: { to: 'x@y.test' },
      headers: t.bearer(reader.token),
    });
    expect(denied.statusCode).toBe(403);
    const outsider = await t.createUser({ email: 'no-mail@backhaul.demo', grants: [] });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/mail/outbox', headers: t.bearer(outsider.token) })).statusCode,
    ).toBe(403);
  });
});

describe('mail without SMTP', () => {
  it('stays in the outbox with its attachment stored as a file the mail reader can download', async () => {
    // The same database and files, through a mailer with no SMTP_URL (what an install without SMTP runs).
    const outbox = createMailer({ db: t.db, from: 'Backhaul <no-reply@backhaul.demo>', files: t.app.deps.files });
    const before = smtp.received.length;
    const result = await outbox.send(invoice());
    expect(result.status).toBe('outbox');
    expect(smtp.received.length).toBe(before);
    const res = await t.app.inject({ method: 'GET', url: '/api/mail/outbox?status=outbox', headers: t.bearer(admin) });
    const row = res.json().rows.find((r: { id: number }) => r.id === result.id);
    expect(row).toMatchObject({ status: 'outbox', attempts: 0, subject: 'Invoice INV-1042 from Backhaul Freight' });
    const file = await t.app.inject({ method: 'GET', url: row.attachments[0].url, headers: t.bearer(admin) });
    expect(file.rawPayload.equals(attachment)).toBe(true);
    await expect(outbox.retry(result.id)).rejects.toThrow(MAIL_MSG.noSmtp);
  });
});

describe('retrying every failed message as a job', () => {
  it('resends the failed ones and reports progress to the job', async () => {
    smtp.refuse('Service not available');
    const a = await t.app.deps.mailer.send({ ...invoice(), to: 'a@retry.test' });
    const b = await t.app.deps.mailer.send({ ...invoice(), to: 'b@retry.test' });
    expect([a.status, b.status]).toEqual(['failed', 'failed']);
    smtp.refuse(null);
    const res = await t.app.inject({ method: 'POST', url: '/api/mail/retry-failed', headers: t.bearer(admin) });
    const jobId = res.json().job_id as string;
    const deadline = Date.now() + 15_000;
    let job = { status: 'queued' } as { status: string; done?: number; total?: number; result?: unknown };
    while (job.status !== 'completed' && job.status !== 'failed' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      job = (await t.app.inject({ method: 'GET', url: `/api/jobs/${jobId}`, headers: t.bearer(admin) })).json();
    }
    expect(job).toMatchObject({ status: 'completed', done: 2, total: 2, result: { retried: 2, sent: 2 } });
    const to = smtp.received.slice(-2).flatMap((m) => m.to);
    expect(to.sort()).toEqual(['a@retry.test', 'b@retry.test']);
  });
});

describe('secrets in the log', () => {
  it('a delivered password-reset mail does not show its one-time link to mail readers', async () => {
    const sent = await t.app.deps.mailer.send({
      ...passwordResetMail({ name: 'Dana', link: 'http://x.test/password/reset/SECRET-TOKEN', minutes: 60 }),
      to: 'dana@backhaul.test',
      companyId: 1,
    });
    expect(sent.status).toBe('sent');
    const res = await t.app.inject({ method: 'GET', url: `/api/mail/${sent.id}`, headers: t.bearer(admin) });
    expect(res.json().message.text).not.toContain('SECRET-TOKEN');
    expect(res.json().message.html).toBeNull();
    expect(smtp.received.at(-1)?.raw).toContain('SECRET-TOKEN');
  });
});
