import { ACTION, SECTION } from '@backhaul/shared';
import { z } from 'zod';
import { caller } from '../auth/guard';
import { AppError } from '../errors';
import type { RouteModule } from '../http/types';
import type { MailRow } from './mail.table';
import { findMessage, listOutbox, listRetryable, MAIL_MSG } from './mailer';
import { isSecretTemplate, testMail } from './templates';

const AttachmentSchema = z.object({
  file_id: z.number().int().nullable(),
  filename: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  url: z.string().nullable(),
});

const OutboxRowSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  template: z.string(),
  status: z.string(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  attachments: z.array(AttachmentSchema),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});

const SendResultSchema = z.object({
  id: z.number().int(),
  status: z.enum(['outbox', 'sent', 'failed']),
  error: z.string().nullable(),
});

const HIDDEN_BODY = 'The body is hidden: it contains a one-time link and was delivered.';

function rowJson(r: MailRow): z.infer<typeof OutboxRowSchema> {
  // A body carrying a one-time secret (a reset link) is shown only while undelivered.
  const hidden = isSecretTemplate(r.template) && r.status === 'sent';
  return {
    id: r.id,
    to: r.to,
    subject: r.subject,
    text: hidden ? HIDDEN_BODY : r.text,
    html: hidden ? null : r.html,
    template: r.template,
    status: r.status,
    error: r.error,
    attempts: r.attempts,
    attachments: (r.attachments ?? []).map((a) => ({
      file_id: a.fileId,
      filename: a.filename,
      content_type: a.contentType,
      size: a.size,
      url: a.fileId === null ? null : `/api/files/${a.fileId}/download`,
    })),
    created_at: new Date(r.createdAt).toISOString(),
    sent_at: r.sentAt ? new Date(r.sentAt).toISOString() : null,
  };
}

/** A job that retries every recent failed message of a company (e.g. after an SMTP outage). */
export const MAIL_RETRY_JOB = 'mail.retry-failed';

const VIEW = { section: SECTION.Mail, action: ACTION.VIEW };
const SEND = { section: SECTION.Mail, action: ACTION.SEND };

/** The mail log (the outbox when no SMTP is set): read, retry a failed message, send a test mail. */
export const mailRoutes: RouteModule = {
  name: 'mail',
  register(app, { database: { db }, mailer, jobs }) {
    jobs.define<{ companyId: number }>(MAIL_RETRY_JOB, async (ctx) => {
      const failed = await listRetryable(db, ctx.data.companyId);
      let sent = 0;
      for (const [i, m] of failed.entries()) {
        if ((await mailer.retry(m.id)).status === 'sent') sent++;
        await ctx.progress(i + 1, failed.length);
      }
      return { retried: failed.length, sent };
    });

    app.post('/mail/retry-failed', {
      config: { access: SEND },
      schema: { tags: ['Mail'], response: { 200: z.object({ job_id: z.string() }) } },
      handler: async (req) => {
        const { user } = caller(req);
        if (!mailer.smtp) throw AppError.precondition(MAIL_MSG.noSmtp);
        const job = await jobs.enqueue(MAIL_RETRY_JOB, { companyId: user.companyId }, { actor: user });
        return { job_id: job.id };
      },
    });

    app.get('/mail/outbox', {
      config: { access: VIEW },
      schema: {
        tags: ['Mail'],
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(1000).default(100),
          status: z.enum(['outbox', 'queued', 'sent', 'failed']).optional(),
        }),
        response: { 200: z.object({ rows: z.array(OutboxRowSchema), smtp: z.boolean() }) },
      },
      handler: async (req) => {
        const { companyId } = caller(req).user;
        const rows = await listOutbox(db, {
          companyId,
          limit: req.query.limit,
          ...(req.query.status ? { status: req.query.status } : {}),
        });
        return { rows: rows.map(rowJson), smtp: mailer.smtp };
      },
    });

    app.get('/mail/:id', {
      config: { access: VIEW },
      schema: {
        tags: ['Mail'],
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: z.object({ message: OutboxRowSchema }) },
      },
      handler: async (req) => ({ message: rowJson(await findMessage(db, req.params.id, caller(req).user.companyId)) }),
    });

    app.post('/mail/:id/retry', {
      config: { access: SEND },
      schema: {
        tags: ['Mail'],
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: SendResultSchema },
      },
      handler: async (req) => {
        await findMessage(db, req.params.id, caller(req).user.companyId);
        const result = await mailer.retry(req.params.id);
        return { id: result.id, status: result.status, error: result.error ?? null };
      },
    });

    app.post('/mail/test', {
      config: { access: SEND },
      schema: {
        tags: ['Mail'],
        body: z.object({ to: z.string().trim().email() }),
        response: { 200: SendResultSchema },
      },
      handler: async (req) => {
        const { user } = caller(req);
        const mail = testMail({ sender: user.name, at: new Date().toISOString() });
        const result = await mailer.send({ ...mail, to: req.body.to, companyId: user.companyId, createdBy: user.id });
        return { id: result.id, status: result.status, error: result.error ?? null };
      },
    });
  },
};
