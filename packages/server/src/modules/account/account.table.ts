import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { departments, users } from '../../platform/auth/auth.table';
import { companies } from '../../platform/companies/companies.table';

const company = () =>
  integer()
    .notNull()
    .references(() => companies.id);

/** What the account shows of a staff user beyond the login: contact, place, duties, manager. */
export const staffProfiles = pgTable('staff_profiles', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyId: company(),
  phone: text(),
  /** City, state where the person works from (the geo list). */
  location: text(),
  /** Settings → offices and positions (ids of the /info lists). */
  // No foreign key: the settings module's index reaches the database client, which loads this
  // schema (a file cycle); a removed office or position reads as none through the lists' joins.
  officeId: integer(),
  positionId: integer(),
  duties: text(),
  managerId: integer().references(() => users.id, { onDelete: 'set null' }),
  birthday: date(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * One working day of one person (company date, America/Chicago): check-in and check-out
 * (POST /check/1|2), a sick mark, or times corrected by someone allowed.
 */
export const attendanceDays = pgTable(
  'attendance_days',
  {
    id: serial().primaryKey(),
    companyId: company(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date().notNull(),
    checkIn: timestamp({ withTimezone: true }),
    checkOut: timestamp({ withTimezone: true }),
    sick: boolean().notNull().default(false),
    correctedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('attendance_days_user_date_uq').on(t.userId, t.date),
    index('attendance_days_company_date_idx').on(t.companyId, t.date),
  ],
);

/** A note to a person (a note to a department is one row per member); status 0 unread, 1 read. */
export const staffNotes = pgTable(
  'staff_notes',
  {
    id: serial().primaryKey(),
    companyId: company(),
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    departmentId: integer().references(() => departments.id, { onDelete: 'set null' }),
    text: text().notNull(),
    status: smallint().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('staff_notes_unread_idx').on(t.userId).where(sql`${t.status} = 0`)],
);

/** A vacation (leave) request; status 0 new, 1 approved, 2 refused. */
export const vacationRequests = pgTable(
  'vacation_requests',
  {
    id: serial().primaryKey(),
    companyId: company(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dateFrom: date().notNull(),
    dateTo: date().notNull(),
    comment: text(),
    status: smallint().notNull().default(0),
    decidedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vacation_requests_company_dates_idx').on(t.companyId, t.dateFrom, t.dateTo)],
);

/** Company events shown on the account (GET /info/event). */
export const staffEvents = pgTable(
  'staff_events',
  {
    id: serial().primaryKey(),
    companyId: company(),
    date: date().notNull(),
    title: text().notNull(),
    description: text(),
  },
  (t) => [index('staff_events_company_date_idx').on(t.companyId, t.date)],
);

/** A comment on a user (All users comments, role 3); `seen` is the comments switch. */
export const userComments = pgTable(
  'user_comments',
  {
    id: serial().primaryKey(),
    companyId: company(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    text: text().notNull(),
    seen: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_comments_company_idx').on(t.companyId, t.createdAt)],
);
