import { ACTION, SECTION } from '@backhaul/shared';
import { SYSTEM_STATUS_URL, type SystemStatus, SystemStatusSchema } from '@backhaul/shared/http/system-status';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS_FOLDER } from '../../db/migrate';
import { caller } from '../auth/guard';
import { clock } from '../clock';
import { recentErrors } from './recent-errors';
import type { RouteModule } from './types';

const iso = (v: unknown): string | null => (v ? new Date(v as string).toISOString() : null);
const n = (v: unknown): number => Number(v ?? 0);

/**
 * GET /system/status: the /test page's health view. Only those who edit the company's settings
 * (the administrators) may read it: it names routes, recipients and job failures.
 */
export const systemStatusRoutes: RouteModule = {
  name: 'system-status',
  register(app, { database }) {
    const known = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).length;
    app.get(SYSTEM_STATUS_URL, {
      config: { access: { section: SECTION.Settings, action: ACTION.EDIT } },
      schema: { tags: ['Health'], response: { 200: SystemStatusSchema } },
      handler: async (req): Promise<SystemStatus> => {
        const { companyId } = caller(req).user;
        const q = <T>(text: string, params: unknown[] = []) => database.query<T>(text, params);
        const [[server], [release], [migrations], jobCounts, jobFailures, mailCounts, mailFailures] = await Promise.all(
          [
            q<{ v: string }>("select current_setting('server_version') as v"),
            q<{ version: string; created_at: string }>(
              'select version, created_at from app_versions order by created_at desc, id desc limit 1',
            ),
            q<{ n: number; last: string | null }>(
              'select count(*)::int as n, max(created_at) as last from drizzle.__drizzle_migrations',
            ),
            q<{ status: string; n: number }>(
              'select status, count(*)::int as n from jobs where company_id = $1 or company_id is null group by status',
              [companyId],
            ),
            q<{ name: string; error: string | null; at: string | null }>(
              `select name, error, finished_at as at from jobs where status = 'failed' and (company_id = $1 or company_id is null)
               order by finished_at desc nulls last limit 5`,
              [companyId],
            ),
            q<{ status: string; n: number; today: number }>(
              `select status, count(*)::int as n,
                 count(*) filter (where (created_at at time zone 'America/Chicago')::date = $2::date)::int as today
               from mail_messages where company_id = $1 group by status`,
              [companyId, clock.today()],
            ),
            q<{ to: string; subject: string; error: string | null; at: string }>(
              `select "to", subject, error, created_at as at from mail_messages where company_id = $1 and status = 'failed'
               order by created_at desc limit 5`,
              [companyId],
            ),
          ],
        );
        const jobsBy = new Map(jobCounts.map((r) => [r.status, n(r.n)]));
        const mailBy = new Map(mailCounts.map((r) => [r.status, r]));
        return {
          version: { release: release?.version ?? null, released_at: iso(release?.created_at) },
          database: { kind: database.kind, server_version: server?.v ?? '' },
          // drizzle keeps the journal's millisecond stamp in created_at.
          migrations: {
            applied: n(migrations?.n),
            known,
            last_applied_at: migrations?.last ? new Date(Number(migrations.last)).toISOString() : null,
          },
          jobs: {
            queued: jobsBy.get('queued') ?? 0,
            running: jobsBy.get('running') ?? 0,
            failed: jobsBy.get('failed') ?? 0,
            recent_failures: jobFailures.map((j) => ({ name: j.name, error: j.error, at: iso(j.at) })),
          },
          mail: {
            outbox: n(mailBy.get('outbox')?.n),
            queued: n(mailBy.get('queued')?.n),
            failed: n(mailBy.get('failed')?.n),
            sent_today: n(mailBy.get('sent')?.today),
            recent_failures: mailFailures.map((m) => ({
              to: m.to,
              subject: m.subject,
              error: m.error,
              at: iso(m.at) ?? '',
            })),
          },
          errors: [...recentErrors()],
          process: {
            uptime_s: Math.round(process.uptime()),
            rss_mb: Math.round(process.memoryUsage().rss / 1048576),
            node: process.version,
          },
        };
      },
    });
  },
};
