import { bigint, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Money received against an invoice (customer payments / invoice items). */
export const payments = pgTable(
  'payments',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    invoiceId: integer().notNull(),
    customerId: integer().notNull(),
    paidOn: date().notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    /** ACH, Zelle, Check, Wire, Card */
    method: text().notNull(),
    account: text(),
    employeeId: integer(),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payments_invoice_idx').on(t.invoiceId), index('payments_company_date_idx').on(t.companyId, t.paidOn)],
);

/** What will not be collected on an invoice: a mistake (billing error) or a loss (bad debt). */
export const lostPayments = pgTable(
  'lost_payments',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    invoiceId: integer().notNull(),
    customerId: integer().notNull(),
    lostOn: date().notNull(),
    /** mistake, loss */
    kind: text().notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    employeeId: integer(),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lost_payments_invoice_idx').on(t.invoiceId)],
);
