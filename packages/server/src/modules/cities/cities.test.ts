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
const audits = (action: string, id: number) =>
  t.database.query<{ n: number }>(
    "select count(*)::int as n from audit_log where entity = 'cities' and action = $1 and entity_id = $2",
    [action, String(id)],
  );

describe('cities list', () => {
  it('answers the register keys with the seeded cities, state options and totals', async () => {
    const res = await post('/cities/list', { limit: 5 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(
      expect.arrayContaining(['rows', 'limit', 'order', 'sort', 'total', 'sum', 'filter', 'settings']),
    );
    expect(body.total).toBeGreaterThan(500);
    expect(body.rows).toHaveLength(5);
    expect(Object.keys(body.rows[0]).sort()).toEqual(['city', 'id', 'state', 'zip_codes']);
    expect(body.sum.id).toBe(body.total);
    expect(body.sum.state).toBeGreaterThan(45);
    expect(body.filter.state.map((o: { value: string }) => o.value)).toContain('TX');
    expect(body).toMatchObject({ sort: 'city', order: 'asc', limit: 5, settings: null });
  });

  it('filters by state and city, sorts, and searches zip codes', async () => {
    const tx = (await post('/cities/list', { filters: { state: { values: ['TX'] } }, limit: 500 })).json();
    expect(tx.total).toBeGreaterThan(10);
    expect(tx.rows.every((r: { state: string }) => r.state === 'TX')).toBe(true);
    const sorted = (
      await post('/cities/list', { filters: { state: { values: ['TX'] } }, sort: 'city', order: 'desc' })
    ).json();
    const names = sorted.rows.map((r: { city: string }) => r.city);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0)));
    const first = tx.rows[0] as { city: string; zip_codes: string };
    const zip = first.zip_codes.split(', ')[0] as string;
    const byZip = (await post('/cities/list', { search: zip })).json();
    expect(byZip.rows.map((r: { city: string }) => r.city)).toContain(first.city);
  });

  it('GET /cities/list answers the default first page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/cities/list', headers: t.bearer(admin) });
    expect(res.json()).toMatchObject({ limit: 20, page: 1, sort: 'city', order: 'asc' });
  });

  it('POST /cities looks a city up by zip or name prefix', async () => {
    const created = (await post('/cities/new', { city: 'Zzyzx Springs', state: 'CA', zip_codes: '92309' })).json();
    const byZip = (await post('/cities', { search: '92309' })).json();
    expect(byZip.cities.map((c: { id: number }) => c.id)).toContain(created.city.id);
    const byName = (await post('/cities', { search: 'zzyzx', state: 'ca' })).json();
    expect(byName.cities).toEqual([created.city]);
  });
});

describe('cities create, edit and delete', () => {
  it('validates with messages next to the fields', async () => {
    const res = await post('/cities/new', { city: '', state: 'Texas', zip_codes: '123' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      city: ['The city field is required.'],
      state: ['The state is a two-letter code, e.g. TX.'],
      zip_codes: ['Zip codes are five digits, separated by commas.'],
    });
  });

  it('creates (audited), refuses a duplicate, edits with 9 and deletes with 11', async () => {
    const res = await post('/cities/new', { city: 'New Braunfels Test', state: 'tx', zip_codes: '78130, 78132' });
    expect(res.statusCode).toBe(200);
    const city = res.json().city;
    expect(city).toMatchObject({ city: 'New Braunfels Test', state: 'TX', zip_codes: '78130, 78132' });
    expect((await audits('create', city.id))[0]?.n).toBe(1);

    const dup = await post('/cities/new', { city: 'new braunfels test', state: 'TX', zip_codes: '' });
    expect(dup.statusCode).toBe(422);
    expect(Object.keys(dup.json().errors)).toEqual(['city']);

    const viewer = await t.createUser({
      email: 'city-viewer@backhaul.demo',
      grants: [{ section: SECTION.Cities, action: 0 }],
    });
    const editor = await t.createUser({
      email: 'city-editor@backhaul.demo',
      grants: [
        { section: SECTION.Cities, action: 0 },
        { section: SECTION.Cities, action: ACTION.EDIT },
      ],
    });
    const form = { city: 'New Braunfels', state: 'TX', zip_codes: '78130' };
    expect((await post(`/cities/update/${city.id}`, form, viewer.token)).statusCode).toBe(403);
    const edited = await post(`/cities/update/${city.id}`, form, editor.token);
    expect(edited.statusCode).toBe(200);
    expect(edited.json().city.city).toBe('New Braunfels');
    expect((await audits('update', city.id))[0]?.n).toBe(1);

    // Delete buttons are always shown; the server refuses without 11 (the web then says 'Deletion error').
    const del = (token: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/cities/${city.id}`, headers: t.bearer(token) });
    expect((await del(editor.token)).statusCode).toBe(403);
    const ok = await del(admin);
    expect(ok.json()).toEqual({ message: MSG.removalSuccess });
    expect((await audits('delete', city.id))[0]?.n).toBe(1);
    expect((await del(admin)).statusCode).toBe(404);
  });

  it('the list needs section 35', async () => {
    const outsider = await t.createUser({
      email: 'no-city@backhaul.demo',
      grants: [{ section: SECTION.Brokers, action: 0 }],
    });
    expect((await post('/cities/list', {}, outsider.token)).statusCode).toBe(403);
  });
});

describe('export from the list definition', () => {
  it('POST /cities/export writes the filtered rows in the caller sort with the visible columns', async () => {
    const list = (
      await post('/cities/list', { filters: { state: { values: ['VT'] } }, sort: 'city', order: 'desc', limit: 500 })
    ).json();
    expect(list.total).toBeGreaterThan(2);
    const res = await post('/cities/export', {
      filters: { state: { values: ['VT'] } },
      sort: 'city',
      order: 'desc',
      columns: ['city', 'state'],
      format: 'csv',
    });
    expect(res.statusCode).toBe(200);
    const { link } = res.json();
    expect(link).toMatch(/^\/api\/files\/\d+\/download$/);
    const file = await t.app.inject({ method: 'GET', url: link, headers: t.bearer(admin) });
    expect(file.statusCode).toBe(200);
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/City.*State/);
    const cities = lines
      .slice(1)
      .filter((l) => l.includes('VT'))
      .map((l) => l.split(',')[0]?.replace(/"/g, ''));
    expect(cities).toEqual(list.rows.map((r: { city: string }) => r.city));
  });

  it('an xlsx export answers a link too; unknown columns and lists are refused', async () => {
    const res = await post('/cities/export', { filters: { state: { values: ['RI'] } } });
    expect(res.json().link).toMatch(/download$/);
    const bad = await post('/cities/export', { columns: ['city', 'secret'] });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['columns.1']);
    expect((await post('/nothing/export', {})).statusCode).toBe(404);
    const badFilter = await post('/cities/export', { filters: { state: { values: 'VT' } } });
    expect(badFilter.statusCode).toBe(422);
  });
});
