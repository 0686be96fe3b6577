import { bigint, date, index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A safety user's statement for a month (one per user and month); totals are the sums of its driver lines. */
export const safetyStatements = pgTable(
  'safety_statements',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    userId: integer().notNull(),
    month: date().notNull(),
    rateBp: integer().notNull(),
    driverCount: integer().notNull().default(0),
    loadCount: integer().notNull().default(0),
    grossCents: bigint({ mode: 'number' }).notNull().default(0),
    amountCents: bigint({ mode: 'number' }).notNull().default(0),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('safety_statements_month_uq').on(t.companyId, t.userId, t.month),
    index('safety_statements_company_month_idx').on(t.companyId, t.month),
  ],
);

/** The drivers a statement pays for: a driver's month is on one safety statement at most (unique). */
export const safetyStatementDrivers = pgTable(
  'safety_statement_drivers',
  {
    id: serial().primaryKey(),
    statementId: integer()
      .notNull()
      .references(() => safetyStatements.id, { onDelete: 'cascade' }),
    companyId: integer().notNull(),
    driverId: integer().notNull(),
    month: date().notNull(),
    loadCount: integer().notNull(),
    grossCents: bigint({ mode: 'number' }).notNull(),
    /** round(gross × rate): the statement's amount is the sum of these. */
    amountCents: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('safety_statement_drivers_month_uq').on(t.companyId, t.driverId, t.month),
    index('safety_statement_drivers_statement_idx').on(t.statementId),
  ],
);
