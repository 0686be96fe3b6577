import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from '../../platform/companies/companies.table';

/** Freight brokers the company hauls loads for (physical address "pa_*" as the spec names it). */
export const brokers = pgTable(
  'brokers',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    name: text().notNull(),
    mcNumber: text(),
    paStreet1: text('pa_street_1'),
    paCity: text(),
    paState: text(),
    paZip: text(),
    emailAddress: text(),
    localPhone: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('brokers_company_name_idx').on(t.companyId, t.name),
    index('brokers_company_id_idx').on(t.companyId, t.id),
  ],
);
