// `npm run bench`: the app (`npm start`) against a bare raw-SQL server, through HTTP, on 100,000
// loads in PGlite and 1,000,000 in PostgreSQL. Prepares (or reuses) the datasets, starts both
// servers per database, runs every block in passes (app first in odd passes, bare first in even
// ones), checks the two answered the same, reports each figure as the passes' median with every
// goal's verdict, and writes bench/results/<date>-<HHMMSS>-<sha>.json (every run kept) and
// bench/results/latest.md. bench/README.md explains each figure; `extraFigures` below takes more.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { importLoad } from './import-load';
import { type DatasetMeta, gitSha, preparePglite, preparePostgres } from './lib/dataset';
import { type BenchDb, connectPostgres } from './lib/db';
import { explainBlock } from './lib/explain';
import { notMeasured, type Verdict, verdicts } from './lib/goals';
import { BROWSER_ENCODINGS, keepAlive, resetCounts } from './lib/http';
import { mergeExports, mergeInvoices, mergeLatency, mergeThroughput } from './lib/passes';
import { type Markdown, markdown } from './lib/report';
import {
  ALL_ROWS,
  type ExportResult,
  exportScenario,
  type InvoiceResult,
  invoiceScenario,
  type LatencyResult,
  latency,
  listBody,
  login,
  type Order,
  orderOf,
  orderText,
  type Pair,
  type SideName,
  type ThroughputResult,
  throughput,
  undoInvoiceRuns,
} from './lib/scenarios';
import { screensBlock } from './lib/screens';
import { memory, ROOT, type Server, startApp, startBare } from './lib/servers';
import { figure, ratio, round } from './lib/stats';

const env = process.env;
const quick = env.BENCH_QUICK === '1';
const int = (name: string, full: number, fast: number) => Number(env[name] ?? (quick ? fast : full));

const config = {
  postgresUrl: env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55432/backhaul_bench',
  pgLoads: int('BENCH_PG_LOADS', 1_000_000, 1_000_000),
  pgliteLoads: int('BENCH_PGLITE_LOADS', 100_000, 100_000),
  only: env.BENCH_ONLY ?? 'all',
  rebuild: env.BENCH_REBUILD === '1',
  dataDir: env.BENCH_DATA_DIR ?? join(ROOT, 'bench/.data'),
  appPort: env.BENCH_APP_PORT ?? '0',
  barePort: env.BENCH_BARE_PORT ?? '0',
  /** Each pass repeats every block (start-up included), app first on odd passes; figures are the passes' median. */
  passes: Math.max(1, int('BENCH_PASSES', 3, 3)),
  /** Per pass: */
  iterations: int('BENCH_ITERATIONS', 12, 4),
  allIterations: int('BENCH_ALL_ITERATIONS', 4, 2),
  exportRuns: int('BENCH_EXPORT_RUNS', 1, 1),
  invoiceRuns: 1,
  connections: int('BENCH_CONNECTIONS', 10, 10),
  seconds: int('BENCH_SECONDS', 10, 3),
  rounds: int('BENCH_ROUNDS', 1, 1),
  /** Idle time before the last memory reading, after the run's load. */
  idleSeconds: int('BENCH_IDLE_SECONDS', 60, 10),
  /** Job polling: the web polls every second; exports (many seconds) at 250 ms, invoice runs at 50 ms. */
  exportPollMs: 250,
  invoicePollMs: 50,
};

const t0 = Date.now();
const log = (line: string) => console.log(`${String(Math.round((Date.now() - t0) / 1000)).padStart(5)}s ${line}`);

/** The machine is shared: the load average is sampled all along and reported with the figures. */
const load = { start: os.loadavg(), samples: [] as number[] };
const loadTimer = setInterval(() => load.samples.push(os.loadavg()[0] as number), 5000);

function git() {
  const run = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  try {
    return {
      sha: gitSha(),
      branch: run('rev-parse', '--abbrev-ref', 'HEAD'),
      dirty: run('status', '--porcelain', '--untracked-files=no') !== '',
    };
  } catch {
    return { sha: 'unknown', branch: 'unknown', dirty: true };
  }
}

