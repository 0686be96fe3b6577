// The IFTA quarter on the bench's PostgreSQL dataset (issue 30: at 1M loads ≤ 500 ms warm and
// ≤ 1.5 s on the first call after start). Figures, not a test: nothing here asserts a time.
//
// Prepares (or reuses) the dataset `npm run bench` uses (lib/dataset.ts: the demo company and the
// bulk loads, BENCH_IFTA_LOADS, default 1,000,000), picks the last full quarter before the dataset's
// newest delivery, then through HTTP as accountant@backhaul.demo (POST /api/ifta/report, the fleet):
//   1. a first start on a database whose routed_legs holds nothing of the quarter: every distinct leg
//      is routed (figure: the first call ever);
//   2. a restart: the first call after start (legs read back from routed_legs, the network and the
//      state polygons loaded anew);
//   3. warm calls (BENCH_IFTA_ITERATIONS, default 15): median, p95;
// beside the quarter's SQL alone (the loads, their stops and each truck's previous delivery, grouped
// as the report groups them) run by psql's driver on the same database, interleaved with the warm
// calls: the part of the answer no layer of the app can make faster.
// Usage: npx tsx bench/ifta-quarter.ts   (BENCH_DATABASE_URL as in bench/README.md)
import { mkdir } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { type DatasetMeta, preparePostgres } from './lib/dataset';
import { connectPostgres } from './lib/db';
import { json, keepAlive, ok } from './lib/http';
import { ROOT, type Server, startApp } from './lib/servers';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55432/backhaul_bench';
const loads = Number(process.env.BENCH_IFTA_LOADS ?? 1_000_000);
const iterations = Number(process.env.BENCH_IFTA_ITERATIONS ?? 15);
const workDir = join(ROOT, 'bench/.data/run-ifta');
await mkdir(workDir, { recursive: true });
const log = (line: string) => console.log(line);

const meta: DatasetMeta = await preparePostgres({
  url,
  loads,
  rebuild: process.env.BENCH_REBUILD === '1',
  workDir,
  log,
});

/** The last quarter that ended before the dataset's newest delivery. */
function lastFullQuarter(day: string): string {
  const year = Number(day.slice(0, 4));
  const q = Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1;
  return q === 1 ? `${year - 1}-Q4` : `${year}-Q${q - 1}`;
}
const quarter = process.env.BENCH_IFTA_QUARTER ?? lastFullQuarter(meta.anchor_date);
const db = await connectPostgres(url);
const from = `${quarter.slice(0, 4)}-${String((Number(quarter.slice(-1)) - 1) * 3 + 1).padStart(2, '0')}-01`;
const [counts] = await db.query<{ loads: number; stops: number }>(
  `with q as (select id from loads where company_id = $1
      and delivery_at >= ($2::date::timestamp at time zone 'America/Chicago')
      and delivery_at < (($3::date + 1)::timestamp at time zone 'America/Chicago'))
   select (select count(*)::int from q) as loads,
     (select count(*)::int from load_stops s where s.load_id in (select id from q)) as stops`,
  [meta.company_id, from, quarterEnd(quarter)],
);
function quarterEnd(q: string): string {
  const year = Number(q.slice(0, 4));
  const last = Number(q.slice(-1)) * 3;
  return `${year}-${String(last).padStart(2, '0')}-${new Date(Date.UTC(year, last, 0)).getUTCDate()}`;
}
log(
  `dataset: ${meta.loads.toLocaleString('en-US')} loads; quarter ${quarter}: ${counts?.loads.toLocaleString('en-US')} loads, ${counts?.stops.toLocaleString('en-US')} stops`,
);

const body = { quarter };
const start = async (label: string): Promise<{ app: Server; token: string; agent: ReturnType<typeof keepAlive> }> => {
  const app = await startApp({
    env: { DATABASE_URL: url, SEED: 'none', PORT: '0' },
    logFile: join(workDir, `${label}.log`),
  });
  const agent = keepAlive();
  const signIn = await ok(app.url, {
    method: 'POST',
    path: '/api/login',
    body: { email: 'accountant@backhaul.demo', password: 'backhaul' },
    agent,
  });
  return { app, token: json<{ access_token: string }>(signIn).access_token, agent };
};
const report = async (s: { app: Server; token: string; agent: ReturnType<typeof keepAlive> }) =>
  ok(s.app.url, { method: 'POST', path: '/api/ifta/report', body, token: s.token, agent: s.agent });

