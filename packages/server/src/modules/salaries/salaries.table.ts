import { bigint, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Pay history: an employee's (a user's) monthly salary from `date` on, in cents. */
export const salaryPayments = pgTable(
  'salary_payments',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    userId: integer().notNull(),
    date: date().notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    note: text().notNull().default(''),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('salary_payments_user_date_idx').on(t.userId, t.date)],
);
