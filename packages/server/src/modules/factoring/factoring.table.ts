import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const factoringCompanies = pgTable('factoring_companies', {
  id: serial().primaryKey(),
  companyId: integer().notNull(),
  name: text().notNull(),
  phone: text(),
  fax: text(),
  email: text(),
  address: text(),
  city: text(),
  state: text(),
  zip: text(),
  /** Fee in thousandths of a percent: 3,125 = 3.125 %. */
  percentMilli: integer().notNull().default(0),
  /** ACH, Check, Wire… */
  paymentType: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const factoringNotes = pgTable(
  'factoring_notes',
  {
    id: serial().primaryKey(),
    factoringCompanyId: integer()
      .notNull()
      .references(() => factoringCompanies.id, { onDelete: 'cascade' }),
    text: text().notNull(),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('factoring_notes_company_idx').on(t.factoringCompanyId)],
);
