// The measured scenarios. Each runs the app and the bare server in turn (app, bare, app, bare …)
// in one process on one machine, and checks that the two answered the same.
import { createHash } from 'node:crypto';
import autocannon from 'autocannon';
import type { Window } from './dataset';
import type { BenchDb } from './db';
import { json, type keepAlive, ok, type Reply, request } from './http';
import { memory, resetPeak, type Server, sampleRss } from './servers';
import { type Figure, figure, ratio, round } from './stats';
import { zipEntries } from './zip';

export type Side = { server: Server; token: string; agent: ReturnType<typeof keepAlive> };
export type Pair = { app: Side; bare: Side };
export type Log = (line: string) => void;
export type SideName = 'app' | 'bare';
/** Who goes first in each pair of a pass: the app on odd passes (1, 3 …), the bare server on even ones. */
export type Order = readonly [SideName, SideName];
export const orderOf = (pass: number): Order => (pass % 2 === 1 ? ['app', 'bare'] : ['bare', 'app']);
export const orderText = (o: Order) => `${o[0]} first`;

/** "identical" or what differed, from the first difference on. */
export type Check = { same: boolean; detail: string };

export const ALL_ROWS = 99999999;

export const listBody = (w: Pick<Window, 'from' | 'to'>, limit: number) => ({
  filters: { delivery_datetime: { from: w.from, to: w.to } },
  limit,
  page: 1,
  with_options: false,
});

const sha = (b: Buffer) => createHash('sha1').update(b).digest('hex');

function firstDifference(a: Buffer, b: Buffer): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const around = (x: Buffer) => x.subarray(Math.max(0, i - 80), i + 80).toString();
  return `bodies differ at byte ${i} (app ${a.length} B, bare ${b.length} B): app …${around(a)}… bare …${around(b)}…`;
}

export function compareBodies(a: Buffer, b: Buffer): Check {
  return a.equals(b)
    ? { same: true, detail: `identical, ${a.length} bytes` }
    : { same: false, detail: firstDifference(a, b) };
}

const describeSide = (r: Reply) => ({
  bytes: r.body.length,
  wire_bytes: r.wireBytes,
  encoding: (r.headers['content-encoding'] as string | undefined) ?? null,
});

export type LatencyResult = {
  id: string;
  title: string;
  rows: number;
  app: Figure & ReturnType<typeof describeSide>;
  bare: Figure & ReturnType<typeof describeSide>;
  ratio_p50: number;
  ratio_p95: number;
  check: Check;
};

/** One POST answered by both, `iterations` pairs after `warmup` pairs; every pair's bodies compared. */
export async function latency(
  pair: Pair,
  o: {
    id: string;
    title: string;
    path: string;
    body: unknown;
    iterations: number;
    warmup: number;
    order: Order;
    log: Log;
  },
): Promise<LatencyResult> {
  const times = { app: [] as number[], bare: [] as number[] };
  let last: { app: Reply; bare: Reply } | null = null;
  let check: Check | null = null;
  for (let i = 0; i < o.warmup + o.iterations; i++) {
    const replies = {} as { app: Reply; bare: Reply };
    for (const side of o.order) {
      const s = pair[side];
      replies[side] = await ok(s.server.url, {
        method: 'POST',
        path: o.path,
        body: o.body,
        token: s.token,
        agent: s.agent,
      });
      if (i >= o.warmup) times[side].push(replies[side].ms);
    }
    if (!check || (check.same && sha(replies.app.body) !== sha(replies.bare.body))) {
      check = compareBodies(replies.app.body, replies.bare.body);
    }
    last = replies;
  }
  if (!last || !check) throw new Error('no iterations');
  const rows = (json<{ rows?: unknown[] }>(last.app).rows ?? []).length;
  const app = { ...figure(times.app), ...describeSide(last.app) };
  const bare = { ...figure(times.bare), ...describeSide(last.bare) };
  const result = {
    id: o.id,
    title: o.title,
    rows,
    app,
    bare,
    ratio_p50: ratio(app.p50, bare.p50),
    ratio_p95: ratio(app.p95, bare.p95),
    check,
  };
  o.log(
    `  ${o.title.padEnd(44).slice(0, 44)} ${o.order[0].padEnd(4)} 1st app p50 ${app.p50.toFixed(1).padStart(8)} p95 ${app.p95.toFixed(1).padStart(8)} | bare p50 ${bare.p50
      .toFixed(1)
      .padStart(
        8,
      )} p95 ${bare.p95.toFixed(1).padStart(8)} ms | ${result.ratio_p50.toFixed(2)}x | ${check.same ? 'identical' : 'DIFFERENT'}`,
  );
  return result;
}

