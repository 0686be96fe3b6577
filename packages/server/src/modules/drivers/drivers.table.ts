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
    /** Pay rate in cents (per mile, per load or a flat amount, by payment_type). */
    amountCents: integer().notNull().default(0),
    /** per_mile, percent, flat, hourly */
    paymentType: text().notNull().default('per_mile'),
    cdlNumber: text(),
    cdlExpiresOn: date(),
    medicalCardExpiresOn: date(),
    hiredOn: date(),
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
    /** Percent in basis points or cents per mile / per load, by contract_type. */
    rate: integer().notNull(),
    startsOn: date().notNull(),
    endsOn: date(),
    terms: text(),
    fileId: integer(),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('driver_contracts_driver_idx').on(t.driverId)],
);
