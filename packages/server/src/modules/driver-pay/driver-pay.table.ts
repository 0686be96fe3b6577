import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * A fuel-card purchase (001 §3 "Fuel columns"). Money in cents; gallons and the price per unit in
 * thousandths (gallons 123.456 → 123456, ppu $3.899 → 3899). Matched to a truck and driver by card
 * or unit number when imported; the card's invoice (transaction) number is unique per company.
 */
export const fuelRows = pgTable(
  'fuel_rows',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    customerId: integer(),
    driverId: integer(),
    truckId: integer(),
    card: text().notNull(),
    fuelDate: date().notNull(),
    invoice: text(),
    truckNumber: text(),
    odometer: integer(),
    location: text(),
    city: text(),
    state: text(),
    feesCents: bigint({ mode: 'number' }).notNull().default(0),
    item: text().notNull().default('ULSD'),
    /** diesel, gasoline, DEF, reefer, other (FUEL_PRODUCTS): what IFTA counts as motor fuel. */
    product: text().notNull().default('diesel'),
    unit: text().notNull().default('GAL'),
    ppuMills: integer().notNull().default(0),
    costCents: bigint({ mode: 'number' }).notNull().default(0),
    gallonsMilli: integer().notNull().default(0),
    amtCents: bigint({ mode: 'number' }).notNull().default(0),
    discType: text(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    db: text(),
    currency: text().notNull().default('USD'),
    status: text().notNull().default('Active'),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('fuel_rows_company_date_idx').on(t.companyId, t.fuelDate),
    index('fuel_rows_driver_date_idx').on(t.driverId, t.fuelDate),
    uniqueIndex('fuel_rows_invoice_uq').on(t.companyId, t.invoice),
  ],
);

/** A fuel row's descriptions and invoice numbers (deleted in drafts: /fuel/destroyDescription, /destroyInvoice). */
export const fuelDescriptions = pgTable('fuel_descriptions', {
  id: serial().primaryKey(),
  fuelId: integer()
    .notNull()
    .references(() => fuelRows.id, { onDelete: 'cascade' }),
  text: text().notNull(),
  createdBy: integer(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
export const fuelInvoices = pgTable('fuel_invoices', {
  id: serial().primaryKey(),
  fuelId: integer()
    .notNull()
    .references(() => fuelRows.id, { onDelete: 'cascade' }),
  text: text().notNull(),
  createdBy: integer(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A recurring deduction or credit for a driver (truck lease, insurance, escrow, advance repayment):
 * instalments every week or month from start_date, `count` of them or open-ended.
 */
export const scheduledPayments = pgTable(
  'scheduled_payments',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    driverId: integer().notNull(),
    customerId: integer(),
    /** deduction, credit */
    paymentType: text().notNull(),
    /** weekly, monthly */
    frequency: text().notNull(),
    description: text().notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    startDate: date().notNull(),
    count: integer(),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('scheduled_payments_driver_idx').on(t.companyId, t.driverId)],
);

/** An instalment removed from its series ("this one only"). */
export const scheduledPaymentSkips = pgTable(
  'scheduled_payment_skips',
  {
    paymentId: integer()
      .notNull()
      .references(() => scheduledPayments.id, { onDelete: 'cascade' }),
    dueOn: date().notNull(),
  },
  (t) => [primaryKey({ columns: [t.paymentId, t.dueOn] })],
);

/**
 * A cost the company paid that is charged to (deduction) or paid back to (reimbursement) a driver or truck:
 * tolls, lumper, repairs on the road. Pay puts it on the driver's next statement as a line (status
 * Open → Queued, until a statement takes it → On statement).
 */
export const companyExpenses = pgTable(
  'company_expenses',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    customerId: integer(),
    driverId: integer(),
    truckId: integer(),
    expenseDate: date().notNull(),
    /** toll, lumper, repair, fine, other */
    category: text().notNull(),
    description: text().notNull().default(''),
    amountCents: bigint({ mode: 'number' }).notNull(),
    /** deduction (the driver pays it back), reimbursement (the company pays the driver) */
    payAs: text(),
    /** Open, Queued, On statement */
    status: text().notNull().default('Open'),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('company_expenses_company_date_idx').on(t.companyId, t.expenseDate),
    index('company_expenses_driver_idx').on(t.driverId, t.status),
  ],
);

/**
 * An owner-operator's escrow fund (49 CFR 376.12(k)): the amount to reach, the deposit each
 * statement takes until it is reached, the yearly interest rate the lease pays on it (thousandths
 * of a percent), and the day it closed. Deposits and the return are statement lines (sources
 * 'escrow' and 'escrow_return'); the balance is their sum.
 */
export const escrowAccounts = pgTable(
  'escrow_accounts',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    driverId: integer().notNull(),
    targetCents: bigint({ mode: 'number' }).notNull(),
    depositCents: bigint({ mode: 'number' }).notNull(),
    interestRateMilli: integer().notNull().default(0),
    openedOn: date().notNull(),
    closedOn: date(),
    note: text().notNull().default(''),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('escrow_accounts_driver_uq').on(t.companyId, t.driverId)],
);

/** Cash given to a driver ahead of pay (fuel-card cash, a comcheck): recovered on the next statement. */
export const cashAdvances = pgTable(
  'cash_advances',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    driverId: integer().notNull(),
    givenOn: date().notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    /** fuel_card_cash, comcheck, cash */
    method: text().notNull(),
    reference: text().notNull().default(''),
    note: text().notNull().default(''),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cash_advances_driver_idx').on(t.companyId, t.driverId, t.givenOn)],
);

/** Hours an hourly driver worked: per day, or on a load. */
export const driverHours = pgTable(
  'driver_hours',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    driverId: integer().notNull(),
    workDate: date().notNull(),
    loadId: integer(),
    minutes: integer().notNull(),
    note: text().notNull().default(''),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('driver_hours_driver_idx').on(t.companyId, t.driverId, t.workDate)],
);
