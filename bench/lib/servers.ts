// Starting and stopping the two servers under test, and reading their memory from /proc.
// The app starts as documented, `npm start` in the checkout: npm runs `node scripts/start.mjs`
// (through a shell), which serves in its own process; the memory figures are that node process's,
// the start-up time is npm's spawn to the first 200. npm and its children run in a process group
// of their own, which stop() (and the bench's exit) signals as a whole.
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from './http';

export type Server = {
  name: 'app' | 'bare';
  url: string;
  /** The process that serves HTTP (for the app: node scripts/start.mjs under npm and its shell). */
  pid: number;
  /** Spawn to the first 200 answer. */
  startMs: number;
  stop: () => Promise<void>;
  exited: () => boolean;
};

export const ROOT = join(import.meta.dirname, '..', '..');

/** Variables a developer's shell may hold that would point the servers elsewhere. */
const OWN_ENV = [
  'DATABASE_URL',
  'DATA_DIR',
  'PORT',
  'HOST',
  'SEED',
  'SEED_SCALE',
  'WEB_DIST',
  'LOG_REQUESTS',
  'JOBS_IN_API',
];

export function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const k of OWN_ENV) delete env[k];
  // Nor does it carry `npm run bench`'s own npm_* variables into a nested `npm start`.
  for (const k of Object.keys(env)) if (k.startsWith('BARE_') || k.startsWith('npm_')) delete env[k];
  return { ...env, ...extra };
}

type StartOptions = {
  name: 'app' | 'bare';
  /** The program and its arguments. */
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  logFile: string;
  /** A line the process prints once it listens; the first group is the port. */
  ready: RegExp;
  /** Serving pid: the descendant whose command line has this text (else the started process itself). */
  servedBy?: string;
  /** Seeding a database can take minutes. */
  timeoutMs?: number;
};

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** The first node process (breadth first) among the descendants with `text` in its arguments (not the shell before it). */
function descendantRunning(pid: number, text: string): number | undefined {
  const queue = childrenOf(pid);
  while (queue.length) {
    const p = queue.shift() as number;
    try {
      const [program = '', ...args] = readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0');
      if (/(^|\/)node$/.test(program) && args.some((a) => a.includes(text))) return p;
    } catch {}
    queue.push(...childrenOf(p));
  }
  return undefined;
}

/** Process groups started here and not yet stopped: signalled if the bench itself ends first. */
const groups = new Set<number>();
const killGroup = (pgid: number, signal: NodeJS.Signals) => {
  try {
    process.kill(-pgid, signal);
  } catch {}
};
process.on('exit', () => {
  for (const g of groups) killGroup(g, 'SIGKILL');
});
// Stopped by a signal (Ctrl-C, kill), node ends without 'exit' handlers: end the servers first.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    for (const g of groups) killGroup(g, 'SIGKILL');
    process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitFor<T>(what: string, ms: number, probe: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export async function startServer(o: StartOptions): Promise<Server> {
  const t0 = performance.now();
  const log = createWriteStream(o.logFile, { flags: 'a' });
  const child: ChildProcess = spawn(o.command, o.args, {
    cwd: ROOT,
    env: o.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own: stop() signals npm, its shell and the server together.
    detached: true,
  });
  const group = child.pid as number;
  groups.add(group);
  let exited = false;
  let output = '';
  let port: number | undefined;
  const onData = (b: Buffer) => {
    log.write(b);
    output = (output + b.toString()).slice(-20_000);
    const m = port === undefined ? o.ready.exec(output) : null;
    if (m) port = Number(m[1]);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exit = new Promise<void>((resolve) =>
    child.on('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const fail = (why: string) => new Error(`${o.name} server ${why}; last output:\n${output.slice(-3000)}`);
  try {
    await waitFor(`${o.name} to listen`, o.timeoutMs ?? 120_000, () => {
      if (exited) throw fail('exited before listening');
      return port;
    });
  } catch (err) {
    killGroup(group, 'SIGKILL');
    groups.delete(group);
    throw err instanceof Error && err.message.startsWith('timed out') ? fail(err.message) : err;
  }
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${o.name} to answer`, 60_000, async () => {
    const r = await request(url, { method: 'POST', path: '/api/version', body: {} }).catch(() => null);
    return r && r.status === 200 ? true : undefined;
  });
  const startMs = performance.now() - t0;
  const wrapper = child.pid as number;
  const servedBy = o.servedBy;
  const pid = servedBy
    ? await waitFor('the server process', 10_000, () => descendantRunning(wrapper, servedBy))
    : wrapper;
  return {
    name: o.name,
    url,
    pid,
    startMs,
    exited: () => exited,
    async stop() {
      if (!exited || alive(pid)) {
        // The whole group: npm passes a signal on to its script, but a shell in between may not.
        killGroup(group, 'SIGTERM');
        const timer = setTimeout(() => killGroup(group, 'SIGKILL'), 20_000);
        await exit;
        await waitFor('the server process to end', 25_000, () => (alive(pid) ? undefined : true)).catch(() => {
          killGroup(group, 'SIGKILL');
        });
        clearTimeout(timer);
      }
      groups.delete(group);
      log.end();
    },
  };
}

/**
 * The app as documented: `npm start` in the checkout (the run builds what is stale beforehand, so
 * scripts/start.mjs only checks and starts the server). npm runs it through a shell; the node
 * process running scripts/start.mjs is the one that serves.
 */
export function startApp(o: { env: Record<string, string>; logFile: string; timeoutMs?: number }): Promise<Server> {
  return startServer({
    name: 'app',
    command: 'npm',
    args: ['start'],
    env: cleanEnv({ HOST: '127.0.0.1', ...o.env }),
    logFile: o.logFile,
    ready: /running at http:\/\/[\d.]+:(\d+)/,
    servedBy: 'scripts/start.mjs',
    ...(o.timeoutMs ? { timeoutMs: o.timeoutMs } : {}),
  });
}

export function startBare(o: { env: Record<string, string>; logFile: string }): Promise<Server> {
  return startServer({
    name: 'bare',
    command: process.execPath,
    args: [join(ROOT, 'bench/bare-server.mjs')],
    env: cleanEnv(o.env),
    logFile: o.logFile,
    ready: /bare server listening on (\d+)/,
  });
}

/** Resident memory (VmRSS) and its peak since the last reset (VmHWM), in MB. */
export function memory(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/** Resets VmHWM to the current RSS (Linux clear_refs 5); false when the kernel refuses. */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** Samples RSS every few milliseconds until stopped: the peak even where clear_refs is refused. */
export function sampleRss(pid: number, everyMs = 20): () => number {
  let peak = 0;
  const tick = () => {
    try {
      peak = Math.max(peak, memory(pid).rss);
    } catch {}
  };
  tick();
  const timer = setInterval(tick, everyMs);
  return () => {
    clearInterval(timer);
    tick();
    return peak;
  };
}
