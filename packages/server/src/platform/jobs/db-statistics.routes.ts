import type { RouteModule } from '../http/types';

/** Nightly on the embedded database: fresh planner statistics (PGlite runs no autovacuum). */
export const DB_STATISTICS_JOB = 'db-statistics';

/**
 * PostgreSQL keeps its statistics with autovacuum; PGlite has none, so a table that grew since
 * the last ANALYZE is planned as if it were small (a statement's lines scanned 2 M times instead of
 * looked up). One ANALYZE a night keeps the embedded database's plans right.
 */
export const dbStatisticsRoutes: RouteModule = {
  name: 'db-statistics',
  register(_app, { database, jobs }) {
    if (database.kind !== 'pglite') return;
    jobs.define(DB_STATISTICS_JOB, async () => {
      await database.exec('analyze');
      return { analyzed: true };
    });
    jobs.scheduleDaily(DB_STATISTICS_JOB, { hour: 3, minute: 45, timeZone: 'America/Chicago' });
  },
};
