// Cost growth with history (issue 31): the trips list's default page, 'All' and the one-year window,
// through HTTP as admin@backhaul.demo, on the 1M-load database and on a 5M-load one whose loads per
// day are the same and whose history is five times longer (25 years instead of 5: a carrier grows
// its history, not its daily loads), so each window holds about the same rows on both. Two apps
// run at once, one on each database; each request is timed in pairs (1M then 5M, then 5M then 1M …,
// after 3 warm-up pairs), so the machine's load falls on both alike. The figure is
// p50(5M) / p50(1M) per request (goal ≤ 1.3×), each p50 the median of the passes' p50s; the ratio of
// each pass is printed beside it. Exit 1 when a growth is over the goal. Then, for reading, the
// database's part alone: the statements each request sends (recorded through lib/explain.ts's
// relay), each run 7 times with EXPLAIN ANALYZE on a direct connection, medians summed.
//
//   node --import tsx bench/growth.ts               # builds or reuses both datasets, then measures
//   node --import tsx bench/growth.ts --build-only  # only builds or reuses the 5M one (12 min here)
//
// The 1M database is reused as `npm run bench` made it (never rebuilt here). The 5M one is built
// like it (lib/dataset.ts) with 25 years of history. Writes bench/results/<date>-<sha>-growth.json.
//
// Settings: BENCH_DATABASE_URL (the 1M database, default …/backhaul_bench), BENCH_GROWTH_DATABASE_URL
// (default …/backhaul_bench_5m), BENCH_PG_LOADS (1000000), BENCH_GROWTH_LOADS (5000000),
// BENCH_GROWTH_PASSES (3), BENCH_GROWTH_ITERATIONS (15 per pass; 'All' 5), BENCH_DATA_DIR.
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { type DatasetMeta, gitSha, preparePostgres } from './lib/dataset';
import { connectPostgres, databaseName, withDatabase } from './lib/db';
import { captureProxy, explainable, type RunningApp, startAppOrApi } from './lib/explain';
import { generatorVersion, yearsAtReferenceRate } from './lib/generator';
import { keepAlive, ok } from './lib/http';
import { ALL_ROWS, listBody } from './lib/scenarios';
import { signIn } from './lib/screens';
import { ROOT } from './lib/servers';
import { figure, round } from './lib/stats';

const env = process.env;
const baseUrl = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55432/backhaul_bench';
const config = {
  small: { url: baseUrl, loads: Number(env.BENCH_PG_LOADS ?? 1_000_000) },
  large: {
    url: env.BENCH_GROWTH_DATABASE_URL ?? withDatabase(baseUrl, 'backhaul_bench_5m'),
    loads: Number(env.BENCH_GROWTH_LOADS ?? 5_000_000),
  },
  passes: Number(env.BENCH_GROWTH_PASSES ?? 3),
  iterations: Number(env.BENCH_GROWTH_ITERATIONS ?? 15),
  warmup: 3,
  dataDir: env.BENCH_DATA_DIR ?? join(ROOT, 'bench/.data'),
  buildOnly: process.argv.includes('--build-only'),
};
/** The cost growth allowed from 1M to 5M loads. */
export const GROWTH_GOAL = 1.3;

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

type Request = { id: 'default' | 'all' | 'year'; title: string; body: (m: DatasetMeta) => unknown; iterations: number };
const REQUESTS: Request[] = [
  {
    id: 'default',
    title: 'Default page (15 rows, 4 weeks)',
    body: (m) => listBody(m.windows.default, 15),
    iterations: 1,
  },
  {
    id: 'all',
    title: "'All' (every row of 4 weeks)",
    body: (m) => listBody(m.windows.default, ALL_ROWS),
    iterations: 1 / 3,
  },
  { id: 'year', title: 'One-year window (15 rows)', body: (m) => listBody(m.windows.year, 15), iterations: 1 },
];

type Measured = Record<Request['id'], { p50s: number[]; p50: number; p95: number; rows: number }>;
/** One pass on one database: each request's times, and the rows its answer held. */
type Pass = Record<Request['id'], { times: number[]; rows: number }>;

/**
 * The 1M database is `npm run bench`'s own: growth.ts reuses it as it is and never rebuilds it (a
 * stale one is refused; `npm run bench` rebuilds it).
 */
async function checkReusable(url: string, loads: number): Promise<void> {
  const admin = await connectPostgres(withDatabase(url, 'postgres'));
  try {
    const [row] = await admin.query<{ comment: string | null }>(
      `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
      [databaseName(url)],
    );
    const meta = row?.comment ? (JSON.parse(row.comment) as DatasetMeta) : null;
    if (!meta || meta.version !== generatorVersion() || meta.target_loads !== loads || (meta.years ?? 5) !== 5) {
      throw new Error(`${databaseName(url)} is not a current ${loads}-load bench dataset: run \`npm run bench\` first`);
    }
  } finally {
    await admin.close();
  }
}

