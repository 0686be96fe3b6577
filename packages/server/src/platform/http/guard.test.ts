import { ACTION, SECTION } from '@backhaul/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestContext } from '../../../test/harness';
import { fillParams } from '../../../test/route-urls';
import { describeAccess } from '../auth/access';
import { AppError } from '../errors';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('route declarations', () => {
  it('every route the router can match declares its access', () => {
    expect(t.routes.length).toBeGreaterThan(10);
    const undeclared = t.routes.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('every protected route answers 401 without a token, before any handler runs', async () => {
    const protectedRoutes = t.routes.filter((r) => r.url.startsWith('/api') && r.access && r.access !== 'public');
    expect(protectedRoutes.length).toBeGreaterThan(5);
    for (const r of protectedRoutes) {
      const res = await t.app.inject({ method: r.method as 'GET', url: fillParams(r.url), payload: {} });
      expect({ route: `${r.method} ${r.url}`, status: res.statusCode }).toEqual({
        route: `${r.method} ${r.url}`,
        status: 401,
      });
      expect(res.json()).toEqual({ message: 'You are not authorized' });
    }
  });

  it('a route without a declaration is refused, never opened', async () => {
    // Routes cannot be added after ready, so this builds its own instance with an undeclared route.
    const { buildApp } = await import('../../app');
    const { openTestDatabase } = await import('../../../test/harness');
    const database = await openTestDatabase();
    const { loadConfig } = await import('../../config');
    const { app, routes } = await buildApp({ database, config: loadConfig({}) });
    app.get('/api/undeclared', async () => ({ secret: true }));
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/api/undeclared' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(routes.find((r) => r.url === '/api/undeclared')?.access).toBeUndefined();
    await app.close();
    await database.close();
  });

  it('describes access for the docs', () => {
    expect(describeAccess({ section: SECTION.Roles, action: [ACTION.EDIT, ACTION.VIEW], match: 'all' })).toBe(
      'section 37 action 9+10',
    );
  });
});

describe('permission checks', () => {
  it('403 for a signed-in user without the section, 200 with it', async () => {
    const { token } = await t.createUser({
      email: 'noroles@test.dev',
      grants: [{ section: SECTION.Profile, action: 0 }],
    });
    const refused = await t.app.inject({ method: 'GET', url: '/api/permission', headers: t.bearer(token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBeTruthy();
    const { token: viewer } = await t.createUser({
      email: 'roleviewer@test.dev',
      grants: [
        { section: SECTION.Roles, action: 0 },
        { section: SECTION.Roles, action: ACTION.VIEW },
      ],
    });
    const ok = await t.app.inject({ method: 'GET', url: '/api/permission', headers: t.bearer(viewer) });
    expect(ok.statusCode).toBe(200);
    // The section alone is not the action: viewing does not allow deleting.
    const del = await t.app.inject({ method: 'DELETE', url: '/api/permission/2', headers: t.bearer(viewer) });
    expect(del.statusCode).toBe(403);
  });
});

describe('errors', () => {
  it('a 500 carries no stack trace or SQL', async () => {
    const { buildApp } = await import('../../app');
    const { openTestDatabase } = await import('../../../test/harness');
    const { loadConfig } = await import('../../config');
    const database = await openTestDatabase();
    const { app } = await buildApp({ database, config: loadConfig({}) });
    app.get('/api/boom', { config: { access: 'public' } }, async () => {
      await database.query('select * from no_such_table_here');
    });
    app.get('/api/precondition', { config: { access: 'public' } }, async () => {
      throw AppError.precondition('Not now');
    });
    app.post(
      '/api/validate',
      { config: { access: 'public' }, schema: { body: z.object({ amount: z.number().positive('Must be positive') }) } },
      async () => ({}),
    );
    await app.ready();
    const boom = await app.inject({ method: 'GET', url: '/api/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({ message: 'Whoops, something went wrong! 🙁' });
    expect(boom.body).not.toMatch(/no_such_table|at .*\.ts/);
    const pre = await app.inject({ method: 'GET', url: '/api/precondition' });
    expect(pre.statusCode).toBe(412);
    expect(pre.json()).toEqual({ error: { mail: 'Not now' } });
    const bad = await app.inject({ method: 'POST', url: '/api/validate', payload: { amount: -1 } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ amount: ['Must be positive'] });
    const notJson = await app.inject({
      method: 'POST',
      url: '/api/validate',
      payload: '{oops',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(422);
    const missing = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.mail).toBeTruthy();
    await app.close();
    await database.close();
  });

  it('publishes the OpenAPI document with every route (to signed-in users: security-headers.test.ts)', async () => {
    const headers = t.bearer(await t.login('admin@backhaul.demo'));
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/isLogin', '/api/permission/{id}']),
    );
    expect(doc.paths['/api/login'].post.requestBody).toBeDefined();
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs', headers });
    expect([200, 302]).toContain(ui.statusCode);
  });
});
