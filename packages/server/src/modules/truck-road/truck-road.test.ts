import { MSG, SECTION } from '@backhaul/shared';
import { nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Factories, factories } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';

let t: TestContext;
let f: Factories;
let shop: string;
let truckId: number;
let companyId: number;
const DAY = '2026-01-15';
beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  shop = await t.login('shop@backhaul.demo');
  truckId = (await f.truck()).id;
  companyId = (
    await t.database.query<{ company_id: number }>('select company_id from trucks where id = $1', [truckId])
  )[0]?.company_id as number;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, token: string | null = shop) =>
  t.app.inject({
    method,
    url: `/api/truck-road${url}`,
    headers: token ? t.bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const FORM = {
  date: DAY,
  driver_id: null,
  drive_type_id: 1,
  location: 'Amarillo, TX',
  out_of_service: true,
  reason: 'Tires',
  note: '',
};
const ids = (res: { json: () => { rows: Array<{ id: number }> } }) => res.json().rows.map((r) => r.id);

describe('trucks on the road', () => {
  it('saves a truck once per day; errors name truck_id or drive_type_id', async () => {
    const created = await call('POST', '', { ...FORM, truck_id: truckId });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      message: MSG.savingSuccess,
      row: { date: DAY, truck_id: truckId, out_of_service: true, reason: 'Tires', dispatcher_approved: false },
    });
    const id = created.json().row.id;
    const twice = await call('POST', '', { ...FORM, truck_id: truckId });
    expect([twice.statusCode, Object.keys(twice.json().errors)]).toEqual([422, ['truck_id']]);
    expect((await call('POST', '', { ...FORM, truck_id: '' })).json().errors).toHaveProperty('truck_id');
    expect((await call('POST', '', { ...FORM, truck_id: 99999999, date: '2026-01-16' })).json().errors).toEqual({
      truck_id: ['Choose a truck of the list.'],
    });
    expect(
      Object.keys((await call('POST', '', { ...FORM, truck_id: truckId, drive_type_id: 5 })).json().errors),
    ).toEqual(['drive_type_id']);
    const edited = await call('PUT', `/${id}`, { ...FORM, truck_id: truckId, out_of_service: false, reason: '' });
    expect(edited.json().row).toMatchObject({ id, out_of_service: false, reason: null });
    // An id in the body of POST updates (001 §4).
    expect((await call('POST', '', { ...FORM, id, truck_id: truckId, drive_type_id: 2 })).json().row).toMatchObject({
      id,
      drive_type_id: 2,
    });
    const approved = await call('POST', '/approved', { id, field: 'shop_approved', approved: true });
    expect(approved.json().row).toMatchObject({ shop_approved: true, dispatcher_approved: false });
    const who = await t.database.query<{ shop_approved_by: number | null }>(
      'select shop_approved_by from truck_road where id = $1',
      [id],
    );
    expect(who[0]?.shop_approved_by).toEqual(expect.any(Number));
    expect((await call('DELETE', `/${id}`)).json()).toEqual({ message: MSG.removalSuccess });
    expect((await call('DELETE', `/${id}`)).statusCode).toBe(404);
  });

  it('generates the day from the fleet once, even in parallel; lists one day (today when empty) or a range', async () => {
    const day = '2026-02-02';
    const runs = await Promise.all([1, 2, 3].map(() => call('POST', '/generate', { date: day })));
    const added = runs.map((r) => r.json().count as number);
    const rows = await t.database.query<{ n: number; trucks: number }>(
      'select count(*)::int as n, count(distinct truck_id)::int as trucks from truck_road where company_id = $1 and date = $2',
      [companyId, day],
    );
    expect(rows[0]?.n).toBe(rows[0]?.trucks);
    expect(added.reduce((a, b) => a + b, 0)).toBe(rows[0]?.n);
    expect(rows[0]?.n).toBeGreaterThan(0);
    expect((await call('POST', '/generate', { date: day })).json().count).toBe(0);

    const listed = await call('POST', '/list', { filters: { date: { from: day, to: day } }, limit: 500 });
    expect(listed.json().total).toBe(rows[0]?.n);
    expect(listed.json().rows.every((r: { date: string }) => r.date === day)).toBe(true);
    const range = await call('POST', '/list', {
      filters: { date: { from: '2026-02-01', to: '2026-02-03' } },
      limit: 1,
    });
    expect(range.json().total).toBe(rows[0]?.n);
    const today = nowInCompanyTimeZone().date;
    const todays = (await call('POST', '/list', { limit: 500 })).json();
    expect(todays.rows.every((r: { date: string }) => r.date === today)).toBe(true);

    // updateTrucks: a truck that left the fleet leaves an unapproved day; refresh follows the truck's driver.
    const [first] = listed.json().rows as Array<{ id: number; truck_id: number }>;
    await t.database.query("update trucks set status = 'sold' where id = $1", [first?.truck_id]);
    const updated = await call('POST', '/updateTrucks', { date: day });
    expect(updated.statusCode).toBe(200);
    const after = await call('POST', '/list', { filters: { date: { from: day, to: day } }, limit: 500 });
    expect(ids(after)).not.toContain(first?.id);
    await t.database.query("update trucks set status = 'active' where id = $1", [first?.truck_id]);
    expect((await call('POST', '/refresh', { date: day })).json()).toMatchObject({
      message: MSG.dataUpdated,
      count: 0,
    });
    const exported = await call('POST', '/export', { filters: { date: { from: day, to: day } } });
    expect(exported.json().link).toMatch(/^\/api\/files\/\d+\/download$/);
  });

  it('mails the day to the recipients with a signed link that opens the report without a session until it expires', async () => {
    const day = '2026-03-03';
    await call('POST', '', { ...FORM, date: day, truck_id: truckId });
    const sent = await call('POST', '/send', { date: day, emails: ['road@fleet.test', 'ops@fleet.test'] });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ message: MSG.reportSent, sent: 2 });
    expect((await call('GET', '/send')).json().emails).toEqual(['ops@fleet.test', 'road@fleet.test']);
    const mail = await t.database.query<{ text: string }>(
      `select text from mail_messages where "to" = 'road@fleet.test' and template = 'trucks-on-the-road' order by id desc limit 1`,
      [],
    );
    const link = sent.json().link as string;
    expect(mail[0]?.text).toContain(link);
    const params = new URL(link).searchParams;
    const api = `/report/${companyId}/${day}?expires=${params.get('expires')}&signature=${params.get('signature')}`;
    const opened = await call('GET', api, undefined, null);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({
      date: day,
      rows: [expect.objectContaining({ truck_id: truckId, reason: 'Tires' })],
    });
    expect(opened.json().expires_at).toEqual(expect.any(String));

    // Tampered: another day, another company, or a changed signature.
    expect((await call('GET', api.replace(day, '2026-03-04'), undefined, null)).statusCode).toBe(401);
    expect((await call('GET', api.replace(`/${companyId}/`, `/${companyId + 1}/`), undefined, null)).statusCode).toBe(
      401,
    );
    expect((await call('GET', `${api.slice(0, -3)}AAA`, undefined, null)).statusCode).toBe(401);
    const expired = await t.app.deps.links.sign(
      `/api/truck-road/report/${companyId}/${day}`,
      new Date(Date.now() - 1000),
    );
    expect((await t.app.inject({ method: 'GET', url: expired })).statusCode).toBe(401);
    expect((await call('GET', `/report/${companyId}/${day}`, undefined, null)).statusCode).toBe(401);
    // With a session the report is the caller's own company only.
    expect((await call('GET', `/report/${companyId}/${day}`)).statusCode).toBe(200);
    expect((await call('GET', `/report/${companyId + 1000}/${day}`)).statusCode).toBe(404);
    expect((await call('POST', '/send', { date: day, emails: [] })).json().errors).toHaveProperty('emails');
  });

  it('needs the section', async () => {
    const outsider = (await f.user([{ section: SECTION.Trucks, action: 0 }])).token;
    expect((await call('POST', '/list', {}, outsider)).statusCode).toBe(403);
    expect((await call('GET', '', undefined, outsider)).statusCode).toBe(403);
  });
});
