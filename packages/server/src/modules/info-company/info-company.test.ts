import { ACTION, MSG, SECTION } from '@backhaul/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Factories, factories } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';

let t: TestContext;
let f: Factories;
let editor: string;
let viewer: string;
beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  const settings = (action: number) => ({ section: SECTION.Settings, action });
  editor = (await f.user([settings(0), settings(ACTION.VIEW), settings(ACTION.EDIT)])).token;
  viewer = (await f.user([settings(0), settings(ACTION.VIEW)])).token;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/info/company${url}`, headers: t.bearer(token), ...(payload ? { payload } : {}) });
const FORM = { name: 'Backhaul Leasing LLC', address: '100 Main St, Dallas TX', phone: '(214) 555-0100', email: '' };

describe('/info/company: one declaration, the six calls of the register', () => {
  it('creates, refuses a duplicate next to the field, edits, lists and deletes, with the spec messages and audit', async () => {
    expect((await call('GET', '/create', editor)).json()).toEqual({});
    const created = await call('POST', '', editor, FORM);
    expect(created.json()).toEqual({
      message: MSG.itemAdded,
      item: {
        id: expect.any(Number),
        name: 'Backhaul Leasing LLC',
        address: '100 Main St, Dallas TX',
        phone: '2145550100',
        email: null,
      },
    });
    const id = created.json().item.id as number;
    const dup = await call('POST', '', editor, { ...FORM, name: 'BACKHAUL LEASING llc' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ name: ['BACKHAUL LEASING llc is already in the list.'] });
    expect((await call('POST', '', editor, { ...FORM, name: ' ', email: 'x' })).json().errors).toEqual({
      name: ['The name field is required.'],
      email: ['Enter a valid e-mail address.'],
    });

    expect((await call('GET', `/${id}/edit`, viewer)).json().item.name).toBe('Backhaul Leasing LLC');
    const saved = await call('PUT', `/${id}`, editor, { ...FORM, name: 'Backhaul Leasing Co' });
    expect(saved.json()).toMatchObject({ message: MSG.itemSaved, item: { id, name: 'Backhaul Leasing Co' } });

    const list = (await call('GET', '', viewer)).json();
    expect(list).toMatchObject({ total: 1, sort: 'name', order: 'asc' });
    expect(list.rows).toEqual([saved.json().item]);
    const searched = (
      await t.app.inject({
        method: 'POST',
        url: '/api/info/company/list',
        headers: t.bearer(viewer),
        payload: { search: 'dallas' },
      })
    ).json();
    expect(searched.rows.map((r: { id: number }) => r.id)).toEqual([id]);

    expect((await call('DELETE', `/${id}`, editor)).json()).toEqual({ message: MSG.itemDeleted });
    expect((await call('GET', `/${id}/edit`, editor)).statusCode).toBe(404);
    const audit = await t.database.query<{ action: string }>(
      "select action from audit_log where entity = 'info_companies' and entity_id = $1 order by id",
      [String(id)],
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('view (10) reads; every write needs edit (9); no Settings is 403', async () => {
    const id = (await call('POST', '', editor, { ...FORM, name: 'Read Only Holdings' })).json().item.id;
    expect((await call('GET', '', viewer)).statusCode).toBe(200);
    expect((await call('GET', `/${id}/edit`, viewer)).statusCode).toBe(200);
    expect((await call('GET', '/create', viewer)).statusCode).toBe(403);
    expect((await call('POST', '', viewer, FORM)).statusCode).toBe(403);
    expect((await call('PUT', `/${id}`, viewer, FORM)).statusCode).toBe(403);
    expect((await call('DELETE', `/${id}`, viewer)).statusCode).toBe(403);
    const outsider = (await f.user([{ section: SECTION.Brokers, action: 0 }])).token;
    expect((await call('GET', '', outsider)).statusCode).toBe(403);
  });

  it('another company neither lists nor reaches our companies, and may use the same name', async () => {
    const id = (await call('POST', '', editor, { ...FORM, name: 'Shared Name LLC' })).json().item.id;
    const companyId = await f.company();
    const settings = (action: number) => ({ section: SECTION.Settings, action });
    const other = (await f.user([settings(0), settings(ACTION.VIEW), settings(ACTION.EDIT)], { companyId })).token;
    expect((await call('GET', '', other)).json().total).toBe(0);
    expect((await call('GET', `/${id}/edit`, other)).statusCode).toBe(404);
    expect((await call('PUT', `/${id}`, other, FORM)).statusCode).toBe(404);
    expect((await call('DELETE', `/${id}`, other)).statusCode).toBe(404);
    expect((await call('POST', '', other, { ...FORM, name: 'Shared Name LLC' })).statusCode).toBe(200);
  });
});