/**
 * Builds what `npm start` would build (the web app, the server) before anything is timed: the
 * starts then time npm, the stale check and the server, not a build that another edit triggered.
 */
function buildWeb() {
  log('building what is stale (scripts/build-if-stale.mjs), untimed');
  const code =
    "const m = await import('./scripts/build-if-stale.mjs'); m.buildWebIfStale(); m.buildServerIfStale('main');";
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: ROOT, stdio: 'inherit' });
  if (r.status === 0) return;
  // A failed check after the files were written (the web's JavaScript budget) leaves a servable build.
  if (!existsSync(join(ROOT, 'packages/web/dist/index.html'))) throw new Error('building the web app failed');
  log('the build reported a failure (above); going on with the files it wrote');
}

function webBundle(url: string | null) {
  const args = [join(ROOT, 'bench/web-bundle.mjs'), '--json', ...(url ? ['--url', url] : [])];
  return JSON.parse(execFileSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' }));
}

type Kind = 'pglite' | 'postgres';

/** Both servers' environments for one database (the PGlite ones on their own copies of the folder). */
async function environments(
  kind: Kind,
  runDir: string,
  pristine: string,
): Promise<{ app: Record<string, string>; bare: Record<string, string> }> {
  if (kind === 'pglite') {
    await cp(pristine, join(runDir, 'app'), { recursive: true });
    await cp(pristine, join(runDir, 'bare'), { recursive: true });
    return {
      app: { DATA_DIR: join(runDir, 'app'), SEED: 'none', PORT: config.appPort },
      bare: {
        BARE_PGLITE_DIR: join(runDir, 'bare/pgdata'),
        BARE_FILES_DIR: join(runDir, 'bare-files'),
        BARE_PORT: config.barePort,
      },
    };
  }
  return {
    app: { DATABASE_URL: config.postgresUrl, DATA_DIR: join(runDir, 'app'), SEED: 'none', PORT: config.appPort },
    bare: {
      BARE_DATABASE_URL: config.postgresUrl,
      BARE_FILES_DIR: join(runDir, 'bare-files'),
      BARE_PORT: config.barePort,
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const settle = () => sleep(3000);

/** What an extra figure block gets: both servers signed in, the database, and where to log. */
export type ExtraFigureContext = {
  kind: Kind;
  label: string;
  dataset: DatasetMeta;
  /** Signed-in keep-alive clients of both servers (`pair.app.server.url`, `.token`, `.agent`). */
  pair: Pair;
  /** Signs in to a server as admin@backhaul.demo (another session) and answers the token. */
  login: (server: Server) => Promise<string>;
  /** The PostgreSQL database the servers use; null on PGlite (its folder is held by the servers). */
  databaseUrl: string | null;
  passes: number;
  quick: boolean;
  log: (line: string) => void;
};
/** What it gives back: its figures (kept in the JSON), goal verdicts, Markdown for latest.md, failed checks. */
export type ExtraFigureResult = {
  id: string;
  title: string;
  figures: unknown;
  verdicts?: Verdict[];
  markdown?: string;
  checks_failed?: string[];
};
/**
 * Figure blocks beyond the trips list's, called once per database after the main passes and
 * before the "after the load" memory reading, in this order, with both servers up and signed in:
 * the one place to wire more (screens, EXPLAIN checks …). A block that throws is reported as a
 * failed check; the run goes on.
 */
export const extraFigures: Array<(ctx: ExtraFigureContext) => Promise<ExtraFigureResult | null>> = [
  // The three screens' first loads through HTTP (billing list, account today, downtime list) and the
  // plan of every list and report statement (a sequential scan of loads fails the run): PostgreSQL only.
  screensBlock,
  explainBlock,
];

type Timed<T> = { order: Order; result: T };

async function benchDatabase(kind: Kind, meta: DatasetMeta, pristine: string) {
  const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL 15';
  log(`=== ${label}: ${meta.loads.toLocaleString('en-US')} loads, ${config.passes} passes`);
  const runDir = join(config.dataDir, `run-${kind}`);
  await rm(runDir, { recursive: true, force: true });
  await mkdir(runDir, { recursive: true });
  const envs = await environments(kind, runDir, pristine);
  const logFile = (name: string) => join(runDir, `${name}.log`);

  // Start-up on an existing database, one start of each a pass, in the pass's order (app first on
  // odd passes); the last pair stays up for the figures.
  const starts = { app: [] as number[], bare: [] as number[] };
  const up: { app: Server | null; bare: Server | null } = { app: null, bare: null };
  const startOne = (side: SideName) =>
    side === 'app'
      ? startApp({ env: envs.app, logFile: logFile('app') })
      : startBare({ env: envs.bare, logFile: logFile('bare') });
  for (let pass = 1; pass <= config.passes; pass++) {
    for (const side of orderOf(pass)) {
      await up[side]?.stop();
      const server = await startOne(side);
      up[side] = server;
      starts[side].push(server.startMs);
    }
    log(
      `  start ${pass} (${orderText(orderOf(pass))}): app ${Math.round(starts.app[pass - 1] as number)} ms, bare ${Math.round(starts.bare[pass - 1] as number)} ms`,
    );
  }
  const { app, bare } = up;
  if (!app || !bare) throw new Error('no servers');
  const resetsAt = (url: string) => resetCounts.get(url) ?? 0;
  const resetsBefore = { app: resetsAt(app.url), bare: resetsAt(bare.url) };
  const rssOf = () => ({ app: round(memory(app.pid).rss, 1), bare: round(memory(bare.pid).rss, 1) });
  let direct: BenchDb | null = null;
  try {
    const pair: Pair = {
      app: { server: app, token: await login(app), agent: keepAlive() },
      bare: { server: bare, token: await login(bare), agent: keepAlive() },
    };
    await settle();
    const idle = rssOf();
    log(`  idle RSS after start and sign-in: app ${idle.app} MB, bare ${idle.bare} MB`);

    let undo: ((runId: number) => Promise<void>) | null = null;
    if (kind === 'postgres') {
      const db = await connectPostgres(config.postgresUrl);
      direct = db;
      // A run stopped half-way may have left invoices in the bench's periods: take them back first.
      for (const win of meta.windows.invoices)
        await undoInvoiceRuns(db, 'period_from = $1 and period_to = $2', [win.from, win.to]);
      undo = (runId) => undoInvoiceRuns(db, 'generation_run_id = $1', [runId]);
    }

    const w = meta.windows;
    const lists = new Map<string, Array<Timed<LatencyResult>>>();
    const exports = new Map<string, Array<Timed<ExportResult>>>();
    const invoices: Array<Timed<InvoiceResult>> = [];
    const tput = new Map<string, Array<Timed<ThroughputResult>>>();
    const keep = <T>(m: Map<string, Array<Timed<T>>>, id: string, order: Order, result: T) =>
      m.set(id, [...(m.get(id) ?? []), { order, result }]);
    const listFigures = [
      {
        id: 'default',
        title: `Default page (15 rows of ${w.default.loads.toLocaleString('en-US')})`,
        body: listBody(w.default, 15),
        iterations: config.iterations,
      },
      {
        id: 'year',
        title: `One-year window (15 rows of ${w.year.loads.toLocaleString('en-US')})`,
        body: listBody(w.year, 15),
        iterations: config.iterations,
      },
      {
        id: 'page500',
        title: 'Page of 500 (default window)',
        body: listBody(w.default, 500),
        iterations: config.iterations,
      },
      {
        id: 'all',
        title: `'All' of the default window (${w.default.loads.toLocaleString('en-US')} rows)`,
        body: listBody(w.default, ALL_ROWS),
        iterations: config.allIterations,
      },
    ];

    for (let pass = 1; pass <= config.passes; pass++) {
      const order = orderOf(pass);
      log(`  --- pass ${pass} of ${config.passes} (${orderText(order)})`);
      // Exports first in each pass (in the first, right after the idle figure: the RSS they add is
      // then over a server that has only started).
      for (const format of ['xlsx', 'csv'] as const) {
        const r = await exportScenario(pair, {
          format,
          window: w.export,
          runs: config.exportRuns,
          pollMs: config.exportPollMs,
          order,
          log,
        });
        keep(exports, r.id, order, r);
      }
      for (const f of listFigures) {
        const r = await latency(pair, {
          id: f.id,
          title: f.title,
          path: '/api/trips/list',
          body: f.body,
          iterations: f.iterations,
          warmup: Math.max(2, Math.round(f.iterations / 6)),
          order,
          log,
        });
        keep(lists, f.id, order, r);
      }
      // One period a pass; on PGlite (no undo: each server has its own copy) a period is billed once.
      const window = w.invoices[(pass - 1) % Math.max(1, w.invoices.length)];
      if (window && (undo || pass <= w.invoices.length)) {
        invoices.push({
          order,
          result: await invoiceScenario(pair, {
            windows: [window],
            runs: config.invoiceRuns,
            pollMs: config.invoicePollMs,
            undo,
            order,
            log,
          }),
        });
      }
      for (const mode of [
        { id: 'throughput', title: 'Throughput, default page, compressed', acceptEncoding: BROWSER_ENCODINGS },
        { id: 'throughput-plain', title: 'Throughput, default page, uncompressed', acceptEncoding: null },
      ]) {
        const r = await throughput(pair, {
          ...mode,
          path: '/api/trips/list',
          body: listBody(w.default, 15),
          connections: config.connections,
          seconds: config.seconds,
          rounds: config.rounds,
          order,
          log,
        });
        keep(tput, mode.id, order, r);
      }
    }

    const extras: ExtraFigureResult[] = [];
    const extraFailures: string[] = [];
    for (const block of extraFigures) {
      try {
        const r = await block({
          kind,
          label,
          dataset: meta,
          pair,
          login,
          databaseUrl: kind === 'postgres' ? config.postgresUrl : null,
          passes: config.passes,
          quick,
          log,
        });
        if (r) extras.push(r);
      } catch (err) {
        extraFailures.push(`${label} extra figures: ${(err as Error).message}`);
        log(`  an extra figure block failed: ${(err as Error).message}`);
      }
    }

    const afterLoad = rssOf();
    log(`  RSS after the load: app ${afterLoad.app} MB, bare ${afterLoad.bare} MB; idle ${config.idleSeconds} s`);
    await sleep(config.idleSeconds * 1000);
    const afterIdle = rssOf();
    log(`  RSS after ${config.idleSeconds} s idle: app ${afterIdle.app} MB, bare ${afterIdle.bare} MB`);
    const web = kind === (config.only === 'postgres' ? 'postgres' : 'pglite') ? webBundle(app.url) : null;
    const result = {
      kind,
      label,
      dataset: meta,
      passes: config.passes,
      start_ms: {
        app: { ...figure(starts.app), all: starts.app.map((v) => round(v, 0)) },
        bare: { ...figure(starts.bare), all: starts.bare.map((v) => round(v, 0)) },
        ratio_p50: ratio(figure(starts.app).p50, figure(starts.bare).p50),
        orders: Array.from({ length: config.passes }, (_, i) => orderOf(i + 1)[0]),
      },
      rss_mb: {
        idle_after_start: idle,
        after_load: afterLoad,
        after_idle: afterIdle,
        idle_seconds: config.idleSeconds,
      },
      connection_resets: { app: resetsAt(app.url) - resetsBefore.app, bare: resetsAt(bare.url) - resetsBefore.bare },
      lists: [...lists.values()].map(mergeLatency),
      exports: [...exports.values()].map(mergeExports),
      invoices: invoices.length ? mergeInvoices(invoices) : null,
      throughput: [...tput.values()].map(mergeThroughput),
      web,
      extras,
      extra_failures: extraFailures,
    };
    return { ...result, verdicts: [...verdicts(result), ...extras.flatMap((e) => e.verdicts ?? [])] };
  } finally {
    await direct?.close();
    await app.stop();
    await bare.stop();
  }
}

async function main() {
  // Imports beside normal traffic run alone, on a demo database of their own (bench/import-load.ts).
  if (config.only === 'import') {
    await importLoad(log);
    clearInterval(loadTimer);
    return;
  }
  const started = new Date();
  const g = git();
  log(
    `bench at ${g.sha}${g.dirty ? ' (uncommitted changes)' : ''}, ${os.cpus().length} CPUs, load average ${load.start.map((v) => v.toFixed(2)).join(' ')}`,
  );
  await mkdir(config.dataDir, { recursive: true });
  buildWeb();
  const databases = [];
  const failures: string[] = [];
  if (config.only === 'all' || config.only === 'pglite') {
    const dir = join(config.dataDir, `pglite-${config.pgliteLoads}`);
    const meta = await preparePglite({
      dir,
      loads: config.pgliteLoads,
      rebuild: config.rebuild,
      workDir: config.dataDir,
      log,
    });
    databases.push(await benchDatabase('pglite', meta, dir));
  }
  if (config.only === 'all' || config.only === 'postgres') {
    let meta: DatasetMeta | null = null;
    try {
      meta = await preparePostgres({
        url: config.postgresUrl,
        loads: config.pgLoads,
        rebuild: config.rebuild,
        workDir: config.dataDir,
        log,
      });
    } catch (err) {
      const why = `PostgreSQL skipped: ${(err as Error).message} (set BENCH_DATABASE_URL; bench/README.md says how to start one)`;
      log(why);
      failures.push(why);
    }
    if (meta) databases.push(await benchDatabase('postgres', meta, ''));
  }
  clearInterval(loadTimer);
  const end = os.loadavg();
  const results = {
    date: started.toISOString(),
    git: g,
    machine: {
      cpus: os.cpus().length,
      cpu_model: os.cpus()[0]?.model ?? 'unknown',
      memory_gb: round(os.totalmem() / 2 ** 30, 1),
      node: process.version,
      loadavg_start: load.start.map((v) => round(v)),
      loadavg_end: end.map((v) => round(v)),
      loadavg_1m_during: load.samples.length ? figure(load.samples) : null,
    },
    config: { ...config, postgresUrl: config.postgresUrl.replace(/:[^:@/]*@/, ':***@') },
    duration_s: Math.round((Date.now() - t0) / 1000),
    databases,
    checks_failed: [
      ...failures,
      ...databases.flatMap((d) => [
        ...[...d.lists, ...d.exports, ...(d.invoices ? [d.invoices] : [])]
          .filter((s) => !s.check.same)
          .map((s) => `${d.label} ${s.title}: ${s.check.detail}`),
        ...d.extra_failures,
        ...d.extras.flatMap((e) => e.checks_failed ?? []),
      ]),
    ],
    /** Every goal's verdict; goals not met do not fail the run (figures, not tests). */
    verdicts: [...databases.flatMap((d) => d.verdicts), ...notMeasured(databases.flatMap((d) => d.verdicts))],
  };
  const dir = join(ROOT, 'bench/results');
  await mkdir(dir, { recursive: true });
  const partial = quick || config.only !== 'all' ? '-partial' : '';
  // Every run is kept: the date and the start time (UTC) name the file, then the commit.
  const stamp = started.toISOString().replace(/[-:]/g, '').slice(0, 15);
  const name = `${started.toISOString().slice(0, 10)}-${stamp.slice(9)}-${g.sha}${partial}`;
  await writeFile(join(dir, `${name}.json`), `${JSON.stringify(results, null, 2)}\n`);
  const md: Markdown = markdown(results as Parameters<typeof markdown>[0]);
  await writeFile(join(dir, 'latest.md'), md);
  console.log(`\n${md}`);
  log(`wrote bench/results/${name}.json and bench/results/latest.md`);
  if (results.checks_failed.length) {
    console.error(`\n${results.checks_failed.length} check(s) failed:\n${results.checks_failed.join('\n')}`);
    process.exitCode = 1;
  }
}

main().catch((err) => {
  clearInterval(loadTimer);
  console.error(err);
  process.exit(1);
});
