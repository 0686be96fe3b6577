import { ACTION, MSG, SECTION } from '@backhaul/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@backhaul.demo');
});
afterAll(() => t.close());

const post = (url: string, payload: object, token = admin) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers: t.bearer(token) });

const FORM = {
  broker: 'Coyote Test Logistics',
  mc_number: '123456',
  pa_street_1: '960 N Point Pkwy',
  pa_city: 'Alpharetta',
  pa_state: 'ga',
  pa_zip: '30005',
  email_address: 'Loads@CoyoteTest.com',
  local_phone: '+1 (404) 555-0101',
};

describe('brokers list', () => {
  it('answers seeded brokers with the spec columns, sorted by name', async () => {
    const res = await post('/brokers/list', { limit: 20 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBeGreaterThanOrEqual(40);
    for (const key of ['broker_id', 'broker', 'pa_street_1', 'email_address', 'local_phone']) {
      expect(body.rows[0]).toHaveProperty(key);
    }
    const names = body.rows.map((r: { broker: string }) => r.broker);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(body.rows[0].local_phone).toMatch(/^[2-9]\d{9}$/);
    expect(body.columns.filter((c: { hidden: boolean }) => !c.hidden).map((c: { id: string }) => c.id)).toEqual([
      'broker_id',
      'broker',
      'pa_street_1',
      'email_address',
      'local_phone',
    ]);
  });

  it('GET /brokers, GET /brokers/list and POST /brokers answer the same first page', async () => {
    const get = (url: string) => t.app.inject({ method: 'GET', url: `/api${url}`, headers: t.bearer(admin) });
    const a = (await get('/brokers')).json();
    const b = (await get('/brokers/list')).json();
    const c = (await post('/brokers', {})).json();
    expect(a.rows).toHaveLength(20);
    expect(b.rows).toEqual(a.rows);
    expect(c.rows).toEqual(a.rows);
  });

  it('note filter, search and id filter', async () => {
    const all = (await post('/brokers/list', { limit: 500 })).json();
    const target = all.rows[7];
    const byNote = (
      await post('/brokers/list', { filters: { email_address: { value: target.email_address.toUpperCase() } } })
    ).json();
    expect(byNote.rows.map((r: { broker_id: number }) => r.broker_id)).toContain(target.broker_id);
    const bySearch = (await post('/brokers/list', { search: target.local_phone })).json();
    expect(bySearch.rows.map((r: { broker_id: number }) => r.broker_id)).toContain(target.broker_id);
    const byId = (
      await post('/brokers/list', { filters: { broker_id: { op: 'eq', value: target.broker_id } } })
    ).json();
    expect(byId.total).toBe(1);
  });

  it('date filter on the day a broker was added (company time), sortable', async () => {
    const res = (
      await post('/brokers/list', {
        filters: { created_at: { from: '2026-01-01', to: '2026-06-30' } },
        sort: 'created_at',
        order: 'desc',
        limit: 500,
      })
    ).json();
    expect(res.total).toBeGreaterThan(0);
    const days = res.rows.map((r: { created_at: string }) => r.created_at);
    expect(days.every((d: string) => d >= '2026-01-01' && d <= '2026-06-30')).toBe(true);
    expect(days).toEqual([...days].sort().reverse());
  });

  it('settings round trip on /brokers/settings', async () => {
    const res = await post('/brokers/settings', {
      settings: {
        columns: [
          { id: 'email_address', visible: true, width: 300 },
          { id: 'mc_number', visible: true },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const list = (await post('/brokers/list', { limit: 1 })).json();
    expect(list.settings.columns[0]).toEqual({ id: 'email_address', visible: true, width: 300 });
    expect(list.settings.columns[1]).toMatchObject({ id: 'mc_number', visible: true });
  });
});

describe('brokers create, lookup, edit, delete', () => {
  it('POST /broker/new validates, normalises and audits', async () => {
    const bad = await post('/broker/new', {
      ...FORM,
      broker: ' ',
      email_address: 'nope',
      local_phone: '123',
      mc_number: 'MC1',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['broker', 'email_address', 'local_phone', 'mc_number']);

    const res = await post('/broker/new', FORM);
    expect(res.statusCode).toBe(200);
    const broker = res.json().broker;
    expect(broker).toMatchObject({
      broker: 'Coyote Test Logistics',
      pa_state: 'GA',
      email_address: 'loads@coyotetest.com',
      local_phone: '4045550101',
    });
    const [audit] = await t.database.query<{ n: number }>(
      "select count(*)::int as n from audit_log where entity = 'brokers' and action = 'create' and entity_id = $1",
      [String(broker.broker_id)],
    );
    expect(audit?.n).toBe(1);

    const found = (await post('/filterBrockers', { search: 'coyote test' })).json();
    expect(found.brokers.map((b: { broker_id: number }) => b.broker_id)).toEqual([broker.broker_id]);
    expect((await post('/filterBrockers', { search: '123456' })).json().brokers[0].broker_id).toBe(broker.broker_id);
  });

  it('a load form user with ADD_NEW_BROKER on Trips may create; edit needs 9, delete needs 11', async () => {
    const dispatcher = await t.createUser({
      email: 'broker-adder@backhaul.demo',
      grants: [
        { section: SECTION.Trips, action: 0 },
        { section: SECTION.Trips, action: ACTION.ADD_NEW_BROKER },
      ],
    });
    const created = await post('/broker/new', { ...FORM, broker: 'Echo Test Freight' }, dispatcher.token);
    expect(created.statusCode).toBe(200);
    const id = created.json().broker.broker_id;
    expect((await post('/brokers/list', {}, dispatcher.token)).statusCode).toBe(403);

    const viewer = await t.createUser({
      email: 'broker-viewer@backhaul.demo',
      grants: [{ section: SECTION.Brokers, action: 0 }],
    });
    expect((await post(`/brokers/update/${id}`, FORM, viewer.token)).statusCode).toBe(403);
    const edited = await post(`/brokers/update/${id}`, { ...FORM, broker: 'Echo Freight Renamed' });
    expect(edited.json().broker.broker).toBe('Echo Freight Renamed');

    const del = (token: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/brokers/${id}`, headers: t.bearer(token) });
    expect((await del(viewer.token)).statusCode).toBe(403);
    expect((await del(admin)).json()).toEqual({ message: MSG.removalSuccess });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/brokers/${id}`, headers: t.bearer(admin) })).statusCode,
    ).toBe(404);
  });

  it('another company never sees or edits our brokers', async () => {
    const [company] = await t.database.query<{ id: number }>(
      "insert into companies (name) values ('Other Co') returning id",
    );
    const other = await t.createUser({
      email: 'other-co@backhaul.demo',
      grants: [{ section: SECTION.Brokers, action: 0 }],
    });
    await t.database.query('update users set company_id = $1 where email = $2', [
      company?.id,
      'other-co@backhaul.demo',
    ]);
    const token = await t.login('other-co@backhaul.demo');
    expect((await post('/brokers/list', {}, token)).json().total).toBe(0);
    expect(other.user.id).toBeGreaterThan(0);
  });
});
