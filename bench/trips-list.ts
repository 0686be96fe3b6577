// The trips list (POST /trips: the spec-filter adapter, the dispatcher scope, runList with its
// totals) against the same answer written by hand in SQL, in the same run: 1,000,000 loads on
// PostgreSQL (BENCH_DATABASE_URL; skipped with a message when absent) and 100,000 on PGlite (in
// memory), on the real schema (drizzle migrations) with rows made by generate_series.
// Usage: cd packages/server && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:54351/postgres npx tsx ../../bench/trips-list.ts
import { addDays, nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import { type Database, openPglite, openPostgres } from '../packages/server/src/db/client';
import { migrateDatabase } from '../packages/server/src/db/migrate';
import { toEngineRequest, tripsList, tripsListFor } from '../packages/server/src/modules/trips';
import type { AuthUser } from '../packages/server/src/platform/auth/access';
import { runList } from '../packages/server/src/platform/list/run-list';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 40);
const WARMUP = 5;
const YEARS = 5;

/** 40% as many trips as loads over five years ending today (about the performance notes' shape). */
const SEED = (loads: number) => {
  const trips = Math.round(loads * 0.4);
  return `
  insert into companies (id, name) values (1, 'Bench Freight') on conflict do nothing;
  insert into roles (company_id, name, all_permissions) values (1, 'Bench admin', true);
  insert into users (company_id, email, name, password_hash, role, permission_role_id)
    select 1, 'dispatcher' || i || '@bench.test', 'Dispatcher ' || i, 'x', 2, (select max(id) from roles)
    from generate_series(1, 12) i;
  insert into customers (company_id, name) select 1, 'Carrier ' || lpad(i::text, 2, '0') from generate_series(1, 40) i;
  insert into brokers (company_id, name) select 1, 'Broker ' || lpad(i::text, 3, '0') from generate_series(1, 350) i;
  insert into trips (id, company_id, customer_id, truck_id, driver_id, dispatcher_id, created_at)
    select i, 1, 1 + i % 40, 1 + i % 60, 1 + i % 90, 1 + i % 12, now() - make_interval(secs => ((${trips} - i)::float8 / ${trips}) * ${YEARS} * 365 * 86400)
    from generate_series(1, ${trips}) i;
  insert into loads (id, company_id, trip_id, position, broker_id, broker_number, bol, gross_cents, mileage_loaded,
      mileage_empty, pickup_at, delivery_at, pickup_city, pickup_state, delivery_city, delivery_state, customer_id,
      truck_id, driver_id, dispatcher_id, factoring, ppw, created_at)
    select i, 1, t, 1 + i % 2, 1 + (i::bigint * 7919) % 350, (1000000 + (i::bigint * 104729) % 9000000)::text, 'BOL' || i,
      (60000 + (i::bigint * 104729) % 300000)::int, (120 + (i::bigint * 31) % 1400)::int, (i::bigint * 7) % 160,
      d - interval '20 hours', d,
      (array['Dallas','Chicago','Atlanta','Houston','Columbus','Memphis','Denver','Phoenix'])[1 + i % 8],
      (array['TX','IL','GA','TX','OH','TN','CO','AZ'])[1 + i % 8],
      (array['Atlanta','Dallas','Columbus','Los Angeles','Chicago','Newark','Phoenix','Seattle'])[1 + (i / 3) % 8],
      (array['GA','TX','OH','CA','IL','NJ','AZ','WA'])[1 + (i / 3) % 8],
      1 + t % 40, 1 + t % 60, 1 + t % 90, 1 + t % 12, t % 3 = 0, case when i % 3 = 0 then 0 else 1 end, d - interval '3 days'
    from (select i, 1 + ((i - 1)::bigint * ${trips} / ${loads})::int as t,
            now() - make_interval(secs => ((${loads} - i)::float8 / ${loads}) * ${YEARS} * 365 * 86400) as d
          from generate_series(1, ${loads}) i) g;
  analyze loads; analyze trips; analyze customers; analyze brokers; analyze users;
`;
};

const user: AuthUser = {
  id: 1,
  companyId: 1,
  email: 'dispatcher1@bench.test',
  name: 'Dispatcher 1',
  role: 2,
  permissionRoleId: 1,
  departmentId: null,
  customerId: null,
  image: null,
};

const TZ = 'America/Chicago';
const today = nowInCompanyTimeZone().date;
const window = { from: addDays(today, -27), to: today };
const WHERE = `loads.company_id = 1 and loads.delivery_at >= ($1::date)::timestamp at time zone '${TZ}'
  and loads.delivery_at < (($2::date + 1)::timestamp at time zone '${TZ}')`;

