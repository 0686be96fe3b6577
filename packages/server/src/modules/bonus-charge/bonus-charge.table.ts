import { bigint, boolean, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Bonus or charge entries (001 §3): money in cents, always positive; the type says whether it adds to
 * or takes from the pay. `salaryMonth` is the month's first day; `additional` makes it "Additional
 * {year}". Whether a statement pays the entry is its line on the statement (the API's action_delete
 * is derived from it).
 */
export const bonusCharges = pgTable(
  'bonus_charges',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    type: text().notNull(),
    totalCents: bigint({ mode: 'number' }).notNull(),
    /** The employee: a user of the company. */
    employeeId: integer().notNull(),
    departmentId: integer(),
    salaryMonth: date().notNull(),
    additional: boolean().notNull().default(false),
    description: text().notNull().default(''),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bonus_charges_company_month_idx').on(t.companyId, t.salaryMonth),
    index('bonus_charges_employee_month_idx').on(t.employeeId, t.salaryMonth),
  ],
);
