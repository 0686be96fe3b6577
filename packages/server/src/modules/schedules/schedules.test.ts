import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACTION, MSG, SECTION } from '@backhaul/shared';
import { SCHEDULE_MSG } from '@backhaul/shared/modules/schedules/schedules.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { startSmtpServer } from '../../../test/smtp';
import { makeFactoringCompany, makeLoads } from './schedules.fixtures';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: string;
let factoringId: number;
/** $1,000.00, $2,000.00 and $1,500.00 loads, factored at 3 %: expected $970, $1,940, $1,455. */
let loadA: number;
let loadB: number;
let loadC: number;
let notEligible: number;
let scheduleId: number;

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = admin) =>
  t.app.inject({ method, url: `/api${url}`, ...(payload ? { payload } : {}), headers: t.bearer(token) });
const listRow = async () => {
  const res = await inject('POST', '/schedules/list', { filters: { id: { op: 'eq', value: scheduleId } } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    config: { SMTP_URL: smtp.url, dataDir: mkdtempSync(join(tmpdir(), 'backhaul-schedules-')) },
  });
  admin = await t.login('accountant@backhaul.demo');
  factoringId = await makeFactoringCompany(t, {
    name: 'Test Funding 3%',
    percentMilli: 3000,
    email: 'funding@test.example',
  });
  [loadA, loadB, loadC] = (await makeLoads(t, [100_000, 200_000, 150_000])) as [number, number, number];
  [notEligible] = (await makeLoads(t, [90_000], { ppw: false })) as [number];
  const [company] = await t.database.query<{ company_id: number }>('select company_id from loads where id = $1', [
    loadA,
  ]);
  await t.app.deps.files.store({
    companyId: Number(company?.company_id),
    entity: 'loads',
    entityId: loadA,
    category: 'ppw',
    name: 'pod-signed.pdf',
    mime: 'application/pdf',
    data: Buffer.from('%PDF-1.4\n% signed POD\n%%EOF\n'),
    uploadedBy: null,
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('create form and validation', () => {
  it('offers the factoring companies and only delivered, factored loads with PPW on no schedule', async () => {
    const res = await inject('GET', '/schedules/create');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.factoring).toContainEqual({
      id: factoringId,
      name: 'Test Funding 3%',
      percent: 3,
      email: 'funding@test.example',
    });
    const ids = body.loads.map((l: { load_id: number }) => l.load_id);
    expect(ids).toEqual(expect.arrayContaining([loadA, loadB, loadC]));
    expect(ids).not.toContain(notEligible);
    expect(body.loads.find((l: { load_id: number }) => l.load_id === loadB).gross).toBe(2000);
  });

  it('refuses a missing name, no loads and an ineligible load with 422 on the field', async () => {
    const empty = await inject('POST', '/schedules', { name: '', factoring_company_id: factoringId, load_ids: [] });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['load_ids', 'name']);
    const bad = await inject('POST', '/schedules', {
      name: 'X',
      factoring_company_id: factoringId,
      load_ids: [notEligible],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.load_ids).toEqual([SCHEDULE_MSG.loadNotEligible]);
  });
});

describe('a schedule, its counts and totals', () => {
  it('creates a schedule from the chosen loads: 3 loads, gross $4,500, nothing paid yet', async () => {
    const res = await inject('POST', '/schedules', {
      name: 'Test week',
      factoring_company_id: factoringId,
      load_ids: [loadA, loadB, loadC],
    });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().schedule;
    scheduleId = s.id;
    expect(res.json().message).toBe(MSG.savingSuccess);
    expect(s).toMatchObject({
      name: 'Test week',
      factoring: 'Test Funding 3%',
      load_count: 3,
      applied_load: 0,
      not_processed: 3,
      gross: 4500,
      amount: 0,
      expected: 4365,
    });
    const audit = await t.database.query(
      "select 1 from audit_log where entity = 'factoring_schedules' and entity_id = $1",
      [String(scheduleId)],
    );
    expect(audit).toHaveLength(1);
  });

  it('a load on one schedule cannot go on another', async () => {
    const res = await inject('POST', '/schedules', {
      name: 'Again',
      factoring_company_id: factoringId,
      load_ids: [loadA],
    });
    expect(res.statusCode).toBe(422);
    const form = await inject('GET', '/schedules/create');
    expect(form.json().loads.map((l: { load_id: number }) => l.load_id)).not.toContain(loadA);
  });

  it('per-load amounts: paid in full is applied, paid short makes a short payment with the shortfall as debt', async () => {
    const full = await inject('POST', `/schedules/load/${loadA}`, { amount_factoring: 970, status: 'applied' });
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json().short_payment_id).toBeNull();
    const low = await inject('POST', `/schedules/load/${loadB}`, { amount_factoring: 1800, status: 'applied' });
    expect(low.statusCode, low.body).toBe(200);
    const shortId = low.json().short_payment_id;
    expect(shortId).toBeGreaterThan(0);
    expect(low.json().load).toMatchObject({
      load_id: loadB,
      gross: 2000,
      expected_factoring: 1940,
      amount_factoring: 1800,
      status: 'applied',
    });

    const { rows, sum } = await listRow();
    expect(rows).toEqual([
      expect.objectContaining({
        id: scheduleId,
        load_count: 3,
        applied_load: 2,
        not_processed: 1,
        gross: 4500,
        amount: 2770,
      }),
    ]);
    expect(sum).toMatchObject({ gross: 4500, amount: 2770, load_count: 3 });

    const sp = await inject('POST', '/short/payments/list', { filters: { load_id: { op: 'eq', value: loadB } } });
    expect(sp.statusCode, sp.body).toBe(200);
    expect(sp.json().rows).toEqual([
      expect.objectContaining({
        id: shortId,
        load_id: loadB,
        factoring_name: 'Test Funding 3%',
        gross: 2000,
        amount_factoring: 1800,
        debt: 140,
        age: 0,
        status: 'New',
        highlight: null,
      }),
    ]);

    // A second amount updates the same short payment; paying in full completes it with no debt.
    const again = await inject('POST', `/schedules/load/${loadB}`, { amount_factoring: 1900, status: 'applied' });
    expect(again.json().short_payment_id).toBe(shortId);
    const [rec] = await t.database.query<{ debt_cents: number; status: string }>(
      'select debt_cents, status from short_payments where id = $1',
      [shortId],
    );
    expect(Number(rec?.debt_cents)).toBe(4000);
    await inject('POST', `/schedules/load/${loadB}`, { amount_factoring: 1940, status: 'applied' });
    const [done] = await t.database.query<{ debt_cents: number; status: string }>(
      'select debt_cents, status from short_payments where id = $1',
      [shortId],
    );
    expect({ debt: Number(done?.debt_cents), status: done?.status }).toEqual({ debt: 0, status: 'Complete' });
  });

  it('refuses a bad per-load body and a load on no schedule', async () => {
    const bad = await inject('POST', `/schedules/load/${loadC}`, { amount_factoring: -1, status: 'paid' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['amount_factoring', 'status']);
    const none = await inject('POST', `/schedules/load/${notEligible}`, { amount_factoring: 10, status: 'applied' });
    expect(none.statusCode).toBe(404);
  });

  it('records actions with their text, newest first', async () => {
    await inject('POST', `/schedules/action/${scheduleId}`, { action_text: 'Called the funding desk' });
    const res = await inject('POST', `/schedules/action/${scheduleId}`, { action_text: 'Funded by ACH' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().schedule.actions.map((a: { action_text: string }) => a.action_text)).toEqual([
      'Funded by ACH',
      'Called the funding desk',
    ]);
    expect((await inject('POST', `/schedules/action/${scheduleId}`, { action_text: ' ' })).statusCode).toBe(422);
  });

  it('shows the schedule with its loads and their files (load_files)', async () => {
    const res = await inject('GET', `/schedules/${scheduleId}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.schedule.loads.map((l: { load_id: number }) => l.load_id)).toEqual([loadA, loadB, loadC]);
    expect(body.load_files).toEqual([
      expect.objectContaining({ load_id: loadA, category: 'ppw', name: 'pod-signed.pdf' }),
    ]);
  });

  it('edits the name and the loads: a removed load is free again, the totals follow', async () => {
    const edit = await inject('GET', `/schedules/${scheduleId}/edit`);
    expect(edit.json().schedule).toEqual({
      id: scheduleId,
      name: 'Test week',
      factoring_company_id: factoringId,
      load_ids: [loadA, loadB, loadC].sort((a, b) => a - b),
    });
    const res = await inject('PUT', `/schedules/${scheduleId}`, {
      name: 'Test week (2)',
      factoring_company_id: factoringId,
      load_ids: [loadA, loadB],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().schedule).toMatchObject({
      name: 'Test week (2)',
      load_count: 2,
      gross: 3000,
      amount: 2910,
      applied_load: 2,
      not_processed: 0,
    });
    const form = await inject('GET', '/schedules/create');
    expect(form.json().loads.map((l: { load_id: number }) => l.load_id)).toContain(loadC);
  });
});

describe('download and send', () => {
  it('download answers a link to the schedule PDF', async () => {
    const res = await inject('POST', `/schedules/download/${scheduleId}`);
    expect(res.statusCode, res.body).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: res.json().link, headers: t.bearer(admin) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('sends the PDF and the loads PPW to the chosen addresses through SMTP and records it', async () => {
    const count = smtp.received.length;
    const res = await inject('POST', `/schedules/send/${scheduleId}`, {
      emails: 'funding@test.example, ops@test.example',
      message: 'Please fund today.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.messageSent);
    const mail = smtp.received[count];
    expect(mail?.to.sort()).toEqual(['funding@test.example', 'ops@test.example']);
    expect(mail?.raw).toContain(`schedule-${scheduleId}.pdf`);
    expect(mail?.raw).toContain('pod-signed.pdf');
    expect(mail?.raw).toContain('Please fund today.');
    const [logged] = await t.database.query<{ template: string; status: string }>(
      'select template, status from mail_messages where id = $1',
      [res.json().mail_id],
    );
    expect(logged).toEqual({ template: 'factoring-schedule', status: 'sent' });
    const detail = await inject('GET', `/schedules/${scheduleId}`);
    expect(detail.json().schedule.sent_at).not.toBeNull();
    expect(detail.json().schedule.actions[0].action_text).toContain('Sent to funding@test.example, ops@test.example');
  });

  it('refuses bad addresses with 422 on emails', async () => {
    const res = await inject('POST', `/schedules/send/${scheduleId}`, { emails: 'not-an-address', message: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('emails.0');
  });
});

describe('permissions', () => {
  it('a viewer reads but cannot create, edit, record amounts or send; no grant is 403; no token 401', async () => {
    const viewer = await t.createUser({
      email: 'schedules-viewer@test.example',
      grants: [
        { section: SECTION.Schedules, action: 0 },
        { section: SECTION.Schedules, action: ACTION.VIEW },
      ],
    });
    expect((await inject('POST', '/schedules/list', {}, viewer.token)).statusCode).toBe(200);
    expect((await inject('GET', `/schedules/${scheduleId}`, undefined, viewer.token)).statusCode).toBe(200);
    expect((await inject('GET', '/schedules/create', undefined, viewer.token)).statusCode).toBe(403);
    expect(
      (
        await inject(
          'POST',
          '/schedules',
          { name: 'x', factoring_company_id: factoringId, load_ids: [loadC] },
          viewer.token,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await inject(
          'PUT',
          `/schedules/${scheduleId}`,
          { name: 'x', factoring_company_id: factoringId, load_ids: [loadA] },
          viewer.token,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await inject('POST', `/schedules/load/${loadA}`, { amount_factoring: 1, status: 'applied' }, viewer.token))
        .statusCode,
    ).toBe(403);
    expect((await inject('POST', `/schedules/send/${scheduleId}`, { emails: 'a@b.co' }, viewer.token)).statusCode).toBe(
      403,
    );
    const stranger = await t.createUser({
      email: 'no-schedules@test.example',
      grants: [{ section: SECTION.Brokers, action: 0 }],
    });
    expect((await inject('POST', '/schedules/list', {}, stranger.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/schedules' })).statusCode).toBe(401);
  });
});

describe('one factoring account per schedule (issue 28)', () => {
  it('refuses a load whose customer factors with another company, naming load_ids; parallel takes of one load land once', async () => {
    const otherFactoring = await makeFactoringCompany(t, { name: 'Other Funding 2%', percentMilli: 2000 });
    const customer = async (name: string, factoring: number | null) => {
      const [row] = await t.database.query<{ id: number }>(
        `insert into customers (company_id, name, factoring_company_id)
         values ((select id from companies order by id limit 1), $1, $2) returning id`,
        [name, factoring],
      );
      return Number(row?.id);
    };
    const ours = await customer('Factored With Test Funding', factoringId);
    const theirs = await customer('Factored Elsewhere', otherFactoring);
    const [mine] = (await makeLoads(t, [120_000], { customerId: ours })) as [number];
    const [foreign] = (await makeLoads(t, [80_000], { customerId: theirs })) as [number];
    const mixed = await inject('POST', '/schedules', {
      name: 'Mixed',
      factoring_company_id: factoringId,
      load_ids: [mine, foreign],
    });
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().errors).toEqual({ load_ids: [SCHEDULE_MSG.otherFactoring([foreign])] });
    const count = async (name: string) =>
      Number(
        (
          await t.database.query<{ n: number }>('select count(*)::int as n from factoring_schedules where name = $1', [
            name,
          ])
        )[0]?.n,
      );
    expect(await count('Mixed')).toBe(0);
    // Its own factoring company takes it.
    const right = await inject('POST', '/schedules', {
      name: 'Other funding',
      factoring_company_id: otherFactoring,
      load_ids: [foreign],
    });
    expect(right.statusCode, right.body).toBe(200);
    // Changing a schedule's factoring company away from its loads' is refused too.
    const moved = await inject('PUT', `/schedules/${right.json().schedule.id}`, {
      name: 'Other funding',
      factoring_company_id: factoringId,
      load_ids: [foreign],
    });
    expect(moved.statusCode).toBe(422);
    expect(Object.keys(moved.json().errors)).toEqual(['load_ids']);
    // Five schedules race for one load: exactly one holds it.
    const races = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        inject('POST', '/schedules', { name: `Race ${n}`, factoring_company_id: factoringId, load_ids: [mine] }),
      ),
    );
    expect(races.map((r) => r.statusCode).sort()).toEqual([200, 422, 422, 422, 422]);
    const [held] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from schedule_loads where load_id = $1',
      [mine],
    );
    expect(held?.n).toBe(1);
  });
});

describe('a factoring fee to the thousandth of a percent (issue 28)', () => {
  it('keeps 3.125 % and rounds what factoring should pay once per load, half away from zero', async () => {
    const made = await inject('POST', '/factoring', {
      name: 'Eighth Funding',
      email: '',
      phone: '',
      fax: '',
      address: '',
      city: '',
      state: '',
      zip: '',
      percent: '3.125',
      payment_type: 'ACH',
      new_notes: [],
    });
    expect(made.statusCode, made.body).toBe(200);
    const eighth = made.json().factoring.id as number;
    const [d, e, g] = (await makeLoads(t, [100_004, 250_010, 100_016])) as [number, number, number];
    const created = await inject('POST', '/schedules', {
      name: 'Eighth week',
      factoring_company_id: eighth,
      load_ids: [d, e, g],
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().schedule.id as number;
    const s = (await inject('GET', `/schedules/${id}`)).json().schedule;
    expect(s.factoring_percent).toBe(3.125);
    // gross × (100 − 3.125) % = gross × 96,875 / 100,000, per load:
    // 100,004 ¢ → 96,878.875 → 96,879 ¢ ($968.79); 250,010 ¢ → 242,197.1875 → 242,197 ¢ ($2,421.97);
    // 100,016 ¢ → 96,890.5 → 96,891 ¢ ($968.91, half away from zero). Expected 96,879 + 242,197 + 96,891 = 435,967 ¢.
    expect(s.loads.map((l: { expected_factoring: number }) => l.expected_factoring)).toEqual([968.79, 2421.97, 968.91]);
    expect(s.expected).toBe(4359.67);
    // Paid $968.00 for the $1,000.16 load: short by 96,891 − 96,800 = 91 ¢.
    const low = await inject('POST', `/schedules/load/${g}`, { amount_factoring: 968, status: 'applied' });
    expect(low.statusCode, low.body).toBe(200);
    const [short] = await t.database.query<{ debt_cents: string }>(
      'select debt_cents from short_payments where id = $1',
      [low.json().short_payment_id],
    );
    expect(Number(short?.debt_cents)).toBe(91);
    // Paid the 96,891 ¢ in full: no short payment.
    const full = await inject('POST', `/schedules/load/${d}`, { amount_factoring: 968.79, status: 'applied' });
    expect(full.json().short_payment_id).toBeNull();
  });
});
