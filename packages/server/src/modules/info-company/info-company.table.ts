import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

export const infoCompanies = pgTable(
  'info_companies',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    name: text().notNull(),
    address: text(),
    phone: text(),
    email: text(),
  },
  (t) => [uniqueIndex('info_companies_name_uq').on(t.companyId, sql`lower(${t.name})`)],
);
