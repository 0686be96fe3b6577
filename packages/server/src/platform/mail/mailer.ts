import { desc, eq, isNull, or, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { AppError } from '../errors';
import type { FilesService } from '../files/files.service';
import { type MailRow, mailMessages, type StoredAttachment } from './mail.table';

export type MailAttachment = { filename: string; content: Buffer; contentType: string };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  template: string;
  attachments?: MailAttachment[];
  companyId?: number | null;
  createdBy?: number | null;
};

export type SendResult = { id: number; status: 'outbox' | 'sent' | 'failed'; error?: string };

export type Mailer = {
  /** Whether messages leave through SMTP (else they stay in the outbox). */
  readonly smtp: boolean;
  send: (message: MailMessage) => Promise<SendResult>;
  /** Sends a logged message again, attachments included (a failed one, or one from the outbox). */
  retry: (id: number) => Promise<SendResult>;
  close: () => void;
};

export const MAIL_MSG = {
  noSmtp: 'No SMTP server is configured: messages stay in the outbox.',
  alreadySent: 'This message has already been sent.',
} as const;

/**
 * The one mailer. With SMTP_URL every message goes out through nodemailer; without it, it stays in
 * the outbox table that an admin reads in the app. Either way each message is logged with its
 * status and error; attachment bytes are stored as files so a retry sends them again.
 */
export function createMailer(opts: {
  db: Db;
  smtpUrl?: string | undefined;
  from: string;
  files?: FilesService;
}): Mailer {
  const { db } = opts;
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;

  async function storeAttachments(id: number, message: MailMessage): Promise<StoredAttachment[]> {
    const out: StoredAttachment[] = [];
    for (const a of message.attachments ?? []) {
      const file = opts.files
        ? await opts.files.store({
            companyId: message.companyId ?? null,
            entity: 'mail',
            entityId: id,
            category: 'attachment',
            name: a.filename,
            mime: a.contentType,
            data: a.content,
            uploadedBy: message.createdBy ?? null,
          })
        : null;
      out.push({ fileId: file?.id ?? null, filename: a.filename, contentType: a.contentType, size: a.content.length });
    }
    return out;
  }

  async function deliver(row: MailRow, attachments: MailAttachment[]): Promise<SendResult> {
    if (!transport) return { id: row.id, status: 'outbox' };
    try {
      await transport.sendMail({
        from: opts.from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        ...(row.html ? { html: row.html } : {}),
        attachments,
      });
      await db
        .update(mailMessages)
        .set({ status: 'sent', sentAt: new Date(), error: null, attempts: sql`${mailMessages.attempts} + 1` })
        .where(eq(mailMessages.id, row.id));
      return { id: row.id, status: 'sent' };
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      await db
        .update(mailMessages)
        .set({ status: 'failed', error, attempts: sql`${mailMessages.attempts} + 1` })
        .where(eq(mailMessages.id, row.id));
      return { id: row.id, status: 'failed', error };
    }
  }

  return {
    smtp: transport !== null,
    async send(message) {
      const [row] = await db
        .insert(mailMessages)
        .values({
          companyId: message.companyId ?? null,
          createdBy: message.createdBy ?? null,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
          template: message.template,
          status: transport ? 'queued' : 'outbox',
          attachments: [],
        })
        .returning();
      if (!row) throw new Error('mail row not created');
      const stored = await storeAttachments(row.id, message);
      if (stored.length) await db.update(mailMessages).set({ attachments: stored }).where(eq(mailMessages.id, row.id));
      return deliver(row, message.attachments ?? []);
    },
    async retry(id) {
      if (!transport) throw AppError.precondition(MAIL_MSG.noSmtp);
      const [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, id));
      if (!row) throw AppError.notFound();
      if (row.status === 'sent') throw AppError.precondition(MAIL_MSG.alreadySent);
      const attachments: MailAttachment[] = [];
      for (const a of row.attachments ?? []) {
        if (a.fileId === null || !opts.files) continue;
        const { body } = await opts.files.read(a.fileId);
        attachments.push({ filename: a.filename, contentType: a.contentType, content: body });
      }
      return deliver(row, attachments);
    },
    close() {
      transport?.close();
    },
  };
}

/** A company's messages, plus system messages that belong to no company. */
const ofCompany = (companyId: number) => or(eq(mailMessages.companyId, companyId), isNull(mailMessages.companyId));

export async function listOutbox(db: Db, opts: { companyId: number; limit?: number; status?: string }) {
  const where = opts.status
    ? sql`${ofCompany(opts.companyId)} and ${mailMessages.status} = ${opts.status}`
    : ofCompany(opts.companyId);
  return db
    .select()
    .from(mailMessages)
    .where(where)
    .orderBy(desc(mailMessages.id))
    .limit(opts.limit ?? 100);
}

/** Failed messages worth another try: recent, and not tried too often already. */
export async function listRetryable(db: Db, companyId: number, maxAttempts = 5) {
  return db
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(
      sql`${ofCompany(companyId)} and ${mailMessages.status} = 'failed' and ${mailMessages.attempts} < ${maxAttempts} and ${mailMessages.createdAt} > now() - interval '7 days'`,
    )
    .orderBy(mailMessages.id);
}

export async function findMessage(db: Db, id: number, companyId: number): Promise<MailRow> {
  const [row] = await db
    .select()
    .from(mailMessages)
    .where(sql`${mailMessages.id} = ${id} and ${ofCompany(companyId)}`);
  if (!row) throw AppError.notFound();
  return row;
}
