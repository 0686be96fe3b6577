import { ACTION, MSG, SECTION } from '@backhaul/shared';
import apiRegister from '@backhaul/shared/spec/api-register.json' with { type: 'json' };
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Factories, factories } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { listHolidays } from './holidays.service';
import { federalHolidays } from './settings.seed';

let t: TestContext;
let f: Factories;
let editor: string;
let viewer: string;
let editorCompany: number;
const settings = (action: number) => ({ section: SECTION.Settings, action });
beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  const made = await f.user([settings(0), settings(ACTION.VIEW), settings(ACTION.EDIT)]);
  editor = made.token;
  const [row] = await t.database.query<{ company_id: number }>('select company_id from users where id = $1', [
    made.user.id,
  ]);
  editorCompany = row?.company_id ?? 0;
  viewer = (await f.user([settings(0), settings(ACTION.VIEW)])).token;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: t.bearer(token), ...(payload ? { payload } : {}) });

/** Each /info list: a body to create, a change to save, and the row the server answers for it. */
const LISTS: Array<{ base: string; create: object; update: object; saved: object; bad: [object, string] }> = [
  {
    base: '/info/schedule',
    create: { name: 'Swing shift', start_time: '14:00', end_time: '22:30', break_minutes: '30' },
    update: { name: 'Swing shift', start_time: '15:00', end_time: '23:00', break_minutes: '' },
    saved: { name: 'Swing shift', start_time: '15:00', end_time: '23:00', break_minutes: null },
    bad: [{ name: 'X', start_time: '25:00', end_time: '10:00', break_minutes: '' }, 'start_time'],
  },
  {
    base: '/info/holidays',
    create: { date: '2031-06-19', name: 'Juneteenth', paid: true },
    update: { date: '2031-06-19', name: 'Juneteenth National Independence Day', paid: false },
    saved: { date: '2031-06-19', name: 'Juneteenth National Independence Day', paid: false },
    bad: [{ date: '2031-02-30', name: 'Nope', paid: true }, 'date'],
  },
  {
    base: '/info/offices',
    create: {
      name: 'Atlanta',
      address: '1 Peachtree St',
      city: 'Atlanta',
      state: 'ga',
      zip: '30303',
      phone: '(404) 555-0150',
      email: '',
    },
    update: {
      name: 'Atlanta yard',
      address: '1 Peachtree St',
      city: 'Atlanta',
      state: 'GA',
      zip: '30303',
      phone: '',
      email: 'atl@backhaul.demo',
    },
    saved: { name: 'Atlanta yard', state: 'GA', phone: null, email: 'atl@backhaul.demo' },
    bad: [{ name: 'Somewhere', address: '', city: '', state: 'Texas', zip: '', phone: '', email: '' }, 'state'],
  },
  {
    base: '/info/inventory',
    create: { name: 'Dash camera', category: 'Electronics', serial_required: true, description: '' },
    update: { name: 'Dash camera', category: 'Safety gear', serial_required: false, description: 'Road-facing' },
    saved: { name: 'Dash camera', category: 'Safety gear', serial_required: false, description: 'Road-facing' },
    bad: [{ name: 'Thing', category: 'Snacks', serial_required: false, description: '' }, 'category'],
  },
  {
    base: '/info/contacts-types',
    create: { name: 'After hours' },
    update: { name: 'After-hours dispatch' },
    saved: { name: 'After-hours dispatch' },
    bad: [{ name: '   ' }, 'name'],
  },
  {
    base: '/info/documents-types',
    create: { name: 'Hazmat endorsement', subject: 'Driver', expires: true },
    update: { name: 'Hazmat endorsement (H)', subject: 'Driver', expires: false },
    saved: { name: 'Hazmat endorsement (H)', subject: 'Driver', expires: false },
    bad: [{ name: 'Lease', subject: 'Planet', expires: false }, 'subject'],
  },
  {
    base: '/info/company',
    create: { name: 'Backhaul Logistics LLC', address: '', phone: '', email: '' },
    update: { name: 'Backhaul Logistics Inc', address: 'Dallas TX', phone: '', email: '' },
    saved: { name: 'Backhaul Logistics Inc', address: 'Dallas TX' },
    bad: [{ name: '', address: '', phone: '', email: '' }, 'name'],
  },
  {
    base: '/info/departments',
    create: { name: 'Recruiting' },
    update: { name: 'Driver recruiting' },
    saved: { name: 'Driver recruiting' },
    bad: [{ name: '' }, 'name'],
  },
  {
    base: '/info/positions',
    create: { name: 'Recruiter', department_id: '' },
    update: { name: 'Senior recruiter', department_id: null },
    saved: { name: 'Senior recruiter', department: null },
    bad: [{ name: 'Ghost', department_id: 999999 }, 'department_id'],
  },
];

