import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * A pay statement (platform/pay): what one payee — a driver, a dispatcher, a safety or office
 * employee — earned and owes for one period, as lines drawn from the sources its kind declares.
 * The amount is the sum of the lines and the paid amount the sum of the payments, both kept in the
 * transaction that writes them; one statement per kind, payee and period (checked under a lock).
 */
export const payStatements = pgTable(
  'pay_statements',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    /** The declared kind: 'driver', 'dispatcher', 'safety', 'staff'. */
    kind: text().notNull(),
    /** A kind's variant where two screens share one kind ('manager' or 'employee' staff statements). */
    variant: text(),
    /** A driver's id for driver statements, a user's id for the others. */
    payeeId: integer().notNull(),
    /** The payee's customer (customer users reach its statements), when the kind has one. */
    customerId: integer(),
    departmentId: integer(),
    periodFrom: date().notNull(),
    periodTo: date().notNull(),
    /** Open (lines may change) or Closed. */
    status: text().notNull().default('Open'),
    amountCents: bigint({ mode: 'number' }).notNull().default(0),
    paidCents: bigint({ mode: 'number' }).notNull().default(0),
    paidDate: date(),
    /** How a negative statement was settled: 'carried' to a later one, or 'written_off'. */
    settlement: text(),
    settlementNote: text(),
    /** What the statement pays by, as it was on the statement's day (contract, rate, description). */
    terms: jsonb().notNull().default({}),
    /** The lines' figures, summed for lists: gross, loads, miles, and people counted (safety). */
    grossCents: bigint({ mode: 'number' }).notNull().default(0),
    loadCount: integer().notNull().default(0),
    miles: integer().notNull().default(0),
    subjectCount: integer().notNull().default(0),
    /** The last statement of a payee who left (escrow returned). */
    final: boolean().notNull().default(false),
    /** When the statement was last mailed to the payee. */
    sentAt: timestamp({ withTimezone: true }),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pay_statements_kind_period_idx').on(t.companyId, t.kind, t.periodFrom),
    index('pay_statements_payee_idx').on(t.companyId, t.kind, t.payeeId, t.periodFrom),
  ],
);

/**
 * A line of a statement. A line drawn from a source (a load, a fuel row, an instalment, an entry,
 * a carried balance) names it by `source` and `source_key`, unique per company and kind: a source
 * is on one statement of a kind at most, also under parallel requests. A line typed by hand has
 * no key. `earned_*` is the period a late line was earned in.
 */
export const payStatementLines = pgTable(
  'pay_statement_lines',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    statementId: integer()
      .notNull()
      .references(() => payStatements.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    payeeId: integer().notNull(),
    source: text().notNull(),
    sourceKey: text(),
    /** The spec's sections: trips, fuel, schedulePayments, additionalPayments. */
    section: text().notNull(),
    lineDate: date().notNull(),
    earnedFrom: date(),
    earnedTo: date(),
    type: text().notNull(),
    description: text().notNull(),
    countAction: text().notNull().default(''),
    schedule: text().notNull().default(''),
    category: text(),
    grossCents: bigint({ mode: 'number' }).notNull().default(0),
    miles: integer().notNull().default(0),
    loadCount: integer().notNull().default(0),
    amountCents: bigint({ mode: 'number' }).notNull(),
    /** The source's own figures the line was computed from (rate, hours, share, …). */
    data: jsonb(),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pay_statement_lines_source_uq')
      .on(t.companyId, t.kind, t.source, t.sourceKey)
      .where(sql`${t.sourceKey} is not null`),
    index('pay_statement_lines_statement_idx').on(t.statementId),
  ],
);

/** Money paid on a statement: partial payments allowed, never more than it owes. */
export const payStatementPayments = pgTable(
  'pay_statement_payments',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    statementId: integer()
      .notNull()
      .references(() => payStatements.id, { onDelete: 'cascade' }),
    amountCents: bigint({ mode: 'number' }).notNull(),
    paidOn: date().notNull(),
    note: text().notNull().default(''),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pay_statement_payments_statement_idx').on(t.statementId)],
);
