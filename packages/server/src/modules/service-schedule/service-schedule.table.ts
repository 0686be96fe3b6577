import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A preventive-maintenance program (e.g. "Truck PM"), a group of service tasks assigned to units. */
export const servicePrograms = pgTable('service_programs', {
  id: serial().primaryKey(),
  companyId: integer().notNull(),
  name: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A service task of a program: every `intervalMiles` or `intervalDays`, whichever comes first. */
export const serviceTasks = pgTable(
  'service_tasks',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    programId: integer()
      .notNull()
      .references(() => servicePrograms.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** truck | trailer: the units of the program it applies to. */
    unitKind: text().notNull(),
    intervalMiles: integer(),
    intervalDays: integer(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('service_tasks_program_idx').on(t.programId)],
);

/**
 * A program assigned to a unit; until a work order completes a task, its interval counts from
 * `startDate` and `startOdometer`.
 */
export const serviceProgramUnits = pgTable(
  'service_program_units',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    programId: integer()
      .notNull()
      .references(() => servicePrograms.id, { onDelete: 'cascade' }),
    unitType: text().notNull(),
    unitId: integer().notNull(),
    startDate: date().notNull(),
    startOdometer: integer(),
  },
  (t) => [uniqueIndex('service_program_units_uq').on(t.programId, t.unitType, t.unitId)],
);

/**
 * The service tasks a work order does (work_orders by raw id: table files do not import other
 * modules); `odometer` is the unit's reading when the order was made, the miles the task resets to.
 */
export const workOrderServiceTasks = pgTable(
  'work_order_service_tasks',
  {
    id: serial().primaryKey(),
    workOrderId: integer().notNull(),
    taskId: integer()
      .notNull()
      .references(() => serviceTasks.id, { onDelete: 'cascade' }),
    odometer: integer(),
  },
  (t) => [
    uniqueIndex('work_order_service_tasks_uq').on(t.workOrderId, t.taskId),
    index('work_order_service_tasks_task_idx').on(t.taskId),
  ],
);
