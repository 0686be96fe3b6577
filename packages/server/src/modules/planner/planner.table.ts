import { date, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A cell range of the planner: a technician's hours on a day, holding a work order, a light order
 * or a day off (one of the three ids, by `kind`); a work order, light order or day off is on the
 * board at most once.
 */
export const plannerTasks = pgTable(
  'planner_tasks',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    kind: text().notNull(),
    workOrderId: integer(),
    lightOrderId: integer(),
    dayOffId: integer(),
    technicianId: integer().notNull(),
    date: date().notNull(),
    /** The start hour, 7-18. */
    time: smallint().notNull(),
    /** Hours, 1-12. */
    w: smallint().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('planner_tasks_day_idx').on(t.companyId, t.date),
    uniqueIndex('planner_tasks_work_order_uq').on(t.workOrderId),
    uniqueIndex('planner_tasks_light_order_uq').on(t.lightOrderId),
    uniqueIndex('planner_tasks_day_off_uq').on(t.dayOffId),
  ],
);

/** A quick job for a walk-in customer; `clientId` once it was made a client (light-order/create/client). */
export const lightOrders = pgTable('light_orders', {
  id: serial().primaryKey(),
  companyId: integer().notNull(),
  customer: text().notNull(),
  phone: text(),
  unit: text(),
  description: text().notNull(),
  priceCents: integer(),
  clientId: integer(),
  createdBy: integer(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A technician's absence; its task blocks those hours of the board. */
export const dayOffs = pgTable('day_offs', {
  id: serial().primaryKey(),
  companyId: integer().notNull(),
  reason: text(),
  createdBy: integer(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
