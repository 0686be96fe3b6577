import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

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
    attachments: jsonb().$type<Array<{ filename: string; contentType: string; size: number }>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('mail_messages_created_idx').on(t.createdAt)],
);
