// Cost growth with history (issue 31): the trips list's default page, 'All' and the one-year window,
// through HTTP as admin@backhaul.demo, on the 1M-load database and on a 5M-load one whose loads per
// day are the same and whose history is five times longer (25 years instead of 5: a carrier grows
// its history, not its daily loads), so each window holds about the same rows on both. Each pass
// starts the app on one database, times the three requests (after 3 warm-up calls each) and stops
// it; passes alternate between the databases (1M, 5M, 5M, 1M, 1M, 5M). The figure is
// p50(5M) / p50(1M) per request (goal ≤ 1.3×), each p50 the median of the passes' p50s; the ratio of
// each pass pair is printed beside it. Exit 1 when a growth is over the goal.
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
import { startAppOrApi } from './lib/explain';
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

/** One pass: the app started on the database, signed in, each request warmed up then timed; the app stopped. */
async function measurePass(url: string, meta: DatasetMeta, pass: number): Promise<Pass> {
  const runDir = join(config.dataDir, `growth-run-${databaseName(url)}`);
  await mkdir(runDir, { recursive: true });
  const app = await startAppOrApi({
    env: { DATABASE_URL: url, DATA_DIR: join(runDir, 'app'), SEED: 'none', PORT: '0' },
    logFile: join(runDir, 'app.log'),
    // The first start on a database applies new migrations (a backfill over 5M loads takes minutes).
    timeoutMs: 30 * 60_000,
    log,
  });
  const agent = keepAlive();
  try {
    const token = await signIn(app.url);
    const out = {} as Pass;
    for (const r of REQUESTS) {
      const n = Math.max(3, Math.round(config.iterations * r.iterations));
      const times: number[] = [];
      let rows = 0;
      for (let i = 0; i < config.warmup + n; i++) {
        const reply = await ok(app.url, { method: 'POST', path: '/api/trips/list', body: r.body(meta), token, agent });
        if (i >= config.warmup) times.push(reply.ms);
        if (i === 0) rows = (JSON.parse(reply.body.toString()) as { rows: unknown[] }).rows.length;
      }
      out[r.id] = { times, rows };
      log(`  ${databaseName(url)} pass ${pass}: ${r.id} p50 ${figure(times).p50} ms (${rows} rows)`);
    }
    return out;
  } finally {
    agent.destroy();
    await app.stop();
  }
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
  // Passes alternate between the databases (1M, 5M, 5M, 1M, 1M, 5M …) so the machine's load falls on both alike.
  const sides = [
    { url: config.small.url, meta: small, passes: [] as Pass[] },
    { url: config.large.url, meta: large, passes: [] as Pass[] },
  ];
  const loadBefore = loadavg().map((v) => round(v));
  for (let pass = 1; pass <= config.passes; pass++) {
    const order = pass % 2 ? sides : [...sides].reverse();
    for (const side of order) side.passes.push(await measurePass(side.url, side.meta, pass));
  }
  const loadAfter = loadavg().map((v) => round(v));
  const results = sides.map((s) => ({ db: databaseName(s.url), meta: s.meta, figures: summarise(s.passes) }));
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
      goal: GROWTH_GOAL,
      verdict: growth <= GROWTH_GOAL ? 'met' : 'NOT MET',
    };
  });
  const lines = [
    `| request | ${a.db} p50 (loads in window) | ${b.db} p50 (loads in window) | growth | per pass | goal | verdict |`,
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.title} | ${r.small.p50} ms (${r.window_loads.small.toLocaleString('en-US')}) | ${r.large.p50} ms (${r.window_loads.large.toLocaleString('en-US')}) | ${r.growth}× | ${r.growth_per_pass.map((g) => `${g}×`).join(', ')} | ≤ ${r.goal}× | ${r.verdict} |`,
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
