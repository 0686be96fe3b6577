import { z } from 'zod';
import { inputKinds } from './input-kinds';

/**
 * Business dates as the contracts take them: YYYY-MM-DD that exists on the calendar (2026-02-30 does
 * not), a month YYYY-MM, and a company-time stop time "YYYY-MM-DD" or "YYYY-MM-DD HH:mm". The format
 * alone let impossible dates reach PostgreSQL, which refused them with a 500. Years are bounded so a
 * date can neither break the database (year 0) nor stretch a report over millennia.
 */
export const DATE_MIN_YEAR = 1900;
export const DATE_MAX_YEAR = 2199;

export const DATE_MSG = {
  format: 'Use the date format YYYY-MM-DD.',
  noSuchDate: 'There is no such date on the calendar.',
  years: `The date must be between ${DATE_MIN_YEAR} and ${DATE_MAX_YEAR}.`,
  month: 'Use a month YYYY-MM (01 to 12).',
  dateTime: 'Use the format YYYY-MM-DD HH:mm (00:00 to 23:59).',
} as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?: (\d{2}):(\d{2}))?$/;

const yearInRange = (year: number) => year >= DATE_MIN_YEAR && year <= DATE_MAX_YEAR;

/** Why a YYYY-MM-DD text is not a business date, or null when it is one. */
export function dateProblem(value: string): string | null {
  const m = DATE.exec(value);
  if (!m) return DATE_MSG.format;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!yearInRange(year)) return DATE_MSG.years;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day)
    return DATE_MSG.noSuchDate;
  return null;
}

export const isCalendarDate = (value: string): boolean => dateProblem(value) === null;

export function isMonth(value: string): boolean {
  const m = MONTH.exec(value);
  return m !== null && yearInRange(Number(m[1])) && Number(m[2]) >= 1 && Number(m[2]) <= 12;
}

export function isDateTime(value: string): boolean {
  const m = DATE_TIME.exec(value);
  if (!m || !isCalendarDate(m[1] ?? '')) return false;
  return m[2] === undefined || (Number(m[2]) <= 23 && Number(m[3]) <= 59);
}

type DateOptions = {
  /** Replaces every message (a field that words its own); by default it says what is wrong. */
  message?: string;
  /** '' (an empty input) is accepted and kept as ''. */
  allowEmpty?: boolean;
};

function checked(kind: 'date' | 'month' | 'datetime', opts: DateOptions, problem: (value: string) => string | null) {
  const typeMessage =
    opts.message ?? (kind === 'date' ? DATE_MSG.format : kind === 'month' ? DATE_MSG.month : DATE_MSG.dateTime);
  return z
    .string({ error: typeMessage })
    .trim()
    .superRefine((value, ctx) => {
      if (value === '' && opts.allowEmpty) return;
      const message = problem(value);
      // Aborting: an object's own checks (from before to, a period's length) never see a date that is not one.
      if (message) ctx.addIssue({ code: 'custom', message: opts.message ?? message, input: value, continue: false });
    })
    .register(inputKinds, { kind });
}

/** A business date, YYYY-MM-DD, that exists on the calendar. */
export const dateSchema = (opts: DateOptions = {}) => checked('date', opts, dateProblem);

/** A month, YYYY-MM. */
export const monthSchema = (opts: DateOptions = {}) =>
  checked('month', opts, (v) => (isMonth(v) ? null : DATE_MSG.month));

/** A company-time date and time "YYYY-MM-DD HH:mm", or a date alone (midnight). */
export const dateTimeSchema = (opts: DateOptions = {}) =>
  checked('datetime', opts, (v) => (isDateTime(v) ? null : DATE_MSG.dateTime));

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
export const TIME_MSG = 'Use a time HH:mm (00:00 to 23:59).';

/** A time of day "HH:mm", 24-hour (a shift's start or end, a day's check-in). */
export const timeSchema = (opts: DateOptions = {}) =>
  z
    .string({ error: opts.message ?? TIME_MSG })
    .trim()
    .refine((v) => (v === '' && opts.allowEmpty) || TIME.test(v), { message: opts.message ?? TIME_MSG });

/** Minutes after midnight of an "HH:mm" time. */
export const minutesOfTime = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
