// The trips page in Chromium at 1M loads (issue 31): navigation to /trips/list → the first 15 rows
// on screen, the same with a page of 500 rows (the answer handled and the rows rendered), and the
// longest main-thread task of each. Figures, not a test: it prints a table and writes
// bench/results/<date>-trips-page-<sha>.json (a new file each run). bench/README.md explains it.
//
//   node --import tsx bench/trips-page.ts
//   BENCH_PASSES=3 BENCH_PROFILE=1 node --import tsx bench/trips-page.ts   # + a CPU profile of one 500-row load
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { gitSha } from './lib/dataset';
import { ROOT, type Server, startApp } from './lib/servers';

// Browser globals of the functions this file runs in the page. The bench is type-checked with the
// server's Node types (no DOM library: adding it program-wide changes Node's Buffer types), so the
// few it uses are declared here, in this module only.
type PageElement = {
  querySelectorAll(selector: string): { length: number };
  querySelector<T = PageElement>(selector: string): T | null;
  offsetHeight: number;
};
type HTMLElement = PageElement;
declare const window: object;
declare const location: { search: string };
declare const document: { querySelector(selector: string): PageElement | null };
declare const localStorage: { setItem(key: string, value: string): void };
declare function requestAnimationFrame(callback: () => void): number;

const config = {
  /** An app that is already up (then nothing is started or built). */
  url: process.env.BENCH_TRIPS_URL ?? null,
  databaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55432/backhaul_bench',
  port: process.env.BENCH_TRIPS_PORT ?? '3281',
  passes: Math.max(1, Number(process.env.BENCH_PASSES ?? 5)),
  profile: process.env.BENCH_PROFILE === '1',
  email: 'admin@backhaul.demo',
  password: 'backhaul',
};

/** The trips route (packages/shared/src/spec/routes.json: /dispatch redirects to it). */
const TRIPS_PATH = '/trips/list';
/** After the last figure, long tasks still count for this long (effects after the rows show). */
const SETTLE_MS = 1000;
const GOALS = { rows15: 500, rows500: 700, longTask: 100 };

const t0 = Date.now();
const log = (line: string) => console.log(`${String(Math.round((Date.now() - t0) / 1000)).padStart(5)}s ${line}`);

/**
 * Runs in the page before any of its scripts: long tasks from a PerformanceObserver, and a frame loop
 * noting when the table first shows `want` data rows and when it holds every row of the page
 * (the virtualised body is rows × 36 px high, whatever few rows are in the DOM).
 */
