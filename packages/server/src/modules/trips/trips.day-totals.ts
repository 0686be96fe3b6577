// The trips list's totals from load_day_totals (issue 31): a whole-day window on the delivery or
// pickup date, with nothing else filtered or searched, sums the window's days (one row a day for a
// caller who sees every trip, one per dispatcher and customer otherwise) instead of every load in it. Any other request sums the loads live. The figures are
// the same either way, so is the answer: the triggers of migration 0032 keep the table equal to the
// live sums in the same transaction as the loads (trips.day-totals.test.ts, bench/day-totals-check.ts).
import { FILTER_SCHEMAS } from '@backhaul/shared';
import type { DateFilter } from '@backhaul/shared/list/list.contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/access';
import type { ListColumn } from '../../platform/list/define-list';
import type { CompiledList } from '../../platform/list/list-compile';
import { DAY_TOTAL_KIND, loads, loadDayTotals as t } from './loads.table';
import { seesAllTrips, TZ } from './trips.scope';

/** The date columns the table buckets, by list column id: the kind and the loads' column. */
const BUCKETED: Record<string, { kind: number; company: number; column: SQL }> = {
  delivery_datetime: {
    kind: DAY_TOTAL_KIND.delivery,
    company: DAY_TOTAL_KIND.companyDelivery,
    column: sql`${loads.deliveryAt}`,
  },
  pick_up_datetime: {
    kind: DAY_TOTAL_KIND.pickup,
    company: DAY_TOTAL_KIND.companyPickup,
    column: sql`${loads.pickupAt}`,
  },
};

/**
 * Loads dated after the window that the table path reads live (for the trips that go on after it):
 * past this many, the window is summed live instead. A window ending today has only the planned
 * loads after it; one ending years ago has most of the history.
 */
export const AFTER_WINDOW_MAX = 5000;

/** The window's sums over its days; each footer the table gives, by list column id, from them. */
const FOOTERS: Record<string, { footer: ListColumn['footer']; sum: (straddling: SQL) => SQL }> = {
  trip_id: { footer: 'unique', sum: (straddling) => sql`__days.trips + ${straddling}` },
  load_id: { footer: 'count', sum: () => sql`__days.loads` },
  gross: { footer: 'sum', sum: () => sql`__days.gross` },
  mileage_total: { footer: 'sum', sum: () => sql`__days.loaded + __days.empty` },
  pick_up_mileage: { footer: 'sum', sum: () => sql`__days.loaded` },
  mileage_empty: { footer: 'sum', sum: () => sql`__days.empty` },
};

/** The request's one whole-day date window on a bucketed column, or null when it filters anything else. */
export function dayWindow(compiled: CompiledList): { id: string; from: string; to: string } | null {
  if (compiled.searched || compiled.conditions.length !== 1) return null;
  const id = (compiled.conditions[0] as { id: string }).id;
  if (!BUCKETED[id]) return null;
  const raw = { ...compiled.defaults, ...compiled.query.filters }[id];
  const parsed = FILTER_SCHEMAS.date.safeParse(raw);
  if (!parsed.success) return null;
  const f = parsed.data as DateFilter;
  const from = f.from ?? f.to;
  const to = f.to ?? f.from;
  if (f.empty || !from || !to) return null;
  return { id, from, to };
}

/**
 * The list's `totals`: for a whole-day window, its count and footers summed over the window's days
 * in the caller's scope (the company; a customer user's customer; without VIEW_ALL_TRIPS, the
 * caller's own dispatch), as tripsScope keeps the loads. Distinct trips: the groups (trip,
 * dispatcher, customer) whose last day falls in the window, plus those with a load in it that go
 * on after it, read live from the loads after the window (an index range: a window ending today
 * has few). Past AFTER_WINDOW_MAX such loads the answer's count is null: the engine sums live.
 */
export function dayTotalsOf(columns: readonly ListColumn[], tripsScope: (user: AuthUser) => SQL) {
  const footed = columns.filter((c) => c.footer);
  // A footer the table does not keep (or keeps as another aggregate) sums live.
  const known = footed.every((c) => FOOTERS[c.id]?.footer === c.footer);
  return (user: AuthUser, compiled: CompiledList): SQL | null => {
    const w = known ? dayWindow(compiled) : null;
    const bucket = w ? BUCKETED[w.id] : undefined;
    if (!w || !bucket) return null;
    const scope = tripsScope(user);
    const at = bucket.column;
    const start = sql`(${w.from}::date)::timestamp at time zone ${TZ}`;
    const after = sql`(${w.to}::date + 1)::timestamp at time zone ${TZ}`;
    const later = sql`(select count(*) from (select 1 from ${loads} where ${scope} and ${at} >= ${after} limit ${AFTER_WINDOW_MAX + 1}) __x)`;
    const other = (column: string) => sql.raw(`__w.${column}`);
    const otherAt = w.id === 'delivery_datetime' ? other('delivery_at') : other('pickup_at');
    const straddling = sql`(select count(*) from (
        select distinct ${loads.tripId} as trip_id, coalesce(${loads.dispatcherId}, 0) as d, coalesce(${loads.customerId}, 0) as c
        from ${loads} where ${scope} and ${at} >= ${after}) __u
      where exists (select 1 from ${loads} __w where __w.trip_id = __u.trip_id
        and coalesce(${other('dispatcher_id')}, 0) = __u.d and coalesce(${other('customer_id')}, 0) = __u.c
        and ${otherAt} >= ${start} and ${otherAt} < ${after}))`;
    // Every trip of the company: its company-day rows; else the caller's customer's or dispatch's rows.
    const everyTrip = seesAllTrips(user) && !user.customerId;
    const kind = everyTrip ? bucket.company : bucket.kind;
    const customer = user.customerId ? sql` and ${t.customerId} = ${user.customerId}` : sql``;
    const dispatcher = seesAllTrips(user) ? sql`` : sql` and ${t.dispatcherId} = ${user.id}`;
    const answers = sql`__later.n <= ${AFTER_WINDOW_MAX}`;
    const sums = footed.map(
      (c) => sql`, case when ${answers} then ${FOOTERS[c.id]?.sum(straddling)} end as ${sql.identifier(c.id)}`,
    );
    return sql`select case when ${answers} then __days.loads end as __total${sql.join(sums, sql``)}
      from (select ${later} as n offset 0) __later,
      (select coalesce(sum(${t.loads}), 0) as loads, coalesce(sum(${t.trips}), 0) as trips,
        coalesce(sum(${t.grossCents}), 0) as gross, coalesce(sum(${t.mileageLoaded}), 0) as loaded,
        coalesce(sum(${t.mileageEmpty}), 0) as empty
      from ${t} where ${t.companyId} = ${user.companyId} and ${t.kind} = ${kind}
        and ${t.day} between ${w.from}::date and ${w.to}::date${customer}${dispatcher}) __days`;
  };
}
