import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { AuthContext } from '../auth/access';
import { AppError } from '../errors';
import { createInProcessDispatcher, createPgBossDispatcher, type JobDispatcher } from './jobs.runner';
import { type DailyAt, dailyJobId, nextDailyRun } from './jobs.schedule';
import { type JobRow, jobs } from './jobs.table';

export { type DailyAt, nextDailyRun } from './jobs.schedule';

export type JobContext<D> = {
  id: string;
  data: D;
  companyId: number | null;
  createdBy: number | null;
  /** Reports progress (done of total); cheap to call often, written at most every 250 ms. */
  progress: (done: number, total?: number) => Promise<void>;
};

export type JobHandler<D = Record<string, unknown>> = (ctx: JobContext<D>) => Promise<unknown>;

export type JobActor = { id: number; companyId: number } | null;

export const JOB_MSG = {
  notRetryable: 'Only a failed job can be retried.',
  interrupted: 'The job was interrupted by a restart; start it again.',
  localNotRetryable: 'This job cannot be retried: start it again.',
  unknown: (name: string) => `No worker handles jobs named ${name}.`,
} as const;

/** Runs that only this process can do (their input lives in memory, e.g. a streamed export). */
const LOCAL = '_local';
/** A running job whose heartbeat is older than this lost its worker (PostgreSQL): it is queued again. */
const STALE_SECONDS = 60;

export type JobsService = ReturnType<typeof createJobsService>;

/**
 * The job queue for long work. State (status, progress, error, result) lives in the jobs table; a
 * dispatcher wakes workers: pg-boss on PostgreSQL, an in-process runner on PGlite. On start,
 * queued jobs and running jobs whose worker vanished are resumed.
 */
