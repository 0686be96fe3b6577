import { ACTION, MSG, SECTION } from '@backhaul/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/factories';
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
const post = (url: string, payload: object = {}, token = admin) => call('POST', url, payload, token);
const ids = (body: { rows: Array<{ id: number }> }) => body.rows.map((r) => r.id).sort((a, b) => a - b);
const sqlIds = async (where: string) =>
  (await t.database.query<{ id: number }>(`select id from trailers where ${where} order by id`)).map((r) => r.id);
const typeId = async (name: string) =>
  (await t.database.query<{ id: number }>(`select id from trailer_types where name = '${name}'`))[0]?.id;

const FORM = {
  trailer_number: 'tr9500',
  trailer_type_id: null as number | null,
  size: '53 ft',
  make: 'Utility',
  year: '2022',
  vin: '',
  plate: '',
  customer_id: null,
  alignment_date: null,
  annual_inspection_date: '',
  pm_miles: 1200,
  odometer: 1250,
  registration_expires_on: '2000-01-01',
  company_owner: 'Backhaul Demo Freight',
  gps: 'SkyBitz',
  status: 'active',
  origin_value: '',
};

describe('trailers list', () => {
  it('answers the 001 §3 trailer columns with the notes counter and reefer flag', async () => {
    const body = (await post('/trailers/list', { limit: 500 })).json();
    for (const key of ['rows', 'limit', 'order', 'sort', 'total', 'settings', 'filter'])
      expect(body).toHaveProperty(key);
    const visible = body.columns.filter((c: { hidden: boolean }) => !c.hidden).map((c: { id: string }) => c.id);
    expect(visible).toEqual([
      'id',
      'trailer_number',
      'trailer_type',
      'size',
      'customer',
      'alignment_date',
      'annual_inspection_date',
      'pm_date',
      'company_owner',
      'active',
      'left_company',
      'sold',
      'gps',
      'status',
      'description',
      'registration_expires_on',
    ]);
    const counts = await t.database.query<{ unit_id: number; n: number }>(
      "select unit_id, count(*)::int n from unit_notes where unit_type = 'trailer' group by unit_id",
    );
    const noted = counts[0];
    expect(body.rows.find((r: { id: number }) => r.id === noted?.unit_id)?.description).toBe(noted?.n);
    expect(body.sum.description).toBe(counts.reduce((s, c) => s + c.n, 0));
    const reefers = await sqlIds('trailer_type_id in (select id from trailer_types where reefer)');
    expect(
      body.rows
        .filter((r: { reefer: boolean }) => r.reefer)
        .map((r: { id: number }) => r.id)
        .sort(),
    ).toEqual(reefers.sort());
  });

  it('Active / Inactive, PM On (engine hours on reefers) and registration overdue filters', async () => {
    const reefer = await typeId('Reefer');
    const made = await post('/trailers', { ...FORM, trailer_type_id: reefer });
    expect(made.statusCode).toBe(200);
    expect(made.json().trailer).toMatchObject({ trailer_number: 'TR9500', reefer: true, year: 2022 });
    await post('/trailers', { ...FORM, trailer_number: 'TR9501', status: 'sold', registration_expires_on: null });

    const inactive = (
      await post('/trailers/list', { limit: 500, filters: { active: { values: ['inactive'] } } })
    ).json();
    expect(ids(inactive)).toEqual(await sqlIds("status <> 'active'"));
    expect(inactive.total).toBeGreaterThan(0);
    const pm = (await post('/trailers/list', { limit: 500, filters: { pm_date: { value: 1 } } })).json();
    expect(ids(pm)).toEqual(await sqlIds('odometer >= pm_miles'));
    expect(ids(pm)).toContain(made.json().trailer.id);
    const overdue = (
      await post('/trailers/list', { limit: 500, filters: { registration_expires_on_due: { values: ['overdue'] } } })
    ).json();
    expect(ids(overdue)).toContain(made.json().trailer.id);
    expect(ids(overdue)).toEqual(
      await sqlIds("registration_expires_on < (now() at time zone 'America/Chicago')::date"),
    );
    const free = (await post('/trailers/list', { limit: 500, filters: { status: { values: ['free'] } } })).json();
    expect(ids(free)).toEqual(await sqlIds('id not in (select trailer_id from trucks where trailer_id is not null)'));
  });
});