type JobState = { status: string; done: number; total: number; result?: unknown; error?: string | null };

/** Polls GET /api/jobs/:id until the job ends; answers every distinct progress seen, with its time. */
async function followJob(side: Side, jobId: string, t0: number, pollMs: number) {
  const events: Array<{ at_ms: number; done: number; total: number; status: string }> = [];
  for (;;) {
    const r = await ok(side.server.url, {
      method: 'GET',
      path: `/api/jobs/${jobId}`,
      token: side.token,
      agent: side.agent,
    });
    const j = json<JobState>(r);
    const prev = events[events.length - 1];
    if (!prev || prev.done !== j.done || prev.total !== j.total || prev.status !== j.status) {
      events.push({ at_ms: round(performance.now() - t0, 0), done: j.done, total: j.total, status: j.status });
    }
    if (j.status === 'completed') return { events, result: j.result, ms: performance.now() - t0 };
    if (j.status === 'failed') throw new Error(`${side.server.name} job ${jobId} failed: ${j.error}`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

export type ExportRun = {
  ms: number;
  rows: number;
  file_bytes: number;
  rss_before_mb: number;
  rss_peak_mb: number;
  progress_events: number;
};

export type ExportResult = {
  id: string;
  title: string;
  window: Window;
  app: { seconds: Figure; runs: ExportRun[]; peak_rss_mb: number; added_rss_mb: number };
  bare: { seconds: Figure; runs: ExportRun[]; peak_rss_mb: number; added_rss_mb: number };
  ratio_p50: number;
  check: Check;
};

/** The two files hold the same rows: CSV byte for byte; XLSX the same sheet, styles and strings (not the timestamps). */
function compareFiles(format: 'xlsx' | 'csv', a: Buffer, b: Buffer): Check {
  if (format === 'csv') return compareBodies(a, b);
  const ea = zipEntries(a);
  const eb = zipEntries(b);
  const parts = [...ea.keys()].filter((k) => k.startsWith('xl/'));
  for (const k of parts) {
    const other = eb.get(k);
    if (!other) return { same: false, detail: `the bare workbook has no ${k}` };
    const c = compareBodies(ea.get(k) as Buffer, other);
    if (!c.same) return { same: false, detail: `${k}: ${c.detail}` };
  }
  const sheet = ea.get('xl/worksheets/sheet1.xml')?.length ?? 0;
  return {
    same: true,
    detail: `identical xl/ parts (${parts.length}, sheet ${sheet} bytes); docProps differ by timestamp only`,
  };
}

async function oneExport(side: Side, format: 'xlsx' | 'csv', window: Window, pollMs: number) {
  const pid = side.server.pid;
  const before = memory(pid).rss;
  const hwmReset = resetPeak(pid);
  const stopSampling = sampleRss(pid);
  const t0 = performance.now();
  const answer = json<{ link: string | null; job_id?: string }>(
    await ok(side.server.url, {
      method: 'POST',
      path: '/api/trips/export',
      body: { filters: { delivery_datetime: { from: window.from, to: window.to } }, format },
      token: side.token,
      agent: side.agent,
    }),
  );
  let link = answer.link;
  let events = 0;
  let ms = performance.now() - t0;
  let rows = 0;
  if (!link) {
    const job = await followJob(side, answer.job_id as string, t0, pollMs);
    const result = job.result as { link: string; rows?: number };
    link = result.link;
    rows = result.rows ?? 0;
    events = job.events.length;
    ms = job.ms;
  }
  const sampled = stopSampling();
  const peak = Math.max(sampled, hwmReset ? memory(pid).hwm : 0);
  const file = await ok(side.server.url, { method: 'GET', path: link, token: side.token, agent: side.agent });
  const run: ExportRun = {
    ms: round(ms, 0),
    rows,
    file_bytes: file.body.length,
    rss_before_mb: round(before, 1),
    rss_peak_mb: round(peak, 1),
    progress_events: events,
  };
  return { run, file: file.body };
}

export async function exportScenario(
  pair: Pair,
  o: { format: 'xlsx' | 'csv'; window: Window; runs: number; pollMs: number; order: Order; log: Log },
): Promise<ExportResult> {
  const runs = { app: [] as ExportRun[], bare: [] as ExportRun[] };
  let check: Check | null = null;
  for (let i = 0; i < o.runs; i++) {
    const done = {} as Record<SideName, Awaited<ReturnType<typeof oneExport>>>;
    for (const side of o.order) done[side] = await oneExport(pair[side], o.format, o.window, o.pollMs);
    const { app, bare } = done;
    runs.app.push(app.run);
    runs.bare.push(bare.run);
    if (!check || check.same) check = compareFiles(o.format, app.file, bare.file);
    o.log(
      `  ${o.format.toUpperCase()} export run ${i + 1} (${orderText(o.order)}): app ${(app.run.ms / 1000).toFixed(1)} s (peak ${app.run.rss_peak_mb} MB) | bare ${(bare.run.ms / 1000).toFixed(1)} s (peak ${bare.run.rss_peak_mb} MB) | ${check.same ? 'same file' : 'DIFFERENT'}`,
    );
  }
  const side = (r: ExportRun[]) => ({
    seconds: figure(r.map((x) => x.ms / 1000)),
    runs: r,
    peak_rss_mb: Math.max(...r.map((x) => x.rss_peak_mb)),
    added_rss_mb: round(Math.max(...r.map((x) => x.rss_peak_mb - x.rss_before_mb)), 1),
  });
  const app = side(runs.app);
  const bare = side(runs.bare);
  return {
    id: `export-${o.format}`,
    title: `${o.format.toUpperCase()} export, ${o.window.loads.toLocaleString('en-US')} rows`,
    window: o.window,
    app,
    bare,
    ratio_p50: ratio(app.seconds.p50, bare.seconds.p50),
    check: check ?? { same: false, detail: 'no runs' },
  };
}

type Generated = { run_id: number; invoices: number; lines: number; amount: number; customers: number };

export type InvoiceRun = {
  window: Window;
  ms: number;
  invoices: number;
  lines: number;
  amount: number;
  progress: Array<{ at_ms: number; done: number; total: number; status: string }>;
};

export type InvoiceResult = {
  id: 'invoices';
  title: string;
  app: { seconds: Figure; runs: InvoiceRun[] };
  bare: { seconds: Figure; runs: InvoiceRun[] };
  ratio_p50: number;
  check: Check;
};

async function oneInvoiceRun(side: Side, window: Window, pollMs: number) {
  const t0 = performance.now();
  const answer = json<{ job_id: string; run_id: number }>(
    await ok(side.server.url, {
      method: 'POST',
      path: '/api/generate-invoice',
      body: { from: window.from, to: window.to },
      token: side.token,
      agent: side.agent,
    }),
  );
  const job = await followJob(side, answer.job_id, t0, pollMs);
  const g = job.result as Generated;
  const run: InvoiceRun = {
    window,
    ms: round(job.ms, 0),
    invoices: g.invoices,
    lines: g.lines,
    amount: g.amount,
    progress: job.events,
  };
  return {
    run,
    runId: g.run_id,
    summary: { invoices: g.invoices, lines: g.lines, amount: g.amount, customers: g.customers },
  };
}

/** Takes back what generation runs wrote (PostgreSQL: app and bare bill the same period in turn). */
export async function undoInvoiceRuns(db: BenchDb, where: string, params: unknown[]): Promise<void> {
  await db.query(
    `with gone as (delete from invoices where generated and ${where} returning id, customer_id, total_cents),
       unlinked as (update loads set customer_invoice_id = null where customer_invoice_id in (select id from gone) returning 1)
     update customers c set balance_cents = c.balance_cents - t.total
     from (select customer_id, sum(total_cents)::bigint as total from gone group by 1) t where c.id = t.customer_id`,
    params,
  );
}

export async function invoiceScenario(
  pair: Pair,
  o: {
    windows: Window[];
    runs: number;
    pollMs: number;
    undo: ((runId: number) => Promise<void>) | null;
    order: Order;
    log: Log;
  },
): Promise<InvoiceResult> {
  const runs = { app: [] as InvoiceRun[], bare: [] as InvoiceRun[] };
  let check: Check | null = null;
  const count = Math.min(o.runs, o.windows.length);
  for (let i = 0; i < count; i++) {
    const window = o.windows[i] as Window;
    const done = {} as Record<SideName, Awaited<ReturnType<typeof oneInvoiceRun>>>;
    for (const side of o.order) {
      done[side] = await oneInvoiceRun(pair[side], window, o.pollMs);
      await o.undo?.(done[side].runId);
    }
    const { app, bare } = done;
    runs.app.push(app.run);
    runs.bare.push(bare.run);
    const a = JSON.stringify(app.summary);
    const b = JSON.stringify(bare.summary);
    if (!check || check.same) {
      check =
        a === b
          ? { same: true, detail: `same invoices, lines, amount and customers (${a})` }
          : { same: false, detail: `app ${a}, bare ${b}` };
    }
    o.log(
      `  invoice run ${i + 1}, ${orderText(o.order)} (${window.from}…${window.to}, ${window.loads} loads): app ${(app.run.ms / 1000).toFixed(2)} s, ${app.run.progress.length} progress states | bare ${(bare.run.ms / 1000).toFixed(2)} s | ${check.same ? 'same result' : 'DIFFERENT'}`,
    );
  }
  const app = { seconds: figure(runs.app.map((r) => r.ms / 1000)), runs: runs.app };
  const bare = { seconds: figure(runs.bare.map((r) => r.ms / 1000)), runs: runs.bare };
  return {
    id: 'invoices',
    title: `Invoice generation, ~${Math.round((o.windows[0]?.loads ?? 0) / 1000)}k loads (job path)`,
    app,
    bare,
    ratio_p50: ratio(app.seconds.p50, bare.seconds.p50),
    check: check ?? { same: false, detail: 'no invoice windows' },
  };
}

export type ThroughputRound = {
  requests_per_s: number;
  latency_p50: number;
  latency_p97_5: number;
  latency_p99: number;
  non2xx: number;
  errors: number;
  /** Bytes per answer on the wire (autocannon's throughput / requests). */
  bytes_per_answer: number;
};
export type ThroughputResult = {
  id: string;
  title: string;
  /** The Accept-Encoding every request sent (null: none, so both servers answer plain bytes). */
  accept_encoding: string | null;
  /** What each server answered to one request with that header, before the rounds. */
  answered: { app: string | null; bare: string | null };
  connections: number;
  duration_s: number;
  app: { requests_per_s: number; rounds: ThroughputRound[] };
  bare: { requests_per_s: number; rounds: ThroughputRound[] };
  ratio: number;
};

/**
 * autocannon on one POST, bounded (connections, seconds), loopback; each round runs both servers
 * in the pass's order. With `acceptEncoding` every request asks for compression as a browser does;
 * with null it asks for none.
 */
export async function throughput(
  pair: Pair,
  o: {
    id: string;
    title: string;
    path: string;
    body: unknown;
    acceptEncoding: string | null;
    connections: number;
    seconds: number;
    rounds: number;
    order: Order;
    log: Log;
  },
): Promise<ThroughputResult> {
  const rounds = { app: [] as ThroughputRound[], bare: [] as ThroughputRound[] };
  const answered = { app: null as string | null, bare: null as string | null };
  for (const side of o.order) {
    const s = pair[side];
    const r = await ok(s.server.url, {
      method: 'POST',
      path: o.path,
      body: o.body,
      token: s.token,
      acceptEncoding: o.acceptEncoding,
    });
    answered[side] = (r.headers['content-encoding'] as string | undefined) ?? null;
  }
  for (let i = 0; i < o.rounds; i++) {
    for (const side of o.order) {
      const s = pair[side];
      const r = await autocannon({
        url: `${s.server.url}${o.path}`,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${s.token}`,
          ...(o.acceptEncoding ? { 'accept-encoding': o.acceptEncoding } : {}),
        },
        body: JSON.stringify(o.body),
        connections: o.connections,
        duration: o.seconds,
        pipelining: 1,
        timeout: 60,
      });
      rounds[side].push({
        requests_per_s: round(r.requests.average, 1),
        latency_p50: r.latency.p50,
        latency_p97_5: r.latency.p97_5,
        latency_p99: r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors,
        bytes_per_answer: r.requests.total ? Math.round(r.throughput.total / r.requests.total) : 0,
      });
      o.log(
        `  ${o.title} round ${i + 1} ${side.padEnd(4)}: ${r.requests.average.toFixed(1)} req/s, latency p50 ${r.latency.p50} ms p97.5 ${r.latency.p97_5} ms (${answered[side] ?? 'plain'})${r.non2xx || r.errors ? `, ${r.non2xx} non-2xx, ${r.errors} errors` : ''}`,
      );
    }
  }
  const mean = (xs: ThroughputRound[]) =>
    round(xs.reduce((s, x) => s + x.requests_per_s, 0) / Math.max(1, xs.length), 1);
  const app = { requests_per_s: mean(rounds.app), rounds: rounds.app };
  const bare = { requests_per_s: mean(rounds.bare), rounds: rounds.bare };
  return {
    id: o.id,
    title: o.title,
    accept_encoding: o.acceptEncoding,
    answered,
    connections: o.connections,
    duration_s: o.seconds,
    app,
    bare,
    ratio: ratio(app.requests_per_s, bare.requests_per_s),
  };
}

export async function login(server: Server): Promise<string> {
  const r = await request(server.url, {
    method: 'POST',
    path: '/api/login',
    body: { email: 'admin@backhaul.demo', password: 'backhaul' },
  });
  const token = r.status === 200 ? json<{ access_token?: string }>(r).access_token : undefined;
  if (!token) throw new Error(`${server.name}: login failed (${r.status}): ${r.body.toString().slice(0, 300)}`);
  return token;
}
