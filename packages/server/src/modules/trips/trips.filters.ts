import { addDays, nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import {
  SPEC_FILTER_KEYS,
  SpecTripFiltersSchema,
  TRIPS_DEFAULT_WEEKS,
  TRIPS_PAGE_SIZE,
} from '@backhaul/shared/modules/trips/trips.contract';
import { isCalendarDate } from '@backhaul/shared/schemas/dates';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';

type Body = Record<string, unknown>;
type DateRange = { from: string; to: string };

/** The longest window a { date, weeks } value may ask for (SpecTripFiltersSchema's weeks). */
const MAX_WEEKS = 520;

/** The window of `weeks` weeks ending on `date` (000 §3: type Delivery, today, 4 weeks). */
export function weeksWindow(date: string, weeks: number): DateRange {
  return { from: addDays(date, -(weeks * 7 - 1)), to: date };
}

/**
 * A spec date value: "YYYY-MM-DD" (with the request's weeks), { date, weeks }, { from, to } or
 * [from, to]. Answers the engine's date filter, or a 422 naming the key.
 */
function specDate(key: string, raw: unknown, weeks: number): DateRange {
  const bad = () => AppError.invalidField(key, 'Use a date YYYY-MM-DD, { date, weeks } or { from, to }.');
  if (typeof raw === 'string') {
    if (!isCalendarDate(raw)) throw bad();
    return weeksWindow(raw, weeks);
  }
  if (Array.isArray(raw)) {
    const [from, to] = raw;
    if (typeof from !== 'string' || !isCalendarDate(from)) throw bad();
    return { from, to: typeof to === 'string' && isCalendarDate(to) ? to : from };
  }
  if (raw && typeof raw === 'object') {
    const o = raw as Record<string, unknown>;
    if (typeof o.from === 'string' && isCalendarDate(o.from)) {
      return { from: o.from, to: typeof o.to === 'string' && isCalendarDate(o.to) ? o.to : o.from };
    }
    if (typeof o.date === 'string' && isCalendarDate(o.date)) {
      return weeksWindow(
        o.date,
        typeof o.weeks === 'number' && o.weeks > 0 ? Math.min(MAX_WEEKS, Math.floor(o.weeks)) : weeks,
      );
    }
  }
  throw bad();
}

const listOf = (values: readonly (string | number)[] | undefined) => (values?.length ? { values } : undefined);
const optionOf = (v: 1 | 0 | -1 | undefined) => (v === undefined ? undefined : { value: v });

/**
 * The trips lists' default filter (000 §3): Delivery, today, 4 weeks, whenever the request has no
 * date filter (a date filter sent as null clears it: every trip).
 */
export function tripsDefaultFilters(filters: Readonly<Body>, now = clock.now()): Body {
  if ('delivery_datetime' in filters || 'pick_up_datetime' in filters) return {};
  return { delivery_datetime: weeksWindow(nowInCompanyTimeZone(now).date, TRIPS_DEFAULT_WEEKS) };
}

/**
 * The one adapter from the spec's list filter values (000 §3: selectTruck … pageNum) to the list
 * engine's request. Engine keys pass through; spec keys are mapped onto columns; without a date
 * filter the list's default window applies (tripsDefaultFilters), so "reset" (no filters) restores
 * it. The page size defaults to 15 (000 §9).
 */
export function toEngineRequest(body: unknown, now = clock.now()): Body {
  const input: Body = body && typeof body === 'object' ? { ...(body as Body) } : {};
  const spec: Body = {};
  for (const key of SPEC_FILTER_KEYS) {
    if (key in input) {
      spec[key] = input[key];
      delete input[key];
    }
  }
  const parsed = SpecTripFiltersSchema.safeParse(spec);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path.join('.') || 'body';
      errors[field] = [...(errors[field] ?? []), issue.message];
    }
    throw AppError.validation(errors);
  }
  const s = parsed.data;
  const weeks = s.weeks ?? TRIPS_DEFAULT_WEEKS;
  const filters: Body = { ...((input.filters as Body | undefined) ?? {}) };
  const put = (id: string, value: unknown) => {
    if (value !== undefined) filters[id] = value;
  };
  put('truck', listOf(s.selectTruck));
  put('trailer', listOf(s.selectTrailer));
  put('trailer_type', listOf(s.selectTrailerType));
  put('driver', listOf(s.selectDriver));
  put('customer', listOf(s.selectCustomer));
  put('broker_name', listOf(s.selectBrocker));
  put('dispatcher', listOf(s.selectDispatcher));
  const brokerNumber = Array.isArray(s.selectBrockerNum) ? s.selectBrockerNum[0] : s.selectBrockerNum;
  if (brokerNumber?.trim()) put('broker_number', { value: brokerNumber });
  if (s.selectId !== undefined) put('trip_ids', listOf([s.selectId].flat()));
  if (s.selectBol?.trim()) put('bol', { value: s.selectBol });
  put('billing', optionOf(s.selectBilling));
  put('invoice', optionOf(s.selectInvoiced));
  if (s.dateDelivery !== undefined && s.dateDelivery !== null)
    put('delivery_datetime', specDate('dateDelivery', s.dateDelivery, weeks));
  if (s.datePU !== undefined && s.datePU !== null) put('pick_up_datetime', specDate('datePU', s.datePU, weeks));
  // A window of the request's own weeks is its filter; without weeks the list's default applies.
  if (s.weeks !== undefined && !('delivery_datetime' in filters) && !('pick_up_datetime' in filters)) {
    put('delivery_datetime', weeksWindow(nowInCompanyTimeZone(now).date, weeks));
  }
  const out: Body = { ...input, filters };
  if (s.limit !== undefined) out.limit = s.limit;
  if (s.pageNum !== undefined) out.page = s.pageNum;
  if (out.limit === undefined) out.limit = TRIPS_PAGE_SIZE;
  return out;
}
