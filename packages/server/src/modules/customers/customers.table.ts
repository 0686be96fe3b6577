import { bigint, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { referenceCustomers } from '../../platform/auth/auth.table';

/**
 * Customers: the carriers we dispatch for and bill (the spec shows the id as "Division ID").
 * `frozen`: 0 no, 1 frozen (red), 2 Daptor (orange).
 */
export const customers = pgTable(
  'customers',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    name: text().notNull(),
    email: text(),
    phone: text(),
    mcNumber: text(),
    dotNumber: text(),
    address: text(),
    city: text(),
    state: text(),
    zip: text(),
    saleManagerId: integer(),
    frozen: smallint().notNull().default(0),
    /** Services bought from us: dispatch, safety, accounting, shop. */
    services: text().array().notNull().default([]),
    /** Maintained by receivables: what the customer owes, in cents. */
    balanceCents: bigint({ mode: 'number' }).notNull().default(0),
    /** Payment terms in days after an invoice's period ends (null: the default 15); AR aging reads it. */
    paymentTermsDays: integer(),
    findUs: text(),
    factoringCompanyId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customers_company_name_idx').on(t.companyId, t.name)],
);

/** Exceptions agreed with a customer (billing or service terms), edited in the customer card. */
export const customerExceptions = pgTable(
  'customer_exceptions',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    text: text().notNull(),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_exceptions_customer_idx').on(t.customerId)],
);

// users.customer_id and roles.customer_id (platform auth) reference this table.
referenceCustomers(() => customers.id);

/** A customer's contact people; `type_id` is one of the company's contact types (Settings), or none. */
export const customerContacts = pgTable(
  'customer_contacts',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** A contact type of Settings (no foreign key across modules: a deleted type reads as none). */
    typeId: integer(),
    name: text().notNull(),
    phone: text(),
    email: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_contacts_customer_idx').on(t.customerId)],
);
