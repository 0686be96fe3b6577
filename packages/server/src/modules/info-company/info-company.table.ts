import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

export const infoCompanies = pgTable('info_companies', {
  id: serial().primaryKey(),
  companyId: integer().notNull(),
  name: text().notNull(),
  address: text(),
  phone: text(),
  email: text(),
});
