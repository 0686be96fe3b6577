import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** One truck on one day of the "trucks on the road" report; one row per truck and day. */
export const truckRoad = pgTable(
  'truck_road',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    date: date().notNull(),
    truckId: integer().notNull(),
    driverId: integer(),
    /** 1 solo, 2 team. */
    driveTypeId: smallint().notNull().default(1),
    location: text(),
    outOfService: boolean().notNull().default(false),
    reason: text(),
    note: text(),
    dispatcherApproved: boolean().notNull().default(false),
    dispatcherApprovedBy: integer(),
    dispatcherApprovedAt: timestamp({ withTimezone: true }),
    shopApproved: boolean().notNull().default(false),
    shopApprovedBy: integer(),
    shopApprovedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('truck_road_day_truck_uq').on(t.companyId, t.date, t.truckId),
    index('truck_road_date_idx').on(t.companyId, t.date),
  ],
);

/** Who gets the daily report (system settings: the trucks-on-the-road e-mails). */
export const truckRoadRecipients = pgTable(
  'truck_road_recipients',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    email: text().notNull(),
  },
  (t) => [uniqueIndex('truck_road_recipients_uq').on(t.companyId, t.email)],
);
