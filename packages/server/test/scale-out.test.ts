import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openPostgres } from '../src/db/client';
import { SERVER_ROOT } from '../src/paths';
import { createS3Storage } from '../src/platform/files/s3-storage';
import { type RoundRobinProxy, startRoundRobinProxy } from './round-robin-proxy';
import { TEST_PASSWORD, withDatabase } from './template';

/**
 * Scale-out on the engines we have (docs/deploy.md): two API processes and one `npm run worker`
 * on one PostgreSQL, files in an S3-compatible store (s3rver), behind a round-robin proxy on
 * loopback. The processes run the built server (packages/server/dist), as `npm start` does.
 */
const PG_URL = process.env.DATABASE_URL;
const ROOT = join(SERVER_ROOT, '../..');
const ADMIN = 'admin@backhaul.demo';
const S3_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(4096)]);

if (!PG_URL) {
  console.info('scale-out.test.ts skipped: it needs PostgreSQL (DATABASE_URL); CI runs it in the PostgreSQL pass.');
}

type Proc = { proc: ChildProcess; output: () => string; exited: Promise<void> };

/** Starts a process of ours and waits for the line that says it is ready. */
function startProcess(args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<Proc & { match: string }> {
  const proc = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready in time:\n${output}`)), 90_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const m = ready.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve({ proc, exited, output: () => output, match: m[1] ?? m[0] });
      }
    };
    proc.stdout?.on('data', read);
    proc.stderr?.on('data', read);
    proc.once('exit', (code) => reject(new Error(`exited (${code}) before it was ready:\n${output}`)));
  });
}

describe.skipIf(!PG_URL)(
  'scale-out: two API processes and a worker on one PostgreSQL, behind a round-robin proxy',
  () => {
    const dbName = `backhaul_scale_${process.pid}`;
    let work: string;
    const processes: Proc[] = [];
    let dbUrl: string;
    let database: Database;
    let proxy: RoundRobinProxy;
    let s3Server: Server;
    let s3Endpoint: string;
    let env: (dataDir: string) => NodeJS.ProcessEnv;

    beforeAll(async () => {
      work = mkdtempSync(join(tmpdir(), 'backhaul-scale-'));
      execFileSync(process.execPath, [join(SERVER_ROOT, 'build.mjs')], { cwd: ROOT, stdio: 'pipe' });

      const admin = await openPostgres(PG_URL as string, 1);
      await admin.exec(`create database ${dbName} template ${inject('pgTemplate')}`);
      await admin.close();
      dbUrl = withDatabase(PG_URL as string, dbName);
      database = await openPostgres(dbUrl, 2);

      const s3rver = new S3rver({
        silent: true,
        directory: join(work, 's3'),
        configureBuckets: [{ name: 'backhaul', configs: [] }],
      });
      await s3rver.configureBuckets();
      s3Server = createServer(s3rver.getMiddleware());
      await new Promise<void>((resolve) => s3Server.listen(0, '127.0.0.1', resolve));
      s3Endpoint = `http://127.0.0.1:${(s3Server.address() as AddressInfo).port}`;

      proxy = await startRoundRobinProxy();
      const inherited = Object.fromEntries(
        Object.entries(process.env).filter(([k]) => !/^(DATABASE_URL|DATA_DIR|PORT|HOST|SEED|S3_|SMTP_URL)/.test(k)),
      );
      env = (dataDir) => ({
        ...inherited,
        DATABASE_URL: dbUrl,
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: '0',
        SEED: 'none',
        JOBS_IN_API: '0',
        LINK_SECRET: 'scale-out-test-link-secret-of-forty-chars',
        PUBLIC_URL: proxy.url,
        TRUST_PROXY: 'loopback',
        S3_ENDPOINT: s3Endpoint,
        S3_BUCKET: 'backhaul',
        S3_ACCESS_KEY_ID: S3_KEYS.accessKeyId,
        S3_SECRET_ACCESS_KEY: S3_KEYS.secretAccessKey,
        S3_PATH_STYLE: '1',
        WEB_DIST: join(work, 'no-web'),
        LOG_LEVEL: 'warn',
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      });
      // Each API process has a data folder of its own: a file it kept locally would not reach the other.
      const apis = await Promise.all(
        ['api-0', 'api-1'].map((name) =>
          startProcess(
            [join(SERVER_ROOT, 'dist/main.js')],
            env(join(work, name)),
            /Backhaul is running at (http:\/\/\S+)/,
          ),
        ),
      );
      for (const api of apis) {
        processes.push(api);
        proxy.upstreams.push(api.match);
      }
    }, 180_000);

    afterAll(async () => {
      for (const p of processes) p.proc.kill('SIGTERM');
      await Promise.all(processes.map((p) => p.exited));
      await proxy?.close();
      await new Promise<void>((resolve) => (s3Server ? s3Server.close(() => resolve()) : resolve()));
      await database?.close();
      const admin = await openPostgres(PG_URL as string, 1);
      await admin.exec(`drop database if exists ${dbName} with (force)`);
      await admin.close();
      if (work) rmSync(work, { recursive: true, force: true });
    }, 60_000);

    type Answer = { status: number; upstream: number; headers: Headers; body: Buffer };

    /** A request through the proxy; `on` makes the proxy's turn come to that upstream first. */
    async function call(
      method: string,
      path: string,
      opts: {
        on?: number | undefined;
        token?: string;
        cookie?: string;
        /** As the web app: its client header (ADR 0004). */
        web?: boolean;
        json?: unknown;
        body?: Buffer;
        type?: string;
      } = {},
    ): Promise<Answer> {
      if (opts.on !== undefined) while (proxy.next() !== opts.on) await fetch(`${proxy.url}/api/health`);
      const headers: Record<string, string> = {};
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      if (opts.cookie) headers.cookie = opts.cookie;
      if (opts.web || opts.cookie) headers['x-backhaul-client'] = 'web';
      let body: Buffer | string | undefined = opts.body;
      if (opts.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(opts.json);
      } else if (opts.type) headers['content-type'] = opts.type;
      const res = await fetch(`${proxy.url}${path}`, { method, headers, ...(body ? { body } : {}) });
      return {
        status: res.status,
        upstream: Number(res.headers.get('x-upstream')),
        headers: res.headers,
        body: Buffer.from(await res.arrayBuffer()),
      };
    }
    const json = (a: Answer) => JSON.parse(a.body.toString());

    /** Signs in as the web app does: the answer carries the token and sets the httpOnly session cookie. */
    async function login(on?: number) {
      const res = await call('POST', '/api/login', { on, web: true, json: { email: ADMIN, password: TEST_PASSWORD } });
      expect(res.status, res.body.toString()).toBe(200);
      const cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      expect(cookie).toMatch(/^backhaul_session=/);
      return { token: json(res).access_token as string, cookie, upstream: res.upstream };
    }

    const one = async (sql: string) => ((await database.query<{ id: number }>(sql))[0]?.id ?? 0) as number;

    it('a session made on one API process is used, and ended, on the other', async () => {
      const session = await login(0);
      expect(session.upstream).toBe(0);
      // The web's httpOnly cookie, then a bearer token, each on the other process.
      const byCookie = await call('POST', '/api/user', { on: 1, cookie: session.cookie });
      expect(byCookie.upstream).toBe(1);
      expect(byCookie.status, byCookie.body.toString()).toBe(200);
      expect(json(byCookie).user.email).toBe(ADMIN);
      const byToken = await call('POST', '/api/isLogin', { on: 1, token: session.token });
      expect(byToken.status).toBe(200);

      const ended = await call('POST', '/api/logout', { on: 0, token: session.token });
      expect(ended.status).toBe(200);
      const after = await call('POST', '/api/user', { on: 1, token: session.token });
      expect(after.upstream).toBe(1);
      expect(after.status).toBe(401);
    });

    it('a live event published on one process reaches an event stream held on the other', async () => {
      const { token, cookie } = await login();
      // The stream as the web opens it (EventSource with the session cookie), held on upstream 0.
      while (proxy.next() !== 0) await fetch(`${proxy.url}/api/health`);
      const abort = new AbortController();
      const stream = await fetch(`${proxy.url}/api/live`, { headers: { cookie }, signal: abort.signal });
      expect(stream.status).toBe(200);
      expect(stream.headers.get('x-upstream')).toBe('0');
      const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
      let text = '';
      const until = async (pattern: RegExp) => {
        const deadline = Date.now() + 20_000;
        while (!pattern.test(text)) {
          if (Date.now() > deadline) throw new Error(`no ${pattern} in the stream:\n${text}`);
          const { value, done } = await reader.read();
          if (done) throw new Error(`stream ended:\n${text}`);
          text += Buffer.from(value).toString();
        }
        return pattern.exec(text);
      };
      try {
        await until(/: connected/);
        const today = nowInCompanyTimeZone().date;
        const saved = await call('POST', '/api/trips/update/0', {
          on: 1,
          token,
          json: {
            customer_id: await one('select id from customers order by id limit 1'),
            truck_id: await one("select id from trucks where status = 'active' order by id limit 1"),
            trailer_id: await one('select id from trailers order by id limit 1'),
            driver_id: await one('select id from drivers order by id limit 1'),
            dispatcher_id: await one(`select id from users where email = '${ADMIN}'`),
            notes: 'Scale-out test trip',
            loads: [
              {
                broker_id: await one('select id from brokers order by id limit 1'),
                broker_number: 'SCALE-1',
                bol: 'SCALE1',
                gross: 1200,
                mileage_loaded: 239,
                mileage_empty: 0,
                stops: [
                  { type: 1, city: 'Dallas', state: 'TX', zip: '75201', at: `${addDays(today, -1)} 08:00` },
                  { type: 2, city: 'Houston', state: 'TX', zip: '77002', at: `${today} 09:00` },
                ],
              },
            ],
          },
        });
        expect(saved.upstream).toBe(1);
        expect(saved.status, saved.body.toString()).toBe(200);
        const tripId = json(saved).trip.trip_id as number;
        const event = await until(/event: change\ndata: (\{[^\n]*"id":\d+[^\n]*\})\n/);
        expect(JSON.parse(event?.[1] ?? '{}')).toEqual({ topic: 'trips', id: tripId, action: 'created' });
      } finally {
        abort.abort();
        await reader.cancel().catch(() => {});
      }
    });

    it('a job enqueued on one process waits for the worker, which does it, with progress read on the other', async () => {
      const { token } = await login();
      const today = nowInCompanyTimeZone().date;
      const started = await call('POST', '/api/generate-invoice', {
        on: 0,
        token,
        json: { from: `${addDays(`${today.slice(0, 8)}01`, -1).slice(0, 8)}01`, to: today },
      });
      expect(started.status, started.body.toString()).toBe(200);
      const jobId = json(started).job_id as string;
      const readJob = async () => {
        const res = await call('GET', `/api/jobs/${jobId}`, { on: 1, token });
        expect(res.upstream).toBe(1);
        expect(res.status, res.body.toString()).toBe(200);
        return json(res) as { status: string; done: number; total: number };
      };
      // JOBS_IN_API=0: neither API process takes it.
      for (let i = 0; i < 3; i++) {
        expect((await readJob()).status).toBe('queued');
        await new Promise((r) => setTimeout(r, 500));
      }

      // `npm run worker` (scripts/start.mjs worker: the built worker).
      const worker = await startProcess(
        ['scripts/start.mjs', 'worker'],
        env(join(work, 'worker')),
        /Backhaul worker (\d+) is running jobs/,
      );
      processes.push(worker);
      const seen: string[] = [];
      const deadline = Date.now() + 90_000;
      let job = await readJob();
      while (job.status === 'queued' || job.status === 'running') {
        seen.push(`${job.status} ${job.done}/${job.total}`);
        if (Date.now() > deadline) throw new Error(`job not done: ${seen.join(', ')}\n${worker.output()}`);
        await new Promise((r) => setTimeout(r, 100));
        job = await readJob();
      }
      expect(job.status, worker.output()).toBe('completed');
      expect(job.total).toBeGreaterThan(0);
      expect(job.done).toBe(job.total);
      const [run] = await database.query<{ status: string }>(
        'select status from invoice_generation_runs where id = $1',
        [json(started).run_id],
      );
      expect(run?.status).toBe('completed');
    });

    it('a file uploaded through one process is downloaded through the other, from the S3 store', async () => {
      const { token } = await login();
      const driverId = await one('select id from drivers order by id limit 1');
      const boundary = `----scale${Date.now()}`;
      const multipart = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\nlicense\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="licence.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        PNG,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const uploaded = await call('POST', `/api/files/upload/drivers/${driverId}`, {
        on: 0,
        token,
        body: multipart,
        type: `multipart/form-data; boundary=${boundary}`,
      });
      expect(uploaded.status, uploaded.body.toString()).toBe(200);
      const fileId = json(uploaded).file.id as number;

      const downloaded = await call('GET', `/api/files/${fileId}/download`, { on: 1, token });
      expect(downloaded.upstream).toBe(1);
      expect(downloaded.status).toBe(200);
      expect(downloaded.body.equals(PNG)).toBe(true);

      // The bytes are in the bucket, not in either process's data folder.
      const [row] = await database.query<{ storage_key: string }>('select storage_key from files where id = $1', [
        fileId,
      ]);
      const bucket = createS3Storage({
        endpoint: s3Endpoint,
        bucket: 'backhaul',
        region: 'us-east-1',
        pathStyle: true,
        credentials: S3_KEYS,
      });
      expect((await bucket.get(row?.storage_key ?? '')).equals(PNG)).toBe(true);
      bucket.close?.();
      for (const name of ['api-0', 'api-1']) expect(existsSync(join(work, name, 'files'))).toBe(false);

      // A signed link made on one process opens on the other without a session (LINK_SECRET shared).
      const link = await call('POST', `/api/files/${fileId}/link`, { on: 0, token, json: {} });
      expect(link.status, link.body.toString()).toBe(200);
      const url = new URL(json(link).url as string);
      expect(url.origin).toBe(proxy.url);
      const viaLink = await call('GET', `${url.pathname}${url.search}`, { on: 1 });
      expect(viaLink.upstream).toBe(1);
      expect(viaLink.status).toBe(200);
      expect(viaLink.body.equals(PNG)).toBe(true);
    });

    it('two API processes and a worker started at once on an empty database migrate it once and seed it once', async () => {
      const fresh = `backhaul_scale_fresh_${process.pid}`;
      const admin = await openPostgres(PG_URL as string, 1);
      await admin.exec(`drop database if exists ${fresh} with (force)`);
      await admin.exec(`create database ${fresh}`);
      await admin.close();
      const freshUrl = withDatabase(PG_URL as string, fresh);
      const freshEnv = (name: string) => ({
        ...env(join(work, `fresh-${name}`)),
        DATABASE_URL: freshUrl,
        SEED: 'demo',
        SEED_SCALE: '0.05',
      });
      const started = await Promise.allSettled([
        startProcess([join(SERVER_ROOT, 'dist/main.js')], freshEnv('api-0'), /Backhaul is running at/),
        startProcess([join(SERVER_ROOT, 'dist/main.js')], freshEnv('api-1'), /Backhaul is running at/),
        startProcess([join(SERVER_ROOT, 'dist/worker.js')], freshEnv('worker'), /Backhaul worker \d+ is running/),
      ]);
      const running = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      for (const p of running) p.proc.kill('SIGTERM');
      await Promise.all(running.map((p) => p.exited));
      const check = await openPostgres(freshUrl, 1);
      try {
        expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'ready'))).toEqual([
          'ready',
          'ready',
          'ready',
        ]);
        const journal = JSON.parse(readFileSync(join(SERVER_ROOT, 'drizzle/meta/_journal.json'), 'utf8'));
        const [applied] = await check.query<{ n: number }>(
          'select count(*)::int as n from drizzle.__drizzle_migrations',
        );
        expect(applied?.n).toBe(journal.entries.length);
        const companies = await check.query<{ n: number }>('select count(*)::int as n from companies');
        expect(companies[0]?.n).toBe(1);
        const admins = await check.query<{ n: number }>(
          `select count(*)::int as n from users where email = '${ADMIN}'`,
        );
        expect(admins[0]?.n).toBe(1);
      } finally {
        await check.close();
        const again = await openPostgres(PG_URL as string, 1);
        await again.exec(`drop database if exists ${fresh} with (force)`);
        await again.close();
      }
    }, 180_000);
  },
);
