import { ACTION, SECTION } from '@backhaul/shared';
import { addDays, nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import { completenessLabel } from '@backhaul/shared/modules/safety/qualification.contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Factories, factories } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { rowsOf } from '../../db/rows';
import { addMonths, itemState } from './qualification.service';
import { safetyScoreSql } from './safety-score';

let t: TestContext;
let f: Factories;
let safety: string;
let dispatcher: string;
const today = nowInCompanyTimeZone().date;

beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  safety = await t.login('safety@backhaul.demo');
  dispatcher = await t.login('dispatcher@backhaul.demo');
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: t.bearer(token), ...(payload ? { payload } : {}) });
const itemCount = async (driverId: number) =>
  (
    await t.database.query<{ n: number }>(
      `select count(*)::int n from driver_qualification_items where driver_id = ${driverId}`,
    )
  )[0]?.n;

describe('qualification maths', () => {
  it('adds calendar months (the 31st falls back to the month end) and states an item by its days left', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2026-11-15', 12)).toBe('2027-11-15');
    expect(itemState(false, null, '2026-06-01')).toBe('missing');
    expect(itemState(true, null, '2026-06-01')).toBe('valid');
    expect(itemState(true, '2026-05-31', '2026-06-01')).toBe('expired');
    expect(itemState(true, '2026-06-01', '2026-06-01')).toBe('due');
    expect(itemState(true, '2026-07-01', '2026-06-01')).toBe('due');
    expect(itemState(true, '2026-07-02', '2026-06-01')).toBe('valid');
    expect(completenessLabel({ total: 6, present: 5, expired: 1, due: 0 })).toBe('5 of 6 items, 1 expired');
  });
});

