import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * IFTA diesel tax rates per quarter and jurisdiction, editable in settings. `rate_e4` is dollars per
 * gallon × 10,000 ($0.3290 → 3290); `surcharge_e4` the jurisdiction's surcharge line (Indiana,
 * Kentucky), its own line on the return as in the IFTA rate matrix; 0 where there is none.
 */
export const iftaRates = pgTable(
  'ifta_rates',
  {
    companyId: integer().notNull(),
    /** YYYY-Qn, e.g. 2026-Q3 */
    quarter: text().notNull(),
    /** Two-letter USPS code. */
    state: text().notNull(),
    rateE4: integer('rate_e4').notNull(),
    surchargeE4: integer('surcharge_e4').notNull().default(0),
    updatedBy: integer(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.quarter, t.state] })],
);
