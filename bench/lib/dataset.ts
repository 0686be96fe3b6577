// Prepares (or reuses) the bench datasets: the demo company made by the project's own seeders
// (the app's start path with SEED=demo: registries, a year of trips, invoices, payments, the demo
// logins), then the bulk from lib/generator.ts up to the wanted number of loads. A dataset records
// what made it (generator version, size, anchor, the windows the scenarios use): on PostgreSQL as
// the database's comment, for PGlite in bench-seed.json beside the data folder. A dataset made by
// another generator version or of another size is rebuilt.

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GENERATE_MAX_DAYS } from '@backhaul/shared/modules/invoices/invoices.contract';
import { type BenchDb, connectPostgres, databaseName, openPgliteFolder, withDatabase } from './db';
import { bulkStatements, generatorVersion, registriesSql } from './generator';
import { ROOT, startApp } from './servers';

const TZ = 'America/Chicago';
/** Loads per invoice run (the "invoice generation of 10k loads"). */
export const INVOICE_LOADS = 10_000;
/** Rows the export scenarios write. */
export const EXPORT_ROWS = 100_000;
const INVOICE_WINDOWS = 5;
/** Bump when the windows' definition changes: a reused dataset gets new windows, its rows stay. */
const WINDOWS_REV = 2;

export type Window = { from: string; to: string; loads: number };

export type DatasetMeta = {
  version: string;
  target_loads: number;
  /** Years of history the bulk spans (absent on datasets made before it was a setting: 5). */
  years?: number;
  loads: number;
  trips: number;
  stops: number;
  billings: number;
  company_id: number;
  /** The newest bulk delivery ("now" when it was seeded); the scenarios' windows end on its day. */
  anchor: string;
  anchor_date: string;
  windows: { default: Window; year: Window; export: Window; invoices: Window[] };
  windows_rev: number;
  seeded_at: string;
  seed_seconds: { demo: number; bulk: number; vacuum: number };
  git_sha: string;
};

export type Log = (line: string) => void;

