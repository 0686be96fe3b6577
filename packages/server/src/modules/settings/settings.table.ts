import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { users } from '../../platform/auth/auth.table';

/** Company settings: the /info lists (departments live in platform/auth beside users). */

export const workSchedules = pgTable('work_schedules', {
  id: serial().primaryKey(),
  companyId: integer().notNull(),
  name: text().notNull(),
  /** HH:mm, company time. */
  startTime: text().notNull(),
  endTime: text().notNull(),
  breakMinutes: smallint(),
});

export const holidays = pgTable(
  'holidays',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    date: date().notNull(),
    name: text().notNull(),
    paid: boolean().notNull().default(true),
  },
  (t) => [uniqueIndex('holidays_company_date_uq').on(t.companyId, t.date)],
);

export const offices = pgTable('offices', {
  id: serial().primaryKey(),
  companyId: integer().notNull(),
  name: text().notNull(),
  address: text(),
  city: text(),
  state: text(),
  zip: text(),
  phone: text(),
  email: text(),
});

export const inventoryItems = pgTable('inventory_items', {
  id: serial().primaryKey(),
  companyId: integer().notNull(),
  name: text().notNull(),
  category: text().notNull(),
  serialRequired: boolean().notNull().default(false),
  description: text(),
});

export const contactTypes = pgTable('contact_types', {
  id: serial().primaryKey(),
  companyId: integer().notNull(),
  name: text().notNull(),
});

export const documentTypes = pgTable('document_types', {
  id: serial().primaryKey(),
  companyId: integer().notNull(),
  name: text().notNull(),
  subject: text().notNull(),
  expires: boolean().notNull().default(false),
});

export const positions = pgTable(
  'positions',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    name: text().notNull(),
    departmentId: integer(),
  },
  (t) => [
    index('positions_department_idx').on(t.departmentId),
    uniqueIndex('positions_company_name_uq').on(t.companyId, sql`lower(${t.name})`),
  ],
);

/** One row per company: the system and accounting settings as the contract's JSON (read whole, saved whole). */
export const companySettings = pgTable('company_settings', {
  companyId: integer().primaryKey(),
  system: jsonb(),
  account: jsonb(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A user's own preferences (Settings → User account settings): one row per user who saved some. */
export const userPreferences = pgTable('user_preferences', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  pageSize: smallint(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
