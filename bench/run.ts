// `npm run bench`: the app against a bare raw-SQL server, through HTTP, interleaved in one run, on
// 100,000 loads in PGlite and 1,000,000 in PostgreSQL. Prepares (or reuses) the datasets, starts
// both servers per database, runs every scenario, checks the two answered the same, and writes
// bench/results/<date>-<sha>.json and bench/results/latest.md. bench/README.md explains each figure.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { importLoad } from './import-load';
import { type DatasetMeta, gitSha, preparePglite, preparePostgres } from './lib/dataset';
import { type BenchDb, connectPostgres } from './lib/db';
import { keepAlive, resetCounts } from './lib/http';
import { type Markdown, markdown } from './lib/report';
import {
  ALL_ROWS,
  exportScenario,
  invoiceScenario,
  latency,
  listBody,
  login,
  type Pair,
  throughput,
  undoInvoiceRuns,
} from './lib/scenarios';
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
  iterations: int('BENCH_ITERATIONS', 30, 8),
  allIterations: int('BENCH_ALL_ITERATIONS', 10, 3),
  exportRuns: int('BENCH_EXPORT_RUNS', 3, 1),
  invoiceRuns: int('BENCH_INVOICE_RUNS', 3, 1),
  starts: int('BENCH_STARTS', 3, 1),
  connections: int('BENCH_CONNECTIONS', 10, 10),
  seconds: int('BENCH_SECONDS', 10, 3),
  rounds: int('BENCH_ROUNDS', 2, 1),
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

function buildWeb() {
  if (existsSync(join(ROOT, 'packages/web/dist/.vite/manifest.json'))) return;
  log('building the web app (npm run build)');
  const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm run build failed');
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

const settle = () => new Promise((r) => setTimeout(r, 3000));

async function benchDatabase(kind: Kind, meta: DatasetMeta, pristine: string) {
  const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL 15';
  log(`=== ${label}: ${meta.loads.toLocaleString('en-US')} loads`);
  const runDir = join(config.dataDir, `run-${kind}`);
  await rm(runDir, { recursive: true, force: true });
  await mkdir(runDir, { recursive: true });
  const envs = await environments(kind, runDir, pristine);
  const logFile = (name: string) => join(runDir, `${name}.log`);

  // Start-up on an existing database, app and bare in turn; the last pair stays up for the scenarios.
  const starts = { app: [] as number[], bare: [] as number[] };
  let app: Server | null = null;
  let bare: Server | null = null;
  for (let i = 0; i < config.starts; i++) {
    app = await startApp({ env: envs.app, logFile: logFile('app') });
    starts.app.push(app.startMs);
    if (i < config.starts - 1) await app.stop();
    bare = await startBare({ env: envs.bare, logFile: logFile('bare') });
    starts.bare.push(bare.startMs);
    if (i < config.starts - 1) await bare.stop();
    log(`  start ${i + 1}: app ${Math.round(app.startMs)} ms, bare ${Math.round(bare.startMs)} ms`);
  }
  if (!app || !bare) throw new Error('no servers');
  const servers = { app, bare };
  const resetsAt = (url: string) => resetCounts.get(url) ?? 0;
  const resetsBefore = { app: resetsAt(app.url), bare: resetsAt(bare.url) };
  let direct: BenchDb | null = null;
  try {
    const pair: Pair = {
      app: { server: app, token: await login(app), agent: keepAlive() },
      bare: { server: bare, token: await login(bare), agent: keepAlive() },
    };
    await settle();
    const idle = { app: round(memory(app.pid).rss, 1), bare: round(memory(bare.pid).rss, 1) };
    log(`  idle RSS after start and sign-in: app ${idle.app} MB, bare ${idle.bare} MB`);

    const w = meta.windows;
    // Exports first, right after the idle figure: the RSS they add is then over a server that has only started.
    const exports = [];
    for (const format of ['xlsx', 'csv'] as const) {
      exports.push(
        await exportScenario(pair, {
          format,
          window: w.export,
          runs: config.exportRuns,
          pollMs: config.exportPollMs,
          log,
        }),
      );
    }

    const lists = [];
    const list = (id: string, title: string, body: unknown, iterations: number) =>
      latency(pair, {
        id,
        title,
        path: '/api/trips/list',
        body,
        iterations,
        warmup: Math.max(2, Math.round(iterations / 6)),
        log,
      });
    lists.push(
      await list(
        'default',
        `Default page (15 rows of ${w.default.loads.toLocaleString('en-US')})`,
        listBody(w.default, 15),
        config.iterations,
      ),
    );
    lists.push(
      await list(
        'year',
        `One-year window (15 rows of ${w.year.loads.toLocaleString('en-US')})`,
        listBody(w.year, 15),
        config.iterations,
      ),
    );
    lists.push(await list('page500', 'Page of 500 (default window)', listBody(w.default, 500), config.iterations));
    lists.push(
      await list(
        'all',
        `'All' of the default window (${w.default.loads.toLocaleString('en-US')} rows)`,
        listBody(w.default, ALL_ROWS),
        config.allIterations,
      ),
    );

    let undo: ((runId: number) => Promise<void>) | null = null;
    if (kind === 'postgres') {
      const db = await connectPostgres(config.postgresUrl);
      direct = db;
      // A run stopped half-way may have left invoices in the bench's periods: take them back first.
      for (const win of w.invoices)
        await undoInvoiceRuns(db, 'period_from = $1 and period_to = $2', [win.from, win.to]);
      undo = (runId) => undoInvoiceRuns(db, 'generation_run_id = $1', [runId]);
    }
    const invoices = await invoiceScenario(pair, {
      windows: w.invoices,
      runs: config.invoiceRuns,
      pollMs: config.invoicePollMs,
      undo,
      log,
    });

    const tput = await throughput(pair, {
      path: '/api/trips/list',
      body: listBody(w.default, 15),
      connections: config.connections,
      seconds: config.seconds,
      rounds: config.rounds,
      log,
    });

    await settle();
    const after = { app: round(memory(app.pid).rss, 1), bare: round(memory(bare.pid).rss, 1) };
    const web = kind === (config.only === 'postgres' ? 'postgres' : 'pglite') ? webBundle(app.url) : null;
    return {
      kind,
      label,
      dataset: meta,
      start_ms: {
        app: figure(starts.app),
        bare: figure(starts.bare),
        ratio_p50: ratio(figure(starts.app).p50, figure(starts.bare).p50),
      },
      idle_rss_mb: { app: idle.app, bare: idle.bare, ratio: ratio(idle.app, idle.bare) },
      rss_after_run_mb: after,
      connection_resets: { app: resetsAt(app.url) - resetsBefore.app, bare: resetsAt(bare.url) - resetsBefore.bare },
      lists,
      exports,
      invoices,
      throughput: tput,
      web,
    };
  } finally {
    await direct?.close();
    await servers.app.stop();
    await servers.bare.stop();
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
      ...databases.flatMap((d) =>
        [...d.lists, ...d.exports, d.invoices]
          .filter((s) => !s.check.same)
          .map((s) => `${d.label} ${s.title}: ${s.check.detail}`),
      ),
    ],
  };
  const dir = join(ROOT, 'bench/results');
  await mkdir(dir, { recursive: true });
  const partial = quick || config.only !== 'all' ? '-partial' : '';
  const name = `${started.toISOString().slice(0, 10)}-${g.sha}${partial}`;
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