describe('every /info list through its six calls', () => {
  it.each(LISTS)('$base: create form, create, edit form, save, list, delete; 422 names the field', async (l) => {
    expect((await call('GET', `${l.base}/create`, editor)).statusCode).toBe(200);
    const created = await call('POST', l.base, editor, l.create);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().message).toBe(MSG.itemAdded);
    const id = created.json().item.id as number;
    expect((await call('GET', `${l.base}/${id}/edit`, viewer)).json().item.id).toBe(id);

    const saved = await call('PUT', `${l.base}/${id}`, editor, l.update);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: MSG.itemSaved, item: { id, ...l.saved } });

    const list = await call('GET', l.base, viewer);
    expect(list.statusCode).toBe(200);
    expect(Object.keys(list.json())).toEqual(
      expect.arrayContaining(['rows', 'limit', 'order', 'sort', 'total', 'filter', 'settings']),
    );
    const all = await call('POST', `${l.base}/list`, viewer, { limit: 99999999 });
    expect(all.json().rows.find((r: { id: number }) => r.id === id)).toMatchObject(l.saved);

    const [badBody, badField] = l.bad;
    const bad = await call('POST', l.base, editor, badBody);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toContain(badField);
    // Nothing of the refused body was saved.
    expect((await call('POST', `${l.base}/list`, viewer, { limit: 99999999 })).json().total).toBe(all.json().total);

    // Only edit (9) writes; the viewer reads.
    expect((await call('PUT', `${l.base}/${id}`, viewer, l.update)).statusCode).toBe(403);
    expect((await call('DELETE', `${l.base}/${id}`, viewer)).statusCode).toBe(403);

    expect((await call('DELETE', `${l.base}/${id}`, editor)).json()).toEqual({ message: MSG.itemDeleted });
    expect((await call('GET', `${l.base}/${id}/edit`, editor)).statusCode).toBe(404);
  });
});

