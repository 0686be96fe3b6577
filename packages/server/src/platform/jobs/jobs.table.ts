import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The state of every long job, whatever runs it (pg-boss on PostgreSQL, the in-process runner on
 * PGlite): progress, result, failure reason. A restart resumes what is queued or was running.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid().primaryKey(),
    companyId: integer(),
    name: text().notNull(),
    /** queued, running, completed, failed */
    status: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    result: jsonb().$type<unknown>(),
    error: text(),
    done: integer().notNull().default(0),
    total: integer().notNull().default(0),
    attempts: integer().notNull().default(0),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    /** Touched while running: a running job with an old heartbeat lost its worker and is resumed. */
    heartbeatAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('jobs_status_idx').on(t.status)],
);

export type JobRow = typeof jobs.$inferSelect;