function probe() {
  type Bench = { longTasks: Array<{ start: number; duration: number }>; marks: Record<string, number> };
  const bench: Bench = { longTasks: [], marks: {} };
  (window as unknown as { __bench: Bench }).__bench = bench;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) bench.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask' as 'mark', buffered: true });
  const size = Number(new URLSearchParams(location.search).get('size')) || 15;
  const tick = () => {
    const table = document.querySelector('[data-testid="data-table-trips"]');
    const rows = table ? table.querySelectorAll('tr[data-testid="table-row"]').length : 0;
    const scroll = table?.querySelector<HTMLElement>('[data-testid="table-scroll"]');
    const body = scroll?.querySelector('table > tbody:last-of-type') as HTMLElement | null;
    if (rows >= 15 && bench.marks.rows15 === undefined) bench.marks.rows15 = performance.now();
    if (rows >= Math.min(15, size) && body && body.offsetHeight >= size * 36 && bench.marks.full === undefined) {
      bench.marks.full = performance.now();
      bench.marks.renderedRows = rows;
    }
    if (bench.marks.full === undefined) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

type Pass = {
  size: number;
  /** First 15 data rows in the DOM (a frame after React committed them), ms after navigation start. */
  rows15_ms: number;
  /** Every row of the page in the table's model (its body rows × 36 px high) and the first rows shown. */
  full_ms: number;
  rendered_rows: number;
  long_tasks: Array<{ start: number; duration: number }>;
  longest_task_ms: number;
  /** API calls of the navigation: start and end, ms after navigation start. */
  calls: Array<{ path: string; start: number; end: number }>;
};

async function signIn(context: BrowserContext, base: string): Promise<void> {
  const page = await context.newPage();
  const res = await page.request.post(`${base}/api/login`, {
    data: { email: config.email, password: config.password },
    headers: { 'x-backhaul-client': 'web' },
  });
  const body = (await res.json()) as { version: string; version_show: boolean; error?: string };
  if (!res.ok() || body.error) throw new Error(`sign-in failed: ${res.status()} ${JSON.stringify(body)}`);
  // Written on a same-origin page where the app does not run (as e2e/helpers.ts signInWithStorage).
  await page.goto(`${base}/api/health`);
  await page.evaluate((b) => {
    localStorage.setItem('token', 'cookie');
    localStorage.setItem('version', b.version);
    localStorage.setItem('version_show', String(b.version_show));
    localStorage.setItem('versionShowPopup', b.version);
  }, body);
  await page.close();
}

async function onePass(context: BrowserContext, base: string, size: number, profileTo: string | null): Promise<Pass> {
  const page: Page = await context.newPage();
  const cdp = profileTo ? await context.newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const url = `${base}${TRIPS_PATH}${size === 15 ? '' : `?size=${size}`}`;
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(
    () => (window as unknown as { __bench?: { marks: { full?: number } } }).__bench?.marks.full,
    null,
    {
      timeout: 60_000,
      polling: 100,
    },
  );
  await page.waitForTimeout(SETTLE_MS);
  const result = await page.evaluate(() => {
    const b = (window as unknown as { __bench: { longTasks: Pass['long_tasks']; marks: Record<string, number> } })
      .__bench;
    const calls = performance
      .getEntriesByType('resource')
      .filter((e) => new URL(e.name).pathname.startsWith('/api/'))
      .map((e) => {
        const r = e as unknown as { name: string; startTime: number; responseEnd: number };
        return { path: new URL(r.name).pathname, start: Math.round(r.startTime), end: Math.round(r.responseEnd) };
      });
    return { marks: b.marks, longTasks: b.longTasks, calls };
  });
  if (cdp && profileTo) {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(profileTo, JSON.stringify(profile));
    summariseProfile(profile as CpuProfile);
  }
  await page.close();
  const full = result.marks.full as number;
  const tasks = result.longTasks.filter((t) => t.start <= full + SETTLE_MS);
  return {
    size,
    rows15_ms: Math.round(result.marks.rows15 ?? full),
    full_ms: Math.round(full),
    rendered_rows: result.marks.renderedRows ?? 0,
    long_tasks: tasks.map((t) => ({ start: Math.round(t.start), duration: Math.round(t.duration) })),
    longest_task_ms: Math.round(Math.max(0, ...tasks.map((t) => t.duration))),
    calls: result.calls,
  };
}

type CpuProfile = {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }>;
  samples: number[];
  timeDeltas: number[];
};

/** Self time by function, the heaviest first: where a long task spends its time. */
function summariseProfile(p: CpuProfile): void {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  p.samples.forEach((id, i) => {
    const n = byId.get(id);
    if (!n) return;
    const f = n.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop() ?? ''}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000);
  });
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25);
  console.log('  CPU profile, self time (ms):');
  for (const [k, ms] of top) console.log(`  ${ms.toFixed(1).padStart(8)}  ${k}`);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : Math.round(((s[m - 1] as number) + (s[m] as number)) / 2);
};

function resultFile(sha: string): string {
  const dir = join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const base = `${new Date().toISOString().slice(0, 10)}-trips-page-${sha}`;
  for (let i = 1; ; i++) {
    const name = join(dir, `${base}${i === 1 ? '' : `-${i}`}.json`);
    if (!existsSync(name)) return name;
  }
}

