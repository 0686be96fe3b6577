import { APP_MSG } from '@backhaul/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestContext } from '../../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ config: { LOGIN_MAX_FAILURES: 3, LOGIN_LOCK_SECONDS: 120, SESSION_TTL_SECONDS: 3600 } });
});
afterAll(() => t.close());

const post = (url: string, payload?: object, token?: string) =>
  t.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers: token ? t.bearer(token) : {} });

describe('login', () => {
  it('answers a bearer token with version and role, and the token opens isLogin', async () => {
    const res = await post('/api/login', { email: 'admin@backhaul.demo', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, role: 0, customers: false, version: '0.1.0' });
    expect(body.access_token).toMatch(/^[\w-]{40,}$/);
    const check = await post('/api/isLogin', undefined, body.access_token);
    expect(check.statusCode).toBe(200);
    const tree = check.json().permissions as Array<{ name: string; selected: boolean; children: unknown[] }>;
    expect(tree.map((n) => n.name)).toEqual(
      expect.arrayContaining(['Profile', 'Account', 'Dispatch', 'Accounting', 'Shop', 'Maintenance', 'Settings']),
    );
    expect(tree.every((n) => n.selected)).toBe(true);
    expect(check.json().expires_in).toBeGreaterThan(3500);
  });

  it('stores only a hash of the token', async () => {
    const token = await t.login('dispatcher@backhaul.demo');
    const rows = await t.database.query<{ n: number }>(
      'select count(*)::int as n from sessions where token_hash = $1',
      [token],
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('is case-insensitive on the address', async () => {
    const res = await post('/api/login', { email: 'Admin@Backhaul.DEMO', password: TEST_PASSWORD });
    expect(res.json().access_token).toBeTruthy();
  });

  it('a wrong password answers an error field and creates no session', async () => {
    const before = await t.database.query<{ n: number }>('select count(*)::int as n from sessions');
    const res = await post('/api/login', { email: 'accountant@backhaul.demo', password: 'wrong-password' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ error: APP_MSG.wrongCredentials });
    const after = await t.database.query<{ n: number }>('select count(*)::int as n from sessions');
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('refuses a malformed body with 422 naming each field', async () => {
    const res = await post('/api/login', { email: 'not-an-email' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'password']);
  });

  it('locks an account after repeated failures with 429, even for the right password', async () => {
    for (let i = 0; i < 3; i++) await post('/api/login', { email: 'shop@backhaul.demo', password: 'nope' });
    const locked = await post('/api/login', { email: 'shop@backhaul.demo', password: TEST_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(APP_MSG.tooManyAttempts(2));
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(100);
    // Another account from another address is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'safety@backhaul.demo', password: TEST_PASSWORD },
      remoteAddress: '10.1.2.3',
    });
    expect(other.json().access_token).toBeTruthy();
  });

  it('locks an address that tries many accounts', async () => {
    const remoteAddress = '10.9.9.9';
    for (let i = 0; i < 12; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: `ghost${i}@example.com`, password: 'x' },
        remoteAddress,
      });
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'customer@backhaul.demo', password: TEST_PASSWORD },
      remoteAddress,
    });
    expect(res.statusCode).toBe(429);
  });
});

describe('session', () => {
  it('logout revokes the token', async () => {
    const token = await t.login('dispatcher@backhaul.demo');
    expect((await post('/api/isLogin', undefined, token)).statusCode).toBe(200);
    expect((await post('/api/logout', undefined, token)).statusCode).toBe(200);
    const again = await post('/api/isLogin', undefined, token);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: 'You are not authorized' });
  });

  it('an expired token is refused', async () => {
    const token = await t.login('accountant@backhaul.demo');
    await t.db.execute(sql`update sessions set expires_at = now() - interval '1 second'`);
    const res = await post('/api/user', undefined, token);
    expect(res.statusCode).toBe(401);
  });

  it('user answers the caller profile; customer users are flagged', async () => {
    const token = await t.login('customer@backhaul.demo');
    const res = await post('/api/user', undefined, token);
    expect(res.json().user).toMatchObject({
      email: 'customer@backhaul.demo',
      role: 4,
      permission_role: 'Customer',
      customer: 'Lone Star Logistics LLC',
    });
    const check = await post('/api/isLogin', undefined, token);
    expect(check.json().customers).toBe(true);
    const names = (check.json().permissions as Array<{ name: string; selected: boolean }>)
      .filter((n) => n.selected)
      .map((n) => n.name);
    expect(names).toEqual(['Profile', 'Accounting']);
  });

  it('version and company-id answer', async () => {
    const token = await t.login('admin@backhaul.demo');
    expect((await post('/api/version')).json()).toMatchObject({ version: '0.1.0', version_show: true });
    const company = await t.app.inject({ method: 'GET', url: '/api/company-id', headers: t.bearer(token) });
    expect(company.json().company_id).toBeGreaterThan(0);
  });
});

describe('password reset', () => {
  const outboxLink = async (email: string) => {
    const [row] = await t.database.query<{ text: string }>(
      'select text from mail_messages where "to" = $1 order by id desc limit 1',
      [email],
    );
    const match = row?.text.match(/\/password\/reset\/([\w-]+)/);
    return match?.[1];
  };

  it('answers the same for a known and an unknown address; mails only the known one', async () => {
    const known = await post('/api/reset', { email: 'safety@backhaul.demo' });
    const unknown = await post('/api/reset', { email: 'nobody@backhaul.demo' });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(await outboxLink('safety@backhaul.demo')).toBeTruthy();
    expect(await outboxLink('nobody@backhaul.demo')).toBeUndefined();
  });

  it('the mailed link sets a new password once, and signs the user out everywhere', async () => {
    const oldToken = await t.login('safety@backhaul.demo');
    await post('/api/reset', { email: 'safety@backhaul.demo' });
    const token = await outboxLink('safety@backhaul.demo');
    expect(token).toBeTruthy();
    const check = await t.app.inject({ method: 'GET', url: `/api/restore?token=${token}` });
    expect(check.json()).toEqual({ valid: true, email: 'safety@backhaul.demo' });

    const mismatch = await post('/api/restore', { token, password: 'new-secret-1', password_confirmation: 'other' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toBeDefined();

    const ok = await post('/api/restore', { token, password: 'new-secret-1', password_confirmation: 'new-secret-1' });
    expect(ok.statusCode).toBe(200);
    expect((await post('/api/isLogin', undefined, oldToken)).statusCode).toBe(401);
    expect((await post('/api/login', { email: 'safety@backhaul.demo', password: TEST_PASSWORD })).json().error).toBe(
      APP_MSG.wrongCredentials,
    );
    expect(
      (await post('/api/login', { email: 'safety@backhaul.demo', password: 'new-secret-1' })).json().access_token,
    ).toBeTruthy();

    const reused = await post('/api/restore', { token, password: 'another-1', password_confirmation: 'another-1' });
    expect(reused.statusCode).toBe(412);
    expect(reused.json()).toEqual({ error: { mail: APP_MSG.resetInvalid } });

    const audit = await t.database.query<{ action: string }>(
      "select action from audit_log where entity = 'users' and action = 'password-reset'",
    );
    expect(audit).toHaveLength(1);
  });

  it('an expired link is refused', async () => {
    await post('/api/reset', { email: 'accountant@backhaul.demo' });
    const token = await outboxLink('accountant@backhaul.demo');
    await t.db.execute(sql`update password_resets set expires_at = now() - interval '1 minute'`);
    const res = await t.app.inject({ method: 'GET', url: `/api/restore?token=${token}` });
    expect(res.statusCode).toBe(412);
  });
});