describe('driver qualification file', () => {
  it('records items under the driver, with the kind validity as default expiry, and answers completeness', async () => {
    const driver = await f.driver({
      cdl_number: 'IL1234',
      cdl_expires_on: addDays(today, -2),
      medical_card_expires_on: '',
    });
    const empty = await call('GET', `/drivers/${driver.id}/qualification`, safety);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().completeness).toMatchObject({ total: 6, present: 1, expired: 1, complete: false });
    expect(empty.json().completeness.label).toBe('1 of 6 items, 1 expired');
    const cdl = empty.json().items.find((i: { kind: string }) => i.kind === 'cdl');
    expect(cdl).toMatchObject({ source: 'driver', expires_on: addDays(today, -2), days_left: -2, state: 'expired' });

    const mvrOn = addDays(today, -350);
    const created = await call('POST', `/drivers/${driver.id}/qualification`, safety, {
      kind: 'mvr_review',
      performed_on: mvrOn,
      expires_on: '',
      note: 'Clean record',
    });
    expect(created.statusCode, created.body).toBe(200);
    const item = created.json().item;
    expect(item).toMatchObject({ driver_id: driver.id, kind: 'mvr_review', expires_on: addMonths(mvrOn, 12) });
    for (const [kind, on] of [
      ['drug_pre_employment', addDays(today, -500)],
      ['road_test', addDays(today, -500)],
      ['drug_random', addDays(today, -100)],
    ] as const) {
      const res = await call('POST', `/drivers/${driver.id}/qualification`, safety, {
        kind,
        performed_on: on,
        note: '',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const file = (await call('GET', `/drivers/${driver.id}/qualification`, safety)).json();
    const mvr = file.items.find((i: { kind: string }) => i.kind === 'mvr_review');
    expect(mvr.state).toBe('due');
    expect(mvr.days_left).toBe(Math.round((Date.parse(addMonths(mvrOn, 12)) - Date.parse(today)) / 86_400_000));
    expect(file.items.find((i: { kind: string }) => i.kind === 'road_test')).toMatchObject({
      state: 'valid',
      expires_on: null,
    });
    expect(file.completeness).toMatchObject({ present: 5, expired: 1, due: 1, complete: false });
    expect(file.completeness.label).toBe('5 of 6 items, 1 expired, 1 due soon');
    expect(file.history).toHaveLength(4);

    // Edit: a newer date moves the item; then delete it.
    const put = await call('PUT', `/drivers/qualification/${item.id}`, safety, {
      kind: 'mvr_review',
      performed_on: addDays(today, -10),
      expires_on: addDays(today, 355),
      note: 'Reviewed again',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().item).toMatchObject({ expires_on: addDays(today, 355), note: 'Reviewed again' });
    const got = await call('GET', `/drivers/qualification/${item.id}`, safety);
    expect(got.json().item.note).toBe('Reviewed again');
    const audit = await t.database.query<{ n: number }>(
      `select count(*)::int n from audit_log where entity = 'driver_qualification_items' and entity_id = '${item.id}'`,
    );
    expect(audit[0]?.n).toBeGreaterThanOrEqual(2);
    const del = await call('DELETE', `/drivers/qualification/${item.id}`, safety);
    expect(del.statusCode, del.body).toBe(200);
    expect(await itemCount(driver.id)).toBe(3);
    const after = (await call('GET', `/drivers/${driver.id}/qualification`, safety)).json();
    expect(after.items.find((i: { kind: string }) => i.kind === 'mvr_review').state).toBe('missing');
  });

  it('refuses bad input with a 422 naming the field and stores nothing', async () => {
    const driver = await f.driver();
    const bad = [
      [{ kind: 'cdl', performed_on: today }, 'kind'],
      [{ kind: 'road_test', performed_on: '2026-02-30' }, 'performed_on'],
      [{ kind: 'road_test', performed_on: today, expires_on: '2026-13-01' }, 'expires_on'],
      [{ kind: 'road_test', performed_on: today, expires_on: addDays(today, -1) }, 'expires_on'],
      [{ kind: 'road_test', performed_on: today, note: 'x'.repeat(2001) }, 'note'],
    ] as const;
    for (const [payload, field] of bad) {
      const res = await call('POST', `/drivers/${driver.id}/qualification`, safety, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(res.json().errors ?? {}), res.body).toContain(field);
    }
    expect(await itemCount(driver.id)).toBe(0);
    const missing = await call('POST', '/drivers/999999/qualification', safety, {
      kind: 'road_test',
      performed_on: today,
    });
    expect(missing.statusCode).toBe(404);
    expect((await call('GET', '/drivers/999999/qualification', safety)).statusCode).toBe(404);
  });

  it("a customer user reaches only its own customer's drivers' files", async () => {
    const mine = await f.customer();
    const other = await f.customer();
    const own = await f.driver({ customer_id: mine.id });
    const theirs = await f.driver({ customer_id: other.id });
    const customer = (
      await f.user(
        [0, ACTION.VIEW].map((action) => ({ section: SECTION.Drivers, action })),
        { customerId: mine.id },
      )
    ).token;
    expect((await call('GET', `/drivers/${own.id}/qualification`, customer)).statusCode).toBe(200);
    expect((await call('GET', `/drivers/${theirs.id}/qualification`, customer)).statusCode).toBe(404);
    expect((await call('GET', `/safety/score/${theirs.id}`, customer)).statusCode).toBe(404);
  });

  it('a dispatcher (no Safety section) may not write items', async () => {
    const driver = await f.driver();
    const res = await call('POST', `/drivers/${driver.id}/qualification`, dispatcher, {
      kind: 'road_test',
      performed_on: today,
    });
    expect(res.statusCode).toBe(403);
    expect(await itemCount(driver.id)).toBe(0);
  });
});

const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n', 'latin1');
function multipart(name: string, data: Buffer) {
  const boundary = `----dq${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('qualification files', () => {
  it('a safety user attaches a file to an item; the file shows on the item; a dispatcher may look but not add', async () => {
    const driver = await f.driver();
    const made = await call('POST', `/drivers/${driver.id}/qualification`, safety, {
      kind: 'road_test',
      performed_on: today,
    });
    const itemId = made.json().item.id as number;
    const upload = (token: string, id: number | string) => {
      const m = multipart('road test.pdf', PDF);
      return t.app.inject({
        method: 'POST',
        url: `/api/files/upload/driver-qualification/${id}`,
        payload: m.payload,
        headers: { ...m.headers, ...t.bearer(token) },
      });
    };
    const res = await upload(safety, itemId);
    expect(res.statusCode, res.body).toBe(200);
    const file = (await call('GET', `/drivers/${driver.id}/qualification`, safety)).json();
    expect(file.items.find((i: { kind: string }) => i.kind === 'road_test').files).toEqual([
      { id: res.json().file.id, name: 'road test.pdf' },
    ]);
    const list = await call('GET', `/files/list/driver-qualification/${itemId}`, dispatcher);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().rows).toHaveLength(1);
    expect((await upload(dispatcher, itemId)).statusCode).toBe(403);
    expect((await upload(safety, 999999)).statusCode).toBe(403);
  });

  it("an item's files go with it; files of items deleted another way go in the nightly sweep, and nothing else does", async () => {
    const { files } = t.app.deps;
    const attach = async (itemId: number) => {
      const m = multipart('medical.pdf', PDF);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/files/upload/driver-qualification/${itemId}`,
        payload: m.payload,
        headers: { ...m.headers, ...t.bearer(safety) },
      });
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().file.id as number;
      const [row] = await t.database.query<{ storage_key: string }>(`select storage_key from files where id = ${id}`);
      return { id, key: row?.storage_key as string };
    };
    const fileRows = async (ids: number[]) =>
      (await t.database.query<{ id: number }>(`select id from files where id in (${ids.join(',')}) order by id`)).map(
        (r) => r.id,
      );
    const stored = (key: string) =>
      files.storage.get(key).then(
        () => true,
        () => false,
      );
    const item = async (driverId: number, kind: string) =>
      (await call('POST', `/drivers/${driverId}/qualification`, safety, { kind, performed_on: today })).json().item
        .id as number;

    const driver = await f.driver();
    const other = await f.driver();
    const [gone, kept, ofOther] = [
      await attach(await item(driver.id, 'road_test')),
      await attach(await item(driver.id, 'mvr_review')),
      await attach(await item(other.id, 'road_test')),
    ];
    // Another entity's file, without an owning table: never swept.
    const exported = await files.store({
      companyId: 1,
      entity: 'exports',
      entityId: 999999,
      name: 'x.csv',
      mime: 'text/csv',
      data: Buffer.from('a\r\n'),
      uploadedBy: null,
    });

    // DELETE of the item: its file row and bytes go at once, audited as the safety user's.
    const itemId = (
      await t.database.query<{ entity_id: string }>(`select entity_id from files where id = ${gone.id}`)
    )[0]?.entity_id;
    expect((await call('DELETE', `/drivers/qualification/${itemId}`, safety)).statusCode).toBe(200);
    expect(await fileRows([gone.id, kept.id, ofOther.id])).toEqual([kept.id, ofOther.id]);
    expect(await stored(gone.key)).toBe(false);
    expect(await stored(kept.key)).toBe(true);
    const [audit] = await t.database.query<{ user_id: number | null }>(
      `select user_id from audit_log where entity = 'files' and entity_id = '${gone.id}' and action = 'delete'`,
    );
    const [safetyUser] = await t.database.query<{ id: number }>(
      "select id from users where email = 'safety@backhaul.demo'",
    );
    expect(audit?.user_id).toBe(safetyUser?.id);
    expect((await call('GET', `/files/${gone.id}/download`, safety)).statusCode).toBe(404);

    // The driver's items go another way than the item's DELETE (SQL here; a cascade would do the
    // same): the item's file stays until the sweep, which takes it and leaves the other driver's and
    // the export.
    await t.database.query(`delete from driver_qualification_items where driver_id = ${driver.id}`);
    expect(await fileRows([kept.id])).toEqual([kept.id]);
    expect(await files.sweepOrphans()).toBe(1);
    expect(await fileRows([kept.id, ofOther.id, exported.id])).toEqual([ofOther.id, exported.id]);
    expect(await stored(kept.key)).toBe(false);
    expect(await stored(ofOther.key)).toBe(true);
    expect(await files.sweepOrphans()).toBe(0);
  });
});

