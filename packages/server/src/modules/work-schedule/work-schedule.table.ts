import { date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/auth.table';
import { companies } from '../../platform/companies/companies.table';

/** One employee's shift on one day (Employee work schedule); at most one per person and day. */
export const workShifts = pgTable(
  'work_shifts',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date().notNull(),
    /** "HH:mm", company time (America/Chicago). */
    start: text().notNull(),
    end: text().notNull(),
  },
  (t) => [
    uniqueIndex('work_shifts_user_date_uq').on(t.userId, t.date),
    index('work_shifts_company_date_idx').on(t.companyId, t.date),
  ],
);
