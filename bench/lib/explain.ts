// What the app asks PostgreSQL, and how PostgreSQL would run it (issue 31: "the bench EXPLAINs every
// list and report query on its 1M database and fails on a sequential scan of loads").
//
// captureProxy() is a TCP relay between the app and the server that reads (never alters) the
// frontend half of the wire protocol: every simple Query ('Q') and every extended-protocol Execute
// ('E') with the text its Parse ('P') gave and the values its Bind ('B') carried. The app runs
// unchanged (DATABASE_URL points at the relay), so the statements are exactly the ones it sends,
// parameters included. explainStatement() then plans each one again on a direct connection with
// EXPLAIN (FORMAT JSON) and the same values (bound the same way, so the planner sees what it saw),
// and seqScans() lists its sequential scans by relation.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import net from 'node:net';
import { join } from 'node:path';
import { type BenchDb, connectPostgres, databaseName } from './db';
import { json, keepAlive, request } from './http';
import { signIn } from './screens';
import { cleanEnv, ROOT, startApp } from './servers';

export type Captured = {
  /** The statement text as the app sent it ($1 … placeholders for bound values). */
  text: string;
  /** Bound values: text, or a Buffer for a binary one, null for NULL. */
  params: Array<string | Buffer | null>;
  /** Which call of the bench it belongs to (set by capture.mark()). */
  label: string;
};

export type Capture = {
  port: number;
  /** Statements from now on belong to `label` (the bench makes one call at a time). */
  mark: (label: string) => void;
  statements: Captured[];
  close: () => Promise<void>;
};

const cstring = (b: Buffer, at: number): [string, number] => {
  const end = b.indexOf(0, at);
  return [b.toString('utf8', at, end), end + 1];
};

/** Reads one connection's frontend messages as they pass. */
function frontendReader(onStatement: (text: string, params: Array<string | Buffer | null>) => void) {
  let pending: Buffer = Buffer.alloc(0);
  let started = false;
  const parsed = new Map<string, string>();
  const portals = new Map<string, { text: string; params: Array<string | Buffer | null> }>();
  const message = (type: string, body: Buffer) => {
    if (type === 'Q') {
      onStatement(cstring(body, 0)[0], []);
    } else if (type === 'P') {
      const [name, at] = cstring(body, 0);
      parsed.set(name, cstring(body, at)[0]);
    } else if (type === 'B') {
      const [portal, afterPortal] = cstring(body, 0);
      const [stmt, afterStmt] = cstring(body, afterPortal);
      let at = afterStmt;
      const formats: number[] = [];
      const nFormats = body.readInt16BE(at);
      at += 2;
      for (let i = 0; i < nFormats; i++, at += 2) formats.push(body.readInt16BE(at));
      const nParams = body.readInt16BE(at);
      at += 2;
      const params: Array<string | Buffer | null> = [];
      for (let i = 0; i < nParams; i++) {
        const len = body.readInt32BE(at);
        at += 4;
        if (len < 0) {
          params.push(null);
          continue;
        }
        const raw = body.subarray(at, at + len);
        at += len;
        const binary = (formats.length === 1 ? formats[0] : formats[i]) === 1;
        params.push(binary ? Buffer.from(raw) : raw.toString('utf8'));
      }
      portals.set(portal, { text: parsed.get(stmt) ?? '', params });
    } else if (type === 'E') {
      const portal = portals.get(cstring(body, 0)[0]);
      if (portal) onStatement(portal.text, portal.params);
    }
  };
  return (chunk: Buffer) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    for (;;) {
      if (!started) {
        // The startup packet (or an SSL/GSS request before it) has no type byte.
        if (pending.length < 8) return;
        const len = pending.readInt32BE(0);
        if (pending.length < len) return;
        const code = pending.readInt32BE(4);
        pending = pending.subarray(len);
        if (code !== 80877103 && code !== 80877104) started = true;
        continue;
      }
      if (pending.length < 5) return;
      const len = pending.readInt32BE(1);
      if (pending.length < 1 + len) return;
      message(String.fromCharCode(pending[0] as number), pending.subarray(5, 1 + len));
      pending = pending.subarray(1 + len);
    }
  };
}