async function prepare(which: 'small' | 'large'): Promise<DatasetMeta> {
  const c = config[which];
  if (which === 'small') await checkReusable(c.url, c.loads);
  const workDir = join(config.dataDir, `growth-${databaseName(c.url)}`);
  await mkdir(workDir, { recursive: true });
  return preparePostgres({
    url: c.url,
    loads: c.loads,
    years: yearsAtReferenceRate(c.loads),
    rebuild: false,
    workDir,
    log,
  });
}

type Side = { url: string; meta: DatasetMeta; app: RunningApp; token: string; agent: ReturnType<typeof keepAlive> };

async function startSide(url: string, meta: DatasetMeta): Promise<Side> {
  const runDir = join(config.dataDir, `growth-run-${databaseName(url)}`);
  await mkdir(runDir, { recursive: true });
  const app = await startAppOrApi({
    env: { DATABASE_URL: url, DATA_DIR: join(runDir, 'app'), SEED: 'none', PORT: '0' },
    logFile: join(runDir, 'app.log'),
    // The first start on a database applies new migrations (a backfill over 5M loads takes minutes).
    timeoutMs: 30 * 60_000,
    log,
  });
  try {
    return { url, meta, app, token: await signIn(app.url), agent: keepAlive() };
  } catch (err) {
    await app.stop();
    throw err;
  }
}

/**
 * One pass: each request warmed up on both apps, then timed in pairs, 1M and 5M one right after
 * the other (the order swapped every pair), so the machine's load falls on both alike.
 */
async function measurePass(sides: [Side, Side], pass: number): Promise<[Pass, Pass]> {
  const out = [{}, {}] as [Pass, Pass];
  for (const r of REQUESTS) {
    const n = Math.max(3, Math.round(config.iterations * r.iterations));
    const times: [number[], number[]] = [[], []];
    const rows = [0, 0];
    for (let i = 0; i < config.warmup + n; i++) {
      for (const k of i % 2 ? [1, 0] : [0, 1]) {
        const s = sides[k] as Side;
        const reply = await ok(s.app.url, {
          method: 'POST',
          path: '/api/trips/list',
          body: r.body(s.meta),
          token: s.token,
          agent: s.agent,
        });
        if (i >= config.warmup) times[k]?.push(reply.ms);
        if (i === 0) rows[k] = (JSON.parse(reply.body.toString()) as { rows: unknown[] }).rows.length;
      }
    }
    out[0][r.id] = { times: times[0], rows: rows[0] ?? 0 };
    out[1][r.id] = { times: times[1], rows: rows[1] ?? 0 };
    log(
      `  pass ${pass}: ${r.id} p50 ${figure(times[0]).p50} ms (${rows[0]} rows) | ${figure(times[1]).p50} ms (${rows[1]} rows)`,
    );
  }
  return out;
}

/**
 * The database's part alone, without HTTP or the machine's scheduling of two apps: the statements
 * each request makes (recorded through lib/explain.ts's relay on an app started for it), each run
 * with EXPLAIN ANALYZE `SQL_RUNS` times on a direct connection; per request the sum of the
 * statements' median execution times, ms.
 */
const SQL_RUNS = 7;
async function sqlAlone(url: string, meta: DatasetMeta): Promise<Record<Request['id'], number>> {
  const target = new URL(url);
  const capture = await captureProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const relayed = new URL(url);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(capture.port);
  const runDir = join(config.dataDir, `growth-run-${databaseName(url)}`);
  const app = await startAppOrApi({
    env: { DATABASE_URL: relayed.toString(), DATA_DIR: join(runDir, 'app'), SEED: 'none', PORT: '0' },
    logFile: join(runDir, 'app-sql.log'),
    timeoutMs: 30 * 60_000,
    log,
  });
  try {
    const token = await signIn(app.url);
    for (const r of REQUESTS) {
      const call = { method: 'POST' as const, path: '/api/trips/list', body: r.body(meta), token };
      await ok(app.url, call);
      capture.mark(r.id);
      await ok(app.url, call);
      capture.mark('(between)');
    }
  } finally {
    await app.stop();
    await capture.close();
  }
  const db = await connectPostgres(url);
  const out = {} as Record<Request['id'], number>;
  try {
    await db.exec('set jit = off');
    for (const r of REQUESTS) {
      let sum = 0;
      for (const st of capture.statements.filter((x) => x.label === r.id)) {
        const text = explainable(st.text);
        if (!text) continue;
        const times: number[] = [];
        for (let i = 0; i < SQL_RUNS; i++) {
          const plan = await db.query<{ 'QUERY PLAN': Array<{ 'Execution Time': number }> }>(
            `explain (analyze, format json) ${text}`,
            st.params,
          );
          times.push(plan[0]?.['QUERY PLAN'][0]?.['Execution Time'] ?? 0);
        }
        sum += median(times);
      }
      out[r.id] = round(sum);
    }
  } finally {
    await db.close();
  }
  return out;
}

