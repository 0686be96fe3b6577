import { ACTION, APP_MSG, MSG, SECTION } from '@backhaul/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Factories, factories } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';

let t: TestContext;
let f: Factories;
const STAFF = [
  { section: SECTION.Account, action: 0 },
  ...[0, ACTION.CREATE, ACTION.EDIT, ACTION.VIEW].map((action) => ({ section: 103, action })),
  ...[0, ACTION.VIEW].map((action) => ({ section: 97, action })),
  ...[0, ACTION.CREATE].map((action) => ({ section: 93, action })),
];
const DECIDER = [...STAFF, ...[ACTION.EDIT, ACTION.DELETE].map((action) => ({ section: 93, action }))];
beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: t.bearer(token), ...(payload ? { payload } : {}) });
const inDepartment = async (userId: number, name: string) => {
  const [dept] = await t.database.query<{ id: number }>(
    'insert into departments (company_id, name) values (1, $1) returning id',
    [name],
  );
  await t.database.query('update users set department_id = $1 where id = $2', [dept?.id, userId]);
  return dept?.id as number;
};

describe('notes with read status', () => {
  it('sends a note to a person and to a department; the unread count goes down when read', async () => {
    const writer = await f.user(STAFF);
    const reader = await f.user(STAFF);
    const colleague = await f.user(STAFF);
    const dept = await inDepartment(reader.user.id, f.unique('Notes dept'));
    await t.database.query('update users set department_id = $1 where id = $2', [dept, colleague.user.id]);

    const count = async (token: string) => (await call('GET', '/info/notes/count', token)).json().count;
    expect(await count(reader.token)).toBe(0);
    expect(
      (await call('POST', '/info/notes', writer.token, { user_id: reader.user.id, text: 'Call the broker' })).json(),
    ).toEqual({
      message: APP_MSG.noteSent,
      count: 1,
    });
    expect(
      (await call('POST', '/info/notes', writer.token, { department_id: dept, text: 'Team lunch Friday' })).json()
        .count,
    ).toBe(2);
    expect(await count(reader.token)).toBe(2);
    expect(await count(colleague.token)).toBe(1);

    const inbox = (await call('POST', '/info/notes/list', reader.token, {})).json();
    expect(inbox).toMatchObject({ total: 2, unread: 2 });
    expect(inbox.rows.map((r: { text: string }) => r.text).sort()).toEqual(['Call the broker', 'Team lunch Friday']);
    const id = inbox.rows.find((r: { text: string }) => r.text === 'Call the broker').id;
    // Only the recipient changes a note's status.
    expect((await call('PUT', `/info/notes/${id}`, writer.token, { status: 1 })).statusCode).toBe(404);
    expect((await call('PUT', `/info/notes/${id}`, reader.token, { status: 1 })).json()).toEqual({
      message: MSG.readStatusChanged,
      count: 1,
    });
    expect(await count(reader.token)).toBe(1);
    const sent = (await call('POST', '/info/notes/list', writer.token, { box: 'sent' })).json();
    expect(sent.total).toBe(3);
    expect(sent.rows.find((r: { id: number }) => r.id === id).status).toBe(1);

    const neither = await call('POST', '/info/notes', writer.token, { text: 'To nobody' });
    expect(Object.keys(neither.json().errors)).toEqual(['user_id']);
    expect(
      Object.keys(
        (await call('POST', '/info/notes', writer.token, { user_id: reader.user.id, text: ' ' })).json().errors,
      ),
    ).toEqual(['text']);
    const noNotes = (await f.user([{ section: SECTION.Account, action: 0 }])).token;
    expect((await call('GET', '/info/notes/count', noNotes)).statusCode).toBe(403);
  });
});

