import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays, nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import { EMPTY_CUSTOMER_FORM } from '@backhaul/shared/modules/customers/customers.contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEST_PASSWORD, withDatabase } from '../../../test/template';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { type Database, openPglite, openPostgres } from '../../db/client';

/**
 * A generation run killed (SIGKILL) after its first saved batch, then resumed by a restarted
 * server, must leave exactly what a run that was never interrupted leaves on the same data: every
 * customer's balance, every invoice and line, the loads' invoice links and the run's totals.
 * The server is the real entry (src/main.ts) in a child process, on a PGlite data folder or, with
 * DATABASE_URL, on a PostgreSQL database of its own.
 */

const MAIN = fileURLToPath(new URL('../../main.ts', import.meta.url));
const SERVER_DIR = fileURLToPath(new URL('../../..', import.meta.url));
/**
 * Customers added to the three of the test seed: 60 batches of 10. On PGlite the kill follows the
 * progress the API shows, so the run must outlast a progress write (250 ms) and a poll.
 */
const EXTRA_CUSTOMERS = 600;
const ADMIN = 'admin@backhaul.demo';
const PG_URL = process.env.DATABASE_URL;

/** Where one copy of the data lives, and how a server process or the test opens it. */
type Target = { name: string; env: Record<string, string>; open: () => Promise<Database> };

const work = mkdtempSync(join(tmpdir(), 'backhaul-resume-'));
const pgNames: string[] = [];

async function pgAdmin<T>(fn: (admin: Database) => Promise<T>): Promise<T> {
  const admin = await openPostgres(PG_URL as string, 1);
  try {
    return await fn(admin);
  } finally {
    await admin.close();
  }
}

function pgTarget(name: string): Target {
  const url = withDatabase(PG_URL as string, name);
  return { name, env: { DATABASE_URL: url, DATA_DIR: join(work, name) }, open: () => openPostgres(url, 3) };
}

function pgliteTarget(name: string): Target {
  const dir = join(work, name);
  return { name, env: { DATABASE_URL: '', DATA_DIR: dir }, open: () => openPglite({ dataDir: dir }) };
}

async function createTarget(name: string): Promise<Target> {
  if (PG_URL) {
    const db = `backhaul_resume_${name}_${process.pid}`;
    pgNames.push(db);
    await pgAdmin((a) => a.exec(`create database ${db} template ${inject('pgTemplate')}`));
    return pgTarget(db);
  }
  const target = pgliteTarget(name);
  const dump = new Blob([await readFile(inject('pgliteTemplate'))]);
  await (await openPglite({ dataDir: target.env.DATA_DIR as string, loadDataDir: dump })).close();
  return target;
}

/** A second copy of a closed target. */
async function copyTarget(from: Target, name: string): Promise<Target> {
  if (PG_URL) {
    const db = `backhaul_resume_${name}_${process.pid}`;
    pgNames.push(db);
    await pgAdmin((a) => a.exec(`create database ${db} template ${from.name}`));
    return pgTarget(db);
  }
  const target = pgliteTarget(name);
  cpSync(from.env.DATA_DIR as string, target.env.DATA_DIR as string, { recursive: true });
  return target;
}

