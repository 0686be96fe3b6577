// Memory of the deployed processes under work, for the Kubernetes requests and limits in
// docs/deploy.md (issue 31): an API process (JOBS_IN_API=0, as deployed) and a job worker on the
// bench's 1M-load PostgreSQL database, first idle, then while 10 connections call the trips list
// (the default page and, every few requests, 'All' of the default window) and, at the same time, a
// user exports the newest ~100k loads to XLSX (a job: the worker builds it), one to CSV, and uploads
// a 5,000-row leads spreadsheet (parsed in the API process's worker threads). RSS of each process
// is sampled every 20 ms (and VmHWM where the kernel lets it be reset); every figure is kept.
//
//   node --import tsx bench/memory-limits.ts        (BENCH_DATABASE_URL as for `npm run bench`)
//
// Settings: BENCH_MEMORY_SECONDS (load length, 30), BENCH_MEMORY_CONNECTIONS (10), BENCH_MEMORY_ROUNDS (3),
// BENCH_MEMORY_REST (idle seconds before the last reading, 60).
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { leadsWorkbook, multipart } from './import-load';
import { json, keepAlive, ok, request } from './lib/http';
import { cleanEnv, memory, ROOT, resetPeak, sampleRss, startApp } from './lib/servers';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55432/backhaul_bench';
const seconds = Number(process.env.BENCH_MEMORY_SECONDS ?? 30);
const connections = Number(process.env.BENCH_MEMORY_CONNECTIONS ?? 10);
const rounds = Number(process.env.BENCH_MEMORY_ROUNDS ?? 3);
const rest = Number(process.env.BENCH_MEMORY_REST ?? 60);
const workDir = join(ROOT, 'bench/.data/memory-limits');
const t0 = Date.now();
const log = (line: string) => console.log(`${String(Math.round((Date.now() - t0) / 1000)).padStart(5)}s ${line}`);
const mb = (n: number) => Math.round(n);

function upload(base: string, token: string, path: string, file: { body: Buffer; type: string }): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${path}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': file.type, 'content-length': file.body.length },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(file.body);
  });
}

