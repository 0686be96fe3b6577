import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { createJobsService, JOB_MSG } from './jobs.service';
import { jobs } from './jobs.table';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@backhaul.demo');
});
afterAll(() => t.close());

type JobJson = { id: string; status: string; done: number; total: number; error: string | null; result: unknown };

const getJob = async (id: string, token = admin) =>
  (await t.app.inject({ method: 'GET', url: `/api/jobs/${id}`, headers: t.bearer(token) })).json() as JobJson;

async function waitFor(id: string, until: (j: JobJson) => boolean, token = admin): Promise<JobJson> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const job = await getJob(id, token);
    if (until(job)) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} stuck: ${JSON.stringify(job)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function gate() {
  let open = () => {};
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return { open, opened };
}

describe('jobs', () => {
  it('reports progress, fails with its reason, is retried and completes', async () => {
    let attempt = 0;
    const halfway = gate();
    t.app.deps.jobs.define<{ trucks: number }>('test.invoices', async (ctx) => {
      attempt++;
      for (let i = 1; i <= ctx.data.trucks; i++) {
        await ctx.progress(i, ctx.data.trucks);
        if (i === 4 && attempt === 1) await halfway.opened;
        if (i === 6 && attempt === 1) throw new Error('Truck 42 has no driver');
      }
      return { invoices: ctx.data.trucks };
    });
    const { user } = await t.createUser({ email: 'job-owner@backhaul.demo', grants: [] });
    const job = await t.app.deps.jobs.enqueue('test.invoices', { trucks: 10 }, { actor: user, total: 10 });
    const owner = await t.login('job-owner@backhaul.demo');

    const mid = await waitFor(job.id, (j) => j.done === 4, owner);
    expect(mid).toMatchObject({ status: 'running', done: 4, total: 10, error: null });
    halfway.open();

    const failed = await waitFor(job.id, (j) => j.status === 'failed', owner);
    expect(failed).toMatchObject({ error: 'Truck 42 has no driver', done: 6, total: 10, result: null });

    const retried = await t.app.inject({ method: 'POST', url: `/api/jobs/${job.id}/retry`, headers: t.bearer(owner) });
    expect(retried.statusCode).toBe(200);
    const done = await waitFor(job.id, (j) => j.status === 'completed', owner);
    expect(done).toMatchObject({ done: 10, total: 10, error: null, result: { invoices: 10 }, attempts: 2 });
    expect(attempt).toBe(2);

    // A completed job is not retried.
    const again = await t.app.inject({ method: 'POST', url: `/api/jobs/${job.id}/retry`, headers: t.bearer(owner) });
    expect(again.statusCode).toBe(412);
    expect(again.json()).toEqual({ error: { mail: JOB_MSG.notRetryable } });
  });

  it('only the creator or an administrator sees a job', async () => {
    t.app.deps.jobs.define('test.noop', async () => 'ok');
    const a = await t.createUser({ email: 'job-a@backhaul.demo', grants: [] });
    const b = await t.createUser({ email: 'job-b@backhaul.demo', grants: [] });
    const job = await t.app.deps.jobs.enqueue('test.noop', {}, { actor: a.user });
    expect((await waitFor(job.id, (j) => j.status === 'completed', a.token)).result).toBe('ok');
    const other = await t.app.inject({ method: 'GET', url: `/api/jobs/${job.id}`, headers: t.bearer(b.token) });
    expect(other.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/jobs/${job.id}/retry`, headers: t.bearer(b.token) })).statusCode,
    ).toBe(404);
    expect((await getJob(job.id, admin)).status).toBe('completed');
    expect((await t.app.inject({ method: 'GET', url: `/api/jobs/${job.id}` })).statusCode).toBe(401);
  });

  it('a job with no worker for its name fails with a reason', async () => {
    const job = await t.app.deps.jobs.enqueue('test.nobody', {}, { actor: null });
    const failed = await waitFor(job.id, (j) => j.status === 'failed');
    expect(failed.error).toBe(JOB_MSG.unknown('test.nobody'));
  });

  it('survives a restart: a job left running or queued is resumed when the runner starts', async () => {
    const seen: string[] = [];
    t.app.deps.jobs.define<{ n: number }>('test.resume', async (ctx) => {
      seen.push(ctx.id);
      await ctx.progress(ctx.data.n, ctx.data.n);
      return ctx.data.n;
    });
    await t.app.deps.jobs.stop();
    // What a crashed process leaves behind: one job mid-run, one never picked up.
    const running = randomUUID();
    const queued = randomUUID();
    const known = randomUUID();
    await t.db.insert(jobs).values([
      { id: running, name: 'test.resume', status: 'running', data: { n: 3 }, done: 1, total: 3, attempts: 1 },
      { id: queued, name: 'test.resume', status: 'queued', data: { n: 5 } },
      // A name this runner already worked before the restart must be worked again too.
      { id: known, name: 'test.noop', status: 'queued', data: {} },
    ]);
    await t.app.deps.jobs.start();
    expect((await waitFor(running, (j) => j.status === 'completed')).result).toBe(3);
    expect((await waitFor(queued, (j) => j.status === 'completed')).done).toBe(5);
    expect(seen.sort()).toEqual([running, queued].sort());
    expect((await waitFor(known, (j) => j.status === 'completed')).result).toBe('ok');
  });

  // PostgreSQL: a worker killed mid-job stops its heartbeat; a live process takes the job over once
  // the heartbeat is stale, without waiting for a restart (PGlite has one process: a restart resumes).
  it.runIf(Boolean(process.env.DATABASE_URL))('a running job whose heartbeat went stale is worked again', async () => {
    const service = createJobsService({ database: t.database, work: true, staleSeconds: 1 });
    service.define<{ n: number }>('test.lost', async (ctx) => ctx.data.n * 2);
    await service.start();
    try {
      const lost = randomUUID();
      await t.db.insert(jobs).values({
        id: lost,
        name: 'test.lost',
        status: 'running',
        data: { n: 21 },
        attempts: 1,
        heartbeatAt: new Date(),
      });
      expect((await waitFor(lost, (j) => j.status === 'completed')).result).toBe(42);
    } finally {
      await service.stop();
    }
  });

  // PostgreSQL: a process starting (a worker, a second API replica, a rolling deploy) fails only the
  // local jobs their own process left behind, never an export another live process is building.
  it.runIf(Boolean(process.env.DATABASE_URL))(
    "a starting process leaves another live process's local job alone and fails an orphaned one",
    async () => {
      const live = randomUUID();
      const orphan = randomUUID();
      const beat = new Date();
      await t.db.insert(jobs).values([
        // Being built by a live process: its heartbeat is fresh.
        { id: live, name: 'test.local', status: 'running', data: { _local: true }, attempts: 1, heartbeatAt: beat },
        // Left by a process that died 10 minutes ago.
        {
          id: orphan,
          name: 'test.local',
          status: 'running',
          data: { _local: true },
          attempts: 1,
          heartbeatAt: new Date(beat.getTime() - 600_000),
        },
      ]);
      const service = createJobsService({ database: t.database, work: true, staleSeconds: 60 });
      await service.start();
      try {
        expect((await getJob(live)).status).toBe('running');
        expect((await getJob(live)).error).toBeNull();
        const failed = await getJob(orphan);
        expect(failed.status).toBe('failed');
        expect(failed.error).toBe(JOB_MSG.interrupted);
      } finally {
        await service.stop();
      }
    },
  );
});