/** A relay on a free loopback port to `target` (host:port of the PostgreSQL server). */
export async function captureProxy(target: { host: string; port: number }): Promise<Capture> {
  const statements: Captured[] = [];
  let label = '(start-up)';
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    const read = frontendReader((text, params) => statements.push({ text, params, label }));
    client.on('data', (chunk: Buffer) => {
      try {
        read(chunk);
      } catch {
        // a message the reader does not understand is still relayed
      }
      upstream.write(chunk);
    });
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    statements,
    mark: (next) => {
      label = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The relations the check is about: a sequential scan of loads fails, of the others warns. */
export const FAIL_ON = ['loads'];
export const WARN_ON = ['trips', 'load_stops', 'billings'];

export type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Plan Rows'?: number;
  'Total Cost'?: number;
  Filter?: string;
  Plans?: PlanNode[];
};

export type SeqScan = { relation: string; rows: number; filter: string | null };

/** Every sequential scan in a plan (parallel ones included), outermost first. */
export function seqScans(node: PlanNode, out: SeqScan[] = []): SeqScan[] {
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) {
    out.push({ relation: node['Relation Name'], rows: node['Plan Rows'] ?? 0, filter: node.Filter ?? null });
  }
  for (const child of node.Plans ?? []) seqScans(child, out);
  return out;
}

/** Rows of `relation` a scan is planned to read at or above which an index scan is reported too (a warning). */
export const WIDE_READ_ROWS = 100_000;

export type WideRead = { relation: string; node: string; index: string | null; rows: number };

/**
 * Index, index-only and bitmap scans of `relation` planned to read at least `min` rows: not a
 * sequential scan, but a read of every load all the same (e.g. a DISTINCT over a whole index). A
 * merge join's side is left out: its plan rows are the whole index, but it stops where the other
 * side ends (10,197 of 1,005,731 in the short payments' totals).
 */
export function wideReads(
  node: PlanNode & { 'Index Name'?: string },
  relation: string,
  min = WIDE_READ_ROWS,
  out: WideRead[] = [],
  parent = '',
) {
  const type = node['Node Type'];
  if (
    parent !== 'Merge Join' &&
    type !== 'Seq Scan' &&
    /Scan$/.test(type) &&
    node['Relation Name'] === relation &&
    (node['Plan Rows'] ?? 0) >= min
  ) {
    out.push({ relation, node: type, index: node['Index Name'] ?? null, rows: node['Plan Rows'] ?? 0 });
  }
  for (const child of node.Plans ?? []) wideReads(child, relation, min, out, type);
  return out;
}

/** What can be EXPLAINed: a query (a COPY's inner query too); writes, DDL and session commands are skipped. */
export function explainable(text: string): string | null {
  const t = text.trim().replace(/;\s*$/, '');
  const copy = /^copy\s*\(([\s\S]*)\)\s*to\s+stdout[\s\S]*$/i.exec(t);
  if (copy) return copy[1] as string;
  if (!/^(select|with)\b/i.test(t)) return null;
  // A WITH that writes (insert/update/delete in a CTE) is a write.
  if (/^with\b/i.test(t) && /\b(insert\s+into|update\s+\S+\s+set|delete\s+from)\b/i.test(t)) return null;
  if (/\bfor\s+(update|share|no key update)\b/i.test(t)) return null;
  return t;
}

/** The plan PostgreSQL makes for the statement with its values (a custom plan, as for the app's unnamed statements). */
export async function explainStatement(db: BenchDb, text: string, params: Captured['params']): Promise<PlanNode> {
  const rows = await db.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`explain (format json) ${text}`, params);
  const plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
  if (!plan) throw new Error('EXPLAIN answered no plan');
  return plan;
}

/** A started app: its base URL and how to stop it. */
export type RunningApp = { url: string; stop: () => Promise<void> };

/**
 * The app as `npm start` starts it (lib/servers.ts); when that fails before listening (e.g. the web
 * app's build, which start.mjs runs first when the web sources changed, is broken by work in
 * progress), the same built server without the web build: these figures are the API's, the web
 * files play no part in them.
 */
