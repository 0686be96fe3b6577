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
import { connectPostgres, databaseName } from './lib/db';
import {
  type Captured,
  captureProxy,
  explainable,
  explainStatement,
  FAIL_ON,
  type SeqScan,
  seqScans,
  startAppOrApi,
  WARN_ON,
  WIDE_READ_ROWS,
  type WideRead,
  wideReads,
} from './lib/explain';
import { json, keepAlive, request } from './lib/http';
import { screenFigures, screenTable, signIn } from './lib/screens';
import { ROOT } from './lib/servers';

const env = process.env;
const url = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55432/backhaul_bench';
const only = process.argv.includes('--explain') ? 'explain' : process.argv.includes('--screens') ? 'screens' : 'all';
const dataDir = env.BENCH_DATA_DIR ?? join(ROOT, 'bench/.data');
const runDir = join(dataDir, `explain-${databaseName(url)}`);

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

/** What the web's table sends on open (list-state.ts: DEFAULT_LIST_STATE, with_options on the first request). */
export const FIRST_LOAD = {
  filters: {},
  search: '',
  sort: null,
  order: null,
  limit: 20,
  page: 1,
  with_options: true,
  keep: [],
};

/** A path that names a report: its queries are checked with the lists'. */
const REPORT_PATH = /report|statistic|today|summary|dashboard/i;

/** Today and its month and quarter in the company's time zone (the reports' defaults). */
const chicago = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Chicago' });
const previousQuarter = (day: string) => {
  const q = Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1;
  return q === 1 ? `${Number(day.slice(0, 4)) - 1}-Q4` : `${day.slice(0, 4)}-Q${q - 1}`;
};

/**
 * Bodies of the POST report routes that need one (the others get `{}`, their own defaults: the
 * screen's first call). A report answering anything but 200 fails the run: give it a body here.
 */
const REPORT_BODIES: Record<string, (today: string) => unknown> = {
  '/api/ifta/report': (today) => ({ quarter: previousQuarter(today) }),
};

/**
 * Path parameters of list and report routes: a value each (SQL on the bench database, or a date).
 * A list or report route with a parameter not here is listed as not covered and fails the run.
 */
const PATH_VALUES: Record<
  string,
  (q: (sql: string) => Promise<string | null>, today: string) => Promise<string | null>
> = {
  '/api/dispatcher/statement/{id}/list': (q) =>
    q("select max(id)::text as v from pay_statements where kind = 'dispatcher'"),
  '/api/safety/statistic/{date}': async (_q, today) => today.slice(0, 7),
  '/api/work-order/statistics/show/{date}': async (_q, today) => today,
};

/** Routes a path makes look like a report that are not reads of one (why, for the output). */
const NOT_REPORTS: Record<string, string> = {
  'POST /api/reports': 'creates an incident report (the reports module: records, its lists are checked)',
  'POST /api/reports/safety': 'creates a safety report (a record)',
  'POST /api/invoice/sendStatistic/{invoice_id}': 'mails an invoice',
  'GET /api/truck-road/report/{company}/{date}': "the mailed day's report behind a signed link (no session)",
};

/** Routes that send or write (not reads), whatever their path says. */
const NOT_READS = /\/(send|export|create|approved|delete|import|upload|update)(\/|$)/i;

type Operation = {
  method: 'GET' | 'POST';
  path: string;
  kind: 'list' | 'report';
  body?: unknown;
};

type OpenApi = {
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { schema?: { properties?: object } }> }> }>
  >;
};

function isListAnswer(op: OpenApi['paths'][string][string] | undefined): boolean {
  const props = op?.responses?.['200']?.content?.['application/json']?.schema?.properties ?? {};
  return 'columns' in props && 'search_fields' in props && 'defaults' in props;
}

/** Every list and report route of the app, from its OpenAPI document. */
async function operations(
  doc: OpenApi,
  q: (sql: string) => Promise<string | null>,
  today: string,
): Promise<{ calls: Operation[]; uncovered: string[]; skipped: string[] }> {
  const calls: Operation[] = [];
  const uncovered: string[] = [];
  const skipped: string[] = [];
  for (const [template, methods] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(methods)) {
      const method = m.toUpperCase();
      if (method !== 'GET' && method !== 'POST') continue;
      const list = isListAnswer(op);
      if (!list && !REPORT_PATH.test(template)) continue;
      const label = `${method} ${template}`;
      if (NOT_REPORTS[label]) {
        skipped.push(`${label}: ${NOT_REPORTS[label]}`);
        continue;
      }
      if (!list && NOT_READS.test(template)) continue;
      let path = template;
      if (template.includes('{')) {
        const value = await PATH_VALUES[template]?.(q, today);
        if (!value) {
          uncovered.push(`${label} (a path parameter with no value in PATH_VALUES)`);
          continue;
        }
        path = template.replace(/\{[^}]+\}/, encodeURIComponent(value));
      }
      const body =
        method === 'GET' ? undefined : list ? FIRST_LOAD : (REPORT_BODIES[template]?.(today) ?? ({} as unknown));
      calls.push({ method, path, kind: list ? 'list' : 'report', ...(body === undefined ? {} : { body }) });
    }
  }
  return { calls, uncovered, skipped };
}

type Checked = {
  call: string;
  status: number;
  statements: number;
  explained: number;
  seq_scans: Array<SeqScan & { statement: string; params: Captured['params'] }>;
  wide_reads: Array<WideRead & { statement: string }>;
};

