import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { describeRoute, fillParams, pathSpellings } from '../../../test/route-urls';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Answer = { status: number; body: string };

async function ask(method: string, url: string): Promise<Answer> {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });
  // Request ids and dates differ between calls; status and body are what a caller learns.
  return { status: res.statusCode, body: res.body.slice(0, 200) };
}

describe('the guard decides on the matched route, never on the URL text', () => {
  it('/%61pi/… reaches no handler without a token (the reported bypass)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/%61pi/permission/create' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'You are not authorized' });
  });

  it('every registered route answers every spelling of its path as it answers the canonical one', async () => {
    // Routes that change state for anonymous callers would not answer twice alike; none is anonymous
    // and mutating except sign-in and reset, whose answers to an empty body are a 422 every time.
    const differences: string[] = [];
    let checked = 0;
    for (const route of t.routes) {
      const path = fillParams(route.url);
      const canonical = await ask(route.method, path);
      const spellings = pathSpellings(path);
      const answers = await Promise.all(spellings.map((s) => ask(route.method, s.url)));
      spellings.forEach((s, i) => {
        checked++;
        const got = answers[i];
        if (got?.status !== canonical.status || got.body !== canonical.body) {
          differences.push(`${describeRoute(route)} ${s.how} ${s.url}: ${got?.status} instead of ${canonical.status}`);
        }
      });
    }
    expect(checked).toBeGreaterThan(t.routes.length * 8);
    expect(differences).toEqual([]);
  });
});
