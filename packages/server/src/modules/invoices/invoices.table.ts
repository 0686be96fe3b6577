import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * A customer invoice for one service over a period. Amounts in cents; paid, mistake and loss are
 * kept up to date by the payments module inside the transaction that posts (row locked), so
 * need_pay = total - paid - mistake - loss is exact under concurrent postings.
 * status: Open (editable, can be marked paid), Sent, Paid.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    customerId: integer().notNull(),
    serviceId: integer(),
    periodFrom: date().notNull(),
    periodTo: date().notNull(),
    status: text().notNull().default('Open'),
    /** Made by the invoice generator (not by hand). */
    generated: boolean().notNull().default(false),
    generatedAt: timestamp({ withTimezone: true }),
    generationRunId: integer(),
    /** The invoice number printed (Accounting settings: prefix + next number), given when it is made. */
    number: text(),
    totalCents: bigint({ mode: 'number' }).notNull().default(0),
    paidCents: bigint({ mode: 'number' }).notNull().default(0),
    mistakeCents: bigint({ mode: 'number' }).notNull().default(0),
    lossCents: bigint({ mode: 'number' }).notNull().default(0),
    paymentAccount: text(),
    description: text(),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoices_company_period_idx').on(t.companyId, t.periodTo.desc(), t.id.desc()),
    index('invoices_customer_idx').on(t.customerId, t.periodTo.desc()),
  ],
);

/** The lines of an invoice; a load is billed at most once per service (unique index). */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial().primaryKey(),
    invoiceId: integer()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    serviceId: integer(),
    loadId: integer(),
    driverId: integer(),
    /** The week (its Sunday) or month (its first day) a per-driver or flat line bills; null for loads. */
    periodStart: date(),
    description: text().notNull(),
    quantity: integer().notNull().default(1),
    /** Thousandths of a percent (percent) or cents per unit, by the service's billing method. */
    rate: integer().notNull().default(0),
    baseCents: bigint({ mode: 'number' }).notNull().default(0),
    amountCents: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    index('invoice_lines_invoice_idx').on(t.invoiceId),
    uniqueIndex('invoice_lines_load_service_uq').on(t.loadId, t.serviceId).where(sql`${t.loadId} is not null`),
  ],
);

/** One run of the invoice generator (a job with progress). */
export const invoiceGenerationRuns = pgTable('invoice_generation_runs', {
  id: serial().primaryKey(),
  companyId: integer().notNull(),
  periodFrom: date().notNull(),
  periodTo: date().notNull(),
  serviceId: integer(),
  jobId: text(),
  status: text().notNull().default('queued'),
  invoicesCount: integer().notNull().default(0),
  amountCents: bigint({ mode: 'number' }).notNull().default(0),
  description: text(),
  createdBy: integer(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp({ withTimezone: true }),
});

/** Every sending of an invoice (the sent-invoices list). */
export const invoiceSends = pgTable(
  'invoice_sends',
  {
    id: serial().primaryKey(),
    invoiceId: integer()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    customerId: integer().notNull(),
    sendTo: text().notNull(),
    sendBy: integer(),
    mailMessageId: integer(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoice_sends_invoice_idx').on(t.invoiceId)],
);
