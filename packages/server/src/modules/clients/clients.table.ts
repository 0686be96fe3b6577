import { date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Sales leads: potential clients and clients share their columns and rules, told apart by `kind`
 * ('potential' | 'client'). A row saved with status Canceled is removed.
 */
export const salesLeads = pgTable(
  'sales_leads',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    kind: text().notNull(),
    mc: text(),
    truckQuantity: integer(),
    carrier: text().notNull(),
    contact: text(),
    phone: text(),
    email: text(),
    comment: text(),
    status: text().notNull().default('New'),
    customerId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sales_leads_kind_idx').on(t.companyId, t.kind, t.updatedAt)],
);

/** Descriptions (call notes) and invoices attached to a lead, deleted in drafts on save. */
export const salesLeadDescriptions = pgTable('sales_lead_descriptions', {
  id: serial().primaryKey(),
  leadId: integer()
    .notNull()
    .references(() => salesLeads.id, { onDelete: 'cascade' }),
  text: text().notNull(),
  createdBy: integer(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const salesLeadInvoices = pgTable('sales_lead_invoices', {
  id: serial().primaryKey(),
  leadId: integer()
    .notNull()
    .references(() => salesLeads.id, { onDelete: 'cascade' }),
  number: text().notNull(),
  amountCents: integer().notNull(),
  issuedOn: date(),
  fileId: integer(),
});
