import { bigint, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A manager's statement of one person for one month: salary + bonus (the month's bonus-or-charge
 * entries, in cents) = total. One per person and month (the unique index keeps a month from being
 * paid twice, also under parallel saves).
 */
export const managerStatements = pgTable(
  'manager_statements',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    employeeId: integer().notNull(),
    departmentId: integer(),
    month: date().notNull(),
    salaryCents: bigint({ mode: 'number' }).notNull(),
    baseRateBp: integer(),
    bonusCents: bigint({ mode: 'number' }).notNull().default(0),
    totalCents: bigint({ mode: 'number' }).notNull(),
    description: text().notNull().default(''),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('manager_statements_month_uq').on(t.companyId, t.employeeId, t.month),
    index('manager_statements_company_month_idx').on(t.companyId, t.month),
  ],
);