describe('vacation requests', () => {
  it('requests, warns of a colleague’s overlap, is approved by a decider and shows on the calendar', async () => {
    const a = await f.user(STAFF);
    const b = await f.user(STAFF);
    const boss = await f.user(DECIDER, { role: 3 });
    const dept = await inDepartment(a.user.id, f.unique('Vacation dept'));
    await t.database.query('update users set department_id = $1 where id = $2', [dept, b.user.id]);
    const first = await call('POST', '/info/vacation/request', a.token, {
      date_from: '2031-07-06',
      date_to: '2031-07-10',
      comment: 'Lake',
    });
    expect(first.json()).toMatchObject({
      message: MSG.vacationRequestSent,
      item: { status: 0, days: 5 },
      overlaps: [],
    });
    const check = await call('POST', '/info/vacation/request', b.token, {
      date_from: '2031-07-09',
      date_to: '2031-07-14',
      comment: '',
      check_only: true,
    });
    expect(check.json()).toMatchObject({
      message: '',
      item: null,
      overlaps: [{ name: a.user.name, date_from: '2031-07-06' }],
    });
    expect((await call('POST', '/info/vacation/request/list', b.token, {})).json().total).toBe(0);
    const second = (
      await call('POST', '/info/vacation/request', b.token, {
        date_from: '2031-07-09',
        date_to: '2031-07-14',
        comment: '',
      })
    ).json();

    const badge = async () => (await call('GET', '/info/vacation/count', boss.token)).json().count;
    const before = await badge();
    expect(before).toBeGreaterThanOrEqual(2);
    expect((await call('GET', '/info/vacation/count', a.token)).json().count).toBe(0);
    const all = (
      await call('POST', '/info/vacation/request/list', boss.token, { scope: 'all', status: 0, limit: 200 })
    ).json();
    const row = all.rows.find((r: { id: number }) => r.id === second.item.id);
    expect(row).toMatchObject({ can_decide: true, overlaps: [{ name: a.user.name }] });
    expect((await call('POST', '/info/vacation/request/list', a.token, { scope: 'all' })).statusCode).toBe(403);
    expect(
      (await call('PUT', `/info/vacation/request/${first.json().item.id}`, b.token, { status: 1 })).statusCode,
    ).toBe(403);
    const approved = await call('PUT', `/info/vacation/request/${first.json().item.id}`, boss.token, { status: 1 });
    expect(approved.json()).toMatchObject({
      message: APP_MSG.vacationDecided,
      item: { status: 1, decided_by: boss.user.name },
    });
    expect(await badge()).toBe(before - 1);

    const month = (await call('POST', '/info/vacation/list', a.token, { month: '2031-07' })).json();
    expect(month.rows.map((r: { name: string }) => r.name).sort()).toEqual([a.user.name, b.user.name].sort());
    const account = (
      await t.app.inject({
        method: 'GET',
        url: '/api/info/my-information?month=2031-07',
        headers: t.bearer(a.token),
      })
    ).json();
    expect(account.month_info.vacation_days).toBe(5);
    expect(account.calendar[5]).toMatchObject({ date: '2031-07-06', vacation: true });
    expect(account.total_vocation).toBe(5);
  });

  it('refuses a vacation ending before it starts, and deletes with the spec message by the rules', async () => {
    const a = await f.user(STAFF);
    const other = await f.user(STAFF);
    const boss = await f.user(DECIDER, { role: 3 });
    const backwards = await call('POST', '/info/vacation/request', a.token, {
      date_from: '2031-08-10',
      date_to: '2031-08-01',
      comment: '',
    });
    expect(backwards.json().errors).toEqual({ date_to: [APP_MSG.vacationEndsBeforeStart] });
    expect(
      Object.keys(
        (
          await call('POST', '/info/vacation/request', a.token, {
            date_from: '2031-02-29',
            date_to: '2031-03-01',
            comment: '',
          })
        ).json().errors,
      ),
    ).toEqual(['date_from']);
    const id = (
      await call('POST', '/info/vacation/request', a.token, {
        date_from: '2031-08-01',
        date_to: '2031-08-02',
        comment: '',
      })
    ).json().item.id;
    expect((await call('GET', `/info/vacation/request/${id}/edit`, a.token)).json().item.id).toBe(id);
    expect((await call('GET', `/info/vacation/request/${id}/edit`, other.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/info/vacation/request/${id}`, other.token)).statusCode).toBe(403);
    expect((await call('DELETE', `/info/vacation/request/${id}`, a.token)).json()).toEqual({
      message: MSG.leaveRequestDeleted,
    });
    expect((await call('GET', `/info/vacation/request/${id}/edit`, a.token)).statusCode).toBe(404);
    // Once approved, only Vacation delete removes it.
    const id2 = (
      await call('POST', '/info/vacation/request', a.token, {
        date_from: '2031-09-01',
        date_to: '2031-09-02',
        comment: '',
      })
    ).json().item.id;
    await call('PUT', `/info/vacation/request/${id2}`, boss.token, { status: 1 });
    expect((await call('DELETE', `/info/vacation/request/${id2}`, a.token)).statusCode).toBe(403);
    expect((await call('DELETE', `/info/vacation/request/${id2}`, boss.token)).statusCode).toBe(200);
  });
});

describe('comments on users', () => {
  it('adds a comment, counts the new ones, and switches seen only with Comments edit', async () => {
    const subject = await f.user(STAFF);
    const comments = (actions: number[]) => [0, ...actions].map((action) => ({ section: 92, action }));
    const head = await f.user([...STAFF, ...comments([ACTION.CREATE, ACTION.VIEW, ACTION.EDIT])], { role: 3 });
    const reader = await f.user([...STAFF, ...comments([ACTION.VIEW])]);
    const count = async () => (await call('GET', '/info/comments/count', head.token)).json().count as number;
    const before = await count();
    expect(
      (
        await call('POST', '/info/comments', head.token, {
          user_id: subject.user.id,
          text: 'Covers the night desk well.',
        })
      ).json(),
    ).toEqual({
      message: MSG.itemAdded,
    });
    expect(await count()).toBe(before + 1);
    const list = (await call('POST', '/info/comments/list', reader.token, { seen: false })).json();
    const row = list.rows.find((r: { text: string }) => r.text === 'Covers the night desk well.');
    expect(row).toMatchObject({ user: subject.user.name, author: head.user.name, seen: false });
    expect(list.can_switch).toBe(false);
    expect((await call('PUT', `/info/comments/${row.id}`, reader.token, { seen: true })).statusCode).toBe(403);
    expect(
      (await call('POST', '/info/comments', reader.token, { user_id: subject.user.id, text: 'x' })).statusCode,
    ).toBe(403);
    expect((await call('PUT', `/info/comments/${row.id}`, head.token, { seen: true })).json()).toEqual({
      message: MSG.itemSaved,
    });
    expect(await count()).toBe(before);
    expect((await call('POST', '/info/comments', head.token, { user_id: 999999, text: 'Nobody' })).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/info/comments/count', subject.token)).statusCode).toBe(403);
  });
});
