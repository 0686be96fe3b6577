import PgBoss from 'pg-boss';
import type { Database } from '../../db/client';

/** How a queued job reaches a worker. The job's state is always the jobs table; this only wakes workers. */
export type JobDispatcher = {
  kind: 'in-process' | 'pg-boss';
  start: (names: string[]) => Promise<void>;
  /** A new job name defined after start (tests, late modules). */
  listen: (name: string) => Promise<void>;
  dispatch: (name: string, jobId: string) => Promise<void>;
  stop: () => Promise<void>;
};

type Run = (jobId: string) => Promise<void>;

/** PGlite (one process): a small in-memory queue with bounded concurrency. */
export function createInProcessDispatcher(run: Run, concurrency = 2): JobDispatcher {
  const waiting: string[] = [];
  const active = new Set<Promise<void>>();
  let stopped = false;
  const pump = () => {
    while (!stopped && active.size < concurrency && waiting.length) {
      const id = waiting.shift() as string;
      const p: Promise<void> = run(id)
        .catch(() => {})
        .finally(() => {
          active.delete(p);
          pump();
        });
      active.add(p);
    }
  };
  return {
    kind: 'in-process',
    start: async () => {
      stopped = false;
    },
    listen: async () => {},
    dispatch: async (_name, jobId) => {
      waiting.push(jobId);
      setImmediate(pump);
    },
    stop: async () => {
      stopped = true;
      waiting.length = 0;
      await Promise.allSettled([...active]);
    },
  };
}

/**
 * PostgreSQL: pg-boss carries "job X is ready" to whichever process works (the API itself, or
 * `npm run worker` processes when JOBS_IN_API=0). It runs on the app's own pool.
 */
export function createPgBossDispatcher(
  database: Database,
  run: Run,
  opts: { work: boolean; names: () => string[] },
): JobDispatcher {
  const pool = database.pool;
  if (!pool) throw new Error('pg-boss needs the PostgreSQL pool');
  const boss = new PgBoss({
    db: { executeSql: (text, values) => pool.query(text, values) },
    schema: 'pgboss',
    supervise: opts.work,
    schedule: false,
  });
  boss.on('error', () => {});
  /** Each queue's readiness: created (and worked, in a worker) once; a failure is retried on next use. */
  const queues = new Map<string, Promise<void>>();
  // pg-boss's createQueue takes table locks: two at once can deadlock, so queues are made one at a time.
  let chain: Promise<void> = Promise.resolve();
  let started = false;
  let starting: Promise<void> | null = null;

  /** Started on first use in the API (most test apps never need it); at once in a worker. */
  function ensure(names: string[]): Promise<void> {
    starting ??= (async () => {
      await boss.start();
      started = true;
    })();
    return starting.then(async () => {
      for (const n of new Set([...names, ...opts.names()])) await listen(n);
    });
  }

  /**
   * pg-boss creates a queue's partition with DDL; two processes (or a stopping and a starting
   * runner) creating queues at once can deadlock in PostgreSQL (40P01), which then aborts one of
   * them. Creating a queue is idempotent, so the aborted one simply tries again.
   */
  async function createQueueRetrying(name: string): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await boss.createQueue(name, { name, retryLimit: 0, expireInHours: 12 });
        return;
      } catch (e) {
        if ((e as { code?: string }).code !== '40P01' || attempt >= 5) throw e;
        await new Promise((r) => setTimeout(r, 50 * attempt));
      }
    }
  }

  function listen(name: string): Promise<void> {
    if (!started) return Promise.resolve();
    const known = queues.get(name);
    if (known) return known;
    const ready = chain.then(async () => {
      await createQueueRetrying(name);
      if (opts.work) {
        await boss.work<{ jobId: string }>(name, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async (batch) => {
          for (const job of batch) await run(job.data.jobId);
        });
      }
    });
    chain = ready.catch(() => {});
    queues.set(name, ready);
    ready.catch(() => queues.delete(name));
    return ready;
  }

  return {
    kind: 'pg-boss',
    start: (names) => ensure(names),
    listen,
    async dispatch(name, jobId) {
      await ensure([name]);
      await listen(name);
      await boss.send(name, { jobId }, { retryLimit: 0 });
    },
    async stop() {
      if (starting) await starting.catch(() => {});
      if (started) await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
      started = false;
      starting = null;
      // pg-boss drops its workers on stop: a restart registers every queue's worker again.
      queues.clear();
      chain = Promise.resolve();
    },
  };
}
