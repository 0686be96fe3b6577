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
import net from 'node:net';
import { join } from 'node:path';
import type { BenchDb } from './db';
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

/** The relations a statement names (from its text), to tell which statements touch the tables checked. */
export function namesRelation(text: string, relation: string): boolean {
  return new RegExp(`(from|join)\\s+"?${relation}"?(\\s|$|\\))`, 'i').test(text);
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
