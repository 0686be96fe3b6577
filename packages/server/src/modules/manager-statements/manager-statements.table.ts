import { bigint, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Replaced by the pay-statement engine (kind 'staff', migration 0029 copied its rows): no code reads
 * or writes it; kept until a later migration drops it.
 *
 * A statement of one person's pay for one month: salary + bonus (the month's bonus-or-charge
 * entries, in cents) = total, made by a manager or as a salary statement. One per person and month
 * whatever its kind (the unique index keeps a month from being paid twice, also under parallel saves).
 */
export const managerStatements = pgTable(
  'manager_statements',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    /** 'manager' (/manager-statements) or 'employee' (the account's salary statements, /info/statements). */
    kind: text().notNull().default('manager'),
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