describe('expiring soon, the digest and POST /general', () => {
  it('GET /safety/expiring lists DQ items with the drivers, trucks and trailers due in 30 days; the digest too', async () => {
    const driver = await f.driver({ cdl_expires_on: addDays(today, 400), medical_card_expires_on: addDays(today, 5) });
    await call('POST', `/drivers/${driver.id}/qualification`, safety, {
      kind: 'drug_random',
      performed_on: addDays(today, -370),
    });
    await call('POST', `/drivers/${driver.id}/qualification`, safety, {
      kind: 'road_test',
      performed_on: addDays(today, -370),
    });
    const res = await call('GET', '/safety/expiring', safety);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.count).toBe(body.items.length);
    expect(body.overdue).toBe(body.items.filter((i: { days: number }) => i.days < 0).length);
    const mine = body.items.filter(
      (i: { entity_id: number; entity: string }) => i.entity === 'driver' && i.entity_id === driver.id,
    );
    expect(mine.map((i: { kind: string; days: number }) => [i.kind, i.days])).toEqual([
      ['Driver Drug and alcohol test (random)', -5],
      ['Driver medical card', 5],
    ]);
    // Every item is within the window, sorted by date.
    expect(body.items.every((i: { days: number }) => i.days <= 30)).toBe(true);
    const dates = body.items.map((i: { due_on: string }) => i.due_on);
    expect(dates).toEqual([...dates].sort());

    const sent = await call('POST', '/expiry-digest/send', await t.login('admin@backhaul.demo'));
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().items).toBe(body.count);
    const [mail] = await t.database.query<{ text: string }>(
      "select text from mail_messages where template = 'expiry-digest' order by id desc limit 1",
    );
    expect(mail?.text).toContain('Driver Drug and alcohol test (random)');
    expect(mail?.text).toContain(driver.driver);

    // The drivers list's expiry filter sees the qualification file's next due date.
    const admin = await t.login('admin@backhaul.demo');
    const list = await call('POST', '/drivers/list', admin, {
      limit: 500,
      filters: { qualification_due_on_due: { values: ['overdue'] } },
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().rows.map((r: { id: number }) => r.id)).toContain(driver.id);
  });

  it('a dispatcher gets 403 on the expiring list, the overview and the count', async () => {
    expect((await call('GET', '/safety/expiring', dispatcher)).statusCode).toBe(403);
    expect((await call('POST', '/general', dispatcher)).statusCode).toBe(403);
  });

  it('POST /general answers the safety overview counts', async () => {
    const res = await call('POST', '/general', safety);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const month = `${today.slice(0, 7)}-01`;
    const [db] = await t.database.query<{ open: number; actions: number }>(`
      select (select count(*)::int from safety_exceptions where status <> 0) as open,
        (select count(*)::int from safety_actions where status <> 0 and date >= '${month}'::date
          and date < ('${month}'::date + interval '1 month')::date) as actions`);
    const expiring = (await call('GET', '/safety/expiring', safety)).json();
    expect(body).toEqual({
      today,
      open_exceptions: db?.open,
      actions_this_month: db?.actions,
      expiring: expiring.count,
      overdue: expiring.overdue,
    });
  });
});

