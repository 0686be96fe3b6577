// Imports beside normal traffic (issue 27): three 300,000-row .xlsx files sent at once to
// POST /api/clients/import while another client calls a cheap authenticated GET over and over. Reports
// that call's latency while the files are read, and how much the server's memory rises. Goal: every
// other call answers within 1 s; memory rises by less than 200 MB.
//
// Through HTTP against the built server (`node scripts/start.mjs`, as `npm start`), on a fresh PGlite
// demo database in a temporary folder (SEED=auto): it needs neither the bench datasets nor PostgreSQL.
// Usage: BENCH_ONLY=import npm run bench   or   node --import tsx bench/import-load.ts
// Settings: BENCH_IMPORT_ROWS (305000), BENCH_IMPORT_FILES (3), BENCH_IMPORT_ROUNDS (3).
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import ExcelJS from 'exceljs';
import { gitSha } from './lib/dataset';
import { keepAlive, type Reply, request } from './lib/http';
import { login } from './lib/scenarios';
import { memory, ROOT, sampleRss, startApp } from './lib/servers';
import { type Figure, figure, round } from './lib/stats';

const env = process.env;
const config = {
  rows: Number(env.BENCH_IMPORT_ROWS ?? 305_000),
  files: Number(env.BENCH_IMPORT_FILES ?? 3),
  rounds: Number(env.BENCH_IMPORT_ROUNDS ?? 3),
  importPath: '/api/clients/import',
  /** The cheap call: the guard, the session and one small query. */
  probePath: '/api/settings/departments',
  goal: { maxMs: 1000, riseMb: 200 },
};

type Log = (line: string) => void;

/**
 * A leads sheet as a user's spreadsheet program writes it (exceljs' streaming writer, inline strings):
 * a heading row and `rows` short rows, under the 10 MB upload limit.
 */
