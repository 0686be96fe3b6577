import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACTION, SECTION } from '@backhaul/shared';
import { STATEMENT_MSG } from '@backhaul/shared/modules/driver-pay/driver-statements.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { startSmtpServer } from '../../../test/smtp';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let token: string;
let f: ReturnType<typeof factories>;
const PERIOD = { date_from: '2026-03-01', date_to: '2026-03-07' };

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    config: { SMTP_URL: smtp.url, dataDir: mkdtempSync(join(tmpdir(), 'backhaul-driver-statements-')) },
  });
  token = await t.login('accountant@backhaul.demo');
  f = factories(t);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const api = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = token) => {
  const res = await t.app.inject({ method, url: `/api${url}`, headers: t.bearer(as), ...(payload ? { payload } : {}) });
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field below
  return { status: res.statusCode, body: res.json() as Record<string, any> };
};

/** A driver with `loads` loads delivered on 2026-03-02, each with the given gross and miles. */
async function driverWithLoads(
  pay: { payment_type: string; amount: string },
  loads: { gross: number; loaded: number; empty: number }[],
  email = '',
) {
  const driver = await f.driver({ ...pay, email });
  const trip = await f.trip({ driverId: driver.id, loads: loads.length, day: '2026-03-02' });
  // Miles and gross fixed by hand so the pay below is computed on paper (the trip's own miles come from the mileage service).
  for (const [i, l] of trip.loads.entries()) {
    const spec = loads[i] as (typeof loads)[number];
    await t.database.query('update loads set gross_cents = $1, mileage_loaded = $2, mileage_empty = $3 where id = $4', [
      Math.round(spec.gross * 100),
      spec.loaded,
      spec.empty,
      l.load_id,
    ]);
  }
  return { driverId: driver.id, loadIds: trip.loads.map((l) => l.load_id), tripId: trip.trip_id };
}

async function fuelRow(driverId: number, date: string, amountCents: number, invoice: string) {
  const [row] = await t.database.query<{ id: number }>(
    `insert into fuel_rows (company_id, driver_id, card, fuel_date, invoice, gallons_milli, amount_cents, city, state)
     values (1, $1, '7083-0001', $2, $3, 100500, $4, 'Effingham', 'IL') returning id`,
    [driverId, date, invoice, amountCents],
  );
  return Number(row?.id);
}

async function weeklyDeduction(driverId: number, amountCents: number) {
  const [row] = await t.database.query<{ id: number }>(
    `insert into scheduled_payments (company_id, driver_id, payment_type, frequency, description, amount_cents, start_date, count)
     values (1, $1, 'deduction', 'weekly', 'Truck lease', $2, '2026-02-23', 4) returning id`,
    [driverId, amountCents],
  );
  return Number(row?.id);
}

