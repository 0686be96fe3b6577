import { sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Miles a truck ran in a jurisdiction on a day, as its ELD provider reported them (the IFTA report's
 * source where a truck has them). `truckId` is trucks.id (table files import no other module).
 */
export const eldJurisdictionMiles = pgTable(
  'eld_jurisdiction_miles',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    truckId: integer().notNull(),
    day: date().notNull(),
    /** USPS state or Canada Post province code. */
    jurisdiction: text().notNull(),
    /** Miles × 10 (a report gives tenths). */
    milesTenths: integer().notNull(),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A newer report of the same day replaces the older one's figure.
    uniqueIndex('eld_jurisdiction_miles_uq').on(t.companyId, t.truckId, t.day, t.jurisdiction),
    index('eld_jurisdiction_miles_day_idx').on(t.companyId, t.day),
  ],
);

/**
 * Odometer readings of a truck: from fuel purchases (source id: the fuel row), ELD exports, work-order
 * check-ins (the work order) and typed by hand. A reading that goes back or jumps further than the
 * truck can drive is `flagged` with its reason and never moves the odometer.
 */
export const odometerReadings = pgTable(
  'odometer_readings',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    truckId: integer().notNull(),
    readAt: timestamp({ withTimezone: true }).notNull(),
    odometer: integer().notNull(),
    /** fuel | eld | work_order | manual */
    source: text().notNull(),
    sourceId: integer(),
    /** accepted | flagged */
    status: text().notNull().default('accepted'),
    flagReason: text(),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('odometer_readings_truck_idx').on(t.truckId, t.readAt),
    uniqueIndex('odometer_readings_source_uq').on(t.source, t.sourceId).where(sql`${t.sourceId} is not null`),
  ],
);

/**
 * Each truck's odometer as last worked out (its last accepted reading plus the routed miles of the
 * loads delivered since), so the service schedule's SQL can read it. A cache of derived figures,
 * rewritten by `refreshOdometers` before the schedule is read; not audited.
 */
export const truckOdometers = pgTable(
  'truck_odometers',
  {
    truckId: integer().primaryKey(),
    companyId: integer().notNull(),
    odometer: integer(),
    readingId: integer(),
    readAt: timestamp({ withTimezone: true }),
    source: text(),
    routedMiles: integer().notNull().default(0),
    milesPerDay: doublePrecision().notNull().default(0),
    refreshedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('truck_odometers_company_idx').on(t.companyId)],
);
