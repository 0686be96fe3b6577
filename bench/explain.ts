// The query plans of every list and report on the bench's 1M database, and the screen figures
// (issue 31). Two parts, both on the app as `npm start` runs it, against BENCH_DATABASE_URL:
//
// 1. EXPLAIN: the app starts with its DATABASE_URL pointed at a relay (lib/explain.ts) that records
//    every statement it sends, with its bound values. Signed in as admin@backhaul.demo, the script
//    reads the app's own OpenAPI document (GET /api/docs/json) and calls
//      - every list route (an answer with the list engine's keys: columns, search_fields …) with the
//        request the web's table sends on open (page 1 of 20, no filters, with_options: true),
//      - every report route (a path naming a report, statistics or "today"): GET ones as they are,
//        POST ones with the body REPORT_BODIES gives (a report route without one is listed as not
//        covered and fails the run, so a new report cannot slip past),
//    one at a time, then plans each statement that reads again with EXPLAIN (FORMAT JSON) and the
//    same values on a direct connection. A sequential scan of loads fails the run (exit 1); of
//    trips, load_stops or billings it is a warning.
// 2. Screens: the app started again, directly on the database, and the three screens' first loads
//    timed through HTTP (lib/screens.ts), each the median of the passes' p50s, with its goal and verdict.
//
//   node --import tsx bench/explain.ts              # both parts
//   node --import tsx bench/explain.ts --explain    # only the plans
//   node --import tsx bench/explain.ts --screens    # only the screen figures
//
// Settings: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:55432/backhaul_bench; it must be a
// prepared bench dataset: run `npm run bench` once), BENCH_SCREEN_PASSES (3), BENCH_SCREEN_ITERATIONS
// (10 per pass), BENCH_DATA_DIR. Writes bench/results/<date>-<sha>-explain-<database>.json.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gitSha } from './lib/dataset';
import { databaseName } from './lib/db';
import { explainRoutes, explainSummary, startAppOrApi } from './lib/explain';
import { screenFigures, screenTable } from './lib/screens';
import { ROOT } from './lib/servers';

const env = process.env;
const url = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55432/backhaul_bench';
const only = process.argv.includes('--explain') ? 'explain' : process.argv.includes('--screens') ? 'screens' : 'all';
const dataDir = env.BENCH_DATA_DIR ?? join(ROOT, 'bench/.data');
const runDir = join(dataDir, `explain-${databaseName(url)}`);

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

async function screensPart() {
  await mkdir(runDir, { recursive: true });
  const app = await startAppOrApi({
    env: { DATABASE_URL: url, DATA_DIR: join(runDir, 'app'), SEED: 'none', PORT: '0' },
    logFile: join(runDir, 'app-screens.log'),
    timeoutMs: 30 * 60_000,
    log,
  });
  try {
    return await screenFigures({
      baseUrl: app.url,
      passes: Number(env.BENCH_SCREEN_PASSES ?? 3),
      iterations: Number(env.BENCH_SCREEN_ITERATIONS ?? 10),
      log,
    });
  } finally {
    await app.stop();
  }
}

async function main() {
  const out: Record<string, unknown> = {
    git_sha: gitSha(),
    database: databaseName(url),
    date: new Date().toISOString(),
  };
  let failed = false;
  if (only !== 'screens') {
    const result = await explainRoutes({ url, runDir, log });
    const s = explainSummary(result);
    console.log(`\n${s.text}\n`);
    out.explain = { ...result, fails: s.fails, warnings: s.warnings, wide_reads: s.wide };
    failed ||= s.failed.length > 0;
  }
  if (only !== 'explain') {
    const screens = await screensPart();
    console.log(`\n${screenTable(screens)}\n`);
    out.screens = screens;
  }
  const file = join(
    ROOT,
    'bench/results',
    `${new Date().toISOString().slice(0, 10)}-${gitSha()}-explain-${databaseName(url)}.json`,
  );
  await writeFile(file, `${JSON.stringify(out, null, 2)}\n`);
  log(`wrote ${file}`);
  if (failed) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