async function main() {
  const loadStart = os.loadavg();
  let server: Server | null = null;
  let browser: Browser | null = null;
  try {
    let base = config.url;
    if (!base) {
      log(`starting the app (node scripts/start.mjs) on ${config.databaseUrl}`);
      const dataDir = join(ROOT, 'bench/.data/trips-page');
      mkdirSync(dataDir, { recursive: true });
      server = await startApp({
        env: {
          DATABASE_URL: config.databaseUrl,
          DATA_DIR: dataDir,
          SEED: 'none',
          PORT: config.port,
          LOG_LEVEL: 'warn',
        },
        logFile: join(dataDir, 'app.log'),
      });
      base = server.url;
      log(`app up at ${base} in ${Math.round(server.startMs)} ms`);
    }
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    // tsx (esbuild keepNames) wraps named functions in __name(): the page gets a stand-in.
    await context.addInitScript({ content: `var __name = (f) => f; (${probe.toString()})();` });
    await signIn(context, base);
    // One pass of each discarded: the HTTP cache holds the page's code, as for a user who came back.
    for (const size of [15, 500]) await onePass(context, base, size, null);
    const passes: Pass[] = [];
    for (let i = 0; i < config.passes; i++) {
      for (const size of i % 2 ? [500, 15] : [15, 500]) {
        const pass = await onePass(context, base, size, null);
        passes.push(pass);
        const list = pass.calls.find((c) => c.path === '/api/trips/list');
        log(
          `pass ${i + 1} size ${size}: 15 rows ${pass.rows15_ms} ms, all ${pass.full_ms} ms, longest task ${pass.longest_task_ms} ms` +
            (list ? `, list ${list.start}–${list.end} ms` : ''),
        );
      }
    }
    let profile: string | null = null;
    if (config.profile) {
      profile = `/tmp/trips-page-${Date.now()}.cpuprofile`;
      log(`profiling one 500-row load → ${profile}`);
      await onePass(context, base, 500, profile);
    }

    const of = (size: number) => passes.filter((p) => p.size === size);
    const summary = {
      first_15_rows_ms: median(of(15).map((p) => p.rows15_ms)),
      rows_500_ms: median(of(500).map((p) => p.full_ms)),
      longest_task_15_ms: median(of(15).map((p) => p.longest_task_ms)),
      longest_task_500_ms: median(of(500).map((p) => p.longest_task_ms)),
      worst_task_ms: Math.max(...passes.map((p) => p.longest_task_ms)),
    };
    const verdict = (v: number, goal: number) => (v <= goal ? 'met' : 'NOT met');
    const loadEnd = os.loadavg();
    const sha = gitSha();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim().length;
    const results = {
      date: new Date().toISOString(),
      git: { sha, dirty: dirty > 0 },
      machine: { cpus: os.cpus().length, node: process.version, loadavg_start: loadStart, loadavg_end: loadEnd },
      browser: { chromium: browser.version(), viewport: '1440x900', cache: 'warm (one discarded pass)' },
      database: config.url ? 'external app' : config.databaseUrl,
      passes_per_size: config.passes,
      goals_ms: GOALS,
      summary,
      verdicts: {
        first_15_rows: verdict(summary.first_15_rows_ms, GOALS.rows15),
        rows_500: verdict(summary.rows_500_ms, GOALS.rows500),
        long_task: verdict(summary.worst_task_ms, GOALS.longTask),
      },
      passes,
      ...(profile ? { cpu_profile: profile } : {}),
    };
    const file = resultFile(sha);
    writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);

    const lines = [
      '',
      `Trips page in Chromium ${browser.version()} at 1440×900, ${config.passes} passes a size (median), git ${sha}${dirty ? ' (uncommitted changes)' : ''}`,
      `load average ${loadStart.map((v) => v.toFixed(2)).join(' ')} → ${loadEnd.map((v) => v.toFixed(2)).join(' ')}`,
      '',
      '| figure | median | all passes | goal | verdict |',
      '|---|---|---|---|---|',
      `| first 15 rows on screen, ms | ${summary.first_15_rows_ms} | ${of(15)
        .map((p) => p.rows15_ms)
        .join(', ')} | ≤ ${GOALS.rows15} | ${results.verdicts.first_15_rows} |`,
      `| 500 rows loaded (page size 500), ms | ${summary.rows_500_ms} | ${of(500)
        .map((p) => p.full_ms)
        .join(', ')} | ≤ ${GOALS.rows500} | ${results.verdicts.rows_500} |`,
      `| longest main-thread task, 15 rows, ms | ${summary.longest_task_15_ms} | ${of(15)
        .map((p) => p.longest_task_ms)
        .join(
          ', ',
        )} | ≤ ${GOALS.longTask} | ${verdict(Math.max(...of(15).map((p) => p.longest_task_ms)), GOALS.longTask)} |`,
      `| longest main-thread task, 500 rows, ms | ${summary.longest_task_500_ms} | ${of(500)
        .map((p) => p.longest_task_ms)
        .join(
          ', ',
        )} | ≤ ${GOALS.longTask} | ${verdict(Math.max(...of(500).map((p) => p.longest_task_ms)), GOALS.longTask)} |`,
      '',
      `API calls of the last 500-row pass (start–end, ms): ${
        of(500)
          .at(-1)
          ?.calls.map((c) => `${c.path} ${c.start}–${c.end}`)
          .join('; ') ?? ''
      }`,
      `wrote ${file.slice(ROOT.length + 1)}`,
    ];
    console.log(lines.join('\n'));
  } finally {
    await browser?.close();
    await server?.stop();
  }
}

await main();