async function explainPart(): Promise<{
  checked: Checked[];
  uncovered: string[];
  skipped: string[];
  failures: string[];
}> {
  const target = new URL(url);
  const capture = await captureProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const relayed = new URL(url);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(capture.port);
  await mkdir(runDir, { recursive: true });
  log(`app on ${databaseName(url)} through the relay on port ${capture.port}`);
  const app = await startAppOrApi({
    env: { DATABASE_URL: relayed.toString(), DATA_DIR: join(runDir, 'app'), SEED: 'none', PORT: '0' },
    logFile: join(runDir, 'app.log'),
    timeoutMs: 30 * 60_000,
    log,
  });
  const results: Array<{ call: string; status: number }> = [];
  let uncovered: string[] = [];
  let skipped: string[] = [];
  try {
    const token = await signIn(app.url);
    const agent = keepAlive();
    const docs = await request(app.url, { method: 'GET', path: '/api/docs/json', token, agent });
    if (docs.status !== 200) throw new Error(`GET /api/docs/json answered ${docs.status}`);
    const direct = await connectPostgres(url);
    const q = async (sql: string) => (await direct.query<{ v: string | null }>(sql))[0]?.v ?? null;
    const ops = await operations(json<OpenApi>(docs), q, chicago()).finally(() => direct.close());
    uncovered = ops.uncovered;
    skipped = ops.skipped;
    log(
      `${ops.calls.length} routes to call (${ops.calls.filter((c) => c.kind === 'list').length} lists), ${uncovered.length} not covered`,
    );
    for (const op of ops.calls) {
      const label = `${op.method} ${op.path}`;
      capture.mark(label);
      const r = await request(app.url, {
        method: op.method,
        path: op.path,
        token,
        agent,
        ...(op.body === undefined ? {} : { body: op.body }),
      });
      // Statements sent after the answer (a job, the live channel) are not the call's.
      capture.mark('(between calls)');
      results.push({ call: label, status: r.status });
      if (r.status !== 200) log(`  ${label}: ${r.status} ${r.body.toString().slice(0, 160)}`);
    }
    capture.mark('(after the calls)');
    agent.destroy();
  } finally {
    await app.stop();
    await capture.close();
  }

  const db = await connectPostgres(url);
  const checked: Checked[] = [];
  const failures: string[] = [];
  try {
    await db.exec('set jit = off');
    for (const r of results) {
      const mine = capture.statements.filter((s) => s.label === r.call);
      const row: Checked = { ...r, statements: mine.length, explained: 0, seq_scans: [], wide_reads: [] };
      for (const s of mine) {
        const text = explainable(s.text);
        if (!text || /pgboss|pg_catalog|information_schema/i.test(text)) continue;
        try {
          const plan = await explainStatement(db, text, s.params);
          row.explained++;
          for (const scan of seqScans(plan)) {
            if (![...FAIL_ON, ...WARN_ON].includes(scan.relation)) continue;
            row.seq_scans.push({ ...scan, statement: text, params: s.params });
          }
          for (const read of wideReads(plan, 'loads')) row.wide_reads.push({ ...read, statement: text });
        } catch (err) {
          failures.push(`${r.call}: EXPLAIN failed (${(err as Error).message}) for ${text.slice(0, 200)}`);
        }
      }
      checked.push(row);
      if (r.status !== 200) failures.push(`${r.call} answered ${r.status}: its default request is not covered`);
    }
  } finally {
    await db.close();
  }
  for (const u of uncovered) failures.push(`not covered: ${u}`);
  return { checked, uncovered, skipped, failures };
}

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
    const { checked, uncovered, skipped, failures } = await explainPart();
    const fails = checked.flatMap((c) =>
      c.seq_scans.filter((s) => FAIL_ON.includes(s.relation)).map((s) => ({ call: c.call, ...s })),
    );
    const warns = checked.flatMap((c) =>
      c.seq_scans.filter((s) => !FAIL_ON.includes(s.relation)).map((s) => ({ call: c.call, ...s })),
    );
    const statements = checked.reduce((s, c) => s + c.explained, 0);
    console.log(
      `\nEXPLAIN: ${checked.length} routes called, ${statements} statements planned, ${fails.length} sequential scans of ${FAIL_ON.join(', ')}, ${warns.length} of ${WARN_ON.join(', ')}\n`,
    );
    const show = (s: (typeof fails)[number]) =>
      `  ${s.call}: Seq Scan on ${s.relation} (~${s.rows.toLocaleString('en-US')} rows${s.filter ? `, filter ${s.filter.slice(0, 160)}` : ''})\n    ${s.statement.replace(/\s+/g, ' ').slice(0, 300)}`;
    if (fails.length) console.log(`FAIL (sequential scan of loads):\n${fails.map(show).join('\n')}\n`);
    if (warns.length) console.log(`warnings:\n${warns.map(show).join('\n')}\n`);
    const wide = checked.flatMap((c) => c.wide_reads.map((w) => ({ call: c.call, ...w })));
    if (wide.length)
      console.log(
        `warnings (index scans of loads planned to read ≥ ${WIDE_READ_ROWS.toLocaleString('en-US')} rows):\n${wide
          .map(
            (w) =>
              `  ${w.call}: ${w.node} on loads${w.index ? ` using ${w.index}` : ''} (~${w.rows.toLocaleString('en-US')} rows)\n    ${w.statement.replace(/\s+/g, ' ').slice(0, 300)}`,
          )
          .join('\n')}\n`,
      );
    if (skipped.length) console.log(`not reports (skipped):\n${skipped.map((u) => `  ${u}`).join('\n')}\n`);
    if (failures.length) console.log(`errors:\n${failures.map((f) => `  ${f}`).join('\n')}\n`);
    out.explain = {
      checked,
      uncovered,
      skipped,
      failures,
      fails: fails.length,
      warnings: warns.length,
      wide_reads: wide.length,
    };
    failed ||= fails.length > 0 || failures.length > 0;
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
