import type { AddressInfo } from 'node:net';
import { ACTION, EXTRA_ACTION, SECTION, SESSION_COOKIE } from '@backhaul/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/factories';
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
    // Every trip in its scope (VIEW_ALL_TRIPS), so that only the section and the company decide here.
    const dispatcher = await t.createUser({
      email: 'live-trips@backhaul.demo',
      grants: [
        { section: SECTION.Trips, action: 0 },
        { section: SECTION.Trips, action: EXTRA_ACTION.VIEW_ALL_TRIPS },
      ],
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

  it("tells each listener only of the trips its list shows (the trips topic's row scope)", async () => {
    const f = factories(t);
    const [own, other] = [await f.customer(), await f.customer()];
    const [dana] = await t.database.query<{ id: number }>(
      "select id from users where email = 'dispatcher@backhaul.demo'",
    );
    const customerUser = await t.createUser({
      email: 'live-customer@backhaul.demo',
      customerId: own.id,
      grants: [
        { section: SECTION.Trips, action: 0 },
        { section: SECTION.Trips, action: ACTION.VIEW },
        { section: SECTION.Trips, action: EXTRA_ACTION.VIEW_ALL_TRIPS },
      ],
    });
    const admin = await listen(await t.login('admin@backhaul.demo'));
    const dispatcher = await listen(await t.login('dispatcher@backhaul.demo'));
    const customer = await listen(customerUser.token);
    await new Promise((r) => setTimeout(r, 50));

    // Another dispatcher's trip for another customer, then Dana's trip for the customer user's customer.
    const elsewhere = await f.trip({ customerId: other.id });
    const danas = await f.trip({ customerId: own.id, dispatcherId: dana?.id });
    // Dana's trip handed to the administrator: Dana hears it leave her list; then the other trip goes.
    const stops = [
      { type: 1, city: 'Chicago', state: 'IL', zip: '60601', at: '2026-03-02 08:00' },
      { type: 2, city: 'Indianapolis', state: 'IN', zip: '46204', at: '2026-03-02 16:00' },
    ];
    const adminId = (
      await t.database.query<{ id: number }>("select id from users where email = 'admin@backhaul.demo'")
    )[0]?.id;
    const token = await t.login('admin@backhaul.demo');
    const handed = await t.app.inject({
      method: 'POST',
      url: `/api/trips/update/${danas.trip_id}`,
      headers: t.bearer(token),
      payload: {
        customer_id: own.id,
        dispatcher_id: adminId,
        loads: [{ load_id: danas.loads[0]?.load_id, gross: 1000, stops }],
      },
    });
    expect(handed.statusCode, handed.body).toBe(200);
    const deleted = await t.app.inject({
      method: 'POST',
      url: `/api/trips/delete/${elsewhere.trip_id}`,
      headers: t.bearer(token),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const a = elsewhere.trip_id;
    const b = danas.trip_id;
    expect(await admin.next(4)).toEqual([
      { topic: 'trips', id: a, action: 'created' },
      { topic: 'trips', id: b, action: 'created' },
      { topic: 'trips', id: b, action: 'updated' },
      { topic: 'trips', id: a, action: 'deleted' },
    ]);
    await new Promise((r) => setTimeout(r, 100));
    expect(dispatcher.events).toEqual([
      { topic: 'trips', id: b, action: 'created' },
      { topic: 'trips', id: b, action: 'updated' },
    ]);
    expect(customer.events).toEqual([
      { topic: 'trips', id: b, action: 'created' },
      { topic: 'trips', id: b, action: 'updated' },
    ]);
    for (const stream of [admin, dispatcher, customer]) stream.close();
  });
});
