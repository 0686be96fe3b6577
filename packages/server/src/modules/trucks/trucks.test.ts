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
const today = async () =>
  (await t.database.query<{ d: string }>("select ((now() at time zone 'America/Chicago')::date)::text d"))[0]?.d ?? '';
const ids = (body: { rows: Array<{ id: number }> }) => body.rows.map((r) => r.id).sort((a, b) => a - b);
const sqlIds = async (where: string) =>
  (await t.database.query<{ id: number }>(`select id from trucks where ${where} order by id`)).map((r) => r.id);

const FORM = {
  truck_number: '9001',
  make: 'Kenworth',
  model: 'T680',
  year: 2024,
  vin: '1XKYD49X0PJ123456',
  plate: 'tx1234a',
  customer_id: null,
  driver_id: null,
  trailer_id: null,
  eld: 'Samsara',
  alignment_date: '',
  annual_inspection_date: '2030-01-15',
  pm_miles: '120000',
  odometer: 100000,
  registration_expires_on: null,
  company_owner: '',
  status: 'active',
  truck_status: 'on_road',
  origin_value: '145000.50',
};

describe('trucks list', () => {
  it('answers the 001 §3 columns, the list keys and the seeded fleet', async () => {
    const res = await post('/trucks/list', { limit: 20 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    for (const key of ['rows', 'limit', 'order', 'sort', 'total', 'settings', 'filter'])
      expect(body).toHaveProperty(key);
    expect(body.total).toBe((await sqlIds('true')).length);
    const visible = body.columns.filter((c: { hidden: boolean }) => !c.hidden).map((c: { id: string }) => c.id);
    expect(visible.slice(0, 15)).toEqual([
      'id',
      'truck_number',
      'trailer_number',
      'trailer_type',
      'driver',
      'customer',
      'eld',
      'alignment_date',
      'annual_inspection_date',
      'pm_date',
      'company_owner',
      'active',
      'left_company',
      'sold',
      'truck_status',
    ]);
    expect(visible).toContain('registration_expires_on');
    expect(body.filter.active.map((o: { label: string }) => o.label)).toEqual(['Active', 'Inactive']);
    const withDriver = body.rows.find((r: { driver: string | null }) => r.driver);
    expect(withDriver?.customer).toBeTruthy();
  });

  it('Active / Inactive filter and the status flags', async () => {
    for (const [n, status] of [
      ['9101', 'sold'],
      ['9102', 'left_company'],
    ]) {
      expect((await post('/trucks', { ...FORM, truck_number: n, status, truck_status: null })).statusCode).toBe(200);
    }
    const active = (await post('/trucks/list', { limit: 500, filters: { active: { values: ['active'] } } })).json();
    expect(ids(active)).toEqual(await sqlIds("status = 'active'"));
    const inactive = (await post('/trucks/list', { limit: 500, filters: { active: { values: ['inactive'] } } })).json();
    expect(ids(inactive)).toEqual(await sqlIds("status <> 'active'"));
    expect(inactive.total).toBeGreaterThan(0);
    // The spec's filter_<column> names work inside filters and beside them.
    const named = (
      await post('/trucks/list', { limit: 500, filters: { filter_active: { values: ['inactive'] } } })
    ).json();
    expect(ids(named)).toEqual(ids(inactive));
    const beside = (await post('/trucks/list', { limit: 500, filter_active: { values: ['inactive'] } })).json();
    expect(ids(beside)).toEqual(ids(inactive));
    const sold = (await post('/trucks/list', { limit: 500, filters: { sold: { value: 1 } } })).json();
    expect(ids(sold)).toEqual(await sqlIds("status = 'sold'"));
    expect(sold.rows.every((r: { sold: boolean; active: string }) => r.sold && r.active === 'Inactive')).toBe(true);
  });

  it('On / All / Off service filters: On means due (30 days or past, PM reached)', async () => {
    const d = await today();
    const on = (await post('/trucks/list', { limit: 500, filters: { alignment_date: { value: 1 } } })).json();
    expect(ids(on)).toEqual(await sqlIds(`alignment_date <= '${d}'::date + 30`));
    expect(on.total).toBeGreaterThan(0);
    const off = (await post('/trucks/list', { limit: 500, filters: { alignment_date: { value: 0 } } })).json();
    const all = (await post('/trucks/list', { limit: 500, filters: { alignment_date: { value: -1 } } })).json();
    expect(on.total + off.total).toBe(all.total);
    const pm = (await post('/trucks/list', { limit: 500, filters: { pm_date: { value: 1 } } })).json();
    expect(ids(pm)).toEqual(await sqlIds('odometer >= pm_miles'));
    expect(pm.rows.every((r: { pm_due: boolean }) => r.pm_due)).toBe(true);
    const insp = (await post('/trucks/list', { limit: 500, filters: { annual_inspection_date: { value: 1 } } })).json();
    expect(ids(insp)).toEqual(await sqlIds(`annual_inspection_date <= '${d}'::date + 30`));
    const bad = await post('/trucks/list', { filters: { pm_date: { value: 2 } } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['filters.pm_date']).toEqual(['Choose On, All or Off.']);
  });

  it('registration and inspection expiry filters (overdue, due in 30 days)', async () => {
    const d = await today();
    const overdue = (
      await post('/trucks/list', { limit: 500, filters: { registration_expires_on_due: { values: ['overdue'] } } })
    ).json();
    expect(ids(overdue)).toEqual(await sqlIds(`registration_expires_on < '${d}'`));
    const due = (
      await post('/trucks/list', { limit: 500, filters: { annual_inspection_date_due: { values: ['due'] } } })
    ).json();
    expect(ids(due)).toEqual(
      await sqlIds(`annual_inspection_date >= '${d}' and annual_inspection_date <= '${d}'::date + 30`),
    );
  });

  it('filters, settings and export by the generic routes', async () => {
    expect((await post('/trucks/filters')).json().filter.customer.length).toBeGreaterThan(0);
    expect((await call('GET', '/trucks')).json().rows.length).toBeGreaterThan(0);
    const saved = await post('/trucks/settings', { settings: { columns: [{ id: 'vin', visible: true }] } });
    expect(saved.json().message).toBe(MSG.savingSuccess);
    const exported = await post('/trucks/export', { filters: { sold: { value: 1 } }, format: 'csv' });
    expect(exported.statusCode).toBe(200);
    expect(exported.json().link).toBeTruthy();
  });
});

describe('trucks create, edit, delete', () => {
  let id = 0;
  it('validates next to fields (422) and creates with audit', async () => {
    const bad = await post('/trucks', { ...FORM, truck_number: ' ', vin: 'SHORT', year: 1900, status: 'parked' });
    expect(bad.statusCode).toBe(422);
    const errors = bad.json().errors;
    expect(errors.truck_number).toEqual(['The truck number field is required.']);
    expect(errors.vin).toEqual(['The VIN is 17 letters and digits (no I, O or Q).']);
    expect(errors.year).toEqual(['The year must be at least 1980.']);
    expect(errors.status).toEqual(['Choose active, left company or sold.']);

    const taken = (await t.database.query<{ n: string }>('select truck_number n from trucks order by id limit 1'))[0]
      ?.n;
    const dup = await post('/trucks', { ...FORM, truck_number: taken });
    expect(dup.json().errors.truck_number).toEqual([`Truck ${taken} already exists.`]);

    const res = await post('/trucks', FORM);
    expect(res.statusCode).toBe(200);
    const { message, truck } = res.json();
    expect(message).toBe(MSG.savingSuccess);
    expect(truck).toMatchObject({
      truck_number: '9001',
      plate: 'TX1234A',
      pm_miles: 120000,
      origin_value: 145000.5,
      alignment_date: null,
    });
    id = truck.id;
    const audit = await t.database.query<{ action: string }>(
      `select action from audit_log where entity = 'trucks' and entity_id = '${id}'`,
    );
    expect(audit.map((a) => a.action)).toEqual(['create']);
    expect((await call('GET', `/trucks/${id}/edit`)).json().truck.truck_number).toBe('9001');
  });

  it('refuses a trailer already on another truck; update writes the assignment history', async () => {
    const [hooked] = await t.database.query<{ trailer_id: number; truck_number: string }>(
      'select trailer_id, truck_number from trucks where trailer_id is not null order by id limit 1',
    );
    const refused = await call('PUT', `/trucks/${id}`, { ...FORM, trailer_id: hooked?.trailer_id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.trailer_id).toEqual([
      `This trailer is on truck ${hooked?.truck_number}; unhook it there first.`,
    ]);

    const create = (await call('GET', '/trucks/create')).json().options;
    const customer = create.customers[0];
    const pair = (await post('/trucks/getDriverTrailers', { customer_id: customer.value })).json();
    const freeTrailer = (await post('/trailers', { trailer_number: 'TR9001', status: 'active' })).json().trailer;
    expect(pair.drivers.length + pair.trailers.length).toBeGreaterThan(0);
    const res = await call('PUT', `/trucks/${id}`, {
      ...FORM,
      customer_id: String(customer.value),
      trailer_id: freeTrailer?.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().truck).toMatchObject({ customer: customer.label, trailer_id: freeTrailer?.id });

    const history = (await post('/trucks/updateTruckCustomer', { id })).json().history;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ customer: customer.label, trailer_id: freeTrailer?.id, to_date: null });
  });

  it('updateTruckCustomer changes the customer from a date and closes the open period', async () => {
    const other = (await call('GET', '/trucks/create')).json().options.customers[1];
    const res = await post('/trucks/updateTruckCustomer', { id, customer_id: other.value, from_date: '2099-01-01' });
    expect(res.statusCode).toBe(200);
    const { message, history } = res.json();
    expect(message).toBe(MSG.savingSuccess);
    expect(history.map((h: { customer: string; to_date: string | null }) => [h.customer, h.to_date])).toEqual([
      [other.label, null],
      [expect.any(String), '2099-01-01'],
    ]);
    const early = await post('/trucks/updateTruckCustomer', { id, customer_id: null, from_date: '2000-01-01' });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.from_date[0]).toContain('cannot start before');
  });

  it('a viewer cannot create, edit, assign or delete (403) and cannot read the change log', async () => {
    const viewer = await t.createUser({
      email: 'truck-viewer@backhaul.demo',
      grants: [
        { section: SECTION.Trucks, action: 0 },
        { section: SECTION.Trucks, action: ACTION.VIEW },
      ],
    });
    expect((await post('/trucks/list', {}, viewer.token)).statusCode).toBe(200);
    expect((await post('/trucks', FORM, viewer.token)).statusCode).toBe(403);
    expect((await call('PUT', `/trucks/${id}`, FORM, viewer.token)).statusCode).toBe(403);
    expect((await call('DELETE', `/trucks/${id}`, undefined, viewer.token)).statusCode).toBe(403);
    expect((await post('/trucks/updateTruckCustomer', { id, customer_id: null }, viewer.token)).statusCode).toBe(403);
    expect((await post('/trucks/updateTruckCustomer', { id }, viewer.token)).statusCode).toBe(200);
    expect((await post('/trucks/filterLogs', {}, viewer.token)).statusCode).toBe(403);
    const log = (await post('/trucks/filterLogs', { filters: { entity_id: { op: 'eq', value: id } } })).json();
    expect(log.rows.map((r: { action: string }) => r.action)).toEqual(['update', 'update', 'create']);
  });

  it('refuses to delete a truck a driver drives; deletes a free one with its parts', async () => {
    // A truck with no trips yet (trips would refuse the delete first, platform/record/held-by.test.ts).
    const f = factories(t, { as: admin });
    const driven = await f.truck({ driver_id: (await f.driver()).id });
    const refused = await call('DELETE', `/trucks/${driven?.id}`);
    expect(refused.statusCode).toBe(412);
    expect(refused.json().error.mail).toContain(`Truck ${driven?.truck_number} is assigned to`);

    await post(`/trucks/notes/${id}/store`, { notes: 'to be deleted' });
    const res = await call('DELETE', `/trucks/${id}`);
    expect(res.json()).toEqual({ message: MSG.removalSuccess });
    expect(await sqlIds(`id = ${id}`)).toEqual([]);
    const left = await t.database.query(`select id from unit_notes where unit_type = 'truck' and unit_id = ${id}`);
    expect(left).toEqual([]);
    expect((await call('GET', `/trucks/${id}/edit`)).statusCode).toBe(404);
  });
});

describe('truck equipment, notes and values', () => {
  let truckId = 0;
  beforeAll(async () => {
    truckId = (
      await t.database.query<{ id: number }>("select id from trucks where status = 'active' order by id limit 1")
    )[0]?.id as number;
  });

  it('equipment round trip with a new name from the select', async () => {
    const named = await post('/trucks/setEquipment', { name: 'Tire chains' });
    expect(named.statusCode).toBe(200);
    const { message, equipment, equipments } = named.json();
    expect(message).toBe(MSG.createdSelectItem);
    expect(equipments.map((e: { label: string }) => e.label)).toContain('Tire chains');
    expect((await post('/trucks/setEquipment', { name: 'tire CHAINS' })).json().errors.name).toEqual([
      'This equipment name already exists.',
    ]);

    const bad = await post(`/trucks/equipment/${truckId}/store`, { equipment_name_id: null, quantity: 0 });
    expect(bad.json().errors).toMatchObject({
      equipment_name_id: ['Choose the equipment.'],
      quantity: ['The quantity must be at least 1.'],
    });
    const stored = await post(`/trucks/equipment/${truckId}/store`, {
      equipment_name_id: equipment.value,
      quantity: '2',
      serial: 'SN-1',
      notes: '',
    });
    expect(stored.json().message).toBe(MSG.createdEquipment);
    const item = stored.json().item;
    expect(item).toMatchObject({ name: 'Tire chains', quantity: 2, serial: 'SN-1', notes: null });

    const updated = await post(`/trucks/equipment/${item.id}/update`, {
      equipment_name_id: equipment.value,
      quantity: 4,
      serial: 'SN-1',
      notes: 'In the side box',
    });
    expect(updated.json()).toMatchObject({ message: MSG.updatedEquipment, item: { quantity: 4 } });
    expect((await call('GET', `/trucks/equipment/${item.id}/edit`)).json().item.notes).toBe('In the side box');

    const list = (await post(`/trucks/equipment/${truckId}`)).json();
    expect(list.truck_equipment.map((e: { id: number }) => e.id)).toContain(item.id);
    expect(list.filter.equipments.length).toBeGreaterThan(5);
    const fleet = (await post('/trucks/equipment/list', { filters: { name: { values: [equipment.value] } } })).json();
    expect(fleet.total).toBe(1);
    expect(fleet.sum.quantity).toBe(4);

    // An equipment item of a truck is not reachable through /trailers.
    expect((await call('GET', `/trailers/equipment/${item.id}/edit`)).statusCode).toBe(404);
    expect((await call('DELETE', `/trucks/equipment/${item.id}`)).json()).toEqual({ message: MSG.removeEquipment });
    expect(
      (await post(`/trucks/equipment/${truckId}`)).json().truck_equipment.map((e: { id: number }) => e.id),
    ).not.toContain(item.id);
  });

  it('notes round trip, lowercased filter and the description counter', async () => {
    const before = (await call('GET', `/trucks/description/${truckId}`)).json().description;
    expect((await post(`/trucks/notes/${truckId}/store`, { notes: '  ' })).json().errors.notes).toEqual([
      'The note field is required.',
    ]);
    const stored = (await post(`/trucks/notes/${truckId}/store`, { notes: 'Replaced the AIR DRYER' })).json();
    expect(stored.message).toBe(MSG.createdNotes);
    expect(stored.item.created_by).toBe('Avery Admin');
    const updated = (
      await post(`/trucks/notes/${stored.item.id}/update`, { notes: 'Replaced the air dryer cartridge' })
    ).json();
    expect(updated).toMatchObject({ message: MSG.updatedNotes, item: { notes: 'Replaced the air dryer cartridge' } });
    const found = (await post(`/trucks/notes/${truckId}`, { filters: { notes: 'AIR Dryer' } })).json();
    expect(found.filter.notes).toBe('air dryer');
    expect(found.list.map((n: { id: number }) => n.id)).toEqual([stored.item.id]);
    expect((await call('GET', `/trucks/description/${truckId}`)).json().description).toBe(before + 1);
    expect((await call('DELETE', `/trucks/notes/${stored.item.id}`)).json()).toEqual({ message: MSG.removeNotes });
    expect((await call('GET', `/trucks/description/${truckId}`)).json().description).toBe(before);
  });

  it('values per year: years, filter, trucks, originValue and depreciation', async () => {
    const overview = (await call('GET', `/trucks/value/${truckId}`)).json();
    for (const key of ['years', 'filter', 'trucks', 'originValue']) expect(overview).toHaveProperty(key);
    expect(overview.trucks.id).toBe(truckId);
    const year = overview.filter.years.find((y: number) => y < 2020) ?? overview.filter.years.at(-1);
    expect(year).toBeDefined();
    const taken = overview.years[0].year;
    expect((await post(`/trucks/value/${truckId}/store`, { year: taken, value: 1 })).json().errors.year).toEqual([
      `A value for ${taken} already exists.`,
    ]);
    const stored = (await post(`/trucks/value/${truckId}/store`, { year, value: '99000.25' })).json();
    expect(stored).toMatchObject({ message: MSG.createdValue, item: { year, value: 99000.25 } });
    const updated = (await post(`/trucks/value/${stored.item.id}/update`, { year, value: 98000 })).json();
    expect(updated).toMatchObject({ message: MSG.updatedValue, item: { value: 98000 } });
    expect((await call('GET', `/trucks/value/${stored.item.id}/edit`)).json().item.value).toBe(98000);

    const after = (await call('GET', `/trucks/value/${truckId}`)).json();
    expect(after.filter.years).not.toContain(year);
    const rows = after.years as Array<{ year: number; value: number; depreciation: number | null }>;
    expect(rows.map((r) => r.year)).toEqual([...rows.map((r) => r.year)].sort((a, b) => b - a));
    // Each year's loss is measured against the year before it.
    for (let i = 0; i < rows.length - 1; i++) {
      expect(rows[i]?.depreciation).toBeCloseTo((rows[i + 1]?.value ?? 0) - (rows[i]?.value ?? 0), 2);
    }
    expect((await call('DELETE', `/trucks/value/${stored.item.id}`)).json()).toEqual({ message: MSG.removalSuccess });
  });
});
