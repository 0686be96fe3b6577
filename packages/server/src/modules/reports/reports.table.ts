import { boolean, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A report (001 §7 Reports): a real document (XLSX or PDF) built from the data it names for one
 * customer and period, kept as a file and sent by e-mail. `pending` is set while it is created or
 * sent and reset when that fails.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    /** safety, billing, old (REPORT_KINDS). */
    kind: text().notNull(),
    customerId: integer(),
    periodFrom: date().notNull(),
    periodTo: date().notNull(),
    format: text().notNull().default('xlsx'),
    fileId: integer(),
    pending: boolean().notNull().default(false),
    /** created, sent, failed */
    status: text().notNull().default('created'),
    sentTo: text(),
    sentAt: timestamp({ withTimezone: true }),
    error: text(),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reports_company_kind_idx').on(t.companyId, t.kind, t.createdAt)],
);
