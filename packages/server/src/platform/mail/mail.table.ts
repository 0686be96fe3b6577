import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** An attachment's bytes are a stored file (entity 'mail'), so a retry can send them again. */
export type StoredAttachment = { fileId: number | null; filename: string; contentType: string; size: number };

/** Every message, sent or not: the outbox when no SMTP is set, and the mail log in every case. */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: serial().primaryKey(),
    companyId: integer(),
    createdBy: integer(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    template: text().notNull(),
    /** outbox (no SMTP configured), queued, sent, failed */
    status: text().notNull(),
    error: text(),
    attempts: integer().notNull().default(0),
    attachments: jsonb().$type<StoredAttachment[]>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('mail_messages_created_idx').on(t.createdAt)],
);

export type MailRow = typeof mailMessages.$inferSelect;
