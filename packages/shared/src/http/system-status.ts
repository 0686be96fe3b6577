import { z } from 'zod';

/**
 * GET /system/status (beyond the register): the internal /test page of 000 §2, a health view for
 * the people who run the company's settings — version, database, migrations, job queue, mail
 * outbox and the process's last internal errors.
 */
export const SYSTEM_STATUS_URL = '/system/status';

const count = z.number().int();
export const SystemStatusSchema = z.object({
  version: z.object({ release: z.string().nullable(), released_at: z.string().nullable() }),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), server_version: z.string() }),
  migrations: z.object({ applied: count, known: count, last_applied_at: z.string().nullable() }),
  jobs: z.object({
    queued: count,
    running: count,
    failed: count,
    recent_failures: z.array(z.object({ name: z.string(), error: z.string().nullable(), at: z.string().nullable() })),
  }),
  mail: z.object({
    outbox: count,
    queued: count,
    failed: count,
    sent_today: count,
    recent_failures: z.array(
      z.object({ to: z.string(), subject: z.string(), error: z.string().nullable(), at: z.string() }),
    ),
  }),
  errors: z.array(
    z.object({
      at: z.string(),
      method: z.string(),
      route: z.string().nullable(),
      request_id: z.string(),
      message: z.string(),
    }),
  ),
  process: z.object({ uptime_s: count, rss_mb: count, node: z.string() }),
});
export type SystemStatus = z.infer<typeof SystemStatusSchema>;
