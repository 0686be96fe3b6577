import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A trip: one truck's run, made of loads. The unit and people are kept here and copied onto each
 * load (loads.*_id) when the trip is saved, so the trips list filters loads without joining trips.
 */
export const trips = pgTable(
  'trips',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    customerId: integer(),
    truckId: integer(),
    trailerId: integer(),
    driverId: integer(),
    /** A team trip's second driver; the first driver's share of each load's pay in basis points (5000 = half). */
    teamDriverId: integer(),
    teamShareBp: integer().notNull().default(5000),
    /** The dispatcher (a user) who owns the trip. */
    dispatcherId: integer(),
    notes: text(),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trips_company_created_idx').on(t.companyId, t.createdAt)],
);

/** Connections between trips (a continuation, a repower), both directions stored once. */
export const tripConnections = pgTable(
  'trip_connections',
  {
    tripId: integer()
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    connectedTripId: integer()
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tripId, t.connectedTripId] })],
);

/** Notes on a trip; rows with status new or edit are highlighted in the list (000 §4). */
export const tripNotes = pgTable(
  'trip_notes',
  {
    id: serial().primaryKey(),
    tripId: integer()
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    text: text().notNull(),
    /** new, edit, seen */
    status: text().notNull().default('new'),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trip_notes_trip_idx').on(t.tripId)],
);
