import { bigint, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A load the factoring company paid short. debt = what factoring should pay (gross × (1 − its fee))
 * − amount_factoring, kept by short-payments.service. Age counts from the processed date; statuses
 * Complete, Inactive customer and Processed by customer are not highlighted.
 */
export const shortPayments = pgTable(
  'short_payments',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    loadId: integer().notNull(),
    scheduleId: integer(),
    factoringCompanyId: integer(),
    grossCents: bigint({ mode: 'number' }).notNull(),
    amountFactoringCents: bigint({ mode: 'number' }).notNull(),
    debtCents: bigint({ mode: 'number' }).notNull(),
    processedDate: date(),
    /** New, In progress, Complete, Inactive customer, Processed by customer */
    status: text().notNull().default('New'),
    actions: text(),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('short_payments_company_idx').on(t.companyId, t.processedDate)],
);
