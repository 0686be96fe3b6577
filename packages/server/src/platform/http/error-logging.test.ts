import { MSG } from '@backhaul/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../../../test/harness';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';

type LogLine = {
  level: number;
  msg: string;
  reqId?: string;
  route?: string;
  method?: string;
  err?: { message: string };
  req?: { url: string };
};

/** What each test opened, closed in order: the app (its jobs use the database) before the database. */
let opened: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  for (const o of opened) await o.close();
  opened = [];
});

/** The app on a fresh database, its log lines captured as the logger writes them. */
async function appWithCapturedLog(opts: { logRequests: boolean }) {
  const { openTestDatabase } = await import('../../../test/harness');
  const database: Database = await openTestDatabase();
  const lines: LogLine[] = [];
  const { app } = await buildApp({
    database,
    config: loadConfig({}),
    logRequests: opts.logRequests,
    logStream: { write: (line: string) => lines.push(JSON.parse(line) as LogLine) },
  });
  await app.ready();
  opened.push({ close: () => app.close() }, { close: () => database.close() });
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: 'admin@backhaul.demo', password: TEST_PASSWORD },
  });
  const token = login.json().access_token as string;
  return { app, database, lines, headers: { authorization: `Bearer ${token}` } };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('error logging', () => {
  it('a 500 is written with its request id even when request logging is off', async () => {
    const { app, database, lines, headers } = await appWithCapturedLog({ logRequests: false });
    // A real route failing for a real reason: its table is gone.
    await database.exec('alter table brokers rename to brokers_gone');
    const res = await app.inject({ method: 'POST', url: '/api/filterBrockers', headers, payload: { search: 'a' } });

    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: MSG.whoops });
    expect(res.body).not.toContain('brokers');
    const requestId = res.headers['x-request-id'];
    expect(requestId).toMatch(UUID);

    const errors = lines.filter((l) => l.level >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      reqId: requestId,
      msg: 'internal error',
      method: 'POST',
      route: '/api/filterBrockers',
    });
    expect(errors[0]?.err?.message).toContain('brokers');
    // Request logging stays off: no per-request lines.
    expect(lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toEqual([]);
  });

  it('request ids differ per request and request logging, when on, never writes a token from the query', async () => {
    const { app, lines, headers } = await appWithCapturedLog({ logRequests: true });
    const a = await app.inject({ method: 'POST', url: '/api/user?token=secret-token-value', headers });
    const b = await app.inject({ method: 'POST', url: '/api/user', headers });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    const incoming = lines.filter((l) => l.msg === 'incoming request' && l.req?.url.startsWith('/api/user'));
    expect(incoming).toHaveLength(2);
    expect(incoming[0]?.req?.url).toBe('/api/user?token=[redacted]');
    expect(incoming[0]?.reqId).toMatch(UUID);
    expect(incoming[0]?.reqId).not.toBe(incoming[1]?.reqId);
    expect(JSON.stringify(lines)).not.toContain('secret-token-value');
  });
});
