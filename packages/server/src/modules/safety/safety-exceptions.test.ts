import { ACTION, MSG, SECTION } from '@backhaul/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Factories, factories } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';

let t: TestContext;
let f: Factories;
let staff: string;
let viewer: string;
let driver: { id: number; driver: string };
const safety = (action: number) => ({ section: SECTION.Safety, action });

beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  staff = (await f.user([safety(0), ...[8, 9, 10, 11].map(safety)])).token;
  viewer = (await f.user([safety(0), safety(ACTION.VIEW)])).token;
  driver = await f.driver({ safety: true });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: t.bearer(token), ...(payload ? { payload } : {}) });

const auditOf = (id: number) =>
  t.database.query<{ entity: string; action: string }>(
    `select entity, action from audit_log where (entity = 'safety_exceptions' and entity_id = '${id}')
       or (entity = 'safety_exception_comments' and after->>'exception_id' = '${id}') order by id`,
  );

describe('safety exceptions: add, comment, close, delete', () => {
  it('adds an exception, comments, closes it and counts the open ones', async () => {
    const before = (await call('GET', '/safety-exception', viewer)).json();
    const added = await call('POST', '/safety-exception', staff, {
      name: 'Medical card expired',
      driver_id: driver.id,
      date: '2026-03-02',
      actions: 'Get the new card',
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({
      message: MSG.exceptionAdded,
      open: before.open + 1,
      exception: { name: 'Medical card expired', driver: driver.driver, status: 1, comments: [], date: '2026-03-02' },
    });
    const id = added.json().exception.id as number;

    const commented = await call('POST', '/safety-exception', staff, {
      exception_id: id,
      comment: 'Called the driver',
    });
    expect(commented.json().message).toBe(MSG.exceptionCommentAdded);
    expect(commented.json().exception.comments.map((c: { comment: string }) => c.comment)).toEqual([
      'Called the driver',
    ]);

    const open = (await call('GET', '/safety-exception', viewer)).json();
    expect(open.rows.find((r: { id: number }) => r.id === id)).toMatchObject({ status: 1 });
    expect(open.open).toBe(before.open + 1);
    expect(open.rows.every((r: { status: number }) => r.status !== 0)).toBe(true);

    const closed = await call('PUT', `/safety-exception/${id}`, staff, { status: 0, comment: 'Card received' });
    expect(closed.json()).toMatchObject({
      message: MSG.exceptionCommentAdded,
      open: before.open,
      exception: { status: 0 },
    });
    expect(closed.json().exception.closed_at).toBeTruthy();
    expect(closed.json().exception.comments).toHaveLength(2);
    expect((await call('GET', '/safety-exception', viewer)).json().rows.some((r: { id: number }) => r.id === id)).toBe(
      false,
    );
    const closedList = (await call('GET', '/safety-exception?status=closed', viewer)).json();
    expect(closedList.rows.find((r: { id: number }) => r.id === id)?.status).toBe(0);

    const edit = (await call('GET', `/safety-exception/${id}/edit`, viewer)).json();
    expect(edit.exception.name).toBe('Medical card expired');
    expect(edit.drivers.some((d: { value: number }) => d.value === driver.id)).toBe(true);

    const renamed = await call('PUT', `/safety-exception/${id}`, staff, { name: 'Medical card renewed', status: 1 });
    expect(renamed.json()).toMatchObject({
      message: MSG.savingSuccess,
      exception: { name: 'Medical card renewed', status: 1 },
    });

    const removed = await call('DELETE', `/safety-exception/${id}`, staff);
    expect(removed.json()).toEqual({ message: MSG.exceptionRemoved });
    expect((await call('GET', `/safety-exception/${id}/edit`, viewer)).statusCode).toBe(404);
    expect((await auditOf(id)).map((a) => `${a.entity}:${a.action}`)).toEqual([
      'safety_exceptions:create',
      'safety_exception_comments:create',
      'safety_exceptions:close',
      'safety_exception_comments:create',
      'safety_exceptions:update',
      'safety_exceptions:reopen',
      'safety_exceptions:delete',
    ]);
  });

  it('refuses bad input naming the field and stores nothing', async () => {
    const count = async () =>
      Number((await t.database.query<{ n: string }>('select count(*) as n from safety_exceptions'))[0]?.n);
    const n = await count();
    const bad = await call('POST', '/safety-exception', staff, {
      name: '',
      driver_id: null,
      date: '2026-02-30',
      actions: '',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['date']);
    const noName = await call('POST', '/safety-exception', staff, {
      name: ' ',
      driver_id: null,
      date: '2026-02-03',
      actions: '',
    });
    expect(noName.json().errors).toEqual({ name: ['The exception is required.'] });
    const other = await call('POST', '/safety-exception', staff, {
      name: 'X',
      driver_id: 999999,
      date: '2026-02-03',
      actions: '',
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toEqual({ driver_id: ['Choose a value from the list.'] });
    const emptyComment = await call('POST', '/safety-exception', staff, { exception_id: 1, comment: ' ' });
    expect(emptyComment.statusCode).toBe(422);
    expect(await count()).toBe(n);
    expect((await call('PUT', '/safety-exception/abc', staff, { status: 0 })).statusCode).toBe(422);
    expect((await call('PUT', '/safety-exception/99999999', staff, { status: 0 })).statusCode).toBe(404);
  });

  it('needs view to read, create to add, edit to comment and close, delete to remove', async () => {
    const made = await call('POST', '/safety-exception', staff, {
      name: 'ELD',
      driver_id: null,
      date: '2026-03-03',
      actions: '',
    });
    const id = made.json().exception.id as number;
    const none = (await f.user([{ section: SECTION.Profile, action: 0 }])).token;
    expect((await call('GET', '/safety-exception', none)).statusCode).toBe(403);
    expect(
      (await call('POST', '/safety-exception', viewer, { name: 'X', driver_id: null, date: '2026-03-03', actions: '' }))
        .statusCode,
    ).toBe(403);
    const creator = (await f.user([safety(0), safety(ACTION.CREATE)])).token;
    expect((await call('POST', '/safety-exception', creator, { exception_id: id, comment: 'no' })).statusCode).toBe(
      403,
    );
    expect((await call('PUT', `/safety-exception/${id}`, creator, { status: 0 })).statusCode).toBe(403);
    expect((await call('DELETE', `/safety-exception/${id}`, viewer)).statusCode).toBe(403);
    const otherCompany = (await f.user([safety(0), ...[8, 9, 10, 11].map(safety)], { companyId: await f.company() }))
      .token;
    expect((await call('DELETE', `/safety-exception/${id}`, otherCompany)).statusCode).toBe(404);
    expect((await call('GET', '/safety-exception', otherCompany)).json().rows).toEqual([]);
  });

  it('counts each of many parallel comments once', async () => {
    const made = await call('POST', '/safety-exception', staff, {
      name: 'Busy',
      driver_id: null,
      date: '2026-03-04',
      actions: '',
    });
    const id = made.json().exception.id as number;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call('POST', '/safety-exception', staff, { exception_id: id, comment: `c${i}` }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
    const edit = (await call('GET', `/safety-exception/${id}/edit`, staff)).json();
    expect(edit.exception.comments).toHaveLength(12);
  });
});
