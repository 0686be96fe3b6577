import { APP_MSG, SESSION_COOKIE, WEB_CLIENT_HEADER, WEB_CLIENT_VALUE } from '@backhaul/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestContext } from '../../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const WEB = { [WEB_CLIENT_HEADER]: WEB_CLIENT_VALUE };
const credentials = { email: 'dispatcher@backhaul.demo', password: TEST_PASSWORD };

async function webLogin() {
  const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: credentials, headers: WEB });
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error(`no session cookie: ${JSON.stringify(res.headers['set-cookie'])}`);
  return { res, cookie, cookies: { [SESSION_COOKIE]: cookie.value } };
}

describe('the web session cookie (docs/adr/0004)', () => {
  it("the web app's sign-in sets an httpOnly, SameSite=Strict cookie for /api; API clients get none", async () => {
    const { res, cookie } = await webLogin();
    expect(res.json().access_token).toBe(cookie.value);
    expect(cookie).toMatchObject({
      path: '/api',
      httpOnly: true,
      sameSite: 'Strict',
      maxAge: t.config.SESSION_TTL_SECONDS,
    });
    const api = await t.app.inject({ method: 'POST', url: '/api/login', payload: credentials });
    expect(api.json().access_token).toBeTruthy();
    expect(api.headers['set-cookie']).toBeUndefined();
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { ...credentials, password: 'nope' },
      headers: WEB,
    });
    expect(wrong.json()).toEqual({ error: APP_MSG.wrongCredentials });
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('the cookie authenticates reads; writes need the web client header and our origin', async () => {
    const { cookies } = await webLogin();
    const read = await t.app.inject({ method: 'GET', url: '/api/company-id', cookies });
    expect(read.statusCode).toBe(200);
    const check = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/isLogin', cookies, headers, payload: {} });
    expect((await check(WEB)).statusCode).toBe(200);
    expect((await check({ ...WEB, origin: 'http://backhaul.internal', host: 'backhaul.internal:80' })).statusCode).toBe(
      200,
    );
    expect(
      (await check({ ...WEB, origin: 'http://backhaul.internal:8080', host: 'backhaul.internal:8080' })).statusCode,
    ).toBe(200);
    expect((await check({ ...WEB, origin: t.config.publicUrl })).statusCode).toBe(200);
    // What another site's page can send: no custom header (a form or a simple fetch), or its own origin.
    const forged = await check({});
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ message: APP_MSG.crossSiteRefused });
    expect((await check({ ...WEB, origin: 'https://evil.example' })).statusCode).toBe(403);
    expect(
      (await check({ ...WEB, origin: 'http://backhaul.internal:8081', host: 'backhaul.internal:8080' })).statusCode,
    ).toBe(403);
    expect((await check({ ...WEB, origin: 'null' })).statusCode).toBe(403);
    expect((await check({ [WEB_CLIENT_HEADER]: 'other' })).statusCode).toBe(403);
    // A bearer token is never sent by a browser on its own: no header needed.
    const token = cookies[SESSION_COOKIE] ?? '';
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/isLogin', headers: t.bearer(token), payload: {} })).statusCode,
    ).toBe(200);
  });

  it('a public call with a forged cookie request runs as anonymous', async () => {
    const { cookies } = await webLogin();
    // The sign-in answer does not depend on the cookie, and no session is touched.
    const res = await t.app.inject({ method: 'POST', url: '/api/version', cookies, payload: {} });
    expect(res.statusCode).toBe(200);
  });

  it('logout revokes the session and clears the cookie', async () => {
    const { cookies } = await webLogin();
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', cookies, headers: WEB, payload: {} });
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/api');
    expect(new Date(cleared?.expires ?? Date.now()).getTime()).toBeLessThan(Date.now());
    expect((await t.app.inject({ method: 'GET', url: '/api/company-id', cookies })).statusCode).toBe(401);
  });

  it('a token in the address is accepted nowhere', async () => {
    const token = await t.login('admin@backhaul.demo');
    for (const url of [
      `/api/company-id?token=${token}`,
      `/api/live?token=${token}`,
      `/api/files/1/download?token=${token}`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
