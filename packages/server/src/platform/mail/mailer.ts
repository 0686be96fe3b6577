import { desc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { mailMessages } from './mail.table';

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
  send: (message: MailMessage) => Promise<SendResult>;
  close: () => void;
};

/**
 * The one mailer. With SMTP_URL every message goes out through nodemailer; without it, it stays in
 * the outbox table that an admin reads in the app. Either way each message is logged with its status.
 */
export function createMailer(opts: { db: Db; smtpUrl?: string | undefined; from: string }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(message) {
      const [row] = await opts.db
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
          attachments: (message.attachments ?? []).map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            size: a.content.length,
          })),
        })
        .returning({ id: mailMessages.id });
      const id = row?.id ?? 0;
      if (!transport) return { id, status: 'outbox' };
      try {
        await transport.sendMail({
          from: opts.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          attachments: message.attachments ?? [],
        });
        await opts.db
          .update(mailMessages)
          .set({ status: 'sent', sentAt: new Date(), attempts: 1 })
          .where(eq(mailMessages.id, id));
        return { id, status: 'sent' };
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        await opts.db.update(mailMessages).set({ status: 'failed', error, attempts: 1 }).where(eq(mailMessages.id, id));
        return { id, status: 'failed', error };
      }
    },
    close() {
      transport?.close();
    },
  };
}

export async function listOutbox(db: Db, limit = 100) {
  return db.select().from(mailMessages).orderBy(desc(mailMessages.id)).limit(limit);
}
