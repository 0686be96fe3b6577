import { ACTION, MSG, SECTION } from '@backhaul/shared';
import { equipmentNameInUse, trailerTypeInUse } from '@backhaul/shared/modules/general/general.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@backhaul.demo');
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
  t.app.inject({ method, url: `/api${url}`, headers: t.bearer(token), ...(payload ? { payload } : {}) });

describe('trailer types', () => {
  it('lists with the reefer flag and usage; the reefer On filter', async () => {
    const body = (await call('POST', '/trailer-types/list', { limit: 100 })).json();
    expect(body.rows.map((r: { name: string }) => r.name)).toContain('Reefer');
    const reefer = body.rows.find((r: { name: string }) => r.name === 'Reefer');
    const [used] = await t.database.query<{ n: number }>(
      `select ((select count(*) from trailers where trailer_type_id = ${reefer.id}) + (select count(*) from drivers where trailer_type_id = ${reefer.id}))::int n`,
    );
    expect(reefer).toMatchObject({ reefer: true, used: used?.n });
    const on = (await call('POST', '/trailer-types/list', { filters: { reefer: { value: 1 } } })).json();
    expect(on.rows.map((r: { name: string }) => r.name)).toEqual(['Reefer']);
  });

  it('create, duplicate refused, edit, delete; a type in use is refused with a clear message', async () => {
    const bad = await call('POST', '/trailer-types', { name: '' });
    expect(bad.json().errors.name).toEqual(['The trailer type field is required.']);
    const created = await call('POST', '/trailer-types', { name: 'Tanker', reefer: false });
    expect(created.json()).toMatchObject({ message: MSG.savingSuccess, item: { name: 'Tanker', used: 0 } });
    const id = created.json().item.id;
    expect((await call('POST', '/trailer-types', { name: 'tanker' })).json().errors.name).toEqual([
      'This trailer type already exists.',
    ]);
    const edited = await call('PUT', `/trailer-types/${id}`, { name: 'Tanker (food grade)', reefer: true });
    expect(edited.json().item).toMatchObject({ name: 'Tanker (food grade)', reefer: true });
    expect((await call('GET', `/trailer-types/${id}/edit`)).json().item.name).toBe('Tanker (food grade)');
    expect((await call('DELETE', `/trailer-types/${id}`)).json()).toEqual({ message: MSG.removalSuccess });

    const [inUse] = await t.database.query<{ id: number; n: number }>(
      'select trailer_type_id id, count(*)::int n from trailers where trailer_type_id is not null group by 1 order by 1 limit 1',
    );
    const refused = await call('DELETE', `/trailer-types/${inUse?.id}`);
    expect(refused.statusCode).toBe(412);
    const [drivers] = await t.database.query<{ n: number }>(
      `select count(*)::int n from drivers where trailer_type_id = ${inUse?.id}`,
    );
    expect(refused.json().error.mail).toBe(trailerTypeInUse((inUse?.n ?? 0) + (drivers?.n ?? 0)));
    const audit = await t.database.query<{ action: string }>(
      `select action from audit_log where entity = 'trailer_types' and entity_id = '${id}' order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });
});

describe('equipment names', () => {
  it('create, edit with the select-item messages; a used name cannot be deleted', async () => {
    const created = (await call('POST', '/equipment-names', { name: 'Load locks' })).json();
    expect(created).toMatchObject({ message: MSG.createdSelectItem, item: { name: 'Load locks', used: 0 } });
    const edited = (await call('PUT', `/equipment-names/${created.item.id}`, { name: 'Load locks (2)' })).json();
    expect(edited.message).toBe(MSG.editSelectItem);
    const list = (await call('POST', '/equipment-names/list', { search: 'load locks' })).json();
    expect(list.rows.map((r: { name: string }) => r.name)).toEqual(['Load locks (2)']);

    const [truck] = await t.database.query<{ id: number }>('select id from trucks order by id limit 1');
    await call('POST', `/trucks/equipment/${truck?.id}/store`, { equipment_name_id: created.item.id, quantity: 2 });
    const refused = await call('DELETE', `/equipment-names/${created.item.id}`);
    expect(refused.statusCode).toBe(412);
    expect(refused.json().error.mail).toBe(equipmentNameInUse(1));
  });

  it('needs the General permissions', async () => {
    const viewer = await t.createUser({
      email: 'general-viewer@backhaul.demo',
      grants: [{ section: SECTION.General, action: 0 }],
    });
    expect((await call('POST', '/equipment-names/list', {}, viewer.token)).statusCode).toBe(200);
    expect((await call('POST', '/equipment-names', { name: 'X' }, viewer.token)).statusCode).toBe(403);
    const typesOnly = await t.createUser({
      email: 'types-editor@backhaul.demo',
      grants: [
        { section: SECTION.TrailerTypes, action: 0 },
        { section: SECTION.TrailerTypes, action: ACTION.CREATE },
      ],
    });
    expect((await call('POST', '/trailer-types', { name: 'Lowboy' }, typesOnly.token)).statusCode).toBe(200);
    expect((await call('POST', '/equipment-names/list', {}, typesOnly.token)).statusCode).toBe(403);
  });
});
