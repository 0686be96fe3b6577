import { integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A load made ready for invoicing (Accounting → Billing; create 45, view 51). loads.billing mirrors it. */
export const billings = pgTable(
  'billings',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    loadId: integer().notNull(),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('billings_load_uq').on(t.loadId)],
);