describe('driver statements', () => {
  it('answers the index, the create form and the list with its footers', async () => {
    const index = await api('GET', '/drivers-statements');
    expect(index.status).toBe(200);
    expect(Object.keys(index.body)).toEqual(['drivers', 'filter']);
    const create = await api('GET', '/drivers-statements/create');
    expect(create.status).toBe(200);
    expect(create.body.category).toEqual([
      { value: 'credit', label: 'Credit' },
      { value: 'deduction', label: 'Deduction' },
    ]);
    expect(create.body.date_to > create.body.date_from).toBe(true);
    const list = await api('POST', '/drivers-statements/list', {});
    expect(list.status).toBe(200);
    expect(list.body.columns.map((c: { id: string }) => c.id)).toEqual([
      'id',
      'created_at',
      'paid_date',
      'created_by',
      'customer',
      'driver',
      'contract_type',
      'period',
      'status',
      'paid_status',
      'amount',
      'paid_amount',
    ]);
  });

  it('pays per mile on loaded + empty miles, deducts fuel and scheduled payments, and sums the lines', async () => {
    const d = await driverWithLoads({ payment_type: 'per_mile', amount: '0.60' }, [
      { gross: 2000, loaded: 500, empty: 100 },
      { gross: 1500, loaded: 450, empty: 0 },
    ]);
    const fuelId = await fuelRow(d.driverId, '2026-03-03', 402_00, `PM-${d.driverId}`);
    await fuelRow(d.driverId, '2026-03-09', 99_00, `PM-late-${d.driverId}`); // after the period
    const seriesId = await weeklyDeduction(d.driverId, 100_00);

    const preview = await api('POST', '/drivers-statements/create', { driver_id: d.driverId, ...PERIOD });
    expect(preview.status).toBe(200);
    expect(preview.body.statement).toBeNull();
    // 600 mi × $0.60 = $360.00; 450 mi × $0.60 = $270.00
    expect(preview.body.trips.map((r: { amount: number }) => r.amount)).toEqual([360, 270]);
    expect(preview.body.trips[0].count_action).toBe('600 mi × $0.60');
    expect(preview.body.fuel).toEqual([expect.objectContaining({ fuel_id: fuelId, amount: -402 })]);
    // The series started 2026-02-23: its second instalment falls on 2026-03-02.
    expect(preview.body.scheduled_payments).toEqual([
      expect.objectContaining({ id: `${seriesId}:2026-03-02`, amount: -100, schedule: '2 of 4, weekly' }),
    ]);

    const saved = await api('POST', '/drivers-statements', {
      driver_id: d.driverId,
      ...PERIOD,
      trips: preview.body.trips_selected,
      fuel: preview.body.fuel_selected,
      scheduled_payments: preview.body.scheduled_payments_selected,
    });
    expect(saved.status).toBe(200);
    const s = saved.body.statement;
    // 360 + 270 − 402 − 100 = 128
    expect(s.amount).toBe(128);
    expect(s.lines.map((l: { type: string; amount: number }) => [l.type, l.amount])).toEqual([
      ['Trip', 360],
      ['Trip', 270],
      ['Fuel', -402],
      ['Scheduled deduction', -100],
    ]);
    expect(s.contract_type).toBe('Per mile');
    expect(s.status).toBe('Open');
    expect(s.paid_status).toBe('Not paid');

    // The lines are taken: a second statement for the same period is offered nothing.
    const again = await api('POST', '/drivers-statements/create', { driver_id: d.driverId, ...PERIOD });
    expect(again.body.trips).toEqual([]);
    expect(again.body.fuel).toEqual([]);
    expect(again.body.scheduled_payments).toEqual([]);
  });

  it('pays a percentage of gross (rounded to the cent) and a flat amount per load', async () => {
    const pct = await driverWithLoads({ payment_type: 'percent', amount: '28.00' }, [
      { gross: 2500, loaded: 900, empty: 50 },
      { gross: 1234.57, loaded: 300, empty: 10 },
    ]);
    const p = await api('POST', '/drivers-statements/create', { driver_id: pct.driverId, ...PERIOD });
    // 28% of $2,500.00 = $700.00; 28% of $1,234.57 = $345.6796 → $345.68
    expect(p.body.trips.map((r: { amount: number }) => r.amount)).toEqual([700, 345.68]);
    expect(p.body.trips[0].count_action).toBe('28% of $2,500.00');

    const flat = await driverWithLoads({ payment_type: 'flat', amount: '1500.00' }, [
      { gross: 4000, loaded: 1000, empty: 0 },
    ]);
    const fl = await api('POST', '/drivers-statements/create', { driver_id: flat.driverId, ...PERIOD });
    expect(fl.body.trips.map((r: { amount: number }) => r.amount)).toEqual([1500]);
  });

  it('puts a load on one statement only when two are saved at once', async () => {
    const d = await driverWithLoads({ payment_type: 'flat', amount: '800.00' }, [
      { gross: 3000, loaded: 700, empty: 0 },
    ]);
    const body = { driver_id: d.driverId, ...PERIOD, trips: d.loadIds, fuel: [], scheduled_payments: [] };
    const results = await Promise.all([1, 2, 3].map(() => api('POST', '/drivers-statements', body)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 422, 422]);
    const refused = results.find((r) => r.status === 422);
    expect(refused?.body.errors.trips).toEqual([STATEMENT_MSG.lineTaken]);
    const lines = await t.database.query<{ n: number }>(
      'select count(*)::int as n from driver_statement_lines where load_id = $1',
      [d.loadIds[0]],
    );
    expect(lines[0]?.n).toBe(1);
  });

  it('moves trips out and back, adds and changes additional payments, closes, pays in part and sends', async () => {
    const d = await driverWithLoads(
      { payment_type: 'flat', amount: '1000.00' },
      [
        { gross: 3000, loaded: 700, empty: 0 },
        { gross: 3000, loaded: 700, empty: 0 },
      ],
      'driver.pay@backhaul.test',
    );
    const created = await api('POST', '/drivers-statements', {
      driver_id: d.driverId,
      ...PERIOD,
      trips: d.loadIds,
      fuel: [],
      scheduled_payments: [],
    });
    const id = created.body.statement.id as number;
    expect(created.body.statement.amount).toBe(2000);

    const edit = await api('GET', `/drivers-statements/${id}/edit`);
    expect(Object.keys(edit.body).sort()).toEqual(
      [
        'statement',
        'trips',
        'trips_selected',
        'fuel',
        'fuel_selected',
        'addition',
        'addition_selected',
        'category',
        'scheduled_payments',
        'scheduled_payments_selected',
      ].sort(),
    );
    expect(edit.body.trips_selected).toEqual(d.loadIds);

    const out = await api('PUT', `/drivers-statements/${id}`, {
      trips: [d.loadIds[0]],
      fuel: [],
      scheduled_payments: [],
      addition: [],
    });
    expect(out.body.statement.amount).toBe(1000);
    const afterOut = await api('GET', `/drivers-statements/${id}/edit`);
    expect(afterOut.body.trips.map((r: { id: number }) => r.id)).toEqual(d.loadIds);
    expect(afterOut.body.trips_selected).toEqual([d.loadIds[0]]);
    const back = await api('PUT', `/drivers-statements/${id}`, {
      trips: d.loadIds,
      fuel: [],
      scheduled_payments: [],
      addition: [],
    });
    expect(back.body.statement.amount).toBe(2000);

    const ded = await api('POST', '/drivers-statements/setAddition', {
      statement_id: id,
      category: 'deduction',
      date: '2026-03-04',
      amount: '150.25',
      description: 'Lumper advance',
    });
    expect(ded.status).toBe(200);
    expect(ded.body.statement.amount).toBe(1849.75);
    const lineId = ded.body.statement.lines.find((l: { kind: string }) => l.kind === 'addition').id as number;
    const changed = await api('POST', `/drivers-statements/updateAddition/${lineId}`, {
      category: 'credit',
      date: '2026-03-04',
      amount: 20,
      description: 'Detention',
    });
    expect(changed.body.statement.amount).toBe(2020);
    const bad = await api('POST', '/drivers-statements/setAddition', {
      statement_id: id,
      category: 'bonus',
      date: '2026-02-30',
      amount: '-5',
      description: '',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['amount', 'category', 'date', 'description']);

    const early = await api('POST', `/drivers-statements/setPay/${id}`, { amount: 100, date: '2026-03-10' });
    expect(early.status).toBe(412);
    expect(early.body.error.mail).toBe(STATEMENT_MSG.notClosed);

    const closed = await api('PUT', `/drivers-statements/${id}`, {
      trips: d.loadIds,
      fuel: [],
      scheduled_payments: [],
      addition: [lineId],
      status: 'Closed',
    });
    expect(closed.body.statement.status).toBe('Closed');
    expect(closed.body.statement.amount).toBe(2020);
    // Closed: lines can't change, nothing is added, it can't be deleted; its edit answer is a View.
    expect(
      (await api('PUT', `/drivers-statements/${id}`, { trips: [], fuel: [], scheduled_payments: [], addition: [] }))
        .status,
    ).toBe(412);
    expect(
      (
        await api('POST', '/drivers-statements/setAddition', {
          statement_id: id,
          category: 'credit',
          date: '2026-03-04',
          amount: 1,
          description: 'x',
        })
      ).status,
    ).toBe(412);
    const del = await api('DELETE', `/drivers-statements/${id}`);
    expect(del.status).toBe(412);
    expect(del.body.error.mail).toBe(STATEMENT_MSG.closedDelete);
    const view = await api('GET', `/drivers-statements/${id}/edit`);
    expect(view.body.trips).toEqual([]);
    expect(view.body.statement.lines).toHaveLength(3);

    const part = await api('POST', `/drivers-statements/setPay/${id}`, {
      amount: '500.00',
      date: '2026-03-10',
      note: 'ACH',
    });
    expect(part.status).toBe(200);
    expect(part.body.statement).toMatchObject({
      paid_amount: 500,
      due: 1520,
      paid_status: 'Partly paid',
      paid_date: '2026-03-10',
    });
    const over = await api('POST', `/drivers-statements/setPay/${id}`, { amount: 1520.01, date: '2026-03-11' });
    expect(over.status).toBe(422);
    expect(over.body.errors.amount).toEqual([STATEMENT_MSG.overpaid]);
    const rest = await api('POST', `/drivers-statements/setPay/${id}`, { amount: 1520, date: '2026-03-12' });
    expect(rest.body.statement.paid_status).toBe('Paid');
    const paymentId = rest.body.statement.payments[1].id as number;
    const removed = await api('DELETE', `/drivers-statements-payment/${paymentId}`);
    expect(removed.status).toBe(200);
    expect(removed.body.statement).toMatchObject({ paid_amount: 500, paid_status: 'Partly paid' });

    const list = await api('POST', '/drivers-statements/list', { filters: { id: { op: 'eq', value: id } } });
    expect(list.body.rows).toEqual([
      expect.objectContaining({ id, status: 'Closed', paid_status: 'Partly paid', amount: 2020, paid_amount: 500 }),
    ]);
    expect(list.body.sum).toMatchObject({ amount: 2020, paid_amount: 500 });

    const emails = await api('POST', '/drivers-statements/getEmail', { rows: [id] });
    expect(emails.body.rows).toEqual([expect.objectContaining({ id, email: 'driver.pay@backhaul.test' })]);
    const count = smtp.received.length;
    const sent = await api('POST', '/drivers-statements/send', { rows: [id] });
    expect(sent.status).toBe(200);
    expect(sent.body.sent).toBe(1);
    const mail = smtp.received[count];
    expect(mail?.to).toEqual(['driver.pay@backhaul.test']);
    expect(mail?.raw).toContain(`driver-statement-${id}.pdf`);
    expect(mail?.raw).toContain('Driver statement 2026-03-01 to 2026-03-07');
    const typed = await api('POST', '/drivers-statements/send', { rows: [id], email: 'office@backhaul.test' });
    expect(typed.status).toBe(200);
    expect(smtp.received[count + 1]?.to).toEqual(['office@backhaul.test']);
  });

  it('deletes an open statement and frees its loads', async () => {
    const d = await driverWithLoads({ payment_type: 'flat', amount: '500.00' }, [
      { gross: 1000, loaded: 100, empty: 0 },
    ]);
    const created = await api('POST', '/drivers-statements', {
      driver_id: d.driverId,
      ...PERIOD,
      trips: d.loadIds,
      fuel: [],
      scheduled_payments: [],
    });
    const del = await api('DELETE', `/drivers-statements/${created.body.statement.id}`);
    expect(del.status).toBe(200);
    const again = await api('POST', '/drivers-statements/create', { driver_id: d.driverId, ...PERIOD });
    expect(again.body.trips_selected).toEqual(d.loadIds);
  });

  it('refuses bad periods, unknown drivers, other sections and other companies', async () => {
    const wrong = await api('POST', '/drivers-statements/create', {
      driver_id: 1,
      date_from: '2026-03-07',
      date_to: '2026-03-01',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.date_to).toEqual([STATEMENT_MSG.periodOrder]);
    const missing = await api('POST', '/drivers-statements/create', { driver_id: 999999, ...PERIOD });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.driver_id).toEqual([STATEMENT_MSG.noDriver]);
    const dispatcher = await t.login('dispatcher@backhaul.demo');
    expect((await api('POST', '/drivers-statements/list', {}, dispatcher)).status).toBe(403);
    const viewer = await f.user([
      { section: SECTION.DriverStatements, action: 0 },
      { section: SECTION.DriverStatements, action: ACTION.VIEW },
    ]);
    const viewerToken = viewer.token;
    expect((await api('POST', '/drivers-statements/list', {}, viewerToken)).status).toBe(200);
    expect(
      (await api('POST', '/drivers-statements/setPay/1', { amount: 1, date: '2026-03-01' }, viewerToken)).status,
    ).toBe(403);
    const other = await f.company();
    const stranger = await f.user(
      [
        { section: SECTION.DriverStatements, action: 0 },
        { section: SECTION.DriverStatements, action: ACTION.VIEW },
      ],
      { companyId: other },
    );
    const strangerToken = stranger.token;
    const theirs = await api('POST', '/drivers-statements/list', {}, strangerToken);
    expect(theirs.status).toBe(200);
    expect(theirs.body.total).toBe(0);
  });
});