describe('rules of the company lists', () => {
  it('a duplicate name or holiday date is a 422 on the field', async () => {
    const first = await call('POST', '/info/holidays', editor, {
      date: '2032-03-17',
      name: "St Patrick's Day",
      paid: false,
    });
    expect(first.statusCode).toBe(200);
    const dup = await call('POST', '/info/holidays', editor, { date: '2032-03-17', name: 'Other', paid: false });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ date: ['2032-03-17 is already a holiday.'] });
    const office = await call('POST', '/info/offices', editor, {
      name: 'dallas hq',
      address: '',
      city: '',
      state: '',
      zip: '',
      phone: '',
      email: '',
    });
    expect(office.json().errors).toEqual({ name: ['dallas hq is already in the list.'] });
  });

  it('a shift must end at another time than it starts', async () => {
    const res = await call('POST', '/info/schedule', editor, {
      name: 'Zero',
      start_time: '08:00',
      end_time: '08:00',
      break_minutes: '',
    });
    expect(res.json().errors).toEqual({ end_time: ['The shift must end at another time than it starts.'] });
  });

  it('a department in use is not deleted, and the refusal names what uses it', async () => {
    const dept = (await call('POST', '/info/departments', editor, { name: 'Yard' })).json().item.id as number;
    const pos = await call('POST', '/info/positions', editor, { name: 'Yard jockey', department_id: dept });
    expect(pos.json().item).toMatchObject({ name: 'Yard jockey', department_id: dept, department: 'Yard' });
    await f.employee({ department_id: dept, position: 'yard JOCKEY' });
    const refused = await call('DELETE', `/info/departments/${dept}`, editor);
    expect(refused.statusCode).toBe(412);
    expect(refused.json().error.mail).toBe('This department is still used by 1 employee, 1 position.');
    const posRefused = await call('DELETE', `/info/positions/${pos.json().item.id}`, editor);
    expect(posRefused.statusCode).toBe(412);
    expect(posRefused.json().error.mail).toBe('This position is still used by 1 employee.');
    // The positions list shows the department's name and filters by it.
    const listed = await call('POST', '/info/positions/list', viewer, { search: 'jockey' });
    expect(listed.json().rows).toEqual([expect.objectContaining({ name: 'Yard jockey', department: 'Yard' })]);
    expect((await call('GET', '/info/positions/create', editor)).json().departments).toContainEqual({
      id: dept,
      name: 'Yard',
    });
  });

  it('the demo departments cannot go while users and employees hold them', async () => {
    const dispatch = await t.database.query<{ id: number }>(
      "select id from departments where company_id = $1 and name = 'Dispatch'",
      [editorCompany],
    );
    expect(dispatch).toHaveLength(1);
    const res = await call('DELETE', `/info/departments/${dispatch[0]?.id}`, editor);
    expect(res.statusCode).toBe(412);
    expect(res.json().error.mail).toMatch(/^This department is still used by \d+ users?, /);
  });

  it("listHolidays reads a company's holidays in a date range, and another company sees none of ours", async () => {
    await call('POST', '/info/holidays', editor, { date: '2033-07-04', name: 'Independence Day', paid: true });
    await call('POST', '/info/holidays', editor, { date: '2033-07-05', name: 'Bridge day', paid: false });
    await call('POST', '/info/holidays', editor, { date: '2033-08-01', name: 'Outside', paid: true });
    const got = await listHolidays(t.database.db, editorCompany, '2033-07-01', '2033-07-31');
    expect(got.map(({ date, name, paid }) => ({ date, name, paid }))).toEqual([
      { date: '2033-07-04', name: 'Independence Day', paid: true },
      { date: '2033-07-05', name: 'Bridge day', paid: false },
    ]);
    const other = await f.company();
    expect(await listHolidays(t.database.db, other, '2033-07-01', '2033-07-31')).toEqual([]);
  });

  it("the demo year's federal holidays fall on the right days", () => {
    const h = Object.fromEntries(federalHolidays(2026).map((x) => [x.name, x.date]));
    expect(h).toMatchObject({
      'Martin Luther King Jr. Day': '2026-01-19',
      'Memorial Day': '2026-05-25',
      'Labor Day': '2026-09-07',
      'Thanksgiving Day': '2026-11-26',
    });
  });
});

