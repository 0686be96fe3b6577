import { APP_MSG } from '@backhaul/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestContext } from '../../../test/harness';
import { startSmtpServer } from '../../../test/smtp';
import { PASSWORD_RESET_JOB } from './session.service';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({
    config: {
      LOGIN_MAX_FAILURES: 3,
      LOGIN_LOCK_SECONDS: 120,
      LOGIN_BACKOFF_BASE_SECONDS: 10,
      LOGIN_BACKOFF_MAX_SECONDS: 60,
      SESSION_TTL_SECONDS: 3600,
      RESET_MAX_PER_ADDRESS: 6,
      RESET_MAX_PER_EMAIL: 3,
      RESET_WINDOW_SECONDS: 900,
    },
  });
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

  it('slows an account down instead of locking it: the delay doubles, is capped, and then the owner gets in', async () => {
    const email = 'shop@backhaul.demo';
    const attempt = (password: string) => post('/api/login', { email, password });
    // The backoff window ends (as if its time had passed).
    const elapse = () =>
      t.db.execute(sql`update login_attempts set locked_until = now() where key = ${`email:${email}`}`);
    for (let i = 0; i < 3; i++) expect((await attempt('nope')).json()).toEqual({ error: APP_MSG.wrongCredentials });
    const first = await attempt(TEST_PASSWORD);
    expect(first.statusCode).toBe(429);
    expect(first.json().message).toBe(APP_MSG.tooManyAttempts(1));
    const delays = [Number(first.headers['retry-after'])];
    for (let i = 0; i < 4; i++) {
      await elapse();
      expect((await attempt('nope')).json()).toEqual({ error: APP_MSG.wrongCredentials });
      delays.push(Number((await attempt(TEST_PASSWORD)).headers['retry-after']));
    }
    // 10, 20, 40 seconds, then the 60-second cap (a second may pass between the two requests).
    expect(delays.map((d) => Math.ceil(d / 10) * 10)).toEqual([10, 20, 40, 60, 60]);
    // Attempts during the delay are refused without being counted: they do not lengthen it.
    for (let i = 0; i < 5; i++) expect((await attempt('nope')).statusCode).toBe(429);
    expect(Number((await attempt(TEST_PASSWORD)).headers['retry-after'])).toBeLessThanOrEqual(60);
    // Once the delay has passed, the owner's right password signs in, and the count starts again.
    await elapse();
    expect((await attempt(TEST_PASSWORD)).json().access_token).toBeTruthy();
    expect((await attempt('nope')).json()).toEqual({ error: APP_MSG.wrongCredentials });
    expect((await attempt(TEST_PASSWORD)).json().access_token).toBeTruthy();
    // Another account from another address is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'safety@backhaul.demo', password: TEST_PASSWORD },
      remoteAddress: '10.1.2.3',
    });
    expect(other.json().access_token).toBeTruthy();
  });

  it('parallel guesses at one account get only the free attempts checked', async () => {
    await t.createUser({ email: 'parallel@test.dev', grants: [] });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: 'parallel@test.dev', password: `guess-${i}` },
          remoteAddress: `10.3.0.${i + 1}`,
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200).map((r) => r.json())).toEqual(
      Array.from({ length: 3 }, () => ({ error: APP_MSG.wrongCredentials })),
    );
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(5);
  });

  it('an X-Forwarded-For header from a client is not trusted (TRUST_PROXY is off)', async () => {
    const remoteAddress = '10.8.8.8';
    for (let i = 0; i < 12; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: `rotating${i}@example.com`, password: 'x' },
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
        remoteAddress,
      });
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'customer@backhaul.demo', password: TEST_PASSWORD },
      headers: { 'x-forwarded-for': '198.51.100.200' },
      remoteAddress,
    });
    expect(res.statusCode).toBe(429);
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
  /** The mail goes out from a job: wait until every reset job has run. */
  const resetJobsDone = async () => {
    for (let i = 0; i < 400; i++) {
      const [row] = await t.database.query<{ n: number }>(
        "select count(*)::int as n from jobs where name = $1 and status in ('queued', 'running')",
        [PASSWORD_RESET_JOB],
      );
      if (row?.n === 0) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('reset jobs did not finish');
  };
  const outboxLink = async (email: string) => {
    await resetJobsDone();
    const [row] = await t.database.query<{ text: string }>(
      'select text from mail_messages where "to" = $1 order by id desc limit 1',
      [email],
    );
    const match = row?.text.match(/\/password\/reset\/([\w-]+)/);
    return match?.[1];
  };
  const reset = (email: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/reset', payload: { email }, remoteAddress });

  it('answers the same for a known and an unknown address, doing the same work; mails only the known one', async () => {
    const known = await post('/api/reset', { email: 'safety@backhaul.demo' });
    const unknown = await post('/api/reset', { email: 'nobody@backhaul.demo' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-length']).toBe(known.headers['content-length']);
    // Both requests only queued a job; the job decides whether there is anyone to mail.
    const queued = await t.database.query<{ email: string }>(
      "select data->>'email' as email from jobs where name = $1 order by created_at",
      [PASSWORD_RESET_JOB],
    );
    expect(queued.map((j) => j.email)).toEqual(['safety@backhaul.demo', 'nobody@backhaul.demo']);
    expect(await outboxLink('safety@backhaul.demo')).toBeTruthy();
    expect(await outboxLink('nobody@backhaul.demo')).toBeUndefined();
  });

  it('throttles one address asking for many resets', async () => {
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await reset(`flood${i}@example.com`, '10.6.6.6'));
    expect(answers.slice(0, 6).map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const refused = answers[6];
    expect(refused?.statusCode).toBe(429);
    expect(refused?.json().message).toBe(APP_MSG.tooManyResets(15));
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(800);
    expect(Number(refused?.headers['retry-after'])).toBeLessThanOrEqual(900);
    // Another address is not affected.
    expect((await reset('flood0@example.com', '10.6.6.7')).statusCode).toBe(200);
  });

  it('throttles resets for one address from many places, the same whether the account exists or not', async () => {
    const known = [];
    const unknown = [];
    for (let i = 0; i < 4; i++) {
      known.push(await reset('customer@backhaul.demo', `10.4.0.${i + 1}`));
      unknown.push(await reset('ghost-target@example.com', `10.4.1.${i + 1}`));
    }
    expect(known.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
    expect(unknown.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
    expect(known.map((r) => r.body)).toEqual(unknown.map((r) => r.body));
    await resetJobsDone();
    const [mails] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from mail_messages where "to" = $1',
      ['customer@backhaul.demo'],
    );
    expect(mails?.n).toBe(3);
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

describe('password reset through SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let app: TestContext;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await createTestApp({ config: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it('the job sends the link through the SMTP server for a known address, nothing for an unknown one', async () => {
    const reset = (email: string) => app.app.inject({ method: 'POST', url: '/api/reset', payload: { email } });
    const known = await reset('accountant@backhaul.demo');
    const unknown = await reset('nobody-here@backhaul.demo');
    expect(unknown.body).toBe(known.body);
    await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(1);
    const jobs = async () =>
      app.database.query<{ email: string; status: string }>(
        "select data->>'email' as email, status from jobs where name = $1 order by created_at",
        [PASSWORD_RESET_JOB],
      );
    await expect
      .poll(async () => (await jobs()).map((j) => j.status), { timeout: 15_000 })
      .toEqual(['completed', 'completed']);
    expect(smtp.received.map((m) => m.to)).toEqual([['accountant@backhaul.demo']]);
    const raw = (smtp.received[0]?.raw ?? '').replace(/=\r?\n/g, '');
    const token = /\/password\/reset\/([\w-]+)/.exec(raw)?.[1];
    const check = await app.app.inject({ method: 'GET', url: `/api/restore?token=${token}` });
    expect(check.json()).toEqual({ valid: true, email: 'accountant@backhaul.demo' });
  });
});

describe('behind a configured proxy (TRUST_PROXY)', () => {
  let app: TestContext;
  beforeAll(async () => {
    app = await createTestApp({ config: { TRUST_PROXY: ['10.0.0.1'], LOGIN_MAX_FAILURES: 1 } });
  });
  afterAll(() => app.close());

  it('takes the client address from a listed proxy only, for the throttle and the session record', async () => {
    const login = (remoteAddress: string, forwarded: string, email: string, password = 'x') =>
      app.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email, password },
        headers: { 'x-forwarded-for': forwarded },
        remoteAddress,
      });
    // Through the proxy, each client is its own address: five failures from five clients lock nobody
    // (an address may fail 4 × LOGIN_MAX_FAILURES times).
    for (let i = 0; i < 5; i++) await login('10.0.0.1', `198.51.100.${i + 1}`, `ghost${i}@example.com`);
    const viaProxy = await login('10.0.0.1', '198.51.100.77', 'admin@backhaul.demo', TEST_PASSWORD);
    expect(viaProxy.json().access_token).toBeTruthy();
    const [session] = await app.database.query<{ ip: string }>('select ip from sessions order by id desc limit 1');
    expect(session?.ip).toBe('198.51.100.77');
    // A client that is not the proxy cannot choose its address with the header.
    for (let i = 0; i < 5; i++) await login('10.0.0.2', `203.0.113.${i + 1}`, `ghost${i}@example.net`);
    expect((await login('10.0.0.2', '203.0.113.200', 'admin@backhaul.demo', TEST_PASSWORD)).statusCode).toBe(429);
  });
});
