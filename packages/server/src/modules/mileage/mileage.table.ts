import { doublePrecision, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Legs already routed, by provider and end points, so a restart does not route them again. A cache
 * of road facts shared by every company (no business data, nothing to audit); `provider` carries the
 * network's version (`offline@<version>`), so a new network routes its legs afresh.
 */
export const routedLegs = pgTable(
  'routed_legs',
  {
    provider: text().notNull(),
    /** "lat,lon" rounded to 4 decimals (about 10 m). */
    fromKey: text().notNull(),
    toKey: text().notNull(),
    miles: doublePrecision().notNull(),
    /** Road miles per state (USPS code), unrounded. */
    stateMiles: jsonb().$type<Record<string, number>>().notNull(),
    /** The routes driven, in order ("local" for a connector). */
    routes: jsonb().$type<string[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.fromKey, t.toKey] })],
);
