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

  it('serves every call of the five areas the register names', () => {
    const areas = ['Company settings (/info lists)', 'Departments', 'Positions'];
    const wanted = (apiRegister as Array<{ method: string; path: string; area: string }>)
      .filter((e) => areas.includes(e.area))
      .map((e) => `${e.method} /api${e.path}`);
    expect(wanted.length).toBe(53);
    const have = new Set(t.routes.map((r) => `${r.method} ${r.url}`));
    expect(wanted.filter((w) => !have.has(w))).toEqual([]);
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
