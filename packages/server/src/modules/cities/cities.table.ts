import { doublePrecision, index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** US cities with their zip codes (seeded from the `zipcodes` data); shared by every company. */
export const cities = pgTable(
  'cities',
  {
    id: serial().primaryKey(),
    city: text().notNull(),
    state: text().notNull(),
    /** Comma separated five-digit zip codes, as the list shows them. */
    zipCodes: text().notNull().default(''),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cities_state_city_uq').on(t.state, t.city), index('cities_city_idx').on(t.city)],
);