function summarise(passes: Pass[]): Measured {
  const out = {} as Measured;
  for (const r of REQUESTS) {
    const figs = passes.map((p) => figure(p[r.id].times));
    out[r.id] = {
      p50s: figs.map((f) => f.p50),
      p50: median(figs.map((f) => f.p50)),
      p95: median(figs.map((f) => f.p95)),
      rows: passes[0]?.[r.id].rows ?? 0,
    };
  }
  return out;
}

const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return round(s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2);
};

async function main() {
  log(`1M: ${databaseName(config.small.url)}; 5M: ${databaseName(config.large.url)}`);
  const large = await prepare('large');
  if (config.buildOnly) return;
  const small = await prepare('small');
  // Both apps run at once, one on each database; the requests alternate between them.
  const first = await startSide(config.small.url, small);
  const second = await startSide(config.large.url, large).catch(async (err) => {
    await first.app.stop();
    throw err;
  });
  const sides: [Side, Side] = [first, second];
  const passes: [Pass[], Pass[]] = [[], []];
  const loadBefore = loadavg().map((v) => round(v));
  try {
    for (let pass = 1; pass <= config.passes; pass++) {
      const [a, b] = await measurePass(sides, pass);
      passes[0].push(a);
      passes[1].push(b);
    }
  } finally {
    for (const s of sides) {
      s.agent.destroy();
      await s.app.stop();
    }
  }
  const loadAfter = loadavg().map((v) => round(v));
  log('the statements alone (EXPLAIN ANALYZE)');
  const sql = [await sqlAlone(first.url, small), await sqlAlone(second.url, large)] as const;
  const results = sides.map((s, k) => ({
    db: databaseName(s.url),
    meta: s.meta,
    figures: summarise(passes[k] ?? []),
  }));
  const [a, b] = results as [(typeof results)[0], (typeof results)[0]];
  const rows = REQUESTS.map((r) => {
    const growth = round(b.figures[r.id].p50 / a.figures[r.id].p50);
    // Pass by pass (the two databases measured one after the other): how much of the spread is the machine.
    const perPass = a.figures[r.id].p50s.map((v, i) => round((b.figures[r.id].p50s[i] ?? Number.NaN) / v));
    return {
      id: r.id,
      title: r.title,
      small: a.figures[r.id],
      large: b.figures[r.id],
      window_loads: {
        small: r.id === 'year' ? a.meta.windows.year.loads : a.meta.windows.default.loads,
        large: r.id === 'year' ? b.meta.windows.year.loads : b.meta.windows.default.loads,
      },
      growth,
      growth_per_pass: perPass,
      sql_ms: { small: sql[0][r.id], large: sql[1][r.id], growth: round(sql[1][r.id] / sql[0][r.id]) },
      goal: GROWTH_GOAL,
      verdict: growth <= GROWTH_GOAL ? 'met' : 'NOT MET',
    };
  });
  const lines = [
    `| request | ${a.db} p50 (loads in window) | ${b.db} p50 (loads in window) | growth | per pass | goal | verdict | SQL alone 1M → 5M |`,
    '|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.title} | ${r.small.p50} ms (${r.window_loads.small.toLocaleString('en-US')}) | ${r.large.p50} ms (${r.window_loads.large.toLocaleString('en-US')}) | ${r.growth}× | ${r.growth_per_pass.map((g) => `${g}×`).join(', ')} | ≤ ${r.goal}× | ${r.verdict} | ${r.sql_ms.small} → ${r.sql_ms.large} ms (${r.sql_ms.growth}×) |`,
    ),
    '',
    `Load average before ${loadBefore.join(' / ')}, after ${loadAfter.join(' / ')} (1 / 5 / 15 min); ${config.passes} passes, ${config.iterations} timed requests a pass ('All' a third).`,
  ];
  console.log(`\n${lines.join('\n')}\n`);
  const file = join(ROOT, 'bench/results', `${new Date().toISOString().slice(0, 10)}-${gitSha()}-growth.json`);
  await writeFile(
    file,
    `${JSON.stringify({ git_sha: gitSha(), passes: config.passes, iterations: config.iterations, load_average: { before: loadBefore, after: loadAfter }, datasets: results.map((r) => ({ db: r.db, loads: r.meta.loads, years: r.meta.years ?? 5, windows: r.meta.windows })), figures: rows }, null, 2)}\n`,
  );
  log(`wrote ${file}`);
  if (rows.some((r) => r.verdict !== 'met')) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
