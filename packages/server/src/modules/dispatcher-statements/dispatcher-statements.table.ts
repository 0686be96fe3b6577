import { bigint, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A dispatcher's statement for a month: one per dispatcher and month (the unique index is what
 * keeps a month from being paid twice, also under parallel requests). Totals are the sums of its
 * lines, written in the transaction that writes the lines.
 */
export const dispatcherStatements = pgTable(
  'dispatcher_statements',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    /** The dispatcher: a user. */
    dispatcherId: integer().notNull(),
    /** The month's first day. */
    month: date().notNull(),
    /** Percent × 100 (350 = 3.5 %). */
    rateBp: integer().notNull(),
    grossCents: bigint({ mode: 'number' }).notNull().default(0),
    loadCount: integer().notNull().default(0),
    miles: integer().notNull().default(0),
    amountCents: bigint({ mode: 'number' }).notNull().default(0),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dispatcher_statements_month_uq').on(t.companyId, t.dispatcherId, t.month),
    index('dispatcher_statements_company_month_idx').on(t.companyId, t.month),
  ],
);

/** The loads a statement pays: a load is on one statement at most (unique load_id). */
export const dispatcherStatementLoads = pgTable(
  'dispatcher_statement_loads',
  {
    id: serial().primaryKey(),
    statementId: integer()
      .notNull()
      .references(() => dispatcherStatements.id, { onDelete: 'cascade' }),
    loadId: integer().notNull(),
    grossCents: bigint({ mode: 'number' }).notNull(),
    miles: integer().notNull(),
    /** round(gross × rate): the statement's amount is the sum of these. */
    amountCents: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('dispatcher_statement_loads_load_uq').on(t.loadId),
    index('dispatcher_statement_loads_statement_idx').on(t.statementId),
  ],
);

/** The rate used for a month's statements, per kind of staff ('dispatcher', 'safety'). */
export const staffPayRates = pgTable(
  'staff_pay_rates',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    kind: text().notNull(),
    month: date().notNull(),
    rateBp: integer().notNull(),
    updatedBy: integer(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_pay_rates_month_uq').on(t.companyId, t.kind, t.month)],
);
