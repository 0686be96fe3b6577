import { boolean, date, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A shop work order: one unit (a truck or trailer of our fleet, or an outside customer's unit),
 * its lines, and totals in cents the server computes from them in the saving transaction.
 */
export const workOrders = pgTable(
  'work_orders',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    woType: text().notNull(),
    /** truck | trailer | customer */
    unitType: text().notNull(),
    truckId: integer(),
    trailerId: integer(),
    /** The outside customer whose unit it is (unit type customer). */
    customerId: integer(),
    customerUnit: text(),
    /** Priority 1-4 (the spec's dispatch_request). */
    dispatchRequest: smallint().notNull().default(2),
    /** 1-11; 9 closed, 11 canceled. */
    status: smallint().notNull().default(1),
    technicianId: integer(),
    arrived: boolean().notNull().default(false),
    arrivalDate: date(),
    /** The truck's odometer when it was checked in (miles): an odometer reading (eld module). */
    checkInOdometer: integer(),
    alignment: boolean().notNull().default(false),
    inspection: boolean().notNull().default(false),
    pm: boolean().notNull().default(false),
    towing: boolean().notNull().default(false),
    checkIn: timestamp({ withTimezone: true }),
    checkOut: timestamp({ withTimezone: true }),
    /** Tax on parts in hundredths of a percent (8.25 % = 825). */
    /** The sales tax rate in thousandths of a percent, as written (8.875 % → 8875). */
    taxMilli: integer().notNull().default(0),
    /** Whether the tax was also charged on labour (Accounting settings, shop group, when the totals were computed). */
    labourTaxed: boolean().notNull().default(false),
    labourCents: integer().notNull().default(0),
    partsCents: integer().notNull().default(0),
    taxCents: integer().notNull().default(0),
    /**
     * Vendors' (sublet) invoices as billed: each one's amount plus the markup, rounded per invoice
     * (Accounting settings, shop group), part of the total.
     */
    subletCents: integer().notNull().default(0),
    /** The sublet markup the totals were computed with, in thousandths of a percent (12.345 % = 12,345). */
    subletMarkupMilli: integer().notNull().default(0),
    totalCents: integer().notNull().default(0),
    /** When the customer approved the estimate and it was billed before completion ("approve and bill"). */
    approvedAt: timestamp({ withTimezone: true }),
    approvedBy: integer(),
    /** An outside customer's order is billed on this invoice, whose total follows the order's. */
    customerInvoiceId: integer(),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('work_orders_created_idx').on(t.companyId, t.createdAt),
    index('work_orders_status_idx').on(t.companyId, t.status),
    index('work_orders_arrival_idx').on(t.companyId, t.arrivalDate),
  ],
);

const owner = () =>
  integer()
    .notNull()
    .references(() => workOrders.id, { onDelete: 'cascade' });

/** Labour: technician, hours (hundredths), rate and amount in cents. */
export const workOrderLabour = pgTable('work_order_labour', {
  id: serial().primaryKey(),
  workOrderId: owner(),
  technicianId: integer(),
  description: text().notNull().default(''),
  hundredthHours: integer().notNull(),
  rateCents: integer().notNull(),
  amountCents: integer().notNull(),
});

/** Parts: part number, quantity (hundredths), unit price and amount in cents. */
export const workOrderParts = pgTable('work_order_parts', {
  id: serial().primaryKey(),
  workOrderId: owner(),
  partNumber: text().notNull(),
  description: text().notNull().default(''),
  hundredthQuantity: integer().notNull(),
  unitPriceCents: integer().notNull(),
  amountCents: integer().notNull(),
});

/** Complaint, cause, correction; deleted as drafts on save (/work-order/destroyDescription). */
export const workOrderDescriptions = pgTable('work_order_descriptions', {
  id: serial().primaryKey(),
  workOrderId: owner(),
  complaint: text().notNull(),
  cause: text().notNull().default(''),
  correction: text().notNull().default(''),
});

/** Vendors' invoices attached to the order; deleted as drafts on save (/work-order/destroyInvoice). */
export const workOrderInvoices = pgTable('work_order_invoices', {
  id: serial().primaryKey(),
  workOrderId: owner(),
  number: text().notNull(),
  amountCents: integer().notNull(),
  issuedOn: date(),
});