export function createJobsService(opts: {
  database: Database;
  work: boolean;
  eager?: boolean;
  /** Seconds without a heartbeat after which a running job counts as lost (default 60). */
  staleSeconds?: number | undefined;
}) {
  const { db } = opts.database;
  const staleSeconds = opts.staleSeconds ?? STALE_SECONDS;
  // Several beats fit in the stale window, so a live worker is never taken for a lost one.
  const beatMs = Math.min(15_000, (staleSeconds * 1000) / 4);
  let sweeper: ReturnType<typeof setInterval> | undefined;
  const handlers = new Map<string, JobHandler<never>>();
  const local = new Map<string, JobHandler<never>>();
  const daily: Array<{ name: string; at: DailyAt; timer?: ReturnType<typeof setTimeout> }> = [];
  const inProcess = createInProcessDispatcher((id) => run(id));
  const dispatcher: JobDispatcher =
    opts.database.kind === 'postgres'
      ? createPgBossDispatcher(opts.database, (id) => run(id), { work: opts.work, names: () => [...handlers.keys()] })
      : inProcess;
  let started = false;

  async function find(id: string): Promise<JobRow> {
    const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
    if (!row) throw AppError.notFound();
    return row;
  }

  async function run(id: string): Promise<void> {
    const [job] = await db
      .update(jobs)
      .set({
        status: 'running',
        startedAt: new Date(),
        heartbeatAt: new Date(),
        error: null,
        attempts: sql`${jobs.attempts} + 1`,
      })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'queued')))
      .returning();
    if (!job) return; // another worker took it, or it is no longer queued
    const handler = local.get(id) ?? handlers.get(job.name);
    let last = 0;
    let pending: Promise<unknown> = Promise.resolve();
    let latest: { done: number; total: number | undefined } | null = null;
    let trailing: ReturnType<typeof setTimeout> | undefined;
    const write = () => {
      const p = latest;
      latest = null;
      last = Date.now();
      if (!p) return pending;
      const set = { done: p.done, ...(p.total === undefined ? {} : { total: p.total }), heartbeatAt: new Date() };
      pending = pending.then(() => db.update(jobs).set(set).where(eq(jobs.id, id))).catch(() => {});
      return pending;
    };
    const beat = setInterval(() => {
      pending = pending
        .then(() => db.update(jobs).set({ heartbeatAt: new Date() }).where(eq(jobs.id, id)))
        .catch(() => {});
    }, beatMs);
    const ctx: JobContext<never> = {
      id,
      data: job.data as never,
      companyId: job.companyId,
      createdBy: job.createdBy,
      // At most one write per 250 ms, and the last value always lands (a trailing write).
      async progress(done, total) {
        // A job's steps may be all microtasks (PGlite runs queries in this thread): yielding here
        // lets the API answer requests between steps instead of after the whole job.
        await nextTurn();
        latest = { done, total };
        const wait = 250 - (Date.now() - last);
        if (wait <= 0 || (total !== undefined && done >= total)) {
          clearTimeout(trailing);
          trailing = undefined;
          await write();
        } else {
          trailing ??= setTimeout(() => {
            trailing = undefined;
            void write();
          }, wait);
        }
      },
    };
    try {
      if (!handler) throw new Error(JOB_MSG.unknown(job.name));
      const result = await handler(ctx);
      clearTimeout(trailing);
      await write();
      await db
        .update(jobs)
        .set({
          status: 'completed',
          result: result ?? null,
          done: sql`greatest(${jobs.done}, ${jobs.total})`,
          finishedAt: new Date(),
        })
        .where(eq(jobs.id, id));
    } catch (err) {
      clearTimeout(trailing);
      await write();
      const error = err instanceof AppError || err instanceof Error ? err.message : String(err);
      await db.update(jobs).set({ status: 'failed', error, finishedAt: new Date() }).where(eq(jobs.id, id));
    } finally {
      clearInterval(beat);
      local.delete(id);
    }
  }

  async function insert(name: string, data: Record<string, unknown>, actor: JobActor, total: number) {
    const [row] = await db
      .insert(jobs)
      .values({
        id: randomUUID(),
        name,
        status: 'queued',
        data,
        total,
        companyId: actor?.companyId ?? null,
        createdBy: actor?.id ?? null,
      })
      .returning();
    if (!row) throw new Error('job not created');
    return row;
  }

  /**
   * Enqueues one run of a daily job for a day, once: with several processes (API and workers)
   * each fires its timer, and the derived id lets only the first insert win.
   */
  async function enqueueDaily(name: string, day: string): Promise<JobRow | null> {
    const [row] = await db
      .insert(jobs)
      .values({ id: dailyJobId(name, day), name, status: 'queued', data: { day }, companyId: null, createdBy: null })
      .onConflictDoNothing()
      .returning();
    if (row) await dispatcher.dispatch(name, row.id);
    return row ?? null;
  }

  function arm(entry: (typeof daily)[number]): void {
    const next = nextDailyRun(new Date(), entry.at);
    // setTimeout holds at most ~24.8 days; a day is far below that.
    entry.timer = setTimeout(() => {
      void enqueueDaily(entry.name, next.day)
        .catch(() => {})
        .finally(() => {
          if (started) arm(entry);
        });
    }, next.at.getTime() - Date.now());
    entry.timer.unref?.();
  }

  /**
   * Queues again the running jobs whose worker is gone and dispatches them: on PGlite (one process)
   * every running job at start; on PostgreSQL those whose heartbeat went stale, at start and then
   * every half stale window, so a job whose process was killed resumes without waiting for a restart.
   */
  async function requeueLost(): Promise<void> {
    const lost =
      opts.database.kind === 'pglite'
        ? eq(jobs.status, 'running')
        : sql`${jobs.status} = 'running' and (${jobs.heartbeatAt} is null or ${jobs.heartbeatAt} < now() - make_interval(secs => ${staleSeconds}))`;
    // The update answers each row to one process only, so two sweeping processes never both dispatch it.
    const again = await db
      .update(jobs)
      .set({ status: 'queued' })
      .where(and(lost, sql`(${jobs.data} ->> ${LOCAL}) is distinct from 'true'`))
      .returning({ id: jobs.id, name: jobs.name });
    for (const j of again) await dispatcher.dispatch(j.name, j.id);
  }

  /**
   * Puts back what a previous process left: its local jobs fail, lost running jobs and queued ones are
   * dispatched. On PostgreSQL other processes may be alive and building their own local jobs (an
   * export in another API replica while a worker or a second replica starts): only a local job whose
   * heartbeat (or, not yet started, its creation) is older than the stale window is another's leftover.
   */
  async function resume(): Promise<void> {
    const orphaned =
      opts.database.kind === 'pglite'
        ? sql`true`
        : sql`coalesce(${jobs.heartbeatAt}, ${jobs.createdAt}) < now() - make_interval(secs => ${staleSeconds})`;
    await db
      .update(jobs)
      .set({ status: 'failed', error: JOB_MSG.interrupted, finishedAt: new Date() })
      .where(and(sql`(${jobs.data} ->> ${LOCAL}) = 'true'`, inArray(jobs.status, ['queued', 'running']), orphaned));
    const queued = await db.select({ id: jobs.id, name: jobs.name }).from(jobs).where(eq(jobs.status, 'queued'));
    for (const j of queued) await dispatcher.dispatch(j.name, j.id);
    await requeueLost();
    if (opts.database.kind === 'postgres') {
      sweeper = setInterval(() => void requeueLost().catch(() => {}), (staleSeconds * 1000) / 2);
      sweeper.unref?.();
    }
  }

  return {
    kind: dispatcher.kind,

    /** A module declares the work behind a job name once, at registration. */
    define<D>(name: string, handler: JobHandler<D>): void {
      handlers.set(name, handler as JobHandler<never>);
      if (started) void dispatcher.listen(name).catch(() => {});
    },

    /**
     * Runs job `name` (defined with `define`) once a day at a wall-clock time, e.g. 06:00 in
     * America/Chicago, while this process works jobs. The job's data is { day: 'YYYY-MM-DD' }.
     */
    scheduleDaily(name: string, at: DailyAt): void {
      const entry = { name, at };
      daily.push(entry);
      if (started && opts.work) arm(entry);
    },

    enqueueDaily,

    async enqueue<D extends Record<string, unknown>>(
      name: string,
      data: D,
      o: { actor: JobActor; total?: number },
    ): Promise<JobRow> {
      const row = await insert(name, data, o.actor, o.total ?? 0);
      await dispatcher.dispatch(name, row.id);
      return row;
    },

    /** Work whose input lives only in this process (a stream): it runs here and is not resumed. */
    async runHere(name: string, o: { actor: JobActor; total?: number }, handler: JobHandler<Record<string, unknown>>) {
      const row = await insert(name, { [LOCAL]: true }, o.actor, o.total ?? 0);
      local.set(row.id, handler as JobHandler<never>);
      await inProcess.dispatch(name, row.id);
      return row;
    },

    find,

    /** A job as its creator (or an administrator) may see it. */
    async get(auth: AuthContext, id: string): Promise<JobRow> {
      const row = await find(id).catch(() => null);
      if (!row || (row.createdBy !== auth.user.id && !auth.grants.all)) throw AppError.notFound();
      return row;
    },

    async retry(auth: AuthContext, id: string): Promise<JobRow> {
      const row = await this.get(auth, id);
      if (row.status !== 'failed') throw AppError.precondition(JOB_MSG.notRetryable);
      if ((row.data as Record<string, unknown>)[LOCAL] === true) throw AppError.precondition(JOB_MSG.localNotRetryable);
      const [queued] = await db
        .update(jobs)
        .set({ status: 'queued', error: null, done: 0, finishedAt: null })
        .where(and(eq(jobs.id, id), eq(jobs.status, 'failed')))
        .returning();
      if (!queued) throw AppError.precondition(JOB_MSG.notRetryable);
      await dispatcher.dispatch(queued.name, queued.id);
      return queued;
    },

    async start(): Promise<void> {
      if (started) return;
      await inProcess.start([]);
      if (dispatcher !== inProcess && opts.eager) await dispatcher.start([...handlers.keys()]);
      started = true;
      if (opts.work) {
        await resume();
        for (const entry of daily) arm(entry);
      }
    },

    async stop(): Promise<void> {
      if (!started) return;
      started = false;
      clearInterval(sweeper);
      for (const entry of daily) clearTimeout(entry.timer);
      await inProcess.stop();
      if (dispatcher !== inProcess) await dispatcher.stop();
    },
  };
}

export function jobJson(row: JobRow) {
  return {
    id: row.id,
    name: row.name,
    status: row.status as 'queued' | 'running' | 'completed' | 'failed',
    done: row.done,
    total: row.total,
    error: row.error,
    result: row.result ?? null,
    attempts: row.attempts,
    created_at: new Date(row.createdAt).toISOString(),
    finished_at: row.finishedAt ? new Date(row.finishedAt).toISOString() : null,
  };
}