describe('safety score trend', () => {
  it('GET /safety/score/:driver_id answers 12 months equal to safety-score per month', async () => {
    const driver = await f.driver({ safety: true });
    const thisMonth = `${today.slice(0, 7)}-01`;
    const lastMonth = addMonths(thisMonth, -1);
    const fiveAgo = addMonths(thisMonth, -5);
    const act = (date: string, kind: string) =>
      call('POST', `/safety/${driver.id}/${date}`, safety, { kind, note: kind });
    expect((await act(thisMonth, 'warning')).statusCode).toBe(200);
    await act(lastMonth, 'violation');
    await act(lastMonth, 'check_in');
    await act(fiveAgo, 'accident');
    await call('POST', '/safety-exception', safety, {
      name: 'Late logs',
      driver_id: driver.id,
      date: fiveAgo,
      actions: '',
    });

    const res = await call('GET', `/safety/score/${driver.id}`, safety);
    expect(res.statusCode, res.body).toBe(200);
    const months = res.json().months as Array<{ month: string; score: number }>;
    expect(months).toHaveLength(12);
    expect(months.at(-1)).toEqual({ month: today.slice(0, 7), score: 90 });
    expect(months.at(-2)).toEqual({ month: lastMonth.slice(0, 7), score: 75 });
    expect(months.at(-6)).toEqual({ month: fiveAgo.slice(0, 7), score: 40 });
    expect(months.filter((m) => m.score === 100)).toHaveLength(9);
    // The same numbers as safety-score.ts computes month by month.
    for (const m of months) {
      const from = `${m.month}-01`;
      const [row] = await rowsOf<{ score: number }>(
        t.database.db,
        sql`select ${safetyScoreSql(sql`${driver.id}::int`, sql`${from}::date`, sql`${addMonths(from, 1)}::date`)} as score`,
      );
      expect(Number(row?.score), m.month).toBe(m.score);
    }
    expect((await call('GET', '/safety/score/999999', safety)).statusCode).toBe(404);
    // The driver's card: drivers users (a dispatcher) may read it; a user of neither section may not.
    expect((await call('GET', `/safety/score/${driver.id}`, dispatcher)).statusCode).toBe(200);
    const outsider = (await f.user([{ section: SECTION.Mail, action: 0 }])).token;
    expect((await call('GET', `/safety/score/${driver.id}`, outsider)).statusCode).toBe(403);
    expect((await call('GET', `/drivers/${driver.id}/qualification`, outsider)).statusCode).toBe(403);
  });
});
