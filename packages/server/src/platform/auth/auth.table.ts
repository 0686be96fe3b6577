import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.table';

let customerIdColumn: (() => AnyPgColumn) | null = null;

/**
 * Customer users and customer subroles point at a customer, a table the customers module owns:
 * it names its key here (`referenceCustomers(() => customers.id)` in customers.table.ts), so
 * platform imports no module. The reference is read lazily, when drizzle-kit reads the schema
 * (db/schema.ts loads both files); a schema read without the customers table fails loudly here
 * instead of dropping the foreign keys.
 */
export function referenceCustomers(column: () => AnyPgColumn): void {
  customerIdColumn = column;
}

function customerId(): AnyPgColumn {
  if (!customerIdColumn) throw new Error('users.customer_id: the customers module has not named its table');
  return customerIdColumn();
}

export const departments = pgTable('departments', {
  id: serial().primaryKey(),
  companyId: integer()
    .notNull()
    .references(() => companies.id),
  name: text().notNull(),
});

/** A permission role: a named set of grants; `customerId` makes it a customer subrole. */
export const roles = pgTable('roles', {
  id: serial().primaryKey(),
  companyId: integer()
    .notNull()
    .references(() => companies.id),
  name: text().notNull(),
  allPermissions: boolean().notNull().default(false),
  customerId: integer().references(customerId, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** One row per grant; action 0 is the section itself. */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    sectionId: integer().notNull(),
    actionId: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.sectionId, t.actionId] })],
);

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    email: text().notNull(),
    name: text().notNull(),
    passwordHash: text().notNull(),
    /** Role number 0-4 (see ROLE_NUMBER_NAMES); drives menu visibility and badges. */
    role: smallint().notNull().default(4),
    permissionRoleId: integer().references(() => roles.id, { onDelete: 'set null' }),
    departmentId: integer().references(() => departments.id, { onDelete: 'set null' }),
    /** Set for customer users: they see only this customer's data. */
    customerId: integer().references(customerId, { onDelete: 'set null' }),
    image: text(),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the opaque token; the token itself is never stored. */
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    ip: text(),
    userAgent: text(),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_resets_token_hash_uq').on(t.tokenHash)],
);

/**
 * Throttle counters per key (platform/auth/login-throttle.ts): sign-ins per account ("email:…", where
 * `lockedUntil` is when the next attempt may run) and per address ("ip:…"), password-reset requests
 * per address and per target ("reset-ip:…", "reset-email:…"); the windowed ones count from `firstFailureAt`.
 */
export const loginAttempts = pgTable('login_attempts', {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  firstFailureAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp({ withTimezone: true }),
});
