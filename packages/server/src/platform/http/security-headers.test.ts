import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { SESSION_COOKIE, WEB_CLIENT_HEADER, WEB_CLIENT_VALUE } from '@backhaul/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestContext } from '../../../test/harness';

let t: TestContext;
let open: TestContext;
let proxied: TestContext;
const WEB_ORIGIN = 'https://dispatch.example.com';
// A built web app as Vite leaves it: index.html, hashed assets with their .br beside them.
const webDist = mkdtempSync(join(tmpdir(), 'backhaul-web-'));
const INDEX = '<!doctype html><title>Backhaul</title><div id="root"></div>';
const APP_JS = `console.log(${JSON.stringify('x'.repeat(4000))});`;
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), INDEX);
writeFileSync(join(webDist, 'assets', 'app-3f9a1c.js'), APP_JS);
writeFileSync(join(webDist, 'assets', 'app-3f9a1c.js.br'), brotliCompressSync(APP_JS));
writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
beforeAll(async () => {
  t = await createTestApp({ config: { WEB_DIST: webDist } });
  open = await createTestApp({
    config: { DOCS_PUBLIC: '1', CORS_ORIGINS: [WEB_ORIGIN], PUBLIC_URL: 'https://backhaul.example.com' },
  });
  proxied = await createTestApp({ config: { TRUST_PROXY: ['127.0.0.1'] } });
});
afterAll(async () => {
  await t.close();
  await open.close();
  await proxied.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe("the web app's files", () => {
  it('a hashed asset goes precompressed and cached for a year; a file without a hash is revalidated', async () => {
    const asset = await t.app.inject({
      method: 'GET',
      url: '/assets/app-3f9a1c.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(APP_JS);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-3f9a1c.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
    const head = await t.app.inject({ method: 'HEAD', url: '/assets/app-3f9a1c.js' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('a page path answers index.html; an unknown API path, a missing asset or a path out of the folder does not', async () => {
    for (const url of ['/', '/dispatch/trips', '/shop/work-orders/12']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(INDEX);
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
    const api = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: { mail: 'Not found' } });
    const missing = await t.app.inject({ method: 'GET', url: '/assets/gone-000000.js' });
    expect(missing.body).toBe(INDEX);
    for (const url of ['/../package.json', '/assets/..%2f..%2fpackage.json', '/%2e%2e/%2e%2e/etc/passwd']) {
      const out = await t.app.inject({ method: 'GET', url });
      expect(out.body, url).not.toContain('"name"');
      expect(out.body, url).not.toContain('root:');
    }
  });
});

describe('a NUL or a backslash in the path', () => {
  const ask = (app: TestContext, method: 'GET' | 'POST', url: string, token?: string) =>
    app.app.inject({
      method,
      url,
      headers: token ? app.bearer(token) : {},
      ...(method === 'POST' ? { payload: {} } : {}),
    });
  const BAD_PATH = { message: 'The request path is not valid.' };

  it('a NUL (%00) anywhere in the path is a bad request (400), before the guard and the router', async () => {
    for (const [app, name] of [
      [t, 'with the web app'],
      [open, 'API only'],
    ] as const) {
      const token = await app.login('admin@backhaul.demo');
      for (const url of ['/%00', '/a%00b', '/api/%00', '/api/version%00', '/api/trips/%00', '/api/trips/1%00?x=1']) {
        for (const method of ['GET', 'POST'] as const) {
          for (const who of [undefined, token]) {
            const res = await ask(app, method, url, who);
            expect({ name, method, url, status: res.statusCode, body: res.json() }).toEqual({
              name,
              method,
              url,
              status: 400,
              body: BAD_PATH,
            });
          }
        }
      }
      // Malformed percent-encoding was already a 400 (the router's); now with the same body.
      const malformed = await ask(app, 'GET', '/api/%zz');
      expect({ name, status: malformed.statusCode, body: malformed.json() }).toEqual({
        name,
        status: 400,
        body: BAD_PATH,
      });
    }
  });

  it('a backslash (%5c) in a path that matches no route is not found (404), with or without the web app', async () => {
    const token = await t.login('admin@backhaul.demo');
    for (const [app, name] of [
      [t, 'with the web app'],
      [open, 'API only'],
    ] as const) {
      for (const method of ['GET', 'POST'] as const) {
        for (const url of ['/api/x%5c', '/api/version%5c', '/api/%5cversion', '/api/files/%5c..%5cx']) {
          const res = await ask(app, method, url, token);
          expect({ name, method, url, status: res.statusCode, body: res.json() }).toEqual({
            name,
            method,
            url,
            status: 404,
            body: { error: { mail: 'Not found' } },
          });
        }
        for (const url of ['/%5c', '/x%5cy', '/%5c..%5cpackage.json', '/assets/%5c', '/dispatch%5Ctrips']) {
          const res = await ask(app, method, url);
          expect({ name, method, url, status: res.statusCode, body: res.body }).toEqual({
            name,
            method,
            url,
            status: 404,
            body: 'Not found',
          });
        }
      }
    }
    // Inside a route's parameter it is that parameter's bad input, named like any other.
    const param = await ask(t, 'GET', '/api/trips/1%5c', token);
    expect(param.statusCode).toBe(422);
    expect(Object.keys(param.json().errors)).toEqual(['id']);
  });
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
    }
  });

  it('HSTS only over HTTPS, exactly where the session cookie is Secure', async () => {
    const answer = (app: TestContext, headers: Record<string, string> = {}) =>
      app.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'admin@backhaul.demo', password: TEST_PASSWORD },
        headers: { [WEB_CLIENT_HEADER]: WEB_CLIENT_VALUE, ...headers },
      });
    const seen = async (app: TestContext, headers: Record<string, string> = {}) => {
      const res = await answer(app, headers);
      const unknown = await app.app.inject({ method: 'GET', url: '/api/nothing-here', headers });
      return {
        hsts: [res.headers['strict-transport-security'], unknown.headers['strict-transport-security']],
        secure: Boolean(res.cookies.find((c) => c.name === SESSION_COOKIE)?.secure),
      };
    };
    const HSTS = 'max-age=31536000; includeSubDomains';
    // Plain HTTP; a forwarded protocol counts only from a proxy TRUST_PROXY names.
    expect(await seen(t)).toEqual({ hsts: [undefined, undefined], secure: false });
    expect(await seen(t, { 'x-forwarded-proto': 'https' })).toEqual({ hsts: [undefined, undefined], secure: false });
    // PUBLIC_URL says the app is served over HTTPS.
    expect(await seen(open)).toEqual({ hsts: [HSTS, HSTS], secure: true });
    // Behind a trusted proxy (inject's peer is 127.0.0.1): the request's own protocol decides.
    expect(await seen(proxied, { 'x-forwarded-proto': 'https' })).toEqual({ hsts: [HSTS, HSTS], secure: true });
    expect(await seen(proxied, { 'x-forwarded-proto': 'http' })).toEqual({
      hsts: [undefined, undefined],
      secure: false,
    });
    expect(await seen(proxied)).toEqual({ hsts: [undefined, undefined], secure: false });
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
  const DOCS = ['/api/docs', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html'];
  it("needs a staff session (not a customer's user) unless DOCS_PUBLIC=1", async () => {
    const customer = await t.login('customer@backhaul.demo');
    const dispatcher = await t.login('dispatcher@backhaul.demo');
    for (const url of DOCS) {
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect({ url, status: anonymous.statusCode }).toEqual({ url, status: 401 });
      const asCustomer = await t.app.inject({ method: 'GET', url, headers: t.bearer(customer) });
      expect({ url, status: asCustomer.statusCode, body: asCustomer.json() }).toEqual({
        url,
        status: 403,
        body: { message: 'You do not have permission to do this.' },
      });
      const asDispatcher = await t.app.inject({ method: 'GET', url, headers: t.bearer(dispatcher) });
      expect({ url, status: [200, 302].includes(asDispatcher.statusCode) }).toEqual({ url, status: true });
      expect([200, 302]).toContain((await open.app.inject({ method: 'GET', url })).statusCode);
    }
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: t.bearer(dispatcher) });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().paths['/api/login']).toBeDefined();
  });
});
