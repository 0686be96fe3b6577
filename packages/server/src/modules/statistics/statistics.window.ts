import { addDays, nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import {
  DAILY_MAX_DAYS,
  DatePeriodSchema,
  type DateType,
  STATISTICS_DEFAULT_WEEKS,
  type StatisticsWindow,
  WeeksSchema,
} from '@backhaul/shared/modules/statistics/statistics.contract';
import { clock } from '../../platform/clock';
import { AppError, type FieldErrors } from '../../platform/errors';

type Body = Record<string, unknown>;
type Range = { from?: string; to?: string };

/** The engine's date filter column a window type filters on (the list's hidden date columns). */
export const DATE_COLUMN: Record<DateType, 'pick_up_datetime' | 'delivery_datetime'> = {
  PickUp: 'pick_up_datetime',
  Delivery: 'delivery_datetime',
};

/** Longest window: three years, drawn in about 160 weekly labels. */
const MAX_DAYS = 3 * 366;

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

function issuesToErrors(prefix: string, issues: readonly { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = [prefix, ...issue.path.map(String)].join('.');
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return errors;
}

function windowOf(type: DateType, from: string, to: string): StatisticsWindow {
  if (from > to) throw AppError.invalidField('datePeriod', 'The "From" value must not be greater than the "To" value.');
  const days = daysBetween(from, to);
  if (days > MAX_DAYS) throw AppError.invalidField('datePeriod', 'Choose a window of at most three years.');
  return { type, from, to, grouping: days <= DAILY_MAX_DAYS ? 'day' : 'week' };
}

/**
 * The one reading of a statistics request's window (000 §7 "datePeriod {type, date}, weeks"):
 * datePeriod { type, date } with weeks (the weeks ending on date), datePeriod { type, from, to },
 * or a date filter already in `filters` (delivery_datetime / pick_up_datetime, as the table sends
 * it). Without any, Delivery, today (America/Chicago), 4 weeks. Answers the window and the
 * request with its date filter set to that window and the spec keys removed.
 */
export function resolveWindow(body: unknown, now = clock.now()): { window: StatisticsWindow; request: Body } {
  const input: Body = body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Body) } : {};
  const filters: Body = { ...((input.filters as Body | undefined) ?? {}) };
  const { datePeriod: rawPeriod, weeks: rawWeeks } = input;
  delete input.datePeriod;
  delete input.weeks;

  let weeks = STATISTICS_DEFAULT_WEEKS;
  if (rawWeeks !== undefined && rawWeeks !== null) {
    const parsed = WeeksSchema.safeParse(rawWeeks);
    if (!parsed.success) throw AppError.validation({ weeks: ['Use a number of weeks from 1 to 53.'] });
    weeks = parsed.data;
  }
  const today = nowInCompanyTimeZone(now).date;
  const ending = (date: string) => ({ from: addDays(date, -(weeks * 7 - 1)), to: date });

  let window: StatisticsWindow;
  if (rawPeriod !== undefined && rawPeriod !== null) {
    const parsed = DatePeriodSchema.safeParse(rawPeriod);
    if (!parsed.success) throw AppError.validation(issuesToErrors('datePeriod', parsed.error.issues));
    const p = parsed.data;
    const range = p.from ? { from: p.from, to: p.to ?? p.from } : ending(p.date ?? today);
    window = windowOf(p.type, range.from, range.to);
  } else {
    const type: DateType | null =
      filters.delivery_datetime !== undefined ? 'Delivery' : filters.pick_up_datetime !== undefined ? 'PickUp' : null;
    const range = type ? (filters[DATE_COLUMN[type]] as Range | null) : null;
    const from = range?.from ?? range?.to;
    const to = range?.to ?? range?.from;
    window =
      type && from && to
        ? windowOf(type, from, to)
        : windowOf(type ?? 'Delivery', ending(today).from, ending(today).to);
  }
  filters[DATE_COLUMN[window.type]] = { from: window.from, to: window.to };
  return { window, request: { ...input, filters } };
}

/** The labels of a window: every day, or the Sunday of every week it touches. */
export function windowLabels(window: StatisticsWindow): string[] {
  const labels: string[] = [];
  if (window.grouping === 'day') {
    for (let d = window.from; d <= window.to; d = addDays(d, 1)) labels.push(d);
    return labels;
  }
  const weekday = new Date(`${window.from}T00:00:00Z`).getUTCDay();
  for (let d = addDays(window.from, -weekday); d <= window.to; d = addDays(d, 7)) labels.push(d);
  return labels;
}
