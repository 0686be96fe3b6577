// The trips list's totals kept per company and day (load_day_totals, issue 31) against the live sums,
// on the bench's PostgreSQL database: every bucket of every day (delivery and pickup, per dispatcher
// and customer, and per company) compared, then the one-year window's figures as the list reads them
// for a caller who sees every trip (the company's days, kind 3) beside the live aggregate over the
// loads. Prints the days compared and every difference found; exits 1 on a difference. Read-only:
// the database gets the table and its triggers from the app's migrations (0031-0034) when the app
// starts on it.
//
// Usage: node --import tsx bench/day-totals-check.ts
// Settings: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:55432/backhaul_bench), BENCH_TO (the
// window's last day, default the newest delivery day up to today in America/Chicago).
import { DAY_TOTALS_CHECK_SQL, type DayTotalsCheck } from '../packages/server/src/modules/trips';
import { connectPostgres } from './lib/db';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55432/backhaul_bench';
const TZ = 'America/Chicago';

type Figures = { total: string; trips: string; gross: string; loaded: string; empty: string };

const db = await connectPostgres(url);
let failed = false;
try {
  const [table] = await db.query<{ t: string | null }>(`select to_regclass('load_day_totals')::text as t`);
  if (!table?.t) throw new Error('load_day_totals is missing: start the app on this database once (it migrates).');

  let t0 = performance.now();
  const [check] = await db.query<DayTotalsCheck>(DAY_TOTALS_CHECK_SQL);
  if (!check) throw new Error('no answer');
  console.log(
    `every day: ${check.days.toLocaleString('en-US')} days (delivery and pickup; ${check.delivery_days.toLocaleString('en-US')} delivery days), ` +
      `${check.buckets.toLocaleString('en-US')} buckets compared in ${Math.round(performance.now() - t0)} ms: ` +
      `${check.differences} differences, ${check.mixed_trips} trips whose loads name more than one dispatcher or customer`,
  );
  for (const e of check.examples) console.log(`  differs: ${JSON.stringify(e)}`);
  if (check.differences > 0 || check.mixed_trips > 0) failed = true;

  // The one-year window (52 weeks ending on BENCH_TO) of the first company, as the list sums it.
  const [company] = await db.query<{ id: number; to: string }>(
    `select c.id, coalesce($1::date, (select max((delivery_at at time zone '${TZ}')::date) from loads
       where company_id = c.id and (delivery_at at time zone '${TZ}')::date <= (now() at time zone '${TZ}')::date))::text as to
     from companies c order by c.id limit 1`,
    [process.env.BENCH_TO ?? null],
  );
  if (!company) throw new Error('no company');
  const params = [company.id, company.to];
  const start = `(($2::date - 364)::timestamp at time zone '${TZ}')`;
  const after = `(($2::date + 1)::timestamp at time zone '${TZ}')`;
  const liveSql = `select count(*)::text as total, count(distinct trip_id)::text as trips, coalesce(sum(gross_cents), 0)::text as gross,
      coalesce(sum(mileage_loaded), 0)::text as loaded, coalesce(sum(mileage_empty), 0)::text as empty
    from loads where company_id = $1 and delivery_at >= ${start} and delivery_at < ${after}`;
  const keptSql = `select d.loads::text as total, (d.trips + (select count(*) from (
        select distinct trip_id, coalesce(dispatcher_id, 0) as d, coalesce(customer_id, 0) as c
        from loads where company_id = $1 and delivery_at >= ${after}) u
      where exists (select 1 from loads w where w.trip_id = u.trip_id and coalesce(w.dispatcher_id, 0) = u.d
        and coalesce(w.customer_id, 0) = u.c and w.delivery_at >= ${start} and w.delivery_at < ${after})))::text as trips,
      d.gross::text as gross, d.loaded::text as loaded, d.empty::text as empty
    from (select coalesce(sum(loads), 0) as loads, coalesce(sum(trips), 0) as trips, coalesce(sum(gross_cents), 0) as gross,
        coalesce(sum(mileage_loaded), 0) as loaded, coalesce(sum(mileage_empty), 0) as empty
      from load_day_totals where company_id = $1 and kind = 3 and day between $2::date - 364 and $2::date) d`;
  t0 = performance.now();
  const [live] = await db.query<Figures>(liveSql, params);
  const liveMs = performance.now() - t0;
  t0 = performance.now();
  const [kept] = await db.query<Figures>(keptSql, params);
  const keptMs = performance.now() - t0;
  const same = JSON.stringify(live) === JSON.stringify(kept);
  console.log(`one-year window ${company.to} and the 364 days before it (company ${company.id}):`);
  console.log(`  live  ${JSON.stringify(live)} in ${liveMs.toFixed(1)} ms`);
  console.log(`  kept  ${JSON.stringify(kept)} in ${keptMs.toFixed(1)} ms`);
  console.log(`  ${same ? 'identical' : 'DIFFERENT'}`);
  if (!same) failed = true;
} finally {
  await db.close();
}
process.exit(failed ? 1 : 0);
