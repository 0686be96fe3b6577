import { bigint, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A factoring schedule: loads submitted to a factoring company for funding. */
export const factoringSchedules = pgTable(
  'factoring_schedules',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    factoringCompanyId: integer().notNull(),
    name: text().notNull(),
    sentAt: timestamp({ withTimezone: true }),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('factoring_schedules_company_idx').on(t.companyId, t.createdAt)],
);

/**
 * A load on a schedule with what the factoring company paid for it. status: applied, not_processed.
 * A load is on one schedule at most (unique load_id): two schedules taking it at once, one fails.
 */
export const scheduleLoads = pgTable(
  'schedule_loads',
  {
    scheduleId: integer()
      .notNull()
      .references(() => factoringSchedules.id, { onDelete: 'cascade' }),
    loadId: integer().notNull(),
    amountFactoringCents: bigint({ mode: 'number' }),
    status: text().notNull().default('not_processed'),
    processedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.loadId] }), uniqueIndex('schedule_loads_load_uq').on(t.loadId)],
);

/** The actions recorded on a schedule (sent, called, disputed…), with their text. */
export const scheduleActions = pgTable('schedule_actions', {
  id: serial().primaryKey(),
  scheduleId: integer()
    .notNull()
    .references(() => factoringSchedules.id, { onDelete: 'cascade' }),
  actionText: text().notNull(),
  createdBy: integer(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