export async function leadsWorkbook(rows: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const stream = new PassThrough();
  stream.on('data', (c: Buffer) => chunks.push(c));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet('Leads');
  sheet.addRow(['MC', 'Truck quantity', 'Carrier', 'Phone', 'Email']).commit();
  for (let i = 0; i < rows; i++)
    sheet.addRow([`MC${100000 + i}`, i % 50, `Carrier ${i}`, '555-0100', `c${i}@example.com`]).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

export function multipart(name: string, data: Buffer) {
  const boundary = '----bench-import';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

/** One upload on its own connection: status, the answer and its time. */
function upload(base: string, token: string, file: { body: Buffer; type: string }) {
  return new Promise<{ status: number; ms: number; answer: string }>((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request(
      `${base}${config.importPath}`,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': file.type, 'content-length': file.body.length, authorization: `Bearer ${token}` },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - t0,
            answer: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(file.body);
  });
}

type Round = {
  uploads: { status: number; ms: number; answer: string }[];
  /** The cheap call while the files were being sent and read (first upload sent → last answered). */
  probe: Figure;
  probe_non_200: number;
  rss_before_mb: number;
  rss_peak_mb: number;
  rss_rise_mb: number;
  rss_after_mb: number;
};

async function round1(o: { url: string; pid: number; token: string; file: { body: Buffer; type: string } }) {
  const agent = keepAlive();
  const probe = () => request(o.url, { method: 'GET', path: config.probePath, token: o.token, agent });
  const rssBefore = memory(o.pid).rss;
  const peak = sampleRss(o.pid, 20);
  const during: Reply[] = [];
  let loading = true;
  const prober = (async () => {
    while (loading) during.push(await probe());
  })();
  const uploads = await Promise.all(Array.from({ length: config.files }, () => upload(o.url, o.token, o.file)));
  loading = false;
  await prober;
  const rssPeak = peak();
  await new Promise((r) => setTimeout(r, 3000));
  const result: Round = {
    uploads: uploads.map((u) => ({ status: u.status, ms: round(u.ms, 0), answer: u.answer.slice(0, 200) })),
    probe: figure(during.map((r) => r.ms)),
    probe_non_200: during.filter((r) => r.status !== 200).length,
    rss_before_mb: round(rssBefore, 1),
    rss_peak_mb: round(rssPeak, 1),
    rss_rise_mb: round(rssPeak - rssBefore, 1),
    rss_after_mb: round(memory(o.pid).rss, 1),
  };
  agent.destroy();
  return result;
}

export async function importLoad(log: Log) {
  const started = new Date();
  const load = { start: os.loadavg() };
  if (!existsSync(join(ROOT, 'packages/web/dist/index.html')))
    log('the web app is not built: the start builds it first');
  log(`generating a ${config.rows.toLocaleString('en-US')}-row leads workbook`);
  const workbook = await leadsWorkbook(config.rows);
  log(`  ${(workbook.length / 1024 / 1024).toFixed(1)} MB`);
  const file = multipart('leads.xlsx', workbook);

  const dataDir = await mkdtemp(join(os.tmpdir(), 'backhaul-bench-import-'));
  const app = await startApp({
    env: { DATA_DIR: dataDir, SEED: 'auto', PORT: '0' },
    logFile: join(dataDir, 'app.log'),
    timeoutMs: 600_000,
  });
  log(`app on ${app.url} (pid ${app.pid}), started and seeded in ${Math.round(app.startMs)} ms`);
  try {
    const token = await login(app);
    // The built server reads a file in its worker: a small one answers its rows.
    const small = await upload(app.url, token, multipart('leads.xlsx', await leadsWorkbook(3)));
    const smallRows = small.status === 200 ? (JSON.parse(small.answer) as { rows: unknown[] }).rows : [];
    if (smallRows.length !== 3) throw new Error(`a 3-row file answered ${small.status}: ${small.answer.slice(0, 300)}`);
    const agent = keepAlive();
    const idle: number[] = [];
    for (let i = 0; i < 60; i++) {
      const r = await request(app.url, { method: 'GET', path: config.probePath, token, agent });
      if (r.status !== 200)
        throw new Error(`${config.probePath} answered ${r.status}: ${r.body.toString().slice(0, 200)}`);
      if (i >= 10) idle.push(r.ms);
    }
    agent.destroy();
    await new Promise((r) => setTimeout(r, 3000));
    const idleRss = round(memory(app.pid).rss, 1);
    log(`  idle: ${config.probePath} p50 ${figure(idle).p50} ms, RSS ${idleRss} MB`);

    const rounds: Round[] = [];
    for (let i = 0; i < config.rounds; i++) {
      const r = await round1({ url: app.url, pid: app.pid, token, file });
      rounds.push(r);
      log(
        `  round ${i + 1}: uploads ${r.uploads.map((u) => `${u.status} in ${u.ms} ms`).join(', ')} | ` +
          `${config.probePath} n ${r.probe.n} p50 ${r.probe.p50} ms max ${r.probe.max} ms | ` +
          `RSS ${r.rss_before_mb} → peak ${r.rss_peak_mb} MB (+${r.rss_rise_mb}), after ${r.rss_after_mb} MB`,
      );
    }
    const worstMax = Math.max(...rounds.map((r) => r.probe.max));
    const worstRise = Math.max(...rounds.map((r) => r.rss_rise_mb));
    const results = {
      date: started.toISOString(),
      git: gitSha(),
      machine: { cpus: os.cpus().length, node: process.version, loadavg_start: load.start, loadavg_end: os.loadavg() },
      config,
      file_bytes: workbook.length,
      idle: { probe: figure(idle), rss_mb: idleRss },
      rounds,
      worst: { probe_max_ms: worstMax, rss_rise_mb: worstRise },
      goal_met: worstMax < config.goal.maxMs && worstRise < config.goal.riseMb,
    };
    const dir = join(ROOT, 'bench/results');
    await mkdir(dir, { recursive: true });
    const name = `${started.toISOString().slice(0, 10)}-${results.git}-import.json`;
    await writeFile(join(dir, name), `${JSON.stringify(results, null, 2)}\n`);
    log(
      `worst of ${config.rounds} rounds: other call max ${worstMax} ms (goal < ${config.goal.maxMs}), ` +
        `RSS rise ${worstRise} MB (goal < ${config.goal.riseMb}): ${results.goal_met ? 'goal met' : 'GOAL MISSED'}`,
    );
    log(`wrote bench/results/${name}`);
    return results;
  } finally {
    await app.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const t0 = Date.now();
  importLoad((line) => console.log(`${String(Math.round((Date.now() - t0) / 1000)).padStart(5)}s ${line}`)).catch(
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
