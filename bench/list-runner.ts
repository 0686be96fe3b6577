// The list runner (defineList/runList) against the same queries written by hand, in the same run:
// 1,000,000 loads on PostgreSQL (BENCH_DATABASE_URL; skipped with a message when absent) and
// 100,000 on PGlite (in memory). Prints p50/p95 per scenario, and what "All" costs.
// Usage: cd packages/server && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:54329/postgres npx tsx ../../bench/list-runner.ts
import { PAGE_SIZE_ALL } from '@backhaul/shared';
import { sql } from 'drizzle-orm';
import { type Database, openPglite, openPostgres } from '../packages/server/src/db/client';
import { migrateDatabase } from '../packages/server/src/db/migrate';
import type { AuthUser } from '../packages/server/src/platform/auth/access';
import { defineList } from '../packages/server/src/platform/list/define-list';
import { runList } from '../packages/server/src/platform/list/run-list';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 40);
const WARMUP = 5;

const DDL = (rows: number) => `
  drop table if exists bench_loads; drop table if exists bench_customers;
  create table bench_customers (id int primary key, name text not null);
  insert into bench_customers select i, 'Customer ' || lpad(i::text, 3, '0') from generate_series(1, 200) i;
  create table bench_loads (
    id int primary key, customer_id int not null, status int not null, pickup_state text not null,
    delivery_state text not null, delivered date, gross_cents int not null, miles int not null, note text
  );
  insert into bench_loads
  select i, (1 + (i::bigint * 7919) % 200)::int, 1 + i % 11,
         (array['TX','IL','CA','GA','OH','PA','FL','NY'])[1 + i % 8],
         (array['GA','TX','OH','CA','IL','NJ','AZ','WA'])[1 + (i / 3) % 8],
         date '2026-11-20' - ((i::bigint * 1826) / ${rows})::int,
         (50000 + (i::bigint * 104729) % 500000)::int, (100 + (i::bigint * 31) % 2400)::int,
         case when i % 97 = 0 then 'Lumper receipt missing' else null end
  from generate_series(1, ${rows}) i;
  create index bench_loads_delivered_idx on bench_loads (delivered desc, id desc) include (gross_cents, miles, customer_id);
  create index bench_loads_customer_idx on bench_loads (customer_id, delivered desc, id desc);
  analyze bench_loads; analyze bench_customers;
`;

const loadsList = defineList({
  key: 'bench-loads',
  title: 'Loads',
  section: 18,
  from: sql`bench_loads l`,
  rowKey: sql`l.id`,
  joins: { customer: sql`join bench_customers c on c.id = l.customer_id` },
  base: () => undefined,
  defaultSort: { sort: 'delivered', order: 'desc' },
  columns: [
    { id: 'id', title: 'Load', sql: sql`l.id`, filter: 'number', footer: 'count' },
    {
      id: 'customer',
      title: 'Customer',
      sql: sql`c.name`,
      filterSql: sql`l.customer_id`,
      sortSql: sql`c.name`,
      joins: ['customer'],
      filter: 'list',
      footer: 'unique',
      footerSql: sql`l.customer_id`,
      options: sql`select id as value, name as label from bench_customers order by name`,
    },
    { id: 'status', title: 'Status', sql: sql`l.status`, filter: 'list' },
    { id: 'pickup_state', title: 'PU state', sql: sql`l.pickup_state`, filter: 'list' },
    { id: 'delivery_state', title: 'DEL state', sql: sql`l.delivery_state`, filter: 'list' },
    { id: 'delivered', title: 'Delivered', sql: sql`l.delivered`, filter: 'date' },
    { id: 'gross', title: 'Gross', sql: sql`l.gross_cents`, filter: 'number', footer: 'sum', dollar: true },
    { id: 'miles', title: 'Miles', sql: sql`l.miles`, filter: 'number', footer: 'sum', miles: true },
    { id: 'note', title: 'Note', sql: sql`l.note`, filter: 'note', search: true, sortable: false },
  ],
});

const user: AuthUser = {
  id: 1,
  companyId: 1,
  email: 'bench@example.com',
  name: 'Bench',
  role: 0,
  permissionRoleId: null,
  departmentId: null,
  customerId: null,
  image: null,
};

const SELECT = `l.id as id, c.name as customer, l.status, l.pickup_state, l.delivery_state,
  l.delivered, l.gross_cents as gross, l.miles, l.note`;
const TOTALS = `count(*) as total, count(l.id) as id, count(distinct l.customer_id) as customer,
  coalesce(sum(l.gross_cents), 0) as gross, coalesce(sum(l.miles), 0) as miles`;

type Scenario = {
  name: string;
  body: Record<string, unknown>;
  /** The same answer written by hand: page ids first with the join, totals in parallel. */
  hand: (db: Database) => Promise<unknown>;
};

const handPage = (db: Database, where: string, order: string, params: unknown[], limit: number, offset = 0) =>
  Promise.all([
    db.query(
      `select ${SELECT} from bench_loads l join bench_customers c on c.id = l.customer_id
       where l.id in (select l.id from bench_loads l where ${where} order by ${order} limit ${limit} offset ${offset})
       order by ${order}`,
      params,
    ),
    db.query(`select ${TOTALS} from bench_loads l where ${where}`, params),
  ]);