async function withDb<T>(target: Target, fn: (db: Database) => Promise<T>): Promise<T> {
  const database = await target.open();
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

type Server = { url: string; proc: ChildProcess; exited: Promise<void> };

/** `node --import tsx src/main.ts` on the target: one process, so SIGKILL kills the server itself. */
async function startServer(target: Target): Promise<Server> {
  const proc = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...target.env, PORT: '0', HOST: '127.0.0.1', SEED: 'none', JOB_STALE_SECONDS: '2' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 180_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /running at (http:\/\/\S+)/.exec(output);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    proc.stdout?.on('data', read);
    proc.stderr?.on('data', read);
    proc.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  return { url, proc, exited };
}

async function stopServer(server: Server, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
  server.proc.kill(signal);
  await server.exited;
}

async function call<T>(server: Server, method: 'GET' | 'POST', path: string, token?: string, body?: object) {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const login = async (server: Server) =>
  (await call<{ access_token: string }>(server, 'POST', '/login', undefined, { email: ADMIN, password: TEST_PASSWORD }))
    .access_token;

type Job = { status: string; done: number; total: number; result: unknown };
const getJob = (server: Server, token: string, id: string) => call<Job>(server, 'GET', `/jobs/${id}`, token);

async function waitJob(server: Server, token: string, id: string): Promise<Job> {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const job = await getJob(server, token, id);
    if (job.status === 'completed' || job.status === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`generation stuck: ${JSON.stringify(job)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const today = nowInCompanyTimeZone().date;
const period = { from: `${addDays(`${today.slice(0, 8)}01`, -1).slice(0, 8)}01`, to: today };

/** Everything a generation run changes, keyed by what does not depend on ids made during the run. */
async function snapshot(database: Database, runId: number) {
  const rows = async (text: string) =>
    (await database.query<Record<string, unknown>>(text, [runId])).map((r) => Object.values(r).join('|'));
  const [run] = await database.query<Record<string, unknown>>(
    'select status, invoices_count, amount_cents from invoice_generation_runs where id = $1',
    [runId],
  );
  const [audited] = await database.query<{ amount: number; invoices: number; distinct_invoices: number }>(
    `select coalesce(sum((a.after ->> 'amount_cents')::bigint), 0)::bigint as amount,
       coalesce(sum(jsonb_array_length(a.after -> 'invoice_ids')), 0)::int as invoices,
       (select count(distinct i.id)::int from audit_log b cross join lateral jsonb_array_elements_text(b.after -> 'invoice_ids') i(id)
        where b.entity = 'invoice_generation_runs' and b.entity_id = $1) as distinct_invoices
     from audit_log a where a.entity = 'invoice_generation_runs' and a.entity_id = $1`,
    [String(runId)],
  );
  return {
    balances: await rows('select id, balance_cents from customers where $1::int is not null order by id'),
    invoices: await rows(
      `select customer_id, service_id, period_from, period_to, total_cents, status from invoices
       where generation_run_id = $1 order by 1, 2, 3`,
    ),
    lines: await rows(
      `select i.customer_id, il.service_id, il.load_id, il.period_start, il.quantity, il.rate, il.base_cents, il.amount_cents
       from invoice_lines il join invoices i on i.id = il.invoice_id where i.generation_run_id = $1 order by 1, 2, 3, 4`,
    ),
    linkedLoads: await rows(
      `select l.id, i.customer_id, i.service_id from loads l join invoices i on i.id = l.customer_invoice_id
       where i.generation_run_id = $1 order by 1`,
    ),
    run,
    audited,
  };
}

let interrupted: Target;
let uninterrupted: Target;

beforeAll(async () => {
  // The data: the test seed plus many customers buying dispatch and accounting, and the period's
  // delivered loads billed, all through the API; then a second copy of it.
  interrupted = await createTarget('a');
  await withDb(interrupted, async (database) => {
    const config = loadConfig({}, { DATA_DIR: interrupted.env.DATA_DIR as string });
    const { app } = await buildApp({ database, config });
    await app.ready();
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: ADMIN, password: TEST_PASSWORD },
    });
    const headers = { authorization: `Bearer ${res.json().access_token}` };
    const made = await app.inject({
      method: 'POST',
      url: '/api/customers/create',
      headers,
      payload: { ...EMPTY_CUSTOMER_FORM, name: 'Resume Test Carrier', services: ['dispatch', 'accounting'] },
    });
    expect(made.statusCode, made.body).toBe(200);
    // Volume by copying that customer (hundreds through the API would take minutes on a loaded machine).
    await database.query(
      `insert into customers (company_id, name, services)
       select c.company_id, c.name || ' ' || g, c.services from customers c, generate_series(2, $2::int) g where c.id = $1`,
      [made.json().customer.id, EXTRA_CUSTOMERS],
    );
    const open = await database.query<{ id: number }>(
      `select id from loads where delivery_at >= ($1::date)::timestamp at time zone 'America/Chicago'
         and delivery_at <= now() and not billing and customer_id is not null order by id`,
      [period.from],
    );
    for (const l of open) {
      const billed = await app.inject({ method: 'POST', url: '/api/billing', headers, payload: { load_id: l.id } });
      expect(billed.statusCode, billed.body).toBe(200);
    }
    await app.close();
  });
  uninterrupted = await copyTarget(interrupted, 'b');
}, 300_000);

afterAll(async () => {
  if (PG_URL) for (const n of pgNames) await pgAdmin((a) => a.exec(`drop database if exists ${n} with (force)`));
  rmSync(work, { recursive: true, force: true });
});

async function startRun(server: Server, token: string) {
  return call<{ run_id: number; job_id: string }>(server, 'POST', '/generate-invoice', token, period);
}

describe('invoice generation killed mid-run and resumed', () => {
  it('ends with the balances, invoices and totals of a run that was never interrupted', async () => {
    // The reference: one run, start to end.
    let server = await startServer(uninterrupted);
    let token = await login(server);
    const reference = await startRun(server, token);
    const done = await waitJob(server, token, reference.job_id);
    expect(done.status).toBe('completed');
    await stopServer(server, 'SIGTERM');
    const expected = await withDb(uninterrupted, (db) => snapshot(db, reference.run_id));
    expect(expected.invoices.length).toBeGreaterThan(EXTRA_CUSTOMERS);
    expect(expected.linkedLoads.length).toBeGreaterThan(0);

    // The same run, killed once the jobs table shows a saved batch. On PostgreSQL the test holds a
    // row lock on the second batch's first customer, so the kill lands exactly after the first batch.
    const holder = PG_URL ? await interrupted.open() : null;
    const lock = await holder?.pool?.connect();
    if (holder && lock) {
      const [second] = await holder.query<{ id: number }>(
        `select id from customers where services && '{dispatch,safety,accounting}' order by id offset 10 limit 1`,
      );
      await lock.query('begin');
      await lock.query('select id from customers where id = $1 for update', [second?.id]);
    }
    server = await startServer(interrupted);
    token = await login(server);
    const started = await startRun(server, token);
    expect(started.run_id).toBe(reference.run_id);
    for (;;) {
      const [job] = holder
        ? await holder.query<Job>('select status, done, total from jobs where id = $1', [started.job_id])
        : [await getJob(server, token, started.job_id)];
      if (job?.status !== 'queued')
        expect(job?.status, 'the run must still be running when it is killed').toBe('running');
      if ((job?.done ?? 0) > 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await stopServer(server, 'SIGKILL');
    if (lock) {
      await lock.query('rollback');
      lock.release();
    }
    await holder?.close();

    // Half done: some customers' invoices are saved, not all.
    await withDb(interrupted, async (db) => {
      const [job] = await db.query<{ status: string; done: number; total: number }>(
        'select status, done, total from jobs where id = $1',
        [started.job_id],
      );
      expect(job?.status).toBe('running');
      expect(job?.done).toBeGreaterThan(0);
      expect(job?.done).toBeLessThan(job?.total ?? 0);
      const half = await snapshot(db, started.run_id);
      expect(half.invoices.length).toBeGreaterThan(0);
      expect(half.invoices.length).toBeLessThan(expected.invoices.length);
    });

    // A restart resumes the job and finishes the run.
    server = await startServer(interrupted);
    token = await login(server);
    const resumed = await waitJob(server, token, started.job_id);
    expect(resumed.status).toBe('completed');
    expect(resumed.result).toEqual(done.result);
    await stopServer(server, 'SIGTERM');

    const actual = await withDb(interrupted, (db) => snapshot(db, started.run_id));
    expect(actual.balances).toEqual(expected.balances);
    expect(actual.invoices).toEqual(expected.invoices);
    expect(actual.lines).toEqual(expected.lines);
    expect(actual.linkedLoads).toEqual(expected.linkedLoads);
    expect(actual.run).toEqual(expected.run);
    // Each invoice audited once, for its amount.
    expect(actual.audited).toEqual(expected.audited);
    expect(actual.audited?.invoices).toBe(actual.audited?.distinct_invoices);
  }, 900_000);
});
