import { ACTION, APP_MSG, MSG, SECTION } from '@backhaul/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Factories, factories } from '../../../test/factories';
import { createTestApp, TEST_PASSWORD, type TestContext } from '../../../test/harness';

let t: TestContext;
let f: Factories;
let admin: string;
/** What every staff login holds (demo-roles COMMON). */
const STAFF = [
  { section: SECTION.Account, action: 0 },
  ...[0, ACTION.VIEW, ACTION.EDIT].map((action) => ({ section: 97, action })),
  ...[0, ACTION.CREATE].map((action) => ({ section: 101, action })),
  ...[0, ACTION.EDIT].map((action) => ({ section: 118, action })),
];
beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  admin = await t.login('admin@backhaul.demo');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: t.bearer(token), ...(payload ? { payload } : {}) });

describe('check-in and check-out', () => {
  it('checks in once a day, out once, with the spec messages, and refuses the rest clearly', async () => {
    const { token } = await f.user(STAFF);
    const early = await call('POST', '/check/2', token);
    expect(early.statusCode).toBe(412);
    expect(early.json()).toEqual({ error: { mail: APP_MSG.notCheckedIn } });
    const checkIn = await call('POST', '/check/1', token);
    expect(checkIn.json()).toMatchObject({ message: MSG.checkedIn, check: { status: 1, check_out: null } });
    expect(checkIn.json().check.check_in).toMatch(/^\d{2}:\d{2}$/);
    expect((await call('POST', '/check/1', token)).json()).toEqual({ error: { mail: MSG.alreadyCheckedIn } });
    expect((await call('GET', '/info/my-information', token)).json().check.status).toBe(1);
    expect((await call('POST', '/check/2', token)).json()).toMatchObject({
      message: MSG.checkedOut,
      check: { status: 2 },
    });
    expect((await call('POST', '/check/2', token)).json()).toEqual({ error: { mail: MSG.alreadyCheckedOut } });
    expect((await call('POST', '/check/3', token)).statusCode).toBe(422);
  });

  it('parallel check-ins count once', async () => {
    const { token, user } = await f.user(STAFF);
    const answers = await Promise.all(Array.from({ length: 6 }, () => call('POST', '/check/1', token)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const rows = await t.database.query('select id from attendance_days where user_id = $1', [user.id]);
    expect(rows).toHaveLength(1);
  });
});

describe('my information: the month of scheduled against worked time', () => {
  it('computes scheduled, worked, overtime and totals on hand-counted days (America/Chicago)', async () => {
    const { token, user } = await f.user(STAFF);
    const shift = (day: string, start: string, end: string) =>
      call('POST', `/employee-work-schedule/update/${day}/${day}`, admin, {
        employeeSelected: [{ user_id: user.id, start, end }],
      });
    expect((await shift('2026-03-02', '08:00', '17:00')).statusCode).toBe(200); // 540
    await shift('2026-03-03', '08:00', '12:00'); // 240
    await shift('2026-03-05', '08:00', '17:00'); // 540, sick
    const times = (day: string, check_in: string, check_out: string) =>
      call('POST', `/info/users/date-time/${day}/${user.id}`, admin, { check_in, check_out });
    expect((await times('2026-03-02', '07:50', '18:20')).json()).toEqual({ message: APP_MSG.dayTimesSaved }); // 630: +90
    await times('2026-03-03', '08:00', '11:00'); // 180: 0
    await times('2026-03-04', '09:00', '10:30'); // 90 on no shift: +90
    expect((await call('POST', `/info/users/sick/2026-03-05/${user.id}`, admin, {})).statusCode).toBe(200);

    const mine = (await call('GET', '/info/my-information?month=2026-03', token)).json();
    expect(mine).toMatchObject({
      month: '2026-03',
      total_schedule_time: 1320,
      total_work_time: 900,
      overtime: 180,
      month_info: { scheduled_days: 3, worked_days: 3, sick_days: 1, vacation_days: 0 },
      can_edit_days: false,
    });
    const day2 = mine.calendar[1];
    expect(day2).toMatchObject({
      date: '2026-03-02',
      weekday: 1,
      scheduled_start: '08:00',
      scheduled_end: '17:00',
      check_in: '07:50',
      check_out: '18:20',
      worked_minutes: 630,
      overtime_minutes: 90,
    });
    expect(mine.calendar).toHaveLength(31);
    expect(mine.month_calendar).toHaveLength(5);
    expect(mine.month_calendar[0][0]).toBe('2026-03-01');
    expect(mine.month_calendar[4]).toEqual(['2026-03-29', '2026-03-30', '2026-03-31', '', '', '', '']);
    // The instant stored is Chicago wall time: 07:50 CST is 13:50 UTC.
    const [row] = await t.database.query<{ utc: string }>(
      "select to_char(check_in at time zone 'UTC', 'HH24:MI') as utc from attendance_days where user_id = $1 and date = '2026-03-02'",
      [user.id],
    );
    expect(row?.utc).toBe('13:50');

    const seen = (await call('POST', `/info/users/${user.id}/edit`, admin, { date: '2026-03-20' })).json();
    expect(seen).toMatchObject({ month: '2026-03', total_work_time: 900, overtime: 180, can_edit_days: true });
    expect(Object.keys(seen)).toEqual(
      expect.arrayContaining([
        'duties',
        'user',
        'managers',
        'month',
        'calendar',
        'overtime',
        'total_schedule_time',
        'total_work_time',
        'month_calendar',
        'month_info',
        'total_vocation',
        'events',
        'notes',
        'vacation',
        'department',
      ]),
    );
  });

  it('another user’s month and days need Account users; bad input is 422 on its field', async () => {
    const { token } = await f.user(STAFF);
    const other = (await f.user(STAFF)).user.id;
    expect((await call('POST', `/info/users/${other}/edit`, token, {})).statusCode).toBe(403);
    expect((await call('POST', `/info/users/sick/2026-03-05/${other}`, token, {})).statusCode).toBe(403);
    const wrongDate = await call('POST', `/info/users/date-time/2026-02-30/${other}`, admin, {
      check_in: '08:00',
      check_out: '09:00',
    });
    expect(Object.keys(wrongDate.json().errors)).toEqual(['date']);
    const backwards = await call('POST', `/info/users/date-time/2026-03-02/${other}`, admin, {
      check_in: '10:00',
      check_out: '09:00',
    });
    expect(Object.keys(backwards.json().errors)).toEqual(['check_out']);
    expect((await call('POST', '/info/users/99999/edit', admin, {})).statusCode).toBe(404);
    expect((await call('GET', '/info/my-information?month=2026-13', token)).statusCode).toBe(422);
  });
});

describe('my information and password', () => {
  it('edits only one’s own information', async () => {
    const { token, user } = await f.user(STAFF);
    expect((await call('GET', `/info/my-information/${user.id}/edit`, token)).json()).toEqual({
      item: { phone: '', location: '', duties: '' },
    });
    const saved = await call('PUT', `/info/my-information/${user.id}`, token, {
      phone: '(312) 555-0142',
      location: 'Chicago, IL',
      duties: 'Dispatch the Midwest lanes.',
    });
    expect(saved.json()).toEqual({
      message: APP_MSG.informationSaved,
      item: { phone: '3125550142', location: 'Chicago, IL', duties: 'Dispatch the Midwest lanes.' },
    });
    expect((await call('GET', '/info/my-information', token)).json()).toMatchObject({
      duties: 'Dispatch the Midwest lanes.',
      user: { phone: '3125550142', location: 'Chicago, IL' },
    });
    const other = (await f.user(STAFF)).user.id;
    expect((await call('GET', `/info/my-information/${other}/edit`, token)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/info/my-information/${other}`, token, { phone: '', location: '', duties: '' })).statusCode,
    ).toBe(404);
  });

  it('changes the password with the current one, refuses one holding the e-mail, and ends the other sessions', async () => {
    const { token, user } = await f.user(STAFF);
    const other = await t.login(user.email);
    const body = (password: string, current = 'x') => ({
      current_password: current,
      password,
      password_confirmation: password,
    });
    expect((await call('POST', '/user/update', token, body('N3w-passphrase!'))).json().errors).toEqual({
      current_password: [APP_MSG.currentPasswordWrong],
    });
    const local = user.email.split('@')[0] as string;
    const current = TEST_PASSWORD;
    const holdsEmail = await call('POST', '/user/update', token, body(`X${local.toUpperCase()}123456`, current));
    expect(holdsEmail.json().errors).toEqual({ password: [APP_MSG.passwordMatchesEmail] });
    expect((await call('POST', '/user/update', token, body('short', current))).json().errors).toHaveProperty(
      'password',
    );
    const ok = await call('POST', '/user/update', token, body('N3w-passphrase!', current));
    expect(ok.json()).toEqual({ message: APP_MSG.passwordUpdated });
    expect((await call('GET', '/info/my-information', other)).statusCode).toBe(401);
    expect((await call('GET', '/info/my-information', token)).statusCode).toBe(200);
    expect(await t.login(user.email, 'N3w-passphrase!')).toEqual(expect.any(String));
  });
});

describe('holidays from Settings', () => {
  it('shows the company holiday on its day and leaves it unscheduled', async () => {
    const { token, user } = await f.user(STAFF);
    const year = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date()).slice(0, 4);
    await call('POST', `/employee-work-schedule/update/${year}-12-25/${year}-12-25`, admin, {
      employeeSelected: [{ user_id: user.id, start: '08:00', end: '17:00' }],
    });
    const month = (await call('GET', `/info/my-information?month=${year}-12`, token)).json();
    expect(month.calendar[24]).toMatchObject({
      date: `${year}-12-25`,
      holiday: expect.any(String),
      scheduled_minutes: 0,
    });
    expect(month.month_info.holidays).toBeGreaterThanOrEqual(1);
  });
});

describe('events', () => {
  it('lists the company’s events from today on', async () => {
    const { token } = await f.user(STAFF);
    const events = (await call('GET', '/info/event', token)).json().events as { date: string }[];
    expect(events.length).toBeGreaterThan(0);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
    expect(events.every((e) => e.date >= today)).toBe(true);
  });
});

describe('users tab', () => {
  it('lists the company’s active staff with filters and who is at work today', async () => {
    const { token, user } = await f.user(STAFF);
    await call('POST', '/check/1', token);
    const list = await call('POST', '/info/users/list', token, { search: user.name });
    expect(list.statusCode).toBe(200);
    expect(Object.keys(list.json())).toEqual(expect.arrayContaining(['limit', 'order', 'rows', 'sort', 'total']));
    expect(list.json().rows).toEqual([expect.objectContaining({ id: user.id, name: user.name, at_work: 'In' })]);
    const filters = (await call('POST', '/info/users/filters', token, {})).json().filter;
    expect(Object.keys(filters)).toEqual(expect.arrayContaining(['department', 'location', 'company', 'at_work']));
    expect((await call('GET', '/info/users', token)).json().filter).toEqual(filters);
    // Customer users are not staff.
    const all = (await call('POST', '/info/users/list', token, { limit: 500 })).json().rows as { name: string }[];
    expect(all.map((r) => r.name)).not.toContain('Casey Customer');
  });
});
