import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Customers (the registry module extends this table with its own columns). */
export const customers = pgTable('customers', {
  id: serial().primaryKey(),
  companyId: integer().notNull(),
  name: text().notNull(),
  email: text(),
  phone: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
