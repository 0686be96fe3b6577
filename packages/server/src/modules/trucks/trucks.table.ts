import { bigint, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Statuses: active, left_company, sold (the list filter offers Active / Inactive). */
export const trucks = pgTable(
  'trucks',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    truckNumber: text().notNull(),
    make: text(),
    model: text(),
    year: integer(),
    vin: text(),
    plate: text(),
    customerId: integer(),
    driverId: integer(),
    trailerId: integer(),
    /** The ELD provider. */
    eld: text(),
    alignmentDate: date(),
    annualInspectionDate: date(),
    /** Odometer reading (miles) at which the next PM service is due. */
    pmMiles: integer(),
    odometer: integer(),
    registrationExpiresOn: date(),
    companyOwner: text(),
    status: text().notNull().default('active'),
    /** on_road, in_shop, waiting, out_of_service */
    truckStatus: text(),
    originValueCents: bigint({ mode: 'number' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trucks_number_uq').on(t.companyId, t.truckNumber),
    index('trucks_customer_idx').on(t.customerId),
  ],
);
