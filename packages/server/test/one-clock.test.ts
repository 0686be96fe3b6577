import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { offendingLines, SERVER } from './source-lines';

/**
 * One clock for JavaScript and SQL (issue 29). Business rules, stamps and the demo seeders ask
 * `platform/clock` for "now" and "today" — `clock.now()`, `clock.today()`, and in SQL `SQL_NOW` /
 * `SQL_TODAY`, which are parameters — never `new Date()`, `Date.now()`, `now()`, `current_date` or
 * the Chicago day computed in SQL, so a test that freezes the clock freezes JavaScript and the
 * database alike. Each failure names the file, the line and what it reads.
 *
 * Operational time stays on the real clock, on purpose: how long a session, a password reset link
 * or a signed file link lives, the sign-in throttle's windows, job heartbeats and daily timers, the
 * mail queue's retries, log lines and file names. A frozen business day must not expire a session
 * or stop a job. Those files are named below with their reason.
 */

const ROOTS = ['src/modules', 'src/platform', 'src/db', 'src/seeders.ts'];

const READS: { what: string; pattern: RegExp }[] = [
  { what: 'new Date() reads the real time: clock.now()', pattern: /(?<![\w.])new Date\(\)/ },
  { what: 'Date.now() reads the real time: clock.now().getTime()', pattern: /(?<![\w.])Date\.now\(\)/ },
  { what: 'now() in SQL reads the database time: SQL_NOW', pattern: /(?<![\w.$])now\(\)/ },
  { what: 'current_date in SQL: SQL_TODAY', pattern: /\bcurrent_(date|timestamp)\b/i },
  { what: 'localtimestamp in SQL: SQL_NOW', pattern: /\blocaltimestamp\b/i },
  {
    what: 'nowInCompanyTimeZone() without an instant reads the real time: clock.today() or nowInCompanyTimeZone(clock.now())',
    pattern: /\bnowInCompanyTimeZone\(\)/,
  },
];

/** Operational time (see above): each file with its reason. */
const REAL_TIME: Record<string, string> = {
  'src/platform/clock.ts': 'the clock itself',
  'src/platform/auth/credentials.ts': 'session lifetimes',
  'src/platform/auth/session.repository.ts': 'session expiry',
  'src/platform/auth/login-throttle.ts': "the sign-in throttle's windows",
  'src/platform/auth/signed-links.ts': 'signed link expiry',
  'src/platform/files/files.routes.ts': 'signed file link expiry',
  'src/platform/files/storage.ts': 'storage key names',
  'src/platform/jobs/jobs.service.ts': 'job heartbeats, stale sweeps and daily timers',
  'src/platform/live/live.routes.ts': "a live stream ends with its session's expiry",
  'src/platform/mail/mailer.ts': 'sent stamps and the retry window of the mail queue',
  'src/platform/mail/mail.routes.ts': "a test mail's time",
  'src/platform/http/error-handler.ts': "an error log line's time",
  'src/modules/session/session.service.ts': 'password reset and e-mail undo link lifetimes, a session’s seconds left',
  'src/db/backup.ts': "a backup's file name",
  'src/db/backup.cli.ts': "a backup's file name",
};

const realTimeReads = () => offendingLines(ROOTS, READS, (file) => file in REAL_TIME);

describe('one clock', () => {
  it('no business rule, stamp or seeder reads the real time by hand', () => {
    expect(realTimeReads()).toEqual([]);
  });

  it('the operational exceptions still exist (a moved file leaves no stale exception)', () => {
    const missing = Object.keys(REAL_TIME).filter((f) => {
      try {
        readFileSync(join(SERVER, f));
        return false;
      } catch {
        return true;
      }
    });
    expect(missing).toEqual([]);
  });
});