describe('versions (the header popup reads the latest)', () => {
  it('list, filters, create, edit form, save, delete; a repeated version is a 422', async () => {
    const created = await call('POST', '/info/version', editor, {
      version: '9.1.0',
      description: 'Company lists under System settings.',
      version_show: true,
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().item.id as number;
    expect(created.json()).toMatchObject({ message: MSG.itemAdded, item: { version: '9.1.0', version_show: true } });
    // The session's version call now answers the latest release.
    const latest = await t.app.inject({ method: 'POST', url: '/api/version', headers: t.bearer(viewer) });
    expect(latest.json()).toMatchObject({ version: '9.1.0' });

    const list = await call('POST', '/info/version/list', viewer, {});
    expect(Object.keys(list.json())).toEqual(
      expect.arrayContaining(['limit', 'order', 'rows', 'sort', 'total', 'filter']),
    );
    expect(list.json().rows[0]).toMatchObject({ id, version: '9.1.0' });
    const filters = await call('POST', '/info/version/filters', viewer, {});
    expect(filters.json().filter.version).toContainEqual({ value: '9.1.0', label: '9.1.0' });

    expect((await call('GET', `/info/version/${id}/edit`, viewer)).json().item.description).toBe(
      'Company lists under System settings.',
    );
    const dup = await call('POST', '/info/version', editor, {
      version: '9.1.0',
      description: 'x',
      version_show: false,
    });
    expect(dup.json().errors).toEqual({ version: ['9.1.0 is already in the list.'] });
    const bad = await call('POST', '/info/version', editor, { version: 'v2', description: '', version_show: false });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['description', 'version']);
    const saved = await call('PUT', `/info/version/${id}`, editor, {
      version: '9.1.1',
      description: 'Fix',
      version_show: false,
    });
    expect(saved.json().item).toMatchObject({ version: '9.1.1', version_show: false });
    expect((await call('DELETE', `/info/version/${id}`, viewer)).statusCode).toBe(403);
    expect((await call('DELETE', `/info/version/${id}`, editor)).json()).toEqual({ message: MSG.itemDeleted });
  });
});

describe('system, department and accounting settings', () => {
  it('GET /settings/system answers the eight keys; a save is read back by both screens', async () => {
    const got = (await call('GET', '/settings/system', viewer)).json();
    for (const key of [
      'setting',
      'maps',
      'trailer_type',
      'report_contacts',
      'statistics_data',
      'dispatcher',
      'trucksOnTheRoad',
      'departments',
    ])
      expect(got).toHaveProperty(key);
    expect(got.departments.map((d: { name: string }) => d.name)).toContain('Dispatch');
    const trailerType = got.options.trailer_types[0].id as number;
    const person = got.options.users[0].id as number;
    const body = {
      setting: { company_name: 'Backhaul Freight', default_page_size: 50 },
      maps: { provider: 'offline', road_factor: '1.2' },
      trailer_type: { default_id: trailerType },
      report_contacts: ['Ops@Backhaul.demo'],
      statistics_data: { sales_person_id: person, manager_id: '', after_hours: '6', shift_id: null },
      dispatcher: { default_dispatcher_id: person, default_trip_status: 'Planned' },
      trucksOnTheRoad: ['shop@backhaul.demo', 'fleet@backhaul.demo'],
    };
    expect((await call('POST', '/settings/system', viewer, body)).statusCode).toBe(403);
    const saved = await call('POST', '/settings/new-system-settings', editor, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('Settings saved successfully.');
    const again = (await call('GET', '/settings/system', viewer)).json();
    expect(again).toMatchObject({
      setting: { company_name: 'Backhaul Freight', default_page_size: 50 },
      maps: { road_factor: 1.2 },
      trailer_type: { default_id: trailerType },
      report_contacts: ['ops@backhaul.demo'],
      statistics_data: { sales_person_id: person, manager_id: null, after_hours: 6, shift_id: null },
      // Kept in the truck-road module's list, read back in alphabetical order.
      trucksOnTheRoad: ['fleet@backhaul.demo', 'shop@backhaul.demo'],
    });
    expect((await call('GET', '/settings/new-system-settings', viewer)).json()).toEqual(again);

    const bad = await call('POST', '/settings/system', editor, {
      ...body,
      trucksOnTheRoad: ['not-an-email'],
      trailer_type: { default_id: 999999 },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toContain('trucksOnTheRoad.0');
    const foreign = await call('POST', '/settings/system', editor, { ...body, trailer_type: { default_id: 999999 } });
    expect(foreign.json().errors).toEqual({ 'trailer_type.default_id': ['Choose from the list.'] });
  });

  it('POST /settings/departments saves the whole list, and refuses to drop one in use', async () => {
    const { departments } = (await call('GET', '/settings/departments', viewer)).json() as {
      departments: Array<{ id: number; name: string }>;
    };
    const renamed = departments.map((d) => (d.name === 'Sales' ? { ...d, name: 'Sales and marketing' } : d));
    const saved = await call('POST', '/settings/departments', editor, {
      departments: [...renamed, { name: 'Training' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const names = saved.json().departments.map((d: { name: string }) => d.name);
    expect(names).toEqual(expect.arrayContaining(['Sales and marketing', 'Training']));
    expect(names).not.toContain('Sales');
    const training = saved.json().departments.find((d: { name: string }) => d.name === 'Training');
    // Dropping Training (unused) works; dropping Dispatch (users hold it) is refused, and nothing changes.
    const withoutDispatch = saved
      .json()
      .departments.filter((d: { id: number; name: string }) => d.name !== 'Dispatch' && d.id !== training.id);
    const refused = await call('POST', '/settings/departments', editor, { departments: withoutDispatch });
    expect(refused.statusCode).toBe(412);
    expect(refused.json().error.mail).toMatch(/^This department is still used by /);
    const after = (await call('GET', '/settings/departments', viewer))
      .json()
      .departments.map((d: { name: string }) => d.name);
    expect(after).toEqual(expect.arrayContaining(['Dispatch', 'Training']));
    const dup = await call('POST', '/settings/departments', editor, {
      departments: [...saved.json().departments, { name: 'training' }],
    });
    expect(dup.statusCode).toBe(422);
  });

  it('GET/POST /settings/account: setting, service (status, name, default) and zelleAccount', async () => {
    const got = (await call('GET', '/settings/account', viewer)).json();
    // The spec's three keys, and the groups beyond it: pay rules, shop billing and motivation (issue 28).
    expect(Object.keys(got).sort()).toEqual(['motivation', 'pay', 'service', 'setting', 'shop', 'zelleAccount']);
    expect(got.shop).toEqual({ sublet_markup_percent: 0, labor_taxable: false });
    expect(got.motivation).toEqual({ safe_driving_min_miles: 8000 });
    expect(got.setting.payment_terms_days).toBe(15);
    const first = got.service[0];
    const body = {
      setting: {
        remit_to: 'Backhaul Demo Freight\nPO Box 1, Dallas TX 75201',
        invoice_prefix: 'BH-',
        next_invoice_number: '1200',
        payment_terms_days: 30,
      },
      service: [
        { id: first.id, name: first.name, status: 1, default: true },
        { name: 'Detention', status: 1, default: false },
      ],
      zelleAccount: { name: 'Backhaul Demo Freight', email: 'pay@backhaul.demo', phone: '(214) 555-0199' },
    };
    const saved = await call('POST', '/settings/account', editor, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: 'Settings saved successfully.',
      setting: { invoice_prefix: 'BH-', next_invoice_number: 1200, payment_terms_days: 30 },
      zelleAccount: { phone: '2145550199' },
    });
    expect(
      saved
        .json()
        .service.filter((s: { default: boolean }) => s.default)
        .map((s: { id: number }) => s.id),
    ).toEqual([first.id]);
    expect(saved.json().service.map((s: { name: string }) => s.name)).toContain('Detention');
    const two = await call('POST', '/settings/account', editor, {
      ...body,
      service: body.service.map((s) => ({ ...s, id: first.id, default: true })),
    });
    expect(two.statusCode).toBe(422);
  });

  it('serves every call of the five areas the register names', () => {
    const areas = ['Settings', 'Company settings (/info lists)', 'Departments', 'Positions', 'Versions'];
    const wanted = (apiRegister as Array<{ method: string; path: string; area: string }>)
      .filter((e) => areas.includes(e.area))
      .map((e) => `${e.method} /api${e.path}`);
    expect(wanted.length).toBe(67);
    const have = new Set(t.routes.map((r) => `${r.method} ${r.url}`));
    expect(wanted.filter((w) => !have.has(w))).toEqual([]);
  });
});
