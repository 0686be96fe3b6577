import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';

let t: TestContext;
let admin: string;
let dispatcher: string;
beforeAll(async () => {
  t = await createTestApp({
    // A route of this test that fails inside, as a bug would: its 500 must show on the page.
    routes: (app) => {
      app.get('/status-test/boom', { config: { access: 'session' } }, async () => {
        throw new Error('status-test exploded');
      });
    },
  });
  admin = await t.login('admin@backhaul.demo');
  dispatcher = await t.login('dispatcher@backhaul.demo');
});
afterAll(() => t.close());

const status = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/api/system/status', ...(token ? { headers: t.bearer(token) } : {}) });

describe('GET /system/status (the /test page)', () => {
  it('answers the database, migrations, jobs, mail and the last internal errors to an administrator', async () => {
    await t.database.query(
      `insert into mail_messages (company_id, "to", subject, text, template, status, error)
       select company_id, 'nobody@backhaul.test', 'Status test', 'x', 'test', 'failed', 'mailbox unavailable'
       from users where email = 'admin@backhaul.demo'`,
    );
    const boom = await t.app.inject({ method: 'GET', url: '/api/status-test/boom', headers: t.bearer(admin) });
    expect(boom.statusCode).toBe(500);

    const res = await status(admin);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.database.kind).toBe(t.database.kind);
    expect(body.database.server_version).toMatch(/^\d+/);
    expect(body.migrations.applied).toBe(body.migrations.known);
    expect(body.migrations.known).toBeGreaterThan(10);
    expect(body.mail.failed).toBeGreaterThanOrEqual(1);
    expect(body.mail.recent_failures[0]).toMatchObject({ to: 'nobody@backhaul.test', error: 'mailbox unavailable' });
    expect(body.errors[0]).toMatchObject({
      method: 'GET',
      route: '/api/status-test/boom',
      request_id: boom.headers['x-request-id'],
      message: 'status-test exploded',
    });
    const [latest] = await t.database.query<{ version: string }>(
      'select version from app_versions order by created_at desc, id desc limit 1',
    );
    expect(body.version.release).toBe(latest?.version ?? null);
  });

  it('is refused to a dispatcher (403) and without a session (401)', async () => {
    expect((await status(dispatcher)).statusCode).toBe(403);
    expect((await status()).statusCode).toBe(401);
  });
});