// 1. Nothing of the quarter kept: every leg routed.
const kept = async () => (await db.query<{ n: number }>('select count(*)::int as n from routed_legs'))[0]?.n ?? 0;
if (process.env.BENCH_IFTA_KEEP_LEGS !== '1') await db.exec('delete from routed_legs');
const legsBefore = await kept();
let s = await start('ifta-first-ever');
const firstEver = await report(s);
const answer = json<{
  totals: { total_miles: number };
  rows: unknown[];
  fleet_mpg: number;
  loaded_miles: number;
  empty_miles: number;
  trucks: unknown[];
  provider: string;
}>(firstEver);
log(
  `first call ever (routed_legs held ${legsBefore} legs, now ${await kept()}): ${firstEver.ms.toFixed(0)} ms — ` +
    `${answer.rows.length} lines, ${answer.totals.total_miles.toLocaleString('en-US')} mi (loaded ${answer.loaded_miles.toLocaleString('en-US')}, empty ${answer.empty_miles.toLocaleString('en-US')}), ${answer.trucks.length} trucks, MPG ${answer.fleet_mpg}, ${answer.provider}`,
);
await s.app.stop();

// 2. After a restart: the first call reads the legs back from routed_legs.
s = await start('ifta-after-start');
const firstAfterStart = await report(s);
log(`first call after start: ${firstAfterStart.ms.toFixed(0)} ms (${firstAfterStart.wireBytes} bytes on the wire)`);
if (firstAfterStart.body.toString() !== firstEver.body.toString())
  throw new Error('the report changed between the two starts');

// 3. Warm, interleaved with the quarter's SQL alone.
const [company] = await db.query<{ tz: string }>('select time_zone as tz from companies where id = $1', [
  meta.company_id,
]);
const sqlAlone = `with q as materialized (
    select l.id, l.truck_id, l.delivery_at, true as inq from loads l
    where l.company_id = $1 and l.delivery_at >= ($2::date::timestamp at time zone $4)
      and l.delivery_at < (($3::date + 1)::timestamp at time zone $4) and l.delivery_at <= now()),
  seq as materialized (
    select x.*, (select array_agg(coalesce(s.city_id::text, upper(trim(s.state)) || '|' || lower(trim(s.city)))
        order by s.type, s.position, s.id) from load_stops s where s.load_id = x.id) as path
    from (select * from q union all
      select pl.* from (select distinct truck_id from q where truck_id is not null) t
      cross join lateral (select l.id, l.truck_id, l.delivery_at, false from loads l
        where l.truck_id = t.truck_id and l.company_id = $1 and l.delivery_at < ($2::date::timestamp at time zone $4)
        order by l.delivery_at desc, l.id desc limit 1) pl) x),
  legs as (select seq.*, lag(path) over (partition by truck_id order by delivery_at, id) as prev from seq)
  select 'loaded' as kind, truck_id, array_to_string(path, '>') as path, count(*)::int as n
  from legs where inq group by truck_id, path
  union all
  select 'empty', truck_id, prev[cardinality(prev)] || '>' || path[1], count(*)::int
  from legs where inq and truck_id is not null group by 1, 2, 3`;
const app: number[] = [];
const bare: number[] = [];
let shapes = 0;
for (let i = 0; i < iterations; i++) {
  const order = i % 2 ? ['sql', 'app'] : ['app', 'sql'];
  for (const which of order) {
    if (which === 'app') app.push((await report(s)).ms);
    else {
      const t0 = performance.now();
      shapes = (
        await db.query(sqlAlone, [meta.company_id, from, quarterEnd(quarter), company?.tz ?? 'America/Chicago'])
      ).length;
      bare.push(performance.now() - t0);
    }
  }
}
const q = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? 0;
log(
  `warm, ${iterations} calls: median ${q(app, 0.5).toFixed(0)} ms, p95 ${q(app, 0.95).toFixed(0)} ms, min ${Math.min(...app).toFixed(0)} ms`,
);
log(
  `the quarter's SQL alone (${shapes} record shapes): median ${q(bare, 0.5).toFixed(0)} ms, p95 ${q(bare, 0.95).toFixed(0)} ms`,
);
log(
  `load average: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
await s.app.stop();
await db.close();
