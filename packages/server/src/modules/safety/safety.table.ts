import { boolean, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A driver action on the safety calendar (001 §4): what safety staff did or saw for a driver on a
 * date. The logbook lists them; deleting sets status 0, which hides the row everywhere.
 */
export const safetyActions = pgTable(
  'safety_actions',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    driverId: integer().notNull(),
    date: date().notNull(),
    /** check_in, inspection, training, warning, violation, accident (SAFETY_ACTION_KINDS). */
    kind: text().notNull().default('check_in'),
    note: text().notNull(),
    /** 1 active, 0 deleted (hidden). */
    status: integer().notNull().default(1),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('safety_actions_company_date_idx').on(t.companyId, t.date),
    index('safety_actions_driver_date_idx').on(t.driverId, t.date),
  ],
);

/** A safety exception (001 §3): open while status is truthy; comments below it. */
export const safetyExceptions = pgTable(
  'safety_exceptions',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    driverId: integer(),
    name: text().notNull(),
    /** What must be done about it. */
    actions: text().notNull().default(''),
    date: date().notNull(),
    /** 1 open, 0 closed. */
    status: integer().notNull().default(1),
    createdBy: integer(),
    closedBy: integer(),
    closedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('safety_exceptions_company_status_idx').on(t.companyId, t.status),
    index('safety_exceptions_driver_idx').on(t.driverId),
  ],
);

export const safetyExceptionComments = pgTable(
  'safety_exception_comments',
  {
    id: serial().primaryKey(),
    exceptionId: integer()
      .notNull()
      .references(() => safetyExceptions.id, { onDelete: 'cascade' }),
    userId: integer(),
    comment: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('safety_exception_comments_exception_idx').on(t.exceptionId)],
);

/**
 * What safety staff keep per driver beyond the drivers registry (the safety table's status,
 * hours and ELD count, and the employee who watches the driver).
 */
export const safetyDrivers = pgTable(
  'safety_drivers',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    driverId: integer().notNull(),
    /** active, watch, suspended (SAFETY_DRIVER_STATUSES). */
    status: text().notNull().default('active'),
    /** Hours of service left in the driver's 70-hour week, in tenths of an hour. */
    hoursTenths: integer().notNull().default(700),
    eldCount: integer().notNull().default(1),
    employeeId: integer(),
    onSafety: boolean().notNull().default(true),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('safety_drivers_driver_idx').on(t.driverId)],
);

/**
 * A record of a driver's qualification file (issue 18): an annual MVR review, a drug and alcohol
 * test (pre-employment or random) or a road test, with its dates and a note; its files are the
 * files service's entity 'driver-qualification'. CDL and medical card stay on the driver.
 */
export const driverQualificationItems = pgTable(
  'driver_qualification_items',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    driverId: integer().notNull(),
    /** mvr_review, drug_pre_employment, drug_random, road_test (STORED_QUALIFICATION_KINDS). */
    kind: text().notNull(),
    performedOn: date().notNull(),
    /** Expires or next due; null when the item does not expire. */
    expiresOn: date(),
    note: text().notNull().default(''),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('driver_qualification_items_driver_idx').on(t.driverId, t.kind),
    index('driver_qualification_items_company_expires_idx').on(t.companyId, t.expiresOn),
  ],
);
