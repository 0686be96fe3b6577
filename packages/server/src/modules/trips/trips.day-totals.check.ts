// The proof that load_day_totals equals the live sums over loads (issue 31): one statement, no
// imports, shared by the test (trips.day-totals.test.ts, a small seeded database) and the bench
// (bench/day-totals-check.ts, every day of the 1M database). The live side is written here from
// the loads alone, not from the triggers' SQL.

/**
 * Every bucket (company, kind 1 delivery / 2 pickup, company-time day, dispatcher or 0, customer
 * or 0) of the live loads, and each company-day over all of them (kinds 3 and 4), beside the kept
 * one (a kept row of zeros is no bucket): the days compared,
 * the buckets, how many differ and the first 20 that do, and the trips whose loads do not share one
 * dispatcher and customer (their distinct-trip count would need the live sum; 0 expected).
 */
export const DAY_TOTALS_CHECK_SQL = `
with b as (
  select l.company_id, k.kind, (k.at at time zone 'America/Chicago')::date as day,
    coalesce(l.dispatcher_id, 0) as d, coalesce(l.customer_id, 0) as c, l.trip_id, l.gross_cents,
    l.mileage_loaded, l.mileage_empty
  from loads l cross join lateral (values (1, l.delivery_at), (2, l.pickup_at)) k(kind, at)
  where k.at is not null
),
scoped as (
  select s.company_id, s.kind, s.day, s.d, s.c, s.loads, coalesce(u.trips, 0) as trips, s.gross, s.loaded, s.empty
  from (
    select company_id, kind, day, d, c, count(*) as loads, sum(gross_cents) as gross,
      sum(mileage_loaded) as loaded, sum(mileage_empty) as empty
    from b group by 1, 2, 3, 4, 5
  ) s
  left join (
    select company_id, kind, day, d, c, count(*) as trips
    from (select company_id, kind, trip_id, d, c, max(day) as day from b group by 1, 2, 3, 4, 5) last
    group by 1, 2, 3, 4, 5
  ) u using (company_id, kind, day, d, c)
),
live as (
  select * from scoped
  union all
  select company_id, kind + 2, day, 0, 0, sum(loads), sum(trips), sum(gross), sum(loaded), sum(empty)
  from scoped group by company_id, kind, day
),
kept as (
  select company_id, kind, day, dispatcher_id as d, customer_id as c, loads, trips, gross_cents as gross,
    mileage_loaded as loaded, mileage_empty as empty
  from load_day_totals
  where (loads, trips, gross_cents, mileage_loaded, mileage_empty) <> (0, 0, 0, 0, 0)
),
pairs as (
  select coalesce(k.company_id, l.company_id) as company_id, coalesce(k.kind, l.kind) as kind,
    coalesce(k.day, l.day) as day, coalesce(k.d, l.d) as dispatcher_id, coalesce(k.c, l.c) as customer_id,
    json_build_array(k.loads, k.trips, k.gross, k.loaded, k.empty) as kept,
    json_build_array(l.loads, l.trips, l.gross, l.loaded, l.empty) as live,
    (k.loads, k.trips, k.gross, k.loaded, k.empty) is distinct from (l.loads, l.trips, l.gross, l.loaded, l.empty)
      as differs
  from kept k
  full join live l on l.company_id = k.company_id and l.kind = k.kind and l.day = k.day and l.d = k.d and l.c = k.c
)
select count(distinct (company_id, kind, day)) filter (where kind in (1, 2))::int as days,
  count(distinct (company_id, day)) filter (where kind = 1)::int as delivery_days,
  count(*)::int as buckets,
  count(*) filter (where differs)::int as differences,
  coalesce((select json_agg(x) from (
    select company_id, kind, day, dispatcher_id, customer_id, kept, live from pairs where differs
    order by company_id, kind, day, dispatcher_id, customer_id limit 20) x), '[]'::json) as examples,
  (select count(*) from (
    select trip_id from loads group by trip_id
    having count(distinct (coalesce(dispatcher_id, 0), coalesce(customer_id, 0))) > 1) m)::int as mixed_trips
from pairs`;

export type DayTotalsCheck = {
  days: number;
  delivery_days: number;
  buckets: number;
  differences: number;
  examples: unknown[];
  mixed_trips: number;
};