/** Exports to a file through the job (polled every 500 ms); answers the job's end. */
async function exportFile(base: string, token: string, format: 'xlsx' | 'csv', from: string, to: string) {
  const agent = keepAlive();
  const answer = json<{ link: string | null; job_id?: string }>(
    await ok(base, {
      method: 'POST',
      path: '/api/trips/export',
      body: { filters: { delivery_datetime: { from, to } }, format },
      token,
      agent,
    }),
  );
  if (answer.link || !answer.job_id) return;
  for (;;) {
    const job = json<{ status: string }>(
      await ok(base, { method: 'GET', path: `/api/jobs/${answer.job_id}`, token, agent }),
    );
    if (job.status === 'completed' || job.status === 'failed') return job.status;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The job worker as deployed (`npm run worker`: node scripts/start.mjs worker); ready when it says so. */
async function startWorker(): Promise<{ pid: number; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs'), 'worker'], {
    cwd: ROOT,
    env: cleanEnv({ DATABASE_URL: url, SEED: 'none' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start:\n${output}`)), 120_000);
    const onData = (b: Buffer) => {
      output += b.toString();
      if (/is running jobs/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', () => reject(new Error(`worker exited:\n${output}`)));
  });
  return {
    pid: child.pid as number,
    stop: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function main() {
  await mkdir(workDir, { recursive: true });
  // The export window: the newest days holding ~100,000 loads, as `npm run bench` exports.
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ from: string; to: string }>(
    `select to_char((min(d) at time zone 'America/Chicago')::date, 'YYYY-MM-DD') as from,
            to_char((max(d) at time zone 'America/Chicago')::date, 'YYYY-MM-DD') as to
       from (select delivery_at as d from loads where delivery_at is not null order by delivery_at desc limit 100000) x`,
  );
  await client.end();
  const window = rows[0] as { from: string; to: string };
  const defaultTo = window.to;
  const defaultFrom = new Date(Date.parse(`${defaultTo}T12:00:00Z`) - 27 * 86_400_000).toISOString().slice(0, 10);
  log(`export window ${window.from}…${window.to}; default page ${defaultFrom}…${defaultTo}`);
  const leads = multipart('leads.xlsx', await leadsWorkbook(5000));

  const api = await startApp({
    env: { DATABASE_URL: url, SEED: 'none', PORT: '0', JOBS_IN_API: '0' },
    logFile: join(workDir, 'api.log'),
  });
  const worker = await startWorker();
  const results: Record<string, unknown>[] = [];
  try {
    const signIn = await request(api.url, {
      method: 'POST',
      path: '/api/login',
      body: { email: 'admin@backhaul.demo', password: 'backhaul' },
    });
    const token = json<{ access_token: string }>(signIn).access_token;
    await new Promise((r) => setTimeout(r, 3000));
    const idle = { api: mb(memory(api.pid).rss), worker: mb(memory(worker.pid).rss) };
    log(`idle after start and sign-in: API ${idle.api} MB, worker ${idle.worker} MB`);
    const list = (limit: number) => ({
      filters: { delivery_datetime: { from: defaultFrom, to: defaultTo } },
      limit,
      page: 1,
      with_options: false,
    });
    for (let round = 1; round <= rounds; round++) {
      const hwm = { api: resetPeak(api.pid), worker: resetPeak(worker.pid) };
      const stop = { api: sampleRss(api.pid), worker: sampleRss(worker.pid) };
      const before = { api: mb(memory(api.pid).rss), worker: mb(memory(worker.pid).rss) };
      // connections - 1 ask for the default page; one asks for every row of the default window ('All', ~16k at 1M).
      const call = (limit: number, conns: number) =>
        autocannon({
          url: `${api.url}/api/trips/list`,
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(list(limit)),
          connections: conns,
          duration: seconds,
          timeout: 60,
        });
      const load = Promise.all([call(15, connections - 1), call(99999999, 1)]);
      const work = Promise.all([
        exportFile(api.url, token, 'xlsx', window.from, window.to),
        exportFile(api.url, token, 'csv', window.from, window.to),
        upload(api.url, token, '/api/clients/import', leads),
      ]);
      const [[cannon, all], [xlsx, csv, imported]] = await Promise.all([load, work]);
      const peak = {
        api: mb(Math.max(stop.api(), hwm.api ? memory(api.pid).hwm : 0)),
        worker: mb(Math.max(stop.worker(), hwm.worker ? memory(worker.pid).hwm : 0)),
      };
      const after = { api: mb(memory(api.pid).rss), worker: mb(memory(worker.pid).rss) };
      const row = {
        round,
        before,
        peak,
        after,
        requests: cannon.requests.total,
        all_requests: all.requests.total,
        non2xx: cannon.non2xx + all.non2xx,
        p50_ms: cannon.latency.p50,
        exports: { xlsx, csv },
        import_status: imported,
      };
      results.push(row);
      log(
        `round ${round}: API ${before.api} → peak ${peak.api} MB (after ${after.api}); worker ${before.worker} → peak ${peak.worker} MB (after ${after.worker}); ` +
          `${cannon.requests.total} pages (p50 ${cannon.latency.p50} ms) and ${all.requests.total} 'All' (non-2xx ${cannon.non2xx + all.non2xx}); XLSX ${xlsx}, CSV ${csv}, import ${imported}`,
      );
    }
    await new Promise((r) => setTimeout(r, rest * 1000));
    const rested = { api: mb(memory(api.pid).rss), worker: mb(memory(worker.pid).rss) };
    log(`after ${rest} s idle: API ${rested.api} MB, worker ${rested.worker} MB`);
    const worst = {
      api: Math.max(...results.map((r) => (r.peak as { api: number }).api)),
      worker: Math.max(...results.map((r) => (r.peak as { worker: number }).worker)),
    };
    log(`worst peak: API ${worst.api} MB, worker ${worst.worker} MB`);
    const dir = join(ROOT, 'bench/results');
    const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
    const name = `${stamp}-memory-limits.json`;
    await writeFile(
      join(dir, name),
      `${JSON.stringify({ database: 'postgres 1M', seconds, connections, idle, rounds: results, rested, worst }, null, 2)}\n`,
    );
    log(`wrote bench/results/${name}`);
  } finally {
    await api.stop();
    await worker.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
