import { SECTION } from '@backhaul/shared';
import { addDays } from '@backhaul/shared/formats/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { clock, freezeClock, thawClock } from '../../platform/clock';
import { expiringItems } from './safety-overview.service';

// Issue 31: the header's Expiring badge calls GET /safety/expiring on every screen. The answer is
// kept per company for 60 s with an ETag; it is the same answer, the guard still runs on each call.
let t: TestContext;
let safety: string;
let dispatcher: string;
const START = new Date(Math.floor(Date.now() / 1000) * 1000);
beforeAll(async () => {
  t = await createTestApp();
  safety = await t.login('safety@backhaul.demo');
  dispatcher = await t.login('dispatcher@backhaul.demo');
  freezeClock(START);
});
afterAll(async () => {
  thawClock();
  await t.close();
});

const get = (token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/safety/expiring', headers: { ...t.bearer(token), ...headers } });
const later = (seconds: number) => freezeClock(new Date(START.getTime() + seconds * 1000));

describe('GET /safety/expiring kept per company (issue 31)', () => {
  it('answers what the reader reads, then the kept copy with its ETag (304 when unchanged), for 60 s', async () => {
    const first = await get(safety);
    expect(first.statusCode, first.body).toBe(200);
    const [company] = await t.database.query<{ id: number }>('select id from companies order by id limit 1');
    const user = { id: 0, companyId: company?.id ?? 1, customerId: null } as never;
    expect(first.json()).toEqual(await expiringItems(t.database.db, user, clock.today()));
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    // Unchanged: 304, no body.
    const again = await get(safety, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // A driver's medical card now due in 3 days, changed behind the app's back (a source the safety
    // module does not own): the kept answer stands for 60 s, a caller asking no-cache reads again.
    const [driver] = await t.database.query<{ id: number }>(
      `select id from drivers where active and (medical_card_expires_on is null or medical_card_expires_on > $1::date)
        order by id limit 1`,
      [addDays(clock.today(), 60)],
    );
    await t.database.query('update drivers set medical_card_expires_on = $2 where id = $1', [
      driver?.id,
      addDays(clock.today(), 3),
    ]);
    const count = first.json().count as number;
    later(59);
    const kept = await get(safety, { 'if-none-match': etag });
    expect(kept.statusCode).toBe(304);
    const fresh = await get(safety, { 'cache-control': 'no-cache' });
    expect(fresh.json().count).toBe(count + 1);
    expect(fresh.headers.etag).not.toBe(etag);

    // Past the 60 s the next call reads again, and says what changed.
    await t.database.query('update drivers set medical_card_expires_on = null where id = $1', [driver?.id]);
    later(59 + 61);
    const after = await get(safety, { 'if-none-match': fresh.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json().count).toBe(count);
    expect(after.headers.etag).toBe(etag);
  });

  it('forgets the kept answer when a qualification item is saved or deleted', async () => {
    // A new driver whose documents are all far off: only the item below can be due.
    const driver = await factories(t).driver({
      cdl_expires_on: addDays(clock.today(), 400),
      medical_card_expires_on: addDays(clock.today(), 400),
    });
    const before = (await get(safety)).json();
    // The live channel tells the badges of each change once it has committed (topic 'expiring').
    const events: Array<{ topic: string; id: string | number; action: string }> = [];
    const [company] = await t.database.query<{ id: number }>('select company_id as id from drivers where id = $1', [
      driver.id,
    ]);
    const stop = t.app.deps.live.subscribe(company?.id ?? 0, (e) => events.push(e));
    // A random drug test performed 370 days ago: due 5 days ago (one year on).
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/drivers/${driver.id}/qualification`,
      headers: t.bearer(safety),
      payload: { kind: 'drug_random', performed_on: addDays(clock.today(), -370) },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await get(safety)).json();
    expect((await get(safety, { 'cache-control': 'no-cache' })).json().count).toBe(before.count + 1);
    expect(after.count).toBe(before.count + 1);
    expect(after.overdue).toBe(before.overdue + 1);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/drivers/qualification/${saved.json().item.id}`,
      headers: t.bearer(safety),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await get(safety)).json().count).toBe(before.count);
    stop();
    const id = saved.json().item.id;
    expect(
      events.filter((e) => e.topic === 'expiring').map(({ topic, id, action }) => ({ topic, id, action })),
    ).toEqual([
      { topic: 'expiring', id, action: 'created' },
      { topic: 'expiring', id, action: 'deleted' },
    ]);
    // Only Safety holders hear of it (the topic's section).
    expect(t.app.deps.live.topicOf('expiring')?.section).toBe(SECTION.Safety);
  });

  it('keeps the guard: a dispatcher gets 403 while the answer is kept', async () => {
    expect((await get(safety)).statusCode).toBe(200);
    expect((await get(dispatcher)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/safety/expiring' })).statusCode).toBe(401);
  });
});