export function gitSha(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short=10', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

const seconds = (t0: number) => Math.round((performance.now() - t0) / 100) / 10;
const one = async <T>(db: BenchDb, sql: string, params?: unknown[]) => (await db.query<T>(sql, params))[0] as T;

/** Adds the bulk to the demo company until the database holds `target` loads. */
async function addBulk(db: BenchDb, target: number, years: number, log: Log): Promise<string> {
  const { id: companyId } = await one<{ id: number }>(db, 'select id from companies order by id limit 1');
  const before = await one<{ n: number; load_base: number; trip_base: number }>(
    db,
    'select count(*)::int as n, coalesce(max(id), 0)::int as load_base, (select coalesce(max(id), 0)::int from trips) as trip_base from loads',
  );
  const loads = target - before.n;
  if (loads <= 0) throw new Error(`the demo seed already holds ${before.n} loads; ask for more than that`);
  await db.exec(registriesSql(companyId));
  const count = async (table: string) => (await one<{ n: number }>(db, `select count(*)::int as n from ${table}`)).n;
  const [fleet, dispatchers, brokers, lanes] = [
    await count('bench_fleet'),
    await count('bench_disp'),
    await count('bench_brokers'),
    await count('bench_lanes'),
  ];
  if (!fleet || !dispatchers || !brokers || !lanes)
    throw new Error('the demo company has no fleet, dispatchers, brokers or lanes');
  const anchor = new Date().toISOString();
  log(
    `  bulk: ${loads.toLocaleString('en-US')} loads over ${years} years on ${fleet} trucks, ${dispatchers} dispatchers, ${brokers} brokers, ${lanes} lanes`,
  );
  for (const s of bulkStatements({
    companyId,
    loads,
    tripsPerLoad: 0.4,
    anchor,
    years,
    loadBase: before.load_base,
    tripBase: before.trip_base,
    fleet,
    dispatchers,
    brokers,
    lanes,
  })) {
    const t0 = performance.now();
    await db.exec(s.sql);
    log(`  bulk: ${s.label} in ${seconds(t0)} s`);
  }
  return anchor;
}

const dayOf = (col: string) => `(${col} at time zone '${TZ}')::date`;
const since = (day: string) => `(${day}::date)::timestamp at time zone '${TZ}'`;
const until = (day: string) => `((${day}::date + 1)::timestamp at time zone '${TZ}')`;

async function countWindow(db: BenchDb, companyId: number, from: string, to: string): Promise<Window> {
  const { n } = await one<{ n: number }>(
    db,
    `select count(*)::int as n from loads where company_id = $1 and delivery_at >= ${since('$2')} and delivery_at < ${until('$3')}`,
    [companyId, from, to],
  );
  return { from, to, loads: n };
}

const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

/**
 * Walks back day by day (newest first) and closes a window once its days hold at least `want`
 * rows, or once it spans `maxDays` (an invoice run bills at most GENERATE_MAX_DAYS days).
 */
function windowsBack(days: Array<{ d: string; n: number }>, want: number, count: number, maxDays = Infinity): Window[] {
  const out: Window[] = [];
  let sum = 0;
  let open = null as { to: string; from: string } | null;
  for (const { d, n } of days) {
    if (open && dayNumber(open.to) - dayNumber(d) + 1 > maxDays) {
      out.push({ from: open.from, to: open.to, loads: sum });
      if (out.length === count) return out;
      sum = 0;
      open = null;
    }
    open = { to: open?.to ?? d, from: d };
    sum += n;
    if (sum >= want) {
      out.push({ from: d, to: open.to, loads: sum });
      if (out.length === count) return out;
      sum = 0;
      open = null;
    }
  }
  return out;
}

/** The windows the scenarios use, fixed at seed time so a later run reads the same rows. */
async function computeWindows(
  db: BenchDb,
  anchor: string,
): Promise<Pick<DatasetMeta, 'anchor_date' | 'windows'> & { companyId: number }> {
  const { id: companyId } = await one<{ id: number }>(db, 'select id from companies order by id limit 1');
  const { d: anchorDate } = await one<{ d: string }>(db, `select ${dayOf('$1::timestamptz')}::text as d`, [anchor]);
  const shift = async (days: number) =>
    (await one<{ d: string }>(db, 'select ($1::date + $2::int)::text as d', [anchorDate, days])).d;
  const byDay = await db.query<{ d: string; n: number }>(
    `select ${dayOf('delivery_at')}::text as d, count(*)::int as n from loads
     where company_id = $1 and delivery_at < ${until('$2')} group by 1 order by 1 desc`,
    [companyId, anchorDate],
  );
  const exportWindow = windowsBack(byDay, EXPORT_ROWS, 1)[0] ?? {
    from: byDay[byDay.length - 1]?.d ?? anchorDate,
    to: anchorDate,
    loads: byDay.reduce((s, r) => s + r.n, 0),
  };
  // Invoice runs bill periods before the demo year (whose weeks and months the demo seed invoiced).
  const billable = await db.query<{ d: string; n: number }>(
    `select ${dayOf('l.delivery_at')}::text as d, count(*)::int as n
     from loads l join billings b on b.load_id = l.id join customers c on c.id = l.customer_id
     where l.company_id = $1 and 'dispatch' = any(c.services) and l.gross_cents > 0 and l.customer_invoice_id is null
       and l.delivery_at < ${since('$2')}
     group by 1 order by 1 desc`,
    [companyId, await shift(-400)],
  );
  return {
    companyId,
    anchor_date: anchorDate,
    windows: {
      default: await countWindow(db, companyId, await shift(-27), anchorDate),
      year: await countWindow(db, companyId, await shift(-364), anchorDate),
      export: exportWindow,
      invoices: windowsBack(billable, INVOICE_LOADS, INVOICE_WINDOWS, GENERATE_MAX_DAYS),
    },
  };
}

async function describe(
  db: BenchDb,
  anchor: string,
  target: number,
  years: number,
  seedSeconds: DatasetMeta['seed_seconds'],
) {
  const w = await computeWindows(db, anchor);
  const counts = await one<{ loads: number; trips: number; stops: number; billings: number }>(
    db,
    `select (select count(*)::int from loads) as loads, (select count(*)::int from trips) as trips,
       (select count(*)::int from load_stops) as stops, (select count(*)::int from billings) as billings`,
  );
  const meta: DatasetMeta = {
    version: generatorVersion(),
    target_loads: target,
    years,
    ...counts,
    company_id: w.companyId,
    anchor,
    anchor_date: w.anchor_date,
    windows: w.windows,
    windows_rev: WINDOWS_REV,
    seeded_at: new Date().toISOString(),
    seed_seconds: seedSeconds,
    git_sha: gitSha(),
  };
  return meta;
}

/** Years of history the bulk spans unless a caller asks otherwise (growth.ts: more years, same rate). */
const DEFAULT_YEARS = 5;

const VACUUM = 'vacuum analyze loads, load_stops, trips, billings, trip_notes';

/** The demo company through the app's own start path: migrations, then the project's seeders. */
async function seedDemo(env: Record<string, string>, logDir: string, log: Log): Promise<number> {
  const t0 = performance.now();
  log('  demo company: the project seeders through the app start (SEED=demo)');
  const app = await startApp({
    env: { ...env, PORT: '0', SEED: 'demo' },
    logFile: join(logDir, 'seed-app.log'),
    timeoutMs: 30 * 60_000,
  });
  await app.stop();
  return seconds(t0);
}

/** A reused dataset whose windows were defined by an older revision: the same rows, new windows. */
async function refreshWindows(db: BenchDb, meta: DatasetMeta, log: Log): Promise<DatasetMeta> {
  log(`  windows: revision ${meta.windows_rev ?? 1} → ${WINDOWS_REV}, recomputed on the same rows`);
  const w = await computeWindows(db, meta.anchor);
  return { ...meta, anchor_date: w.anchor_date, windows: w.windows, windows_rev: WINDOWS_REV };
}

function checkMeta(meta: DatasetMeta | null, target: number, years: number): string | null {
  if (!meta) return 'no dataset';
  if (meta.version !== generatorVersion()) return `made by generator ${meta.version}, now ${generatorVersion()}`;
  if (meta.target_loads !== target) return `holds ${meta.target_loads} loads, ${target} wanted`;
  if ((meta.years ?? DEFAULT_YEARS) !== years) return `spans ${meta.years ?? DEFAULT_YEARS} years, ${years} wanted`;
  return null;
}

/** PostgreSQL: the database named in `url`, on its server (dropped and made again when stale). */
export async function preparePostgres(o: {
  url: string;
  loads: number;
  /** Years of history (default 5). */
  years?: number;
  rebuild: boolean;
  workDir: string;
  log: Log;
}) {
  const name = databaseName(o.url);
  const years = o.years ?? DEFAULT_YEARS;
  const admin = await connectPostgres(withDatabase(o.url, 'postgres'));
  try {
    const [row] = await admin.query<{ comment: string | null }>(
      `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
      [name],
    );
    let meta: DatasetMeta | null = null;
    try {
      meta = row?.comment ? (JSON.parse(row.comment) as DatasetMeta) : null;
    } catch {}
    const stale = o.rebuild ? 'a rebuild was asked for' : checkMeta(meta, o.loads, years);
    if (!stale && meta) {
      const db = await connectPostgres(o.url);
      try {
        const { n } = await one<{ n: number }>(db, 'select count(*)::int as n from loads');
        if (n === meta.loads) {
          o.log(`PostgreSQL dataset ${name}: reused (${n.toLocaleString('en-US')} loads, seeded ${meta.seeded_at})`);
          if (meta.windows_rev === WINDOWS_REV) return meta;
          const fresh = await refreshWindows(db, meta, o.log);
          await admin.exec(`comment on database "${name}" is '${JSON.stringify(fresh).replace(/'/g, "''")}'`);
          return fresh;
        }
      } finally {
        await db.close();
      }
    }
    o.log(`PostgreSQL dataset ${name}: building (${stale ?? 'its row count changed'})`);
    await admin.exec(`drop database if exists "${name}" with (force)`);
    await admin.exec(`create database "${name}"`);
    const files = join(o.workDir, 'seed-files');
    await mkdir(files, { recursive: true });
    const demo = await seedDemo({ DATABASE_URL: o.url, DATA_DIR: files }, o.workDir, o.log);
    const db = await connectPostgres(o.url);
    let t0 = performance.now();
    await db.exec('set synchronous_commit = off');
    const anchor = await addBulk(db, o.loads, years, o.log);
    const bulk = seconds(t0);
    t0 = performance.now();
    await db.exec(VACUUM);
    const built = await describe(db, anchor, o.loads, years, { demo, bulk, vacuum: seconds(t0) });
    await db.close();
    await admin.exec(`comment on database "${name}" is '${JSON.stringify(built).replace(/'/g, "''")}'`);
    o.log(`PostgreSQL dataset ${name}: ${built.loads.toLocaleString('en-US')} loads (demo ${demo} s, bulk ${bulk} s)`);
    return built;
  } finally {
    await admin.close();
  }
}

