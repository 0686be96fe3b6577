import { date, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The rate used for a month's statements, per kind of staff ('dispatcher', 'safety'). */
export const staffPayRates = pgTable(
  'staff_pay_rates',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    kind: text().notNull(),
    month: date().notNull(),
    /** The rate in thousandths of a percent (3,125 = 3.125 %). */
    rateMilli: integer().notNull().default(0),
    updatedBy: integer(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_pay_rates_month_uq').on(t.companyId, t.kind, t.month)],
);
