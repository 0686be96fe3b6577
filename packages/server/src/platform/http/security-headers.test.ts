import { SESSION_COOKIE, WEB_CLIENT_HEADER, WEB_CLIENT_VALUE } from '@backhaul/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestContext } from '../../../test/harness';

let t: TestContext;
let open: TestContext;
const WEB_ORIGIN = 'https://dispatch.example.com';
beforeAll(async () => {
  t = await createTestApp();
  open = await createTestApp({
    config: { DOCS_PUBLIC: '1', CORS_ORIGINS: [WEB_ORIGIN], PUBLIC_URL: 'https://backhaul.example.com' },
  });
});
afterAll(async () => {
  await t.close();
  await open.close();
});

const cspOf = (h: Record<string, unknown>) =>
  Object.fromEntries(
    String(h['content-security-policy'] ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers', () => {
  it('every answer carries the CSP, nosniff, frame denial and no referrer', async () => {
    const token = await t.login('admin@backhaul.demo');
    for (const res of [
      await t.app.inject({ method: 'POST', url: '/api/version', payload: {} }),
      await t.app.inject({ method: 'POST', url: '/api/isLogin', payload: {} }),
      await t.app.inject({ method: 'GET', url: '/api/docs/static/index.html', headers: t.bearer(token) }),
      await t.app.inject({ method: 'GET', url: '/api/nothing-here' }),
    ]) {
      const csp = cspOf(res.headers);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=31536000/);
    }
  });

  it('the session cookie is Secure when the app is served over HTTPS', async () => {
    const login = (app: TestContext) =>
      app.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'admin@backhaul.demo', password: TEST_PASSWORD },
        headers: { [WEB_CLIENT_HEADER]: WEB_CLIENT_VALUE },
      });
    expect((await login(open)).cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBe(true);
    expect((await login(t)).cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBeFalsy();
  });

  it('no CORS unless CORS_ORIGINS lists the origin', async () => {
    const preflight = (app: TestContext, origin: string) =>
      app.app.inject({
        method: 'OPTIONS',
        url: '/api/isLogin',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
      });
    const none = await preflight(t, WEB_ORIGIN);
    expect(none.headers['access-control-allow-origin']).toBeUndefined();
    const simple = await t.app.inject({
      method: 'POST',
      url: '/api/version',
      payload: {},
      headers: { origin: WEB_ORIGIN },
    });
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();

    const allowed = await preflight(open, WEB_ORIGIN);
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(WEB_ORIGIN);
    expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(allowed.headers['access-control-allow-headers'])).not.toMatch(/x-backhaul-client/);
    const other = await preflight(open, 'https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    // The preflight route the CORS plugin adds is declared like every other.
    expect(open.routes.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });
});

describe('/api/docs', () => {
  it('needs a session unless DOCS_PUBLIC=1', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html']) {
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect({ url, status: anonymous.statusCode }).toEqual({ url, status: 401 });
      expect([200, 302]).toContain((await open.app.inject({ method: 'GET', url })).statusCode);
    }
    const token = await t.login('customer@backhaul.demo');
    const signedIn = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: t.bearer(token) });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().paths['/api/login']).toBeDefined();
  });
});
