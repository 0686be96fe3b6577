import { bigint, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Statuses: active, left_company, sold. */
export const trailers = pgTable(
  'trailers',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    trailerNumber: text().notNull(),
    trailerTypeId: integer(),
    /** 53 ft, 48 ft… */
    size: text(),
    make: text(),
    year: integer(),
    vin: text(),
    plate: text(),
    customerId: integer(),
    alignmentDate: date(),
    annualInspectionDate: date(),
    /** Miles (engine hours for reefer units) at which the next PM service is due. */
    pmMiles: integer(),
    /** The current reading PM is measured against: miles, or engine hours for reefer units. */
    odometer: integer(),
    registrationExpiresOn: date(),
    companyOwner: text(),
    gps: text(),
    status: text().notNull().default('active'),
    description: text(),
    originValueCents: bigint({ mode: 'number' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trailers_number_uq').on(t.companyId, t.trailerNumber),
    index('trailers_customer_idx').on(t.customerId),
  ],
);
