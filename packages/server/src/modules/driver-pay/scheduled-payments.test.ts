import { ACTION, SECTION } from '@backhaul/shared';
import { SCHEDULED_MSG } from '@backhaul/shared/modules/driver-pay/scheduled-payments.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';

let t: TestContext;
let token: string;
let f: ReturnType<typeof factories>;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('accountant@backhaul.demo');
  f = factories(t);
});
afterAll(async () => {
  await t?.close();
});

const api = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = token) => {
  const res = await t.app.inject({ method, url: `/api${url}`, headers: t.bearer(as), ...(payload ? { payload } : {}) });
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field below
  return { status: res.statusCode, body: res.json() as Record<string, any> };
};

/** A weekly $350 lease deduction of 4 payments from Monday 2026-03-02 (Mar 2, 9, 16, 23). */
async function lease(driverId: number, extra: object = {}) {
  const res = await api('POST', '/scheduled-payments', {
    driver_id: driverId,
    customer_id: null,
    payment_type: 'deduction',
    frequency: 'weekly',
    amount: '350.00',
    start_date: '2026-03-02',
    count: 4,
    description: 'Truck lease',
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.item as { id: number };
}

describe('scheduled payments', () => {
  it('creates a series and shows it in the list, the month calendar and the day list', async () => {
    const driver = await f.driver();
    const created = await api('POST', '/scheduled-payments', {
      driver_id: driver.id,
      customer_id: null,
      payment_type: 'deduction',
      frequency: 'weekly',
      amount: '350.00',
      start_date: '2026-03-02',
      count: 4,
      description: 'Truck lease',
    });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe(SCHEDULED_MSG.created);
    expect(created.body.item).toMatchObject({
      driver_id: driver.id,
      driver: driver.driver,
      amount: 350,
      frequency: 'weekly',
      count: 4,
      taken: 0,
    });
    const id = created.body.item.id as number;

    const list = await api('POST', '/scheduled-payments/list', { filters: { id: { op: 'eq', value: id } } });
    expect(list.status).toBe(200);
    expect(list.body.rows).toHaveLength(1);
    expect(list.body.rows[0]).toMatchObject({ id, driver: driver.driver, payment_type: 'Deduction', count: '4' });

    const day = await api('POST', '/scheduled-payments/date/2026-03-09', { driver_id: driver.id });
    expect(day.status).toBe(200);
    expect(day.body.month).toBe('2026-03');
    expect(day.body.days).toEqual(
      ['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23'].map((date) => ({
        date,
        count: 1,
        deductions: 350,
        credits: 0,
      })),
    );
    expect(day.body.rows).toEqual([
      expect.objectContaining({
        key: `${id}:2026-03-09`,
        n: 2,
        schedule: '2 of 4, weekly',
        amount: -350,
        statement_id: null,
      }),
    ]);
    expect(day.body.total).toBe(-350);
    // No payment after the fourth.
    const april = await api('POST', '/scheduled-payments/date/2026-03-30', { driver_id: driver.id });
    expect(april.body.rows).toEqual([]);
  });

  it('answers the forms: drivers narrowed by customer, the edit form of an instalment', async () => {
    const customer = await f.customer();
    const own = await f.driver({ customer_id: customer.id });
    const other = await f.driver();
    const form = await api('GET', `/scheduled-payments/create?customer_id=${customer.id}`);
    expect(form.status).toBe(200);
    expect(form.body.customer_id).toBe(customer.id);
    expect(form.body.drivers.map((d: { value: number }) => d.value)).toEqual([own.id]);
    const all = await api('GET', '/scheduled-payments/create');
    expect(all.body.drivers.map((d: { value: number }) => d.value)).toEqual(expect.arrayContaining([own.id, other.id]));
    expect((await api('GET', '/scheduled-payments/create?customer_id=999999')).status).toBe(404);

    const series = await lease(own.id, { customer_id: customer.id });
    const edit = await api('GET', `/scheduled-payments/${series.id}/edit/2026-03-16`);
    expect(edit.status).toBe(200);
    expect(edit.body.item).toMatchObject({ id: series.id, customer_id: customer.id, amount: 350 });
    expect(edit.body.instalment).toMatchObject({ date: '2026-03-16', n: 3, amount: -350 });
    const notDue = await api('GET', `/scheduled-payments/${series.id}/edit/2026-03-17`);
    expect(notDue.status).toBe(422);
    expect(notDue.body.errors.date).toEqual([SCHEDULED_MSG.notDue]);
    expect((await api('GET', `/scheduled-payments/${series.id}/edit/2026-02-30`)).status).toBe(422);
  });

  it('refuses bad bodies with a 422 naming each field', async () => {
    const res = await api('POST', '/scheduled-payments', {
      driver_id: '',
      payment_type: 'gift',
      frequency: 'daily',
      amount: '0x10',
      start_date: '2026-02-30',
      count: 0,
      description: '',
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(
      ['amount', 'count', 'description', 'driver_id', 'frequency', 'payment_type', 'start_date'].sort(),
    );
    const elsewhere = await f.company();
    const [foreign] = await t.database.query<{ id: number }>(
      `insert into drivers (company_id, name, phone, driver_type, service, active) values ($1, 'Foreign', '3120000000', 'company', 'dispatch', true) returning id`,
      [elsewhere],
    );
    const foreignDriver = await api('POST', '/scheduled-payments', {
      driver_id: foreign?.id,
      customer_id: null,
      payment_type: 'credit',
      frequency: 'monthly',
      amount: 10,
      start_date: '2026-03-01',
      count: null,
      description: 'Escrow refund',
    });
    expect(foreignDriver.status).toBe(422);
    expect(foreignDriver.body.errors.driver_id).toEqual([SCHEDULED_MSG.chooseDriver]);
  });

  it('removes one payment, keeps what a statement took, and ends or deletes the series', async () => {
    const driver = await f.driver();
    const series = await lease(driver.id);

    // The 16th leaves the series: gone from the calendar and from a statement's offer.
    const one = await api('POST', `/scheduled-payments/destroy/${series.id}`, {
      payment_type: 'one',
      date: '2026-03-16',
    });
    expect(one.status).toBe(200);
    expect(one.body.message).toBe(SCHEDULED_MSG.deletedOne);
    const day = await api('POST', '/scheduled-payments/date/2026-03-16', { driver_id: driver.id });
    expect(day.body.rows).toEqual([]);
    expect(day.body.days.map((d: { date: string }) => d.date)).toEqual(['2026-03-02', '2026-03-09', '2026-03-23']);
    const offer = await api('POST', '/drivers-statements/create', {
      driver_id: driver.id,
      date_from: '2026-03-10',
      date_to: '2026-03-20',
    });
    expect(offer.status).toBe(200);
    expect(offer.body.scheduled_payments).toEqual([]);
    const notDue = await api('POST', `/scheduled-payments/destroy/${series.id}`, {
      payment_type: 'one',
      date: '2026-03-17',
    });
    expect(notDue.status).toBe(422);

    // A statement takes the first payment.
    const statement = await api('POST', '/drivers-statements', {
      driver_id: driver.id,
      date_from: '2026-03-01',
      date_to: '2026-03-07',
      trips: [],
      fuel: [],
      scheduled_payments: [`${series.id}:2026-03-02`],
    });
    expect(statement.status, JSON.stringify(statement.body)).toBe(200);
    expect(statement.body.statement.amount).toBe(-350);
    const sid = statement.body.statement.id as number;
    const calendar = await api('POST', '/scheduled-payments/date/2026-03-02', { driver_id: driver.id });
    expect(calendar.body.rows[0].statement_id).toBe(sid);

    const taken = await api('POST', `/scheduled-payments/destroy/${series.id}`, {
      payment_type: 'one',
      date: '2026-03-02',
    });
    expect(taken.status).toBe(412);
    expect(taken.body.error.mail).toBe(SCHEDULED_MSG.onStatement(sid));
    const form = {
      driver_id: driver.id,
      customer_id: null,
      payment_type: 'deduction',
      frequency: 'weekly',
      amount: '350.00',
      start_date: '2026-03-02',
      count: 4,
      description: 'Truck lease',
    };
    const repriced = await api('PUT', `/scheduled-payments/${series.id}`, { ...form, amount: '300.00' });
    expect(repriced.status).toBe(412);
    expect(repriced.body.error.mail).toBe(SCHEDULED_MSG.taken);
    const renamed = await api('PUT', `/scheduled-payments/${series.id}`, {
      ...form,
      description: 'Lease, unit 41',
      count: 6,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.item).toMatchObject({ description: 'Lease, unit 41', count: 6, taken: 1 });

    // The whole series: it ends after the payment the statement holds, which stays on it.
    const all = await api('POST', `/scheduled-payments/destroy/${series.id}`, { payment_type: 'all' });
    expect(all.status).toBe(200);
    expect(all.body.message).toBe(SCHEDULED_MSG.ended(1));
    const after = await api('POST', '/scheduled-payments/date/2026-03-09', { driver_id: driver.id });
    expect(after.body.days.map((d: { date: string }) => d.date)).toEqual(['2026-03-02']);
    const kept = await api('GET', `/drivers-statements/${sid}/edit`);
    expect(kept.body.statement.amount).toBe(-350);

    // A series nothing took goes entirely.
    const fresh = await lease(driver.id, { description: 'Escrow', start_date: '2026-04-06' });
    const gone = await api('POST', `/scheduled-payments/destroy/${fresh.id}`, { payment_type: 'all' });
    expect(gone.body.message).toBe(SCHEDULED_MSG.deletedAll);
    const rows = await t.database.query('select id from scheduled_payments where id = $1', [fresh.id]);
    expect(rows).toEqual([]);
    const audit = await t.database.query<{ action: string }>(
      `select action from audit_log where entity = 'scheduled_payments' and entity_id = $1 order by id`,
      [String(fresh.id)],
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'delete']);
  });

  it('answers only to callers holding the section, and keeps each company to its own', async () => {
    const driver = await f.driver();
    const series = await lease(driver.id);
    const viewer = await f.user([
      { section: SECTION.ScheduledPayments, action: 0 },
      { section: SECTION.ScheduledPayments, action: ACTION.VIEW },
    ]);
    expect((await api('POST', '/scheduled-payments/date/2026-03-02', {}, viewer.token)).status).toBe(200);
    expect((await api('GET', `/scheduled-payments/${series.id}/edit/2026-03-02`, undefined, viewer.token)).status).toBe(
      200,
    );
    const destroy = await api(
      'POST',
      `/scheduled-payments/destroy/${series.id}`,
      { payment_type: 'all' },
      viewer.token,
    );
    expect(destroy.status).toBe(403);
    const stranger = await f.user([{ section: SECTION.Fuel, action: 0 }]);
    expect((await api('POST', '/scheduled-payments/list', {}, stranger.token)).status).toBe(403);
    const other = await f.company();
    const outsider = await f.user(
      [
        { section: SECTION.ScheduledPayments, action: 0 },
        { section: SECTION.ScheduledPayments, action: ACTION.EDIT },
      ],
      { companyId: other },
    );
    expect(
      (await api('GET', `/scheduled-payments/${series.id}/edit/2026-03-02`, undefined, outsider.token)).status,
    ).toBe(404);
    const theirs = await api('POST', '/scheduled-payments/date/2026-03-02', {}, outsider.token);
    expect(theirs.body.rows).toEqual([]);
  });
});
