import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { SESSION_COOKIE, WEB_CLIENT_HEADER, WEB_CLIENT_VALUE } from '@backhaul/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestContext } from '../../../test/harness';

let t: TestContext;
let open: TestContext;
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
});
afterAll(async () => {
  await t.close();
  await open.close();
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
