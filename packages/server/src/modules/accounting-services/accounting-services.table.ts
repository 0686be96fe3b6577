import { index, integer, pgTable, primaryKey, serial, smallint, text } from 'drizzle-orm/pg-core';

/**
 * What we bill customers for (Settings → accounting settings; "a new one defaults to status 1,
 * name 'Name'"). The spec shows no fees; ours: a percent of the loads' gross (thousandths of a
 * percent: 5 % = 5,000, 4.555 % = 4,555), an amount per active driver per week, or a flat amount per
 * month (cents).
 */
export const accountingServices = pgTable('accounting_services', {
  id: serial().primaryKey(),
  companyId: integer().notNull(),
  name: text().notNull().default('Name'),
  status: smallint().notNull().default(1),
  /** percent_of_gross, per_driver_week, flat_month */
  billingMethod: text().notNull().default('percent_of_gross'),
  /** Thousandths of a percent for percent_of_gross, cents otherwise. */
  defaultRate: integer().notNull().default(0),
});

/** A customer's own rate for a service (else the service's default rate). */
export const customerServiceRates = pgTable(
  'customer_service_rates',
  {
    customerId: integer().notNull(),
    serviceId: integer()
      .notNull()
      .references(() => accountingServices.id, { onDelete: 'cascade' }),
    rate: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.serviceId] }),
    index('customer_service_rates_service_idx').on(t.serviceId),
  ],
);