/** The same answer by hand: the page's ids first, then the joins for those rows; totals in parallel. */
function hand(db: Database, extra = '', order = 'loads.delivery_at desc, loads.id desc', params: unknown[] = []) {
  const args = [window.from, window.to, ...params];
  return Promise.all([
    db.query(
      `select loads.trip_id, loads.id as load_id,
        loads.pickup_city || ', ' || loads.pickup_state || ' → ' || loads.delivery_city || ', ' || loads.delivery_state as routs,
        to_char(loads.pickup_at at time zone '${TZ}', 'YYYY-MM-DD HH24:MI') as pick_up_datetime,
        to_char(loads.delivery_at at time zone '${TZ}', 'YYYY-MM-DD HH24:MI') as delivery_datetime,
        c.name as customer, b.name as broker_name, loads.broker_number, loads.gross_cents, u.name as dispatcher, loads.bol,
        loads.customer_invoice_id is not null as invoice, loads.factoring, loads.ppw,
        round(loads.gross_cents / 100.0 / nullif(loads.mileage_loaded + loads.mileage_empty, 0), 2) as rpm,
        loads.mileage_loaded + loads.mileage_empty as mileage_total, loads.mileage_loaded, loads.mileage_empty
      from loads left join customers c on c.id = loads.customer_id left join brokers b on b.id = loads.broker_id
        left join users u on u.id = loads.dispatcher_id
      where loads.id in (select loads.id from loads where ${WHERE} ${extra} order by ${order} limit 15)
      order by ${order}`,
      args,
    ),
    db.query(
      `select count(*) as total, count(distinct loads.trip_id) as trips, count(loads.id) as loads,
        coalesce(sum(loads.gross_cents), 0) as gross, coalesce(sum(loads.mileage_loaded + loads.mileage_empty), 0) as miles,
        coalesce(sum(loads.mileage_loaded), 0) as loaded, coalesce(sum(loads.mileage_empty), 0) as empty
      from loads where ${WHERE} ${extra}`,
      args,
    ),
  ]);
}

type Scenario = { name: string; body: Record<string, unknown>; hand: (db: Database) => Promise<unknown> };

const SCENARIOS: Scenario[] = [
  {
    name: 'default: Delivery, today, 4 weeks; page 1 of 15; totals',
    body: { with_options: false },
    hand: (db) => hand(db),
  },
  {
    name: 'default window, selectCustomer (3), gross desc, page 2',
    body: { with_options: false, selectCustomer: [3, 17, 29], sort: 'gross', order: 'desc', pageNum: 2 },
    hand: (db) =>
      hand(db, 'and loads.customer_id in ($3, $4, $5)', 'loads.gross_cents desc, loads.id desc', [3, 17, 29]),
  },
];

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const time = async (fn: () => Promise<unknown>) => {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
};

async function run(label: string, database: Database, loads: number) {
  const t0 = performance.now();
  await migrateDatabase(database);
  await database.exec(SEED(loads));
  const [count] = await database.query<{ n: number }>('select count(*)::int as n from loads');
  console.log(
    `${label}: ${count?.n.toLocaleString('en-US')} loads seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const def = tripsListFor(tripsList, user);
  console.log(`${'scenario'.padEnd(58)} runner p50     p95   hand p50     p95   ratio p50`);
  for (const s of SCENARIOS) {
    const runner = () => runList(database.db, def, user, toEngineRequest(s.body));
    const sample = (await runner()) as { total: number; sum: Record<string, number>; rows: unknown[] };
    const r: number[] = [];
    const h: number[] = [];
    for (let i = 0; i < WARMUP + ITERATIONS; i++) {
      const a = await time(runner);
      const b = await time(() => s.hand(database));
      if (i >= WARMUP) {
        r.push(a);
        h.push(b);
      }
    }
    const f = (n: number) => n.toFixed(2).padStart(8);
    console.log(
      `${s.name.padEnd(58)}${f(pct(r, 50))}${f(pct(r, 95))}  ${f(pct(h, 50))}${f(pct(h, 95))}   ${(pct(r, 50) / pct(h, 50)).toFixed(2)}x`,
    );
    console.log(
      `  rows ${sample.rows.length}, total ${sample.total}, trips ${sample.sum.trip_id}, Σ gross $${sample.sum.gross}, Σ miles ${sample.sum.mileage_total}, Σ empty ${sample.sum.mileage_empty}`,
    );
  }
  // The first page load also asks for the list-filter options (read from the registries).
  const opts: number[] = [];
  for (let i = 0; i < 10; i++) opts.push(await time(() => runList(database.db, def, user, toEngineRequest({}))));
  console.log(`first load with filter options: p50 ${pct(opts, 50).toFixed(2)} ms`);
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL to a server you can create a database on)');
  else {
    const admin = await openPostgres(url, 1);
    await admin.exec('drop database if exists backhaul_bench_trips with (force)');
    await admin.exec('create database backhaul_bench_trips');
    await admin.close();
    const database = await openPostgres(url.replace(/\/[^/]*$/, '/backhaul_bench_trips'), 4);
    await run('PostgreSQL', database, Number(process.env.BENCH_PG_LOADS ?? 1_000_000));
    await database.close();
  }
  const pglite = await openPglite({});
  await run('PGlite (in memory)', pglite, Number(process.env.BENCH_PGLITE_LOADS ?? 100_000));
  await pglite.close();
}

await main();