export async function startAppOrApi(o: {
  env: Record<string, string>;
  logFile: string;
  timeoutMs?: number;
  log: (line: string) => void;
}): Promise<RunningApp> {
  try {
    return await startApp(o);
  } catch (err) {
    o.log(
      `  npm start's path failed (${String((err as Error).message).split('\n')[0]}); starting the built server alone`,
    );
  }
  const launch = `const m = await import(${JSON.stringify(join(ROOT, 'scripts/build-if-stale.mjs'))}); process.chdir(m.root); await import(m.buildServerIfStale('main'));`;
  const out = createWriteStream(o.logFile, { flags: 'a' });
  const child = spawn(process.execPath, ['--input-type=module', '-e', launch], {
    cwd: ROOT,
    env: cleanEnv({ HOST: '127.0.0.1', ...o.env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let seen = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('the built server did not listen in time')),
      o.timeoutMs ?? 120_000,
    );
    const onData = (b: Buffer) => {
      out.write(b);
      seen = (seen + b.toString()).slice(-20_000);
      const m = /running at http:\/\/[\d.]+:(\d+)/.exec(seen);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the built server exited: ${seen.slice(-2000)}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(force);
      out.end();
    },
  };
}

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

export type Checked = {
  call: string;
  status: number;
  statements: number;
  explained: number;
  seq_scans: Array<SeqScan & { statement: string; params: Captured['params'] }>;
  wide_reads: Array<WideRead & { statement: string }>;
};

export type ExplainResult = { checked: Checked[]; uncovered: string[]; skipped: string[]; failures: string[] };

/**
 * The check: the app started through the relay on `url`, every list and report route called with
 * its first request, every statement that reads planned again (see bench/explain.ts).
 */
export async function explainRoutes(o: {
  url: string;
  runDir: string;
  log: (line: string) => void;
}): Promise<ExplainResult> {
  const { url, runDir, log } = o;
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

/** The check's outcome as text (printed by bench/explain.ts, Markdown-ish for latest.md) and its failures. */
export function explainSummary(r: ExplainResult): {
  text: string;
  fails: number;
  warnings: number;
  wide: number;
  failed: string[];
} {
  const fails = r.checked.flatMap((c) =>
    c.seq_scans.filter((s) => FAIL_ON.includes(s.relation)).map((s) => ({ call: c.call, ...s })),
  );
  const warns = r.checked.flatMap((c) =>
    c.seq_scans.filter((s) => !FAIL_ON.includes(s.relation)).map((s) => ({ call: c.call, ...s })),
  );
  const wide = r.checked.flatMap((c) => c.wide_reads.map((w) => ({ call: c.call, ...w })));
  const statements = r.checked.reduce((s, c) => s + c.explained, 0);
  const oneLine = (t: string) => t.replace(/\s+/g, ' ').slice(0, 300);
  const show = (s: (typeof fails)[number]) =>
    `  ${s.call}: Seq Scan on ${s.relation} (~${s.rows.toLocaleString('en-US')} rows${s.filter ? `, filter ${s.filter.slice(0, 160)}` : ''})\n    ${oneLine(s.statement)}`;
  const parts = [
    `EXPLAIN: ${r.checked.length} routes called, ${statements} statements planned, ${fails.length} sequential scans of ${FAIL_ON.join(', ')}, ${warns.length} of ${WARN_ON.join(', ')}`,
  ];
  if (fails.length) parts.push(`FAIL (sequential scan of loads):\n${fails.map(show).join('\n')}`);
  if (warns.length) parts.push(`warnings:\n${warns.map(show).join('\n')}`);
  if (wide.length)
    parts.push(
      `warnings (index scans of loads planned to read ≥ ${WIDE_READ_ROWS.toLocaleString('en-US')} rows):\n${wide
        .map(
          (w) =>
            `  ${w.call}: ${w.node} on loads${w.index ? ` using ${w.index}` : ''} (~${w.rows.toLocaleString('en-US')} rows)\n    ${oneLine(w.statement)}`,
        )
        .join('\n')}`,
    );
  if (r.skipped.length) parts.push(`not reports (skipped):\n${r.skipped.map((u) => `  ${u}`).join('\n')}`);
  if (r.failures.length) parts.push(`errors:\n${r.failures.map((f) => `  ${f}`).join('\n')}`);
  return {
    text: parts.join('\n\n'),
    fails: fails.length,
    warnings: warns.length,
    wide: wide.length,
    failed: [...fails.map((s) => `${s.call}: sequential scan of ${s.relation}`), ...r.failures],
  };
}

/**
 * The check as a block of `npm run bench` (run.ts `extraFigures`): on PostgreSQL only, an app of
 * its own started through the relay on the run's database (the run's servers stay up). A
 * sequential scan of loads is a failed check, so the run exits 1. Wire it with
 * `extraFigures.push(explainBlock)`.
 */
export async function explainBlock(ctx: {
  kind: string;
  label: string;
  databaseUrl: string | null;
  log: (line: string) => void;
}): Promise<{
  id: string;
  title: string;
  figures: ExplainResult;
  verdicts: Array<{ goal: string; database: string; value: string; met: boolean | null }>;
  markdown: string;
  checks_failed: string[];
} | null> {
  if (ctx.kind !== 'postgres' || !ctx.databaseUrl) return null;
  const runDir = join(ROOT, 'bench/.data', `explain-block-${databaseName(ctx.databaseUrl)}`);
  const result = await explainRoutes({ url: ctx.databaseUrl, runDir, log: ctx.log });
  const s = explainSummary(result);
  return {
    id: 'explain',
    title: 'EXPLAIN of every list and report',
    figures: result,
    verdicts: [
      {
        goal: '#31 no sequential scan of loads in a list or report plan at 1M',
        database: ctx.label,
        value: `${s.fails} sequential scans of loads in ${result.checked.length} routes`,
        met: s.fails === 0,
      },
    ],
    markdown: `\`\`\`\n${s.text}\n\`\`\`\n`,
    checks_failed: s.failed,
  };
}