/** PGlite: a data folder kept as the pristine copy; every bench run works on fresh copies of it. */
export async function preparePglite(o: { dir: string; loads: number; rebuild: boolean; workDir: string; log: Log }) {
  const metaFile = join(o.dir, 'bench-seed.json');
  let meta: DatasetMeta | null = null;
  if (existsSync(metaFile)) meta = JSON.parse(await readFile(metaFile, 'utf8')) as DatasetMeta;
  const stale = o.rebuild ? 'a rebuild was asked for' : checkMeta(meta, o.loads, DEFAULT_YEARS);
  if (!stale && meta) {
    o.log(`PGlite dataset ${o.dir}: reused (${meta.loads.toLocaleString('en-US')} loads, seeded ${meta.seeded_at})`);
    if (meta.windows_rev === WINDOWS_REV) return meta;
    const db = await openPgliteFolder(join(o.dir, 'pgdata'));
    const fresh = await refreshWindows(db, meta, o.log).finally(() => db.close());
    await writeFile(metaFile, `${JSON.stringify(fresh, null, 2)}\n`);
    return fresh;
  }
  o.log(`PGlite dataset ${o.dir}: building (${stale})`);
  await rm(o.dir, { recursive: true, force: true });
  await mkdir(o.dir, { recursive: true });
  const demo = await seedDemo({ DATA_DIR: o.dir }, o.workDir, o.log);
  const db = await openPgliteFolder(join(o.dir, 'pgdata'));
  let t0 = performance.now();
  const anchor = await addBulk(db, o.loads, DEFAULT_YEARS, o.log);
  const bulk = seconds(t0);
  t0 = performance.now();
  await db.exec(VACUUM);
  const built = await describe(db, anchor, o.loads, DEFAULT_YEARS, { demo, bulk, vacuum: seconds(t0) });
  await db.close();
  await writeFile(metaFile, `${JSON.stringify(built, null, 2)}\n`);
  o.log(`PGlite dataset: ${built.loads.toLocaleString('en-US')} loads (demo ${demo} s, bulk ${bulk} s)`);
  return built;
}