describe('trailers create, edit, delete, history', () => {
  it('validation next to fields and unknown references', async () => {
    const bad = await post('/trailers', { ...FORM, trailer_number: '', trailer_type_id: 999999, pm_miles: -5 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      trailer_number: ['The trailer number field is required.'],
      pm_miles: ['The PM must be at least 0.'],
    });
    const unknown = await post('/trailers', { ...FORM, trailer_number: 'TR9600', trailer_type_id: 999999 });
    expect(unknown.json().errors.trailer_type_id).toEqual(['Choose a trailer type from the list.']);
  });

  it('customer changes write the history; edit and info answer the trailer', async () => {
    const created = (await post('/trailers', { ...FORM, trailer_number: 'TR9700' })).json().trailer;
    const customers = (await call('GET', '/trailers/create')).json().options.customers;
    const put = await call('PUT', `/trailers/${created.id}`, {
      ...FORM,
      trailer_number: 'TR9700',
      customer_id: customers[0].value,
    });
    expect(put.json()).toMatchObject({ message: MSG.savingSuccess, trailer: { customer: customers[0].label } });
    const moved = (
      await post('/trailers/updateTruckCustomer', {
        id: created.id,
        customer_id: customers[1].value,
        from_date: '2099-02-01',
      })
    ).json();
    expect(moved.history.map((h: { customer: string; to_date: string | null }) => [h.customer, h.to_date])).toEqual([
      [customers[1].label, null],
      [customers[0].label, '2099-02-01'],
    ]);
    expect((await call('GET', `/trailers/${created.id}/edit`)).json().trailer.customer_id).toBe(customers[1].value);
    const info = (await call('GET', `/trailers/getTrailerInfo?id=${created.id}`)).json();
    expect(info.trailer).toMatchObject({ trailer_number: 'TR9700', reefer: false, truck_number: null });
    const log = (
      await post('/trailers/filterLogs', { filters: { entity_id: { op: 'eq', value: created.id } } })
    ).json();
    expect(log.rows.map((r: { action: string }) => r.action)).toEqual(['update', 'update', 'create']);
  });

  it('a trailer on a truck cannot be deleted; a free one can, with the spec message', async () => {
    // A trailer with no trips yet (trips would refuse the delete first, platform/record/held-by.test.ts).
    const f = factories(t, { as: admin });
    const trailer = await f.trailer();
    const truck = await f.truck({ trailer_id: trailer.id });
    const hooked = { trailer_id: trailer.id, truck_number: truck.truck_number };
    const refused = await call('DELETE', `/trailers/${hooked?.trailer_id}`);
    expect(refused.statusCode).toBe(412);
    expect(refused.json().error.mail).toContain(`is on truck ${hooked?.truck_number}; unhook it first.`);
    const created = (await post('/trailers', { ...FORM, trailer_number: 'TR9800' })).json().trailer;
    expect((await call('DELETE', `/trailers/${created.id}`)).json()).toEqual({ message: MSG.removalSuccess });
    expect(await sqlIds(`id = ${created.id}`)).toEqual([]);
  });

  it('permissions: view-only reads, cannot write; no trailers section, no list', async () => {
    const viewer = await t.createUser({
      email: 'trailer-viewer@backhaul.demo',
      grants: [
        { section: SECTION.Trailers, action: 0 },
        { section: SECTION.Trailers, action: ACTION.VIEW },
      ],
    });
    const [trailer] = await t.database.query<{ id: number }>('select id from trailers order by id limit 1');
    expect((await post(`/trailers/notes/${trailer?.id}`, {}, viewer.token)).statusCode).toBe(200);
    expect((await post(`/trailers/notes/${trailer?.id}/store`, { notes: 'x' }, viewer.token)).statusCode).toBe(403);
    expect((await post('/trailers', FORM, viewer.token)).statusCode).toBe(403);
    const outsider = await t.createUser({
      email: 'no-trailers@backhaul.demo',
      grants: [{ section: SECTION.Trucks, action: 0 }],
    });
    expect((await post('/trailers/list', {}, outsider.token)).statusCode).toBe(403);
  });
});

describe('trailer equipment, notes and values (the shared units service)', () => {
  it('round trips with the spec messages', async () => {
    const [trailer] = await t.database.query<{ id: number }>(
      "select id from trailers where status = 'active' order by id limit 1",
    );
    const id = trailer?.id as number;
    const names = (await post(`/trailers/equipment/${id}`)).json().filter.equipments;
    const eq = (
      await post(`/trailers/equipment/${id}/store`, { equipment_name_id: names[0].value, quantity: 3 })
    ).json();
    expect(eq).toMatchObject({ message: MSG.createdEquipment, item: { quantity: 3, name: names[0].label } });
    expect((await call('DELETE', `/trailers/equipment/${eq.item.id}`)).json().message).toBe(MSG.removeEquipment);
    const note = (await post(`/trailers/notes/${id}/store`, { notes: 'Reefer unit serviced' })).json();
    expect(note.message).toBe(MSG.createdNotes);
    expect((await call('GET', `/trailers/description/${id}`)).json().list[0].notes).toBe('Reefer unit serviced');
    expect((await call('DELETE', `/trailers/notes/${note.item.id}`)).json().message).toBe(MSG.removeNotes);
    const overview = (await call('GET', `/trailers/value/${id}`)).json();
    expect(Object.keys(overview).sort()).toEqual(['filter', 'originValue', 'trucks', 'years']);
    const year = overview.filter.years[0];
    const value = (await post(`/trailers/value/${id}/store`, { year, value: 30000 })).json();
    expect(value).toMatchObject({ message: MSG.createdValue, item: { year, value: 30000 } });
    expect((await post(`/trailers/value/${value.item.id}/update`, { year, value: 29000 })).json().message).toBe(
      MSG.updatedValue,
    );
    // A trailer's value is not reachable as a truck's.
    expect((await call('GET', `/trucks/value/${value.item.id}/edit`)).statusCode).toBe(404);
  });
});
