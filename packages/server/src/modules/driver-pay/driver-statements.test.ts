import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACTION, SECTION } from '@backhaul/shared';
import { STATEMENT_MSG } from '@backhaul/shared/modules/driver-pay/driver-statements.contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { pdfText } from '../../../test/pdf-text';
import { startSmtpServer } from '../../../test/smtp';
import { withDatabase } from '../../../test/template';
import { freezeClock, thawClock } from '../../platform/clock';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let token: string;
let f: ReturnType<typeof factories>;
let customerId: number;
let dispatcherId: number;
/** Friday 2026-03-20, noon in Chicago: every statement below is for a period that has begun. */
const NOW = '2026-03-20T17:00:00Z';
const W1 = { date_from: '2026-03-01', date_to: '2026-03-07' };
const W2 = { date_from: '2026-03-08', date_to: '2026-03-14' };
const W3 = { date_from: '2026-03-15', date_to: '2026-03-21' };

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    config: { SMTP_URL: smtp.url, dataDir: mkdtempSync(join(tmpdir(), 'backhaul-driver-statements-')) },
  });
  token = await t.login('accountant@backhaul.demo');
  f = factories(t);
  customerId = (await f.customer()).id;
  const [admin] = await t.database.query<{ id: number }>("select id from users where email = 'admin@backhaul.demo'");
  dispatcherId = admin?.id ?? 0;
  freezeClock(NOW);
});
afterAll(async () => {
  thawClock();
  await t?.close();
  await smtp?.close();
});

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field below
type Answer = { status: number; body: Record<string, any> };
const api = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = token) => {
  const res = await t.app.inject({ method, url: `/api${url}`, headers: t.bearer(as), ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json() } as Answer;
};
const ok = async (p: Promise<Answer>) => {
  const r = await p;
  if (r.status !== 200) throw new Error(`answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
};
const amounts = (rows: { amount: number }[]) => rows.map((r) => r.amount);

/** A driver of a type with its own rate (no contract). */
const driver = (driverType: string, paymentType: string, amount: string, extra: Record<string, unknown> = {}) =>
  f.driver({ driver_type: driverType, payment_type: paymentType, amount, ...extra });

async function contract(driverId: number, form: Record<string, unknown>) {
  const admin = await t.login('admin@backhaul.demo');
  await ok(
    api(
      'POST',
      `/drivers/setContract/${driverId}`,
      {
        contract_type: 'percent',
        rate: '80',
        starts_on: '2026-01-01',
        ends_on: '',
        terms: '',
        file_id: null,
        fuel_paid_by: '',
        pay_basis: 'delivery',
        fsc_pass_through: false,
        ...form,
      },
      admin,
    ),
  );
}

type LoadSpec = { gross: number; loaded: number; empty?: number; lumper?: number; fsc?: number };
/** A trip through the API: its loads picked up at 08:00 and delivered at 16:00 Chicago time on `day`. */
async function trip(o: { driverId: number; teamDriverId?: number; share?: number; day: string; loads: LoadSpec[] }) {
  const admin = await t.login('admin@backhaul.demo');
  const body = await ok(
    api(
      'POST',
      '/trips/update/0',
      {
        customer_id: customerId,
        dispatcher_id: dispatcherId,
        driver_id: o.driverId,
        ...(o.teamDriverId ? { team_driver_id: o.teamDriverId, team_share: o.share ?? 50 } : {}),
        loads: o.loads.map((l) => ({
          gross: l.gross,
          lumper: l.lumper ?? 0,
          fuel_surcharge: l.fsc ?? 0,
          mileage_loaded: l.loaded,
          mileage_empty: l.empty ?? 0,
          stops: [
            { type: 1, city: 'Chicago', state: 'IL', zip: '60601', at: `${o.day} 08:00` },
            { type: 2, city: 'Indianapolis', state: 'IN', zip: '46204', at: `${o.day} 16:00` },
          ],
        })),
      },
      admin,
    ),
  );
  return (body.trip.loads as { load_id: number }[]).map((l) => l.load_id);
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

const preview = (driverId: number, period = W1) =>
  ok(api('POST', '/drivers-statements/create', { driver_id: driverId, ...period }));
const create = (driverId: number, period: typeof W1, chosen: Record<string, unknown>) =>
  api('POST', '/drivers-statements', {
    driver_id: driverId,
    ...period,
    trips: [],
    fuel: [],
    scheduled_payments: [],
    ...chosen,
  });
/** A new statement with everything the preview chose. */
async function createPreselected(driverId: number, period = W1) {
  const p = await preview(driverId, period);
  const body = await ok(
    create(driverId, period, {
      trips: p.trips_selected,
      fuel: p.fuel_selected,
      scheduled_payments: p.scheduled_payments_selected,
      hours: p.hours_selected,
      additional: p.additional_selected,
    }),
  );
  return body.statement;
}

describe('driver statements', () => {
  it('answers the index, the create form and the list with its footers', async () => {
    const index = await api('GET', '/drivers-statements');
    expect(index.status).toBe(200);
    expect(Object.keys(index.body)).toEqual(['drivers', 'filter']);
    expect(index.body.filter.paid_status).toContain('Owed by driver');
    const form = await api('GET', '/drivers-statements/create');
    expect(form.body.category).toEqual([
      { value: 'credit', label: 'Credit' },
      { value: 'deduction', label: 'Deduction' },
    ]);
    // Last week, Sunday to Saturday, from the frozen Friday 2026-03-20.
    expect([form.body.date_from, form.body.date_to]).toEqual(['2026-03-08', '2026-03-14']);
    const list = await api('POST', '/drivers-statements/list', {});
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

  it('pays a lease driver per mile on loaded + empty miles and deducts the fuel the driver bears and the lease', async () => {
    const d = await driver('lease', 'per_mile', '0.60');
    await trip({
      driverId: d.id,
      day: '2026-03-02',
      loads: [
        { gross: 2000, loaded: 500, empty: 100 },
        { gross: 1500, loaded: 450 },
      ],
    });
    const fuelId = await fuelRow(d.id, '2026-03-03', 402_00, `PM-${d.id}`);
    await fuelRow(d.id, '2026-03-09', 99_00, `PM-late-${d.id}`); // after the period
    const seriesId = await weeklyDeduction(d.id, 100_00);

    const p = await preview(d.id);
    expect(p.statement).toBeNull();
    // 600 mi × $0.60 = $360.00; 450 mi × $0.60 = $270.00
    expect(amounts(p.trips)).toEqual([360, 270]);
    expect(p.trips[0].count_action).toBe('600 mi × $0.60');
    expect(p.fuel).toEqual([expect.objectContaining({ fuel_id: fuelId, amount: -402 })]);
    expect(p.fuel_selected).toEqual([fuelId]);
    // The series started 2026-02-23; its second instalment falls on 2026-03-02.
    expect(p.scheduled_payments).toEqual([
      expect.objectContaining({ id: `${seriesId}:2026-03-02`, amount: -100, schedule: '2 of 4, weekly' }),
    ]);
    const s = await createPreselected(d.id);
    // 360 + 270 − 402 − 100 = 128
    expect(s.amount).toBe(128);
    expect(s.lines.map((l: { type: string; amount: number }) => [l.type, l.amount])).toEqual([
      ['Trip', 360],
      ['Trip', 270],
      ['Fuel', -402],
      ['Scheduled deduction', -100],
    ]);
    expect(s).toMatchObject({ contract_type: 'Per mile', status: 'Open', paid_status: 'Not paid' });
    // Taken: a second look at the same period is offered nothing of it.
    const again = await preview(d.id);
    expect([again.trips, again.fuel, again.scheduled_payments]).toEqual([[], [], []]);
  });

  it('never preselects a company driver’s fuel, and warns when deductions take the week below the weekly minimum', async () => {
    const d = await driver('company', 'per_mile', '0.50');
    await trip({ driverId: d.id, day: '2026-03-02', loads: [{ gross: 1400, loaded: 400 }] });
    const fuelId = await fuelRow(d.id, '2026-03-03', 150_00, `CO-${d.id}`);
    await weeklyDeduction(d.id, 50_00);
    const p = await preview(d.id);
    // Offered, not chosen: the company bears a company driver's fuel.
    expect(p.fuel.map((r: { fuel_id: number }) => r.fuel_id)).toEqual([fuelId]);
    expect(p.fuel_selected).toEqual([]);
    // 400 mi × $0.50 = $200.00, less the $50.00 instalment = $150.00, under $290.00 (7.25 × 40) for 7 days.
    expect(p.warnings).toEqual([STATEMENT_MSG.belowMinimumWage(150, 290)]);
    // The next week offers that week's fuel alone: a company driver's fuel left off is no debt of his.
    await createPreselected(d.id, W1);
    const next = await fuelRow(d.id, '2026-03-10', 120_00, `CO2-${d.id}`);
    expect((await preview(d.id, W2)).fuel.map((r: { fuel_id: number }) => r.fuel_id)).toEqual([next]);
    const noDeductions = await driver('company', 'per_mile', '0.50');
    await trip({ driverId: noDeductions.id, day: '2026-03-02', loads: [{ gross: 900, loaded: 300 }] });
    expect((await preview(noDeductions.id)).warnings).toEqual([]);
  });

  it('pays rates written to the thousandth, rounded once per line, and refuses a fourth decimal', async () => {
    const d = await driver('company', 'per_mile', '0.575');
    await trip({ driverId: d.id, day: '2026-03-04', loads: [{ gross: 500, loaded: 100, empty: 23 }] });
    const p = await preview(d.id);
    // 123 mi × $0.575 = $70.725 → $70.73 (half away from zero)
    expect(amounts(p.trips)).toEqual([70.73]);
    expect(p.trips[0].count_action).toBe('123 mi × $0.575');
    const admin = await t.login('admin@backhaul.demo');
    const bad = await api(
      'POST',
      '/drivers/new',
      {
        driver: 'Four decimals',
        phone: '3125550199',
        driver_type: 'company',
        payment_type: 'per_mile',
        amount: '0.5755',
      },
      admin,
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors.amount).toEqual(['The rate has at most 3 decimals.']);
  });

  it('pays a percentage on the line haul the contract names, and splits a team load by the team’s shares', async () => {
    const a = await driver('owner_operator', 'percent', '80');
    const b = await driver('owner_operator', 'percent', '80');
    await contract(a.id, { contract_type: 'percent', rate: '88', fsc_pass_through: true });
    await contract(b.id, { contract_type: 'percent', rate: '80', fsc_pass_through: false });
    await trip({ driverId: a.id, day: '2026-03-02', loads: [{ gross: 2500, loaded: 700, lumper: 150, fsc: 300 }] });
    await trip({ driverId: b.id, day: '2026-03-02', loads: [{ gross: 1000, loaded: 300, lumper: 100, fsc: 50 }] });
    await trip({
      driverId: a.id,
      teamDriverId: b.id,
      share: 60,
      day: '2026-03-05',
      loads: [{ gross: 3000, loaded: 1100, fsc: 200 }],
    });
    const pa = await preview(a.id);
    // A: 88 % of (2,500 − 150 lumper − 300 FSC) = 88 % of 2,050 = 1,804.00;
    //    team load: 88 % of (3,000 − 200 FSC) × 60 % = 2,464 × 0.6 = 1,478.40
    expect(amounts(pa.trips)).toEqual([1804, 1478.4]);
    expect(pa.trips[0].count_action).toBe('88% of $2,050.00 line haul (less lumper and fuel surcharge)');
    expect(pa.trips[1].count_action).toBe('88% of $2,800.00 line haul (less fuel surcharge) × 60% team share');
    const pb = await preview(b.id);
    // B: 80 % of (1,000 − 100 lumper) = 720.00; team load: 80 % of 3,000 × 40 % = 960.00
    expect(amounts(pb.trips)).toEqual([720, 960]);
    // Each share is claimed once, by its own driver.
    const sa = await createPreselected(a.id);
    const sb = await createPreselected(b.id);
    expect([sa.amount, sb.amount]).toEqual([3282.4, 1680]);
  });

  it('pays delivered loads only; a load delivered after its week’s statement lands on the next one, marked; periods not begun or overlapping are refused', async () => {
    const d = await driver('company', 'flat', '500');
    const [first] = await trip({ driverId: d.id, day: '2026-03-02', loads: [{ gross: 1200, loaded: 300 }] });
    // Delivered at 16:00 Chicago on the frozen Friday: still on the road at noon.
    const [planned] = await trip({ driverId: d.id, day: '2026-03-20', loads: [{ gross: 1200, loaded: 300 }] });
    const w1 = await createPreselected(d.id, W1);
    expect(w1.lines.map((l: { description: string }) => l.description)).toEqual([
      `Load #${first}: Chicago, IL → Indianapolis, IN`,
    ]);
    const [late] = await trip({ driverId: d.id, day: '2026-03-05', loads: [{ gross: 900, loaded: 200 }] });
    const p2 = await preview(d.id, W2);
    expect(p2.trips.map((r: { load_id: number; earned: string | null }) => [r.load_id, r.earned])).toEqual([
      [late, '2026-03-01 – 2026-03-07'],
    ]);
    const w2 = await createPreselected(d.id, W2);
    expect(w2.lines[0]).toMatchObject({ earned: '2026-03-01 – 2026-03-07', amount: 500 });
    const p3 = await preview(d.id, W3);
    expect(p3.trips.map((r: { load_id: number }) => r.load_id)).not.toContain(planned);

    const future = await api('POST', '/drivers-statements', {
      driver_id: d.id,
      date_from: '2026-03-22',
      date_to: '2026-03-28',
      trips: [],
      fuel: [],
      scheduled_payments: [],
    });
    expect(future.status).toBe(422);
    expect(future.body.errors.date_from).toEqual([STATEMENT_MSG.futurePeriod]);
    const overlap = await create(d.id, { date_from: '2026-03-05', date_to: '2026-03-11' }, {});
    expect(overlap.status).toBe(422);
    expect(overlap.body.errors.date_from[0]).toMatch(/already has statement #\d+ for 2026-03-01 – 2026-03-07/);
    const results = await Promise.all([1, 2, 3].map(() => create(d.id, W3, {})));
    expect(results.map((r) => r.status).sort()).toEqual([200, 422, 422]);
  });

  it('pays a load "with PPW received" once its proof of delivery is in the paperwork', async () => {
    const d = await driver('owner_operator', 'flat', '400');
    await contract(d.id, { contract_type: 'flat', rate: '400', pay_basis: 'ppw' });
    const [loadId] = await trip({ driverId: d.id, day: '2026-03-03', loads: [{ gross: 1500, loaded: 400 }] });
    expect((await preview(d.id)).trips).toEqual([]);
    const upload = async (type: string) => {
      const boundary = '----pod';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\n${type}\r\n`),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${type}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        Buffer.from('%PDF-1.4\n%%EOF\n'),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/loads/ppw/${loadId}`,
        headers: {
          ...t.bearer(await t.login('admin@backhaul.demo')),
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await upload('bol');
    expect((await preview(d.id)).trips).toEqual([]);
    await upload('pod');
    expect(amounts((await preview(d.id)).trips)).toEqual([400]);
  });

  it('a negative week is owed by the driver, never Paid: carried into the next statement, or written off with a reason', async () => {
    const d = await driver('owner_operator', 'percent', '80');
    await trip({ driverId: d.id, day: '2026-03-03', loads: [{ gross: 1000, loaded: 300 }] });
    const bad = await createPreselected(d.id, W1);
    const ded = await ok(
      api('POST', '/drivers-statements/setAddition', {
        statement_id: bad.id,
        category: 'deduction',
        date: '2026-03-04',
        amount: '1250.50',
        description: 'Roadside repair',
      }),
    );
    // 80 % of 1,000 = 800.00 − 1,250.50 = −450.50
    expect(ded.statement.amount).toBe(-450.5);
    const additionId = ded.statement.lines.find((l: { source: string }) => l.source === 'addition').id;
    const onIt = await ok(api('GET', `/drivers-statements/${bad.id}/edit`));
    const closed = await ok(
      api('PUT', `/drivers-statements/${bad.id}`, {
        trips: onIt.trips_selected,
        fuel: [],
        scheduled_payments: [],
        addition: [additionId],
        status: 'Closed',
      }),
    );
    expect(closed.statement).toMatchObject({ status: 'Closed', paid_status: 'Owed by driver', due: -450.5 });
    const pay = await api('POST', `/drivers-statements/setPay/${bad.id}`, { amount: 1, date: '2026-03-10' });
    expect(pay.status).toBe(412);
    expect(pay.body.error.mail).toBe(STATEMENT_MSG.nothingDue);

    await trip({ driverId: d.id, day: '2026-03-10', loads: [{ gross: 2000, loaded: 500 }] });
    const p = await preview(d.id, W2);
    expect(p.additional).toEqual([
      expect.objectContaining({ id: `carried:${bad.id}`, amount: -450.5, earned: '2026-03-01 – 2026-03-07' }),
    ]);
    expect(p.additional_selected).toEqual([`carried:${bad.id}`]);
    const next = await createPreselected(d.id, W2);
    // 80 % of 2,000 = 1,600.00 − 450.50 = 1,149.50
    expect(next.amount).toBe(1149.5);
    expect(next.lines.find((l: { source: string }) => l.source === 'carried')).toMatchObject({
      kind: 'addition',
      type: 'Carried balance',
      earned: '2026-03-01 – 2026-03-07',
      amount: -450.5,
    });
    const status = async (id: number) =>
      (await ok(api('POST', '/drivers-statements/list', { filters: { id: { op: 'eq', value: id } } }))).rows[0]
        .paid_status;
    expect(await status(bad.id)).toBe('Carried');
    await ok(api('DELETE', `/drivers-statements/${next.id}`));
    expect(await status(bad.id)).toBe('Owed by driver');

    const noReason = await api('POST', `/drivers-statements/writeOff/${bad.id}`, { reason: ' ' });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.reason).toEqual([STATEMENT_MSG.writeOffReason]);
    const written = await ok(
      api('POST', `/drivers-statements/writeOff/${bad.id}`, { reason: 'Driver left; not recoverable.' }),
    );
    expect(written.statement).toMatchObject({
      paid_status: 'Written off',
      settlement_note: 'Driver left; not recoverable.',
    });
    const audit = await t.database.query<{ action: string }>(
      "select action from audit_log where entity = 'pay_statements' and entity_id = $1 order by id",
      [String(bad.id)],
    );
    expect(audit.map((a) => a.action)).toContain('write-off');
  });

  it('takes open company expenses, recovers cash advances, and keeps an owner-operator’s escrow to its return', async () => {
    const admin = await t.login('admin@backhaul.demo');
    const d = await driver('owner_operator', 'percent', '75');
    await trip({ driverId: d.id, day: '2026-03-02', loads: [{ gross: 2000, loaded: 500 }] });
    const expense = await ok(
      api(
        'POST',
        '/company-expenses',
        { expense_date: '2026-03-03', category: 'Toll', driver_id: d.id, amount: '42.50', description: 'I-80' },
        admin,
      ),
    );
    const advance = await ok(
      api(
        'POST',
        '/cash-advances',
        { driver_id: d.id, given_on: '2026-03-04', amount: '200', method: 'comcheck', reference: 'CC-1' },
        admin,
      ),
    );
    const escrow = await ok(
      api(
        'POST',
        '/escrow-accounts',
        {
          driver_id: d.id,
          target: '500',
          deposit: '300',
          interest_rate: '2',
          opened_on: '2026-01-01',
          closed_on: '',
          note: '',
        },
        admin,
      ),
    );
    const p1 = await preview(d.id, W1);
    expect(p1.additional.map((a: { id: string; amount: number }) => [a.id, a.amount])).toEqual([
      [`expense:${expense.item.id}`, -42.5],
      [`advance:${advance.item.id}`, -200],
      [`escrow:${escrow.item.id}:d:2026-03-01`, -300],
    ]);
    const s1 = await createPreselected(d.id, W1);
    // 75 % of 2,000 = 1,500.00 − 42.50 − 200.00 − 300.00 = 957.50
    expect(s1).toMatchObject({
      amount: 957.5,
      escrow: { balance: 300, target: 500, deposit: 300 },
      advances_outstanding: 0,
      final: null,
    });
    // The new sources are additional payments (the spec's section), each with its kind of source.
    expect(
      s1.lines
        .filter((l: { kind: string }) => l.kind === 'addition')
        .map((l: { kind: string; source: string; type: string; amount: number }) => [
          l.kind,
          l.source,
          l.type,
          l.amount,
        ]),
    ).toEqual([
      ['addition', 'expense', 'Company expense', -42.5],
      ['addition', 'advance', 'Advance recovered', -200],
      ['addition', 'escrow', 'Escrow deposit', -300],
    ]);
    // The statement's PDF, as Send mails it, downloaded (GET …/pdf): the escrow balance is printed on it.
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/drivers-statements/${s1.id}/pdf`,
      headers: t.bearer(token),
    });
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="driver-statement-${s1.id}.pdf"`);
    expect(await pdfText(pdf.rawPayload)).toMatch(/Escrow balance:\s+\$300\.00 of \$500\.00/);
    await trip({ driverId: d.id, day: '2026-03-09', loads: [{ gross: 1000, loaded: 250 }] });
    const s2 = await createPreselected(d.id, W2);
    // 750.00 − the deposit that reaches the target: min(300, 500 − 300) = 200.00 → 550.00
    expect(s2).toMatchObject({ amount: 550, escrow: { balance: 500 } });
    const card = await ok(api('GET', `/drivers/${d.id}`, undefined, admin));
    await ok(
      api('POST', `/drivers/update/${d.id}`, { ...driverForm(card.driver), terminated_on: '2026-03-16' }, admin),
    );
    const p3 = await preview(d.id, W3);
    // The return, with the interest of the quarter's days held to the lease's end:
    // 2026-01-01 … 2026-03-16 = 31 + 28 + 16 = 75 days; $500.00 × 2 % × 75 / 365 = $2.0548 → $2.05
    expect(p3.additional.map((a: { id: string; amount: number }) => [a.id, a.amount])).toEqual([
      [`escrow:${escrow.item.id}:i:2026 Q1`, 2.05],
      [`escrow:${escrow.item.id}:r`, 500],
    ]);
    const s3 = await createPreselected(d.id, W3);
    // 500.00 + 2.05 = 502.05; due back by 2026-03-16 + 45 days = 2026-04-30
    expect(s3).toMatchObject({
      amount: 502.05,
      escrow: { balance: 0 },
      final: { ended_on: '2026-03-16', due_by: '2026-04-30' },
    });
    expect(s3.lines.map((l: { kind: string; source: string; type: string }) => [l.kind, l.source, l.type])).toEqual([
      ['addition', 'escrow', 'Escrow interest'],
      ['addition', 'escrow', 'Escrow return'],
    ]);
  });

  it('pays escrow interest each quarter at the lease’s rate on the quarter-end balance', async () => {
    const admin = await t.login('admin@backhaul.demo');
    const d = await driver('owner_operator', 'flat', '1000');
    const escrow = await ok(
      api(
        'POST',
        '/escrow-accounts',
        {
          driver_id: d.id,
          target: '1000',
          deposit: '400',
          interest_rate: '2',
          opened_on: '2026-01-01',
          closed_on: '',
          note: '',
        },
        admin,
      ),
    );
    try {
      freezeClock('2026-04-10T17:00:00Z');
      await trip({ driverId: d.id, day: '2026-03-24', loads: [{ gross: 1800, loaded: 500 }] });
      await createPreselected(d.id, { date_from: '2026-03-22', date_to: '2026-03-28' });
      await trip({ driverId: d.id, day: '2026-04-07', loads: [{ gross: 1800, loaded: 500 }] });
      const p = await preview(d.id, { date_from: '2026-04-05', date_to: '2026-04-11' });
      // $400.00 held on 2026-03-31 × 2 % × 90 days (Q1 2026) / 365 = $1.9726… → $1.97
      expect(p.additional.map((a: { id: string; amount: number }) => [a.id, a.amount])).toEqual([
        [`escrow:${escrow.item.id}:d:2026-04-05`, -400],
        [`escrow:${escrow.item.id}:i:2026 Q1`, 1.97],
      ]);
    } finally {
      freezeClock(NOW);
    }
  });

  it('pays an hourly driver the hours worked', async () => {
    const admin = await t.login('admin@backhaul.demo');
    const d = await driver('company', 'hourly', '25.5');
    for (const [day, hours] of [
      ['2026-03-03', '7.5'],
      ['2026-03-04', '8.25'],
    ])
      await ok(
        api(
          'POST',
          '/driver-hours',
          { driver_id: d.id, work_date: day, hours, load_id: '', note: 'Yard moves' },
          admin,
        ),
      );
    const p = await preview(d.id);
    // 7.5 h × $25.50 = $191.25; 8.25 h × $25.50 = $210.375 → $210.38
    expect(amounts(p.hours)).toEqual([191.25, 210.38]);
    const s = await createPreselected(d.id);
    expect(s.amount).toBe(401.63);
  });

  it('puts a load on one statement only when two are saved at once', async () => {
    const d = await driver('company', 'flat', '800');
    const loadIds = await trip({ driverId: d.id, day: '2026-03-02', loads: [{ gross: 3000, loaded: 700 }] });
    const results = await Promise.all([1, 2, 3].map(() => create(d.id, W1, { trips: loadIds })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 422, 422]);
    const lines = await t.database.query<{ n: number }>(
      "select count(*)::int as n from pay_statement_lines where kind = 'driver' and source = 'load' and source_key = $1",
      [`${loadIds[0]}:${d.id}`],
    );
    expect(lines[0]?.n).toBe(1);
  });

  it('moves trips out and back, adds and changes additional payments, closes, pays in part and sends', async () => {
    const d = await driver('company', 'flat', '1000', { email: 'driver.pay@backhaul.test' });
    const loadIds = await trip({
      driverId: d.id,
      day: '2026-03-02',
      loads: [
        { gross: 3000, loaded: 700 },
        { gross: 3000, loaded: 700 },
      ],
    });
    const created = await ok(create(d.id, W1, { trips: loadIds }));
    const id = created.statement.id as number;
    expect(created.statement.amount).toBe(2000);

    const edit = await ok(api('GET', `/drivers-statements/${id}/edit`));
    expect(Object.keys(edit).sort()).toEqual(
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
        'hours',
        'hours_selected',
        'additional',
        'additional_selected',
        'warnings',
      ].sort(),
    );
    expect(edit.trips_selected).toEqual(loadIds);
    const put = (body: Record<string, unknown>) =>
      api('PUT', `/drivers-statements/${id}`, { trips: [], fuel: [], scheduled_payments: [], addition: [], ...body });
    expect((await ok(put({ trips: [loadIds[0]] }))).statement.amount).toBe(1000);
    const afterOut = await ok(api('GET', `/drivers-statements/${id}/edit`));
    expect(afterOut.trips.map((r: { id: number }) => r.id)).toEqual(loadIds);
    expect(afterOut.trips_selected).toEqual([loadIds[0]]);
    expect((await ok(put({ trips: loadIds }))).statement.amount).toBe(2000);

    const ded = await ok(
      api('POST', '/drivers-statements/setAddition', {
        statement_id: id,
        category: 'deduction',
        date: '2026-03-04',
        amount: '150.25',
        description: 'Lumper advance',
      }),
    );
    expect(ded.statement.amount).toBe(1849.75);
    const lineId = ded.statement.lines.find((l: { source: string }) => l.source === 'addition').id as number;
    const changed = await ok(
      api('POST', `/drivers-statements/updateAddition/${lineId}`, {
        category: 'credit',
        date: '2026-03-04',
        amount: 20,
        description: 'Detention',
      }),
    );
    expect(changed.statement.amount).toBe(2020);
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

    const closed = await ok(put({ trips: loadIds, addition: [lineId], status: 'Closed' }));
    expect(closed.statement).toMatchObject({ status: 'Closed', amount: 2020 });
    // Closed: lines can't change, nothing is added, it can't be deleted; its edit answer is a View.
    expect((await put({})).status).toBe(412);
    // A deduction on a closed statement is bad input: 422 naming the statement chosen, the engine's words.
    const onClosed = await api('POST', '/drivers-statements/setAddition', {
      statement_id: id,
      category: 'deduction',
      date: '2026-03-04',
      amount: 1,
      description: 'x',
    });
    expect(onClosed.status).toBe(422);
    expect(onClosed.body).toEqual({
      message: STATEMENT_MSG.closed,
      errors: { statement_id: [STATEMENT_MSG.closed] },
    });
    const changeOnClosed = await api('POST', `/drivers-statements/updateAddition/${lineId}`, {
      category: 'deduction',
      date: '2026-03-04',
      amount: 5,
      description: 'x',
    });
    expect(changeOnClosed.status).toBe(422);
    expect(changeOnClosed.body.errors.statement_id).toEqual([STATEMENT_MSG.closed]);
    expect((await ok(api('GET', `/drivers-statements/${id}/edit`))).statement.amount).toBe(2020);
    const del = await api('DELETE', `/drivers-statements/${id}`);
    expect(del.status).toBe(412);
    expect(del.body.error.mail).toBe(STATEMENT_MSG.closedDelete);
    const view = await ok(api('GET', `/drivers-statements/${id}/edit`));
    expect(view.trips).toEqual([]);
    expect(view.statement.lines).toHaveLength(3);

    const part = await ok(
      api('POST', `/drivers-statements/setPay/${id}`, { amount: '500.00', date: '2026-03-10', note: 'ACH' }),
    );
    expect(part.statement).toMatchObject({
      paid_amount: 500,
      due: 1520,
      paid_status: 'Partly paid',
      paid_date: '2026-03-10',
    });
    const over = await api('POST', `/drivers-statements/setPay/${id}`, { amount: 1520.01, date: '2026-03-11' });
    expect(over.status).toBe(422);
    expect(over.body.errors.amount).toEqual([STATEMENT_MSG.overpaid]);
    const rest = await ok(api('POST', `/drivers-statements/setPay/${id}`, { amount: 1520, date: '2026-03-12' }));
    expect(rest.statement.paid_status).toBe('Paid');
    const removed = await ok(api('DELETE', `/drivers-statements-payment/${rest.statement.payments[1].id}`));
    expect(removed.statement).toMatchObject({ paid_amount: 500, paid_status: 'Partly paid' });

    const list = await ok(api('POST', '/drivers-statements/list', { filters: { id: { op: 'eq', value: id } } }));
    expect(list.rows).toEqual([
      expect.objectContaining({ id, status: 'Closed', paid_status: 'Partly paid', amount: 2020, paid_amount: 500 }),
    ]);
    expect(list.sum).toMatchObject({ amount: 2020, paid_amount: 500 });

    const emails = await ok(api('POST', '/drivers-statements/getEmail', { rows: [id] }));
    expect(emails.rows).toEqual([expect.objectContaining({ id, email: 'driver.pay@backhaul.test' })]);
    const count = smtp.received.length;
    const sent = await ok(api('POST', '/drivers-statements/send', { rows: [id] }));
    expect(sent.sent).toBe(1);
    const mail = smtp.received[count];
    expect(mail?.to).toEqual(['driver.pay@backhaul.test']);
    expect(mail?.raw).toContain(`driver-statement-${id}.pdf`);
    expect(mail?.raw).toContain('Driver statement 2026-03-01 to 2026-03-07');
    await ok(api('POST', '/drivers-statements/send', { rows: [id], email: 'office@backhaul.test' }));
    expect(smtp.received[count + 1]?.to).toEqual(['office@backhaul.test']);
  });

  it('deletes an open statement and frees its loads', async () => {
    const d = await driver('company', 'flat', '500');
    const loadIds = await trip({ driverId: d.id, day: '2026-03-02', loads: [{ gross: 1000, loaded: 100 }] });
    const created = await ok(create(d.id, W1, { trips: loadIds }));
    await ok(api('DELETE', `/drivers-statements/${created.statement.id}`));
    expect((await preview(d.id)).trips_selected).toEqual(loadIds);
  });

  it('a skipped instalment lands on the driver’s next statement, marked with the period it came from', async () => {
    const d = await driver('lease', 'flat', '700');
    await trip({ driverId: d.id, day: '2026-03-03', loads: [{ gross: 1500, loaded: 400 }] });
    await trip({ driverId: d.id, day: '2026-03-10', loads: [{ gross: 1500, loaded: 400 }] });
    // Weekly from 2026-02-23: instalments on 02-23, 03-02, 03-09 and 03-16.
    const seriesId = await weeklyDeduction(d.id, 125_50);
    const p1 = await preview(d.id, W1);
    expect(p1.scheduled_payments_selected).toEqual([`${seriesId}:2026-03-02`]);
    // The accountant skips it this week.
    const s1 = await ok(create(d.id, W1, { trips: p1.trips_selected, fuel: [], scheduled_payments: [] }));
    expect(s1.statement.amount).toBe(700);
    const p2 = await preview(d.id, W2);
    expect(
      p2.scheduled_payments.map((r: { id: string; amount: number; earned: string | null; schedule: string }) => [
        r.id,
        r.amount,
        r.earned,
        r.schedule,
      ]),
    ).toEqual([
      [`${seriesId}:2026-03-02`, -125.5, '2026-03-01 – 2026-03-07', '2 of 4, weekly'],
      [`${seriesId}:2026-03-09`, -125.5, null, '3 of 4, weekly'],
    ]);
    expect(p2.scheduled_payments_selected).toEqual([`${seriesId}:2026-03-02`, `${seriesId}:2026-03-09`]);
    const s2 = await createPreselected(d.id, W2);
    // 700.00 − 125.50 (skipped on 2026-03-01 – 2026-03-07) − 125.50 (this week's) = 449.00
    expect(s2.amount).toBe(449);
    expect(
      s2.lines
        .filter((l: { kind: string }) => l.kind === 'scheduled')
        .map((l: { date: string; earned: string | null; amount: number }) => [l.date, l.earned, l.amount]),
    ).toEqual([
      ['2026-03-02', '2026-03-01 – 2026-03-07', -125.5],
      ['2026-03-09', null, -125.5],
    ]);
  });

  it('the contract’s “who pays fuel” changes what is preselected; a company driver never bears it', async () => {
    const own = await driver('owner_operator', 'per_mile', '1.10');
    const spared = await driver('owner_operator', 'per_mile', '1.10');
    const company = await driver('company', 'per_mile', '0.55');
    await contract(own.id, { contract_type: 'per_mile', rate: '1.10', fuel_paid_by: 'driver' });
    await contract(spared.id, { contract_type: 'per_mile', rate: '1.10', fuel_paid_by: 'company' });
    await contract(company.id, { contract_type: 'per_mile', rate: '0.55', fuel_paid_by: 'driver' });
    const fuel: Record<number, number> = {};
    for (const d of [own, spared, company]) {
      await trip({ driverId: d.id, day: '2026-03-03', loads: [{ gross: 1800, loaded: 500 }] });
      fuel[d.id] = await fuelRow(d.id, '2026-03-04', 300_00, `WHO-${d.id}`);
    }
    const pOwn = await preview(own.id);
    const pSpared = await preview(spared.id);
    const pCompany = await preview(company.id);
    // Offered to all three; chosen only where the contract puts fuel on an owner-operator.
    expect([pOwn.fuel, pSpared.fuel, pCompany.fuel].map((f) => f.map((r: { amount: number }) => r.amount))).toEqual([
      [-300],
      [-300],
      [-300],
    ]);
    expect([pOwn.fuel_selected, pSpared.fuel_selected, pCompany.fuel_selected]).toEqual([[fuel[own.id]], [], []]);
    // own: 500 mi × $1.10 = 550.00 − 300.00 fuel = 250.00; spared: 550.00; company: 500 × $0.55 = 275.00
    const totals = [];
    for (const d of [own, spared, company]) totals.push((await createPreselected(d.id)).amount);
    expect(totals).toEqual([250, 550, 275]);
  });

  it('warns against the weekly minimum that Accounting settings set, and moves with it', async () => {
    const admin = await t.login('admin@backhaul.demo');
    const setFloor = async (dollars: number) => {
      const got = await ok(api('GET', '/settings/account', undefined, admin));
      await ok(api('POST', '/settings/account', { ...got, pay: { min_weekly_pay: dollars } }, admin));
    };
    const d = await driver('company', 'per_mile', '0.50');
    await trip({ driverId: d.id, day: '2026-03-02', loads: [{ gross: 1400, loaded: 400 }] });
    await weeklyDeduction(d.id, 50_00);
    // 400 mi × $0.50 = 200.00 − 50.00 = 150.00 left for the 7-day week.
    try {
      expect((await preview(d.id)).warnings).toEqual([STATEMENT_MSG.belowMinimumWage(150, 290)]);
      await setFloor(140);
      // 150.00 ≥ 140.00 × 7 / 7: no warning.
      expect((await preview(d.id)).warnings).toEqual([]);
      await setFloor(412.5);
      // 150.00 < 412.50 × 7 / 7
      expect((await preview(d.id)).warnings).toEqual([STATEMENT_MSG.belowMinimumWage(150, 412.5)]);
      // A 3-day period: 412.50 × 3 / 7 = 176.7857 → 176.79, still above 150.00.
      expect((await preview(d.id, { date_from: '2026-03-01', date_to: '2026-03-03' })).warnings).toEqual([
        STATEMENT_MSG.belowMinimumWage(150, 176.79),
      ]);
    } finally {
      await setFloor(290);
    }
  });

  it('pays hours entered per load', async () => {
    const admin = await t.login('admin@backhaul.demo');
    const d = await driver('company', 'hourly', '28.375');
    const [a] = await trip({ driverId: d.id, day: '2026-03-03', loads: [{ gross: 900, loaded: 200 }] });
    const [b] = await trip({ driverId: d.id, day: '2026-03-05', loads: [{ gross: 700, loaded: 150 }] });
    for (const [day, load, hours] of [
      ['2026-03-03', a, '6.5'],
      ['2026-03-05', b, '9.25'],
    ])
      await ok(
        api('POST', '/driver-hours', { driver_id: d.id, work_date: day, hours, load_id: load, note: 'Drive' }, admin),
      );
    const p = await preview(d.id);
    // 6.5 h × $28.375 = $184.4375 → $184.44; 9.25 h × $28.375 = $262.46875 → $262.47
    expect(p.hours.map((h: { description: string; amount: number }) => [h.description, h.amount])).toEqual([
      [`Load #${a}: Drive`, 184.44],
      [`Load #${b}: Drive`, 262.47],
    ]);
    expect(p.hours_selected).toHaveLength(2);
    const s = await createPreselected(d.id);
    // 184.44 + 262.47 = 446.91 (the loads themselves pay nothing under an hourly contract)
    expect(s.amount).toBe(446.91);
  });

  it('two payments at once never pay a statement more than it owes', async () => {
    const d = await driver('company', 'flat', '1000');
    const loadIds = await trip({ driverId: d.id, day: '2026-03-02', loads: [{ gross: 2500, loaded: 600 }] });
    const id = (await ok(create(d.id, W1, { trips: loadIds }))).statement.id as number;
    await ok(
      api('PUT', `/drivers-statements/${id}`, {
        trips: loadIds,
        fuel: [],
        scheduled_payments: [],
        addition: [],
        status: 'Closed',
      }),
    );
    const pay = (amount: string) => api('POST', `/drivers-statements/setPay/${id}`, { amount, date: '2026-03-10' });
    // $1,000.00 due; two payments of $600.00 at once: the second would pay $1,200.00.
    const first = await Promise.all([pay('600.00'), pay('600.00')]);
    expect(first.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(first.find((r) => r.status === 422)?.body.errors.amount).toEqual([STATEMENT_MSG.overpaid]);
    // Then the $400.00 left, twice at once: one pays it, the other finds nothing left to owe.
    const second = await Promise.all([pay('400.00'), pay('400.00')]);
    expect(second.map((r) => r.status).sort()).toEqual([200, 422]);
    const [sum] = await t.database.query<{ paid: string; n: number }>(
      'select coalesce(sum(amount_cents), 0) as paid, count(*)::int as n from pay_statement_payments where statement_id = $1',
      [id],
    );
    // 600.00 + 400.00 = 1,000.00 = the statement's amount, in two payments
    expect([Number(sum?.paid), sum?.n]).toEqual([100_000, 2]);
    const detail = await ok(api('GET', `/drivers-statements/${id}/edit`));
    expect(detail.statement).toMatchObject({ paid_amount: 1000, due: 0, paid_status: 'Paid' });
  });

  it('a carried balance claimed by two statements at once is carried once', async () => {
    const d = await driver('owner_operator', 'percent', '80');
    await trip({ driverId: d.id, day: '2026-03-03', loads: [{ gross: 1000, loaded: 300 }] });
    const bad = await createPreselected(d.id, W1);
    const ded = await ok(
      api('POST', '/drivers-statements/setAddition', {
        statement_id: bad.id,
        category: 'deduction',
        date: '2026-03-04',
        amount: '1250.50',
        description: 'Roadside repair',
      }),
    );
    const additionId = ded.statement.lines.find((l: { source: string }) => l.source === 'addition').id;
    await ok(
      api('PUT', `/drivers-statements/${bad.id}`, {
        trips: (await ok(api('GET', `/drivers-statements/${bad.id}/edit`))).trips_selected,
        fuel: [],
        scheduled_payments: [],
        addition: [additionId],
        status: 'Closed',
      }),
    );
    const [w2Load] = await trip({ driverId: d.id, day: '2026-03-10', loads: [{ gross: 2000, loaded: 500 }] });
    const [w3Load] = await trip({ driverId: d.id, day: '2026-03-16', loads: [{ gross: 1500, loaded: 400 }] });
    const carried = `carried:${bad.id}`;
    const [r2, r3] = await Promise.all([
      create(d.id, W2, { trips: [w2Load], additional: [carried] }),
      create(d.id, W3, { trips: [w3Load], additional: [carried] }),
    ]);
    expect([r2.status, r3.status].sort()).toEqual([200, 422]);
    const lost = r2.status === 422 ? r2 : r3;
    expect(lost.body.errors.additional).toEqual([STATEMENT_MSG.lineTaken]);
    const [lines] = await t.database.query<{ n: number }>(
      "select count(*)::int as n from pay_statement_lines where kind = 'driver' and source = 'carried' and source_key = $1",
      [String(bad.id)],
    );
    expect(lines?.n).toBe(1);
    // 80 % of 1,000.00 − 1,250.50 = −450.50, carried once: by W2 (80 % × 2,000 = 1,600.00 − 450.50 = 1,149.50)
    // or by W3 (80 % × 1,500 = 1,200.00 − 450.50 = 749.50); the other, made again without it, pays in full.
    const w2Won = r2.status === 200;
    expect((w2Won ? r2 : r3).body.statement.amount).toBe(w2Won ? 1149.5 : 749.5);
    const again = await ok(
      w2Won
        ? create(d.id, W3, { trips: [w3Load], additional: [] })
        : create(d.id, W2, { trips: [w2Load], additional: [] }),
    );
    expect(again.statement.amount).toBe(w2Won ? 1200 : 1600);
  });

  it('a write-off racing the carry of the same negative statement: one wins, the deficit is counted once', async () => {
    // Three rounds, each its own owner-operator at 80 %: the week W1 is 80 % × 1,000.00 = 800.00 − 1,250.50
    // = −450.50 (Owed by driver). At once: write it off, and make W2 (80 % × 2,000.00 = 1,600.00) carrying it.
    for (const round of [1, 2, 3]) {
      const d = await driver('owner_operator', 'percent', '80');
      await trip({ driverId: d.id, day: '2026-03-03', loads: [{ gross: 1000, loaded: 300 }] });
      const bad = await createPreselected(d.id, W1);
      const ded = await ok(
        api('POST', '/drivers-statements/setAddition', {
          statement_id: bad.id,
          category: 'deduction',
          date: '2026-03-04',
          amount: '1250.50',
          description: `Roadside repair ${round}`,
        }),
      );
      await ok(
        api('PUT', `/drivers-statements/${bad.id}`, {
          trips: (await ok(api('GET', `/drivers-statements/${bad.id}/edit`))).trips_selected,
          fuel: [],
          scheduled_payments: [],
          addition: [ded.statement.lines.find((l: { source: string }) => l.source === 'addition').id],
          status: 'Closed',
        }),
      );
      const [w2Load] = await trip({ driverId: d.id, day: '2026-03-10', loads: [{ gross: 2000, loaded: 500 }] });
      const [off, carry] = await Promise.all([
        api('POST', `/drivers-statements/writeOff/${bad.id}`, { reason: 'Not recoverable.' }),
        create(d.id, W2, { trips: [w2Load], additional: [`carried:${bad.id}`] }),
      ]);
      expect(
        [off.status, carry.status].filter((s) => s === 200),
        `round ${round}`,
      ).toHaveLength(1);
      const [origin] = await t.database.query<{ settlement: string | null; due: string }>(
        'select settlement, amount_cents - paid_cents as due from pay_statements where id = $1',
        [bad.id],
      );
      const [lines] = await t.database.query<{ n: number; cents: string }>(
        `select count(*)::int as n, coalesce(sum(amount_cents), 0) as cents from pay_statement_lines
          where kind = 'driver' and source = 'carried' and source_key = $1`,
        [String(bad.id)],
      );
      const writtenOff = origin?.settlement === 'written_off' ? Number(origin.due) : 0;
      // The −450.50 is either written off or carried, never both and never neither.
      expect(writtenOff + Number(lines?.cents), `round ${round}`).toBe(-45_050);
      if (off.status === 200) {
        expect(carry.status).toBe(422);
        expect(carry.body.errors.additional).toEqual([STATEMENT_MSG.lineTaken]);
        expect([origin?.settlement, lines?.n]).toEqual(['written_off', 0]);
        // W2 made again without it pays the 1,600.00 in full.
        expect((await ok(create(d.id, W2, { trips: [w2Load], additional: [] }))).statement.amount).toBe(1600);
      } else {
        expect(off.status).toBe(412);
        expect([origin?.settlement, lines?.n]).toEqual(['carried', 1]);
        // 1,600.00 − 450.50 = 1,149.50
        expect(carry.body.statement.amount).toBe(1149.5);
      }
    }
  });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'a write-off that commits while a carry waits on its origin wins: the carry is refused, not added as well (PostgreSQL)',
    async () => {
      // W1: 80 % × 1,000.00 = 800.00 − 1,250.50 = −450.50, closed and owed by the driver.
      const d = await driver('owner_operator', 'percent', '80');
      await trip({ driverId: d.id, day: '2026-03-03', loads: [{ gross: 1000, loaded: 300 }] });
      const bad = await createPreselected(d.id, W1);
      const ded = await ok(
        api('POST', '/drivers-statements/setAddition', {
          statement_id: bad.id,
          category: 'deduction',
          date: '2026-03-04',
          amount: '1250.50',
          description: 'Roadside repair',
        }),
      );
      await ok(
        api('PUT', `/drivers-statements/${bad.id}`, {
          trips: (await ok(api('GET', `/drivers-statements/${bad.id}/edit`))).trips_selected,
          fuel: [],
          scheduled_payments: [],
          addition: [ded.statement.lines.find((l: { source: string }) => l.source === 'addition').id],
          status: 'Closed',
        }),
      );
      const [w2Load] = await trip({ driverId: d.id, day: '2026-03-10', loads: [{ gross: 2000, loaded: 500 }] });
      const [{ db } = { db: '' }] = await t.database.query<{ db: string }>('select current_database() as db');
      const other = new pg.Client({ connectionString: withDatabase(String(process.env.DATABASE_URL), db) });
      await other.connect();
      try {
        // Another session holds W1 (as a write-off's command does) while W2 is made carrying W1.
        await other.query('begin');
        await other.query('select id from pay_statements where id = $1 for update', [bad.id]);
        const carrying = create(d.id, W2, { trips: [w2Load], additional: [`carried:${bad.id}`] });
        // The carry has offered and claimed the balance, and waits on W1 to mark it carried.
        for (let i = 0; i < 100; i++) {
          const { rows } = await other.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
          );
          if ((rows[0]?.n ?? 0) > 0) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        await other.query(
          "update pay_statements set settlement = 'written_off', settlement_note = 'Not recoverable.' where id = $1",
          [bad.id],
        );
        await other.query('commit');
        const carry = await carrying;
        expect(carry.status).toBe(422);
        expect(carry.body.errors.additional).toEqual([STATEMENT_MSG.lineTaken]);
      } finally {
        await other.end();
      }
      const [lines] = await t.database.query<{ n: number }>(
        "select count(*)::int as n from pay_statement_lines where kind = 'driver' and source = 'carried' and source_key = $1",
        [String(bad.id)],
      );
      // Written off once (−450.50), carried never: W2 made again pays its 80 % × 2,000.00 = 1,600.00 in full.
      expect(lines?.n).toBe(0);
      expect((await ok(api('GET', `/drivers-statements/${bad.id}/edit`))).statement.paid_status).toBe('Written off');
      expect((await ok(create(d.id, W2, { trips: [w2Load], additional: [] }))).statement.amount).toBe(1600);
    },
  );

  it('a lease ended with escrow held: the card shows advances outstanding and offers the final statement, due within 45 days', async () => {
    const admin = await t.login('admin@backhaul.demo');
    const d = await driver('owner_operator', 'percent', '75');
    await ok(
      api(
        'POST',
        '/escrow-accounts',
        {
          driver_id: d.id,
          target: '500',
          deposit: '300',
          interest_rate: '2',
          opened_on: '2026-01-01',
          closed_on: '',
          note: '',
        },
        admin,
      ),
    );
    const advance = (given_on: string, amount: string, reference: string) =>
      ok(api('POST', '/cash-advances', { driver_id: d.id, given_on, amount, method: 'comcheck', reference }, admin));
    await advance('2026-03-04', '200', 'CC-A');
    await trip({ driverId: d.id, day: '2026-03-02', loads: [{ gross: 2000, loaded: 500 }] });
    await trip({ driverId: d.id, day: '2026-03-09', loads: [{ gross: 1000, loaded: 250 }] });
    // W1: 75 % × 2,000 = 1,500.00 − 200.00 advance − 300.00 deposit = 1,000.00
    expect((await createPreselected(d.id, W1)).amount).toBe(1000);
    // W2: 75 % × 1,000 = 750.00 − min(300, 500 − 300) = 550.00
    expect((await createPreselected(d.id, W2)).amount).toBe(550);
    await advance('2026-03-15', '75.50', 'CC-B');
    const balances = () => ok(api('GET', `/drivers-statements/balances/${d.id}`));
    // Given 200.00 + 75.50 = 275.50; recovered 200.00 on W1 → 75.50 outstanding.
    expect(await balances()).toEqual({
      advances: { given: 275.5, recovered: 200, outstanding: 75.5 },
      escrow: { balance: 500, target: 500, deposit: 300 },
      final_statement: null,
    });
    const card = await ok(api('GET', `/drivers/${d.id}`, undefined, admin));
    await ok(
      api('POST', `/drivers/update/${d.id}`, { ...driverForm(card.driver), terminated_on: '2026-03-16' }, admin),
    );
    // The day after the last statement to the termination; due back by 2026-03-16 + 45 days = 2026-04-30.
    expect((await balances()).final_statement).toEqual({
      terminated_on: '2026-03-16',
      due_by: '2026-04-30',
      date_from: '2026-03-15',
      date_to: '2026-03-16',
      escrow_return: 500,
    });
    const made = await ok(api('POST', `/drivers-statements/final/${d.id}`));
    const s = made.statement;
    expect(s).toMatchObject({
      date_from: '2026-03-15',
      date_to: '2026-03-16',
      status: 'Open',
      final: { ended_on: '2026-03-16', due_by: '2026-04-30' },
      escrow: { balance: 0 },
      advances_outstanding: 0,
    });
    // Made on 2026-03-20, well within the 45 days.
    expect(s.date_to <= s.final.due_by && '2026-03-20' <= s.final.due_by).toBe(true);
    expect(
      s.lines.map((l: { kind: string; source: string; type: string; amount: number }) => [
        l.kind,
        l.source,
        l.type,
        l.amount,
      ]),
    ).toEqual([
      ['addition', 'advance', 'Advance recovered', -75.5],
      ['addition', 'escrow', 'Escrow interest', 2.05],
      ['addition', 'escrow', 'Escrow return', 500],
    ]);
    expect(s.lines[2].description).toBe(
      "Escrow return: the balance held at the lease's end (2026-03-16), due by 2026-04-30",
    );
    // $500.00 × 2 % × 75 days (2026-01-01 … 03-16) / 365 = 2.0548 → 2.05; 500.00 + 2.05 − 75.50 = 426.55
    expect(s.amount).toBe(426.55);
    expect(await balances()).toMatchObject({
      advances: { outstanding: 0 },
      escrow: { balance: 0 },
      final_statement: null,
    });
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/drivers-statements/${s.id}/pdf`,
      headers: t.bearer(token),
    });
    expect(await pdfText(pdf.rawPayload)).toMatch(
      /Final statement:?\s+Lease ended 2026-03-16; escrow returned, due by 2026-04-30/,
    );
    const twice = await api('POST', `/drivers-statements/final/${d.id}`);
    expect(twice.status).toBe(422);
    expect(twice.body.errors.driver_id).toEqual([STATEMENT_MSG.noFinal]);
  });

  it('refuses bad periods, unknown drivers, other sections and other companies', async () => {
    const wrong = await api('POST', '/drivers-statements/create', {
      driver_id: 1,
      date_from: '2026-03-07',
      date_to: '2026-03-01',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.date_to).toEqual([STATEMENT_MSG.periodOrder]);
    const missing = await api('POST', '/drivers-statements/create', { driver_id: 999999, ...W1 });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.driver_id).toEqual([STATEMENT_MSG.noDriver]);
    const dispatcher = await t.login('dispatcher@backhaul.demo');
    expect((await api('POST', '/drivers-statements/list', {}, dispatcher)).status).toBe(403);
    const view = [
      { section: SECTION.DriverStatements, action: 0 },
      { section: SECTION.DriverStatements, action: ACTION.VIEW },
    ];
    const viewer = await f.user(view);
    expect((await api('POST', '/drivers-statements/list', {}, viewer.token)).status).toBe(200);
    expect(
      (await api('POST', '/drivers-statements/setPay/1', { amount: 1, date: '2026-03-01' }, viewer.token)).status,
    ).toBe(403);
    expect((await api('POST', '/drivers-statements/writeOff/1', { reason: 'x' }, viewer.token)).status).toBe(403);
    // The PDF: whoever may open the statement (edit or view), no one else.
    const pdfOf = async (as: string, id = 1) =>
      (await t.app.inject({ method: 'GET', url: `/api/drivers-statements/${id}/pdf`, headers: t.bearer(as) }))
        .statusCode;
    expect(await pdfOf(dispatcher)).toBe(403);
    const stranger = await f.user(view, { companyId: await f.company() });
    const theirs = await api('POST', '/drivers-statements/list', {}, stranger.token);
    expect(theirs.status).toBe(200);
    expect(theirs.body.total).toBe(0);
    // Another company's statement is not found, its PDF neither.
    const [ours] = await t.database.query<{ id: number }>(
      "select id from pay_statements where kind = 'driver' and company_id = 1 order by id limit 1",
    );
    expect(await pdfOf(viewer.token, ours?.id)).toBe(200);
    expect(await pdfOf(stranger.token, ours?.id)).toBe(404);
  });
});

/** The driver's card as its form, to save it with one field changed. */
// biome-ignore lint/suspicious/noExplicitAny: the card's fields, copied as they are
function driverForm(card: Record<string, any>) {
  return {
    driver: card.driver,
    phone: card.phone ?? '',
    phone2: card.phone2 ?? '',
    email: card.email ?? '',
    driver_type: card.driver_type,
    safety: card.safety,
    service: card.service ?? '',
    eld_name: card.eld_name ?? '',
    customer_id: card.customer_id,
    truck_id: card.truck_id,
    trailer_id: card.trailer_id,
    trailer_type_id: card.trailer_type_id,
    amount: card.amount,
    payment_type: card.payment_type,
    cdl_number: card.cdl_number ?? '',
    cdl_expires_on: card.cdl_expires_on ?? '',
    medical_card_expires_on: card.medical_card_expires_on ?? '',
    hired_on: card.hired_on ?? '',
    terminated_on: card.terminated_on ?? '',
    active: card.active,
  };
}
