import { ACTION, APP_MSG, SECTION } from '@backhaul/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Factories, factories } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';

let t: TestContext;
let f: Factories;
let editor: string;
let viewer: string;
let outsider: string;
let people: number[];
beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  const users = (action: number) => ({ section: 91, action });
  editor = (await f.user([users(0), users(ACTION.VIEW), users(ACTION.EDIT)])).token;
  viewer = (await f.user([users(0), users(ACTION.VIEW)])).token;
  outsider = (await f.user([{ section: SECTION.Account, action: 0 }])).token;
  people = [(await f.user([])).user.id, (await f.user([])).user.id];
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/employee-work-schedule${url}`,
    headers: t.bearer(token),
    ...(payload ? { payload } : {}),
  });

describe('employee work schedule: four weeks of seven days and the shifts of a day', () => {
  it('answers four weeks from the Sunday of date_start, with employees and scheduleEmployees', async () => {
    const now = (await call('GET', '', viewer)).json();
    expect(new Date(`${now.date_start}T00:00:00Z`).getUTCDay()).toBe(0);
    expect(now.weeks).toHaveLength(4);
    expect(now.weeks.every((w: unknown[]) => w.length === 7)).toBe(true);
    const list = (await call('POST', '/list', viewer, { date_start: '2031-03-05' })).json();
    expect(list.date_start).toBe('2031-03-02');
    expect(list.weeks[0][0].date).toBe('2031-03-02');
    expect(list.weeks[3][6].date).toBe('2031-03-29');
    expect(list.employees.map((e: { id: number }) => e.id)).toEqual(expect.arrayContaining(people));
    // A Settings holiday names its day; the others carry none.
    await t.database.query(
      "insert into holidays (company_id, date, name, paid) select company_id, '2031-03-10', 'Founders day', true from users where id = $1",
      [people[0]],
    );
    const withHoliday = (await call('POST', '/list', viewer, { date_start: '2031-03-05' })).json();
    expect(withHoliday.weeks[1][1]).toMatchObject({ date: '2031-03-10', holiday: 'Founders day' });
    expect(withHoliday.weeks[1][2].holiday).toBeNull();
    const bad = await call('POST', '/list', viewer, { date_start: '2031-02-30' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['date_start']);
  });

  it('replaces a day of shifts, totals them per employee, and refuses bad shifts by field', async () => {
    const [a, b] = people as [number, number];
    const saved = await call('POST', '/update/2031-03-04/2031-03-02', editor, {
      employeeSelected: [
        { user_id: a, start: '08:00', end: '17:00' },
        { user_id: b, start: '07:30', end: '12:00' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe(APP_MSG.scheduleSaved);
    expect(saved.json().employeeSelected.map((s: { user_id: number; start: string }) => [s.user_id, s.start])).toEqual([
      [b, '07:30'],
      [a, '08:00'],
    ]);
    await call('POST', '/update/2031-03-05/2031-03-02', editor, {
      employeeSelected: [{ user_id: a, start: '09:00', end: '13:15' }],
    });
    const day = (await call('GET', '/edit/2031-03-04/2031-03-02', editor)).json();
    expect(day.employeeSelected).toHaveLength(2);
    const list = (await call('POST', '/list', viewer, { date_start: '2031-03-02' })).json();
    const mine = list.scheduleEmployees.find((s: { user_id: number }) => s.user_id === a);
    expect(mine).toMatchObject({ days: 2, minutes: 540 + 255 });
    expect(list.weeks[0][2].shifts).toHaveLength(2);

    // Only b on the 4th now: a's shift there is gone.
    await call('POST', '/update/2031-03-04/2031-03-02', editor, {
      employeeSelected: [{ user_id: b, start: '07:30', end: '12:00' }],
    });
    expect((await call('GET', '/edit/2031-03-04/2031-03-02', editor)).json().employeeSelected).toEqual([
      expect.objectContaining({ user_id: b }),
    ]);

    const backwards = await call('POST', '/update/2031-03-04/2031-03-02', editor, {
      employeeSelected: [{ user_id: a, start: '17:00', end: '08:00' }],
    });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual({ 'employeeSelected.0.end': [APP_MSG.shiftEndsBeforeStart] });
    const outside = await call('POST', '/update/2031-04-04/2031-03-02', editor, { employeeSelected: [] });
    expect(outside.json().errors).toEqual({ day: [APP_MSG.dayOutsideSchedule] });
    const stranger = await call('POST', '/update/2031-03-04/2031-03-02', editor, {
      employeeSelected: [{ user_id: 999999, start: '08:00', end: '09:00' }],
    });
    expect(stranger.json().errors).toEqual({ 'employeeSelected.0.user_id': [APP_MSG.notFound] });
    expect((await call('GET', '/edit/2031-03-04/2031-03-02', editor)).json().employeeSelected).toHaveLength(1);
  });

  it('two editors saving one day at once leave one of the two answers, never both', async () => {
    const [a, b] = people as [number, number];
    const url = '/update/2031-03-10/2031-03-09';
    const answers = await Promise.all([
      call('POST', url, editor, { employeeSelected: [{ user_id: a, start: '08:00', end: '16:00' }] }),
      call('POST', url, editor, { employeeSelected: [{ user_id: b, start: '10:00', end: '18:00' }] }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const day = (await call('GET', '/edit/2031-03-10/2031-03-09', editor)).json();
    expect(day.employeeSelected).toHaveLength(1);
  });

  it('view reads, edit writes, and no Account users is 403', async () => {
    expect((await call('GET', '/edit/2031-03-04/2031-03-02', viewer)).statusCode).toBe(403);
    expect((await call('POST', '/update/2031-03-04/2031-03-02', viewer, { employeeSelected: [] })).statusCode).toBe(
      403,
    );
    expect((await call('GET', '', outsider)).statusCode).toBe(403);
  });
});
