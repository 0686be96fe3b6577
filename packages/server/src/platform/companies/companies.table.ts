import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const companies = pgTable('companies', {
  id: serial().primaryKey(),
  name: text().notNull(),
  timeZone: text().notNull().default('America/Chicago'),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const appVersions = pgTable('app_versions', {
  id: serial().primaryKey(),
  version: text().notNull(),
  versionShow: boolean().notNull().default(true),
  description: text().notNull().default(''),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const feedback = pgTable('feedback', {
  id: serial().primaryKey(),
  companyId: integer().notNull(),
  userId: integer().notNull(),
  message: text().notNull(),
  page: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
