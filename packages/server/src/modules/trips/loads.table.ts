import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { trips } from './trips.table';

/**
 * A load: one broker's freight from its pickups to its deliveries. Shaped for the trips list on
 * ~1M rows (shared/performance-notes.md): the first pickup and last delivery (time, city, state)
 * and the trip's unit and people are kept on the row, maintained when stops or the trip are saved,
 * so filters and totals never join stops; money in cents, miles as integers.
 */
export const loads = pgTable(
  'loads',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    tripId: integer()
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    /** Order of the load within its trip. */
    position: smallint().notNull().default(1),
    brokerId: integer(),
    /** The broker's load (reference) number. */
    brokerNumber: text(),
    bol: text(),
    grossCents: bigint({ mode: 'number' }).notNull().default(0),
    /** Pass-through charges inside the gross: the lumper paid for the shipper, the fuel surcharge. */
    lumperCents: bigint({ mode: 'number' }).notNull().default(0),
    fuelSurchargeCents: bigint({ mode: 'number' }).notNull().default(0),
    /** Loaded miles, pickup to delivery. */
    mileageLoaded: integer().notNull().default(0),
    /** Empty miles to the first pickup. */
    mileageEmpty: integer().notNull().default(0),
    pickupAt: timestamp({ withTimezone: true }),
    deliveryAt: timestamp({ withTimezone: true }),
    pickupCity: text(),
    pickupState: text(),
    deliveryCity: text(),
    deliveryState: text(),
    // Copied from the trip (see trips.table.ts).
    customerId: integer(),
    truckId: integer(),
    trailerId: integer(),
    driverId: integer(),
    /** The second driver of a team trip (trips.team_driver_id). */
    teamDriverId: integer(),
    dispatcherId: integer(),
    /** The carrier uses factoring for this load. */
    factoring: boolean().notNull().default(false),
    /** 1 once a PPW (paperwork) file exists (000 §4). */
    ppw: smallint().notNull().default(0),
    ppwCreatedBy: integer(),
    ppwDate: timestamp({ withTimezone: true }),
    /** Billing row created for the load (accounting → billing). */
    billing: boolean().notNull().default(false),
    customerInvoiceId: integer(),
    /** Extraction from a rate confirmation: none, extracted, confirmed. */
    aiStatus: text(),
    aiConfidence: real(),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // Descending keys sort nulls first, as ORDER BY … DESC does: the list's sort then reads the
  // index in order (drizzle's plain .desc() writes NULLS LAST, which forces a sort of the window).
  // The company date indexes, the dispatcher's and "not invoiced" also carry the totals' columns
  // (INCLUDE, added by the custom migration 0014_loads_index_include.sql: drizzle cannot declare
  // it), so a window's totals are read from the index alone.
  (t) => [
    index('loads_trip_idx').on(t.tripId),
    index('loads_delivery_idx').on(t.companyId, t.deliveryAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('loads_pickup_idx').on(t.companyId, t.pickupAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('loads_customer_delivery_idx').on(t.customerId, t.deliveryAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('loads_dispatcher_delivery_idx').on(
      t.dispatcherId,
      t.deliveryAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('loads_truck_delivery_idx').on(t.truckId, t.deliveryAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('loads_driver_delivery_idx').on(t.driverId, t.deliveryAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('loads_team_driver_idx').on(t.teamDriverId, t.deliveryAt).where(sql`${t.teamDriverId} is not null`),
    index('loads_broker_delivery_idx').on(t.brokerId, t.deliveryAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('loads_not_invoiced_idx')
      .on(t.companyId, t.deliveryAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.customerInvoiceId} is null`),
  ],
);

/** Pickups and deliveries of a load, in order. */
export const loadStops = pgTable(
  'load_stops',
  {
    id: serial().primaryKey(),
    loadId: integer()
      .notNull()
      .references(() => loads.id, { onDelete: 'cascade' }),
    /** 1 PickUp, 2 Delivery (the address filter's types). */
    type: smallint().notNull(),
    position: smallint().notNull(),
    cityId: integer(),
    city: text().notNull(),
    state: text().notNull(),
    zip: text(),
    address: text(),
    facility: text(),
    at: timestamp({ withTimezone: true }),
    /** Appointment window end, when the stop has one. */
    atEnd: timestamp({ withTimezone: true }),
    reference: text(),
  },
  (t) => [index('load_stops_load_idx').on(t.loadId, t.type, t.position)],
);

/**
 * The date a day total buckets: 1 delivery (the list's default window), 2 pickup, per dispatcher
 * and customer; 3 and 4 the same days over every dispatcher and customer (both 0), for the callers
 * who see every trip (one row a day).
 */
export const DAY_TOTAL_KIND = { delivery: 1, pickup: 2, companyDelivery: 3, companyPickup: 4 } as const;

/**
 * The loads' totals per company, company-time day (of delivery or of pickup) and row scope
 * (dispatcher, customer; 0 for none), and per company and day (kinds 3, 4): the count and sums the
 * trips list's footers show, so a whole-day window sums one row a day (~55 for a dispatcher's or a
 * customer's scope at 1M loads) instead of every load (issue 31). Kept by statement triggers on
 * loads in the same transaction as the loads (migrations 0032-0034, 0036), never written by the app.
 * `trips` counts the (trip, dispatcher, customer) groups whose last day of that kind is this day;
 * with those that go on after a window, a window's distinct trips while a trip's loads share its
 * dispatcher and customer (the trip record copies them onto its loads). A bucket emptied by a
 * change stays as a row of zeros.
 */
export const loadDayTotals = pgTable(
  'load_day_totals',
  {
    companyId: integer().notNull(),
    kind: smallint().notNull(),
    day: date({ mode: 'string' }).notNull(),
    dispatcherId: integer().notNull(),
    customerId: integer().notNull(),
    loads: integer().notNull().default(0),
    trips: integer().notNull().default(0),
    grossCents: bigint({ mode: 'number' }).notNull().default(0),
    mileageLoaded: bigint({ mode: 'number' }).notNull().default(0),
    mileageEmpty: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.kind, t.day, t.dispatcherId, t.customerId] })],
);
