import type { AddressInfo } from 'node:net';
import { SECTION, SESSION_COOKIE } from '@backhaul/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';

let t: TestContext;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** Opens the stream as the web's EventSource does (the session cookie) and collects `change` events. */
async function listen(token: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/live`, {
    signal: controller.signal,
    headers: { cookie: `${SESSION_COOKIE}=${token}` },
  });
  const events: Record<string, unknown>[] = [];
  const reader = res.body?.getReader();
  let buffer = '';
  const waiters: (() => void)[] = [];
  void (async () => {
    const decoder = new TextDecoder();
    for (;;) {
      const chunk = await reader?.read().catch(() => ({ done: true, value: undefined }));
      if (!chunk || chunk.done) return;
      buffer += decoder.decode(chunk.value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split('\n').find((l) => l.startsWith('data: '));
        if (block.includes('event: change') && data) events.push(JSON.parse(data.slice(6)));
        for (const w of waiters.splice(0)) w();
        end = buffer.indexOf('\n\n');
      }
    }
  })();
  const next = async (count: number) => {
    const deadline = Date.now() + 5000;
    while (events.length < count && Date.now() < deadline) {
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 100);
      });
    }
    return events.slice(0, count);
  };
  return { res, events, next, close: () => controller.abort() };
}

describe('live updates (server-sent events)', () => {
  it('refuses a stream without a valid token', async () => {
    expect((await fetch(`${base}/api/live`)).status).toBe(401);
    expect((await fetch(`${base}/api/live`, { headers: { cookie: `${SESSION_COOKIE}=nope` } })).status).toBe(401);
    // A token in the address is accepted nowhere (it would end up in logs and browser history).
    const admin = await t.login('admin@backhaul.demo');
    expect((await fetch(`${base}/api/live?token=${admin}`)).status).toBe(401);
  });

  it("carries only the caller's company's changes on topics the caller may see", async () => {
    const dispatcher = await t.createUser({
      email: 'live-trips@backhaul.demo',
      grants: [{ section: SECTION.Trips, action: 0 }],
    });
    const admin = await t.login('admin@backhaul.demo');
    const companyId = dispatcher.user.companyId;
    const limited = await listen(dispatcher.token);
    const full = await listen(admin);
    expect(limited.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await new Promise((r) => setTimeout(r, 50));

    const { live } = t.app.deps;
    // The trips module registers 'trips'; no planner module yet, so the test names its section.
    live.registerTopic('planner', SECTION.Planner);
    await live.publish(companyId, { topic: 'planner', id: 1, action: 'updated' });
    await live.publish(companyId, { topic: 'trips', id: 2, action: 'updated', visibleTo: [-1] });
    await live.publish(companyId + 1000, { topic: 'trips', id: 3, action: 'created' });
    // A topic no module registered reaches nobody, not even an administrator.
    await live.publish(companyId, { topic: 'unregistered', id: 5, action: 'updated' });
    await live.publish(companyId, { topic: 'trips', id: 4, action: 'deleted' });

    expect(await limited.next(1)).toEqual([{ topic: 'trips', id: 4, action: 'deleted' }]);
    expect(await full.next(2)).toEqual([
      { topic: 'planner', id: 1, action: 'updated' },
      { topic: 'trips', id: 4, action: 'deleted' },
    ]);
    await new Promise((r) => setTimeout(r, 50));
    expect(limited.events).toHaveLength(1);
    expect(full.events).toHaveLength(2);
    limited.close();
    full.close();
  });
});