const scenarios = (rows: number): Scenario[] => [
  {
    name: 'default: page 1 of 50, delivered desc, totals of everything',
    body: { limit: 50 },
    hand: (db) => handPage(db, 'true', 'l.delivered desc, l.id desc', [], 50),
  },
  {
    name: 'last 4 weeks, 3 customers, gross desc, page 2',
    body: {
      limit: 50,
      page: 2,
      sort: 'gross',
      order: 'desc',
      filters: { delivered: { from: '2026-10-24', to: '2026-11-20' }, customer: { values: [7, 42, 133] } },
    },
    hand: (db) =>
      handPage(
        db,
        `l.delivered between $1::date and $2::date and l.customer_id in ($3, $4, $5)`,
        'l.gross_cents desc, l.id desc',
        ['2026-10-24', '2026-11-20', 7, 42, 133],
        50,
        50,
      ),
  },
  {
    name: 'last 4 weeks, PU state TX, gross between $1,000 and $3,000',
    body: {
      limit: 50,
      filters: {
        delivered: { from: '2026-10-24', to: '2026-11-20' },
        pickup_state: { values: ['TX'] },
        gross: { op: 'between', from: 1000, to: 3000 },
      },
    },
    hand: (db) =>
      handPage(
        db,
        `l.delivered between $1::date and $2::date and l.pickup_state in ($3) and l.gross_cents between $4 and $5`,
        'l.delivered desc, l.id desc',
        ['2026-10-24', '2026-11-20', 'TX', 100000, 300000],
        50,
      ),
  },
  {
    name: 'search "lumper" (no index: a scan)',
    body: { limit: 50, search: 'lumper' },
    hand: (db) => handPage(db, `lower((l.note)::text) like $1`, 'l.delivered desc, l.id desc', ['%lumper%'], 50),
  },
  {
    name: `"All" of the last 4 weeks (${Math.round((rows * 28) / 1826).toLocaleString('en-US')} rows)`,
    body: { limit: PAGE_SIZE_ALL, filters: { delivered: { from: '2026-10-24', to: '2026-11-20' } } },
    hand: (db) =>
      handPage(
        db,
        `l.delivered between $1::date and $2::date`,
        'l.delivered desc, l.id desc',
        ['2026-10-24', '2026-11-20'],
        50_000,
      ),
  },
];

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};
const ms = (n: number) => n.toFixed(2).padStart(8);

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

async function benchDatabase(label: string, database: Database, rows: number): Promise<void> {
  // The app's schema (the runner reads the caller's column settings), then the bench table.
  await migrateDatabase(database);
  const t0 = performance.now();
  await database.exec(DDL(rows));
  console.log(
    `\n${label}: ${rows.toLocaleString('en-US')} loads seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  console.log(
    `${'scenario'.padEnd(62)} ${'runner p50'.padStart(10)} ${'p95'.padStart(8)} ${'hand p50'.padStart(9)} ${'p95'.padStart(8)}  ratio p50`,
  );
  for (const s of scenarios(rows)) {
    const body = { ...s.body, with_options: false };
    const runner: number[] = [];
    const hand: number[] = [];
    for (let i = 0; i < WARMUP + ITERATIONS; i++) {
      // Alternate which goes first so caches favour neither.
      const a = await time(() => (i % 2 ? s.hand(database) : runList(database.db, loadsList, user, body)));
      const b = await time(() => (i % 2 ? runList(database.db, loadsList, user, body) : s.hand(database)));
      if (i < WARMUP) continue;
      runner.push(i % 2 ? b : a);
      hand.push(i % 2 ? a : b);
    }
    const r50 = pct(runner, 50);
    const h50 = pct(hand, 50);
    console.log(
      `${s.name.padEnd(62)} ${ms(r50)}   ${ms(pct(runner, 95))} ${ms(h50)} ${ms(pct(hand, 95))}  ${(r50 / h50).toFixed(2)}x`,
    );
  }
  // What "All" costs without a filter: the cap keeps the answer at 50,000 rows.
  const all = await runList(database.db, loadsList, user, { limit: PAGE_SIZE_ALL, with_options: false });
  const t1 = performance.now();
  const again = await runList(database.db, loadsList, user, { limit: PAGE_SIZE_ALL, with_options: false });
  const took = performance.now() - t1;
  const json = JSON.stringify(again);
  console.log(
    `"All" with no filter: total ${all.total.toLocaleString('en-US')}, answered ${again.rows.length.toLocaleString('en-US')} rows in ${took.toFixed(0)} ms, JSON ${(json.length / 1e6).toFixed(1)} MB; notice: ${again.notice}`,
  );
  // The list-filter options (answered once per table, then kept by the web): their extra cost.
  const second = scenarios(rows)[1]?.body ?? {};
  const extra: number[] = [];
  for (let i = 0; i < 10; i++) {
    const without = await time(() => runList(database.db, loadsList, user, { ...second, with_options: false }));
    const withOptions = await time(() => runList(database.db, loadsList, user, { ...second, with_options: true }));
    extra.push(withOptions - without);
  }
  console.log(`list-filter options (customer from its table, 3 distinct scans): +${pct(extra, 50).toFixed(2)} ms p50`);
}

const url = process.env.BENCH_DATABASE_URL;
if (url) {
  const name = 'backhaul_bench_lists';
  const admin = await openPostgres(url, 1);
  await admin.exec(`drop database if exists ${name} with (force)`);
  await admin.exec(`create database ${name}`);
  await admin.close();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const pg = await openPostgres(u.toString(), 10);
  await benchDatabase('PostgreSQL', pg, 1_000_000);
  await pg.close();
  const again = await openPostgres(url, 1);
  await again.exec(`drop database if exists ${name} with (force)`);
  await again.close();
} else {
  console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL to a server the bench may create a database on).');
}

const lite = await openPglite({});
await benchDatabase('PGlite (in memory)', lite, 100_000);
await lite.close();
