import { boolean, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const drivers = pgTable(
  'drivers',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    name: text().notNull(),
    /** Ten digits, no formatting (the web shows +1 (xxx) xxx-xxxx). */
    phone: text(),
    phone2: text(),
    email: text(),
    /** company, owner_operator, lease */
    driverType: text().notNull().default('company'),
    /** The customer buys our safety service for this driver. */
    safety: boolean().notNull().default(false),
    /** dispatch, safety, accounting… */
    service: text(),
    eldName: text(),
    customerId: integer(),
    truckId: integer(),
    trailerId: integer(),
    trailerTypeId: integer(),
    /** The same rate in thousandths (see driver_contracts.rate_milli). */
    rateMilli: integer().notNull().default(0),
    /** per_mile, percent, flat, hourly */
    paymentType: text().notNull().default('per_mile'),
    cdlNumber: text(),
    cdlExpiresOn: date(),
    medicalCardExpiresOn: date(),
    hiredOn: date(),
    /** The last day the driver worked for the company (escrow is returned within 45 days of it). */
    terminatedOn: date(),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('drivers_company_name_idx').on(t.companyId, t.name),
    index('drivers_customer_idx').on(t.customerId),
    index('drivers_truck_idx').on(t.truckId),
  ],
);

/** A driver's pay contract; its signed copy is a file of category "contract" (never deletable). */
export const driverContracts = pgTable(
  'driver_contracts',
  {
    id: serial().primaryKey(),
    driverId: integer()
      .notNull()
      .references(() => drivers.id, { onDelete: 'cascade' }),
    /** percent, per_mile, flat */
    contractType: text().notNull(),
    /**
     * The rate in thousandths, as the business writes it: dollars per mile ($0.575 → 575), percent of
     * the line haul (8.875 % → 8875), dollars per load or per hour.
     */
    rateMilli: integer().notNull().default(0),
    /** Who bears fuel: 'driver' or 'company'; unset: the driver's type decides (a company driver never does). */
    fuelPaidBy: text(),
    /** When a load is paid: 'delivery' (delivered in the period) or 'ppw' (once its proof of delivery is in). */
    payBasis: text().notNull().default('delivery'),
    /** A percentage contract leaves the fuel surcharge out of the line haul it pays on (lumper always is). */
    fscPassThrough: boolean().notNull().default(false),
    startsOn: date().notNull(),
    endsOn: date(),
    terms: text(),
    fileId: integer(),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('driver_contracts_driver_idx').on(t.driverId)],
);
