import { ACTION, SECTION } from '@backhaul/shared';
import { IFTA_MSG, inProgressNotice } from '@backhaul/shared/modules/ifta/ifta.contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { pdfText } from '../../../test/pdf-text';
import { freezeClock, thawClock } from '../../platform/clock';
import { resolvePlace } from '../mileage';
import { wholeMiles } from './ifta.miles';
import { IFTA_RATE_QUARTERS, IFTA_RATES } from './ifta.rates';
import { computeIfta } from './ifta.service';

describe('wholeMiles (a record’s jurisdictions add up to its rounded total)', () => {
  it('shares the whole miles out by largest remainder', () => {
    // Dallas → Atlanta as routed: 790.621 mi → 791. Floors 172 + 189 + 154 + 214 + 58 = 787; the 4
    // left go to the largest fractions: TX .9465, LA .9, AL .7, GA .5745 (MS .5 gets none).
    expect(wholeMiles({ TX: 172.9465, LA: 189.9, MS: 154.5, AL: 214.7, GA: 58.5745 })).toEqual({
      TX: 173,
      LA: 190,
      MS: 154,
      AL: 215,
      GA: 59,
    });
    // 10.4 mi → 10: a sliver of DC that no remainder reaches is no jurisdiction of the record; at
    // 10.5 → 11 the larger fraction (DC .3 over VA .2) takes the mile left.
    expect(wholeMiles({ VA: 10.2, DC: 0.2 })).toEqual({ VA: 10 });
    expect(wholeMiles({ VA: 10.2, DC: 0.3 })).toEqual({ VA: 10, DC: 1 });
    expect(wholeMiles({})).toEqual({});
  });
});

describe('computeIfta (the return maths)', () => {
  it('rounds MPG to 2 decimals, taxes or credits each jurisdiction, never DC, and adds the surcharge line', () => {
    const r = computeIfta({
      miles: { TX: 1000, OK: 300, DC: 10, IN: 90 },
      gallonsMilli: new Map([
        ['TX', 150_000],
        ['AR', 50_000],
        ['DC', 5_000],
      ]),
      ratesE4: new Map([
        ['TX', 2000],
        ['AR', 2850],
        ['DC', 3500],
        ['IN', 6100],
      ]),
      surchargesE4: new Map([['IN', 1000]]),
    });
    // 1,400 mi ÷ 205 gal = 6.829 → 6.83 MPG. TX 1,000 ÷ 6.83 = 146.413, − 150 = −3.587 × $0.20 = −$0.72.
    // IN 90 ÷ 6.83 = 13.177 gal × $0.61 = $8.04, and its surcharge line 13.177 × $0.10 = $1.32 (no
    // tax-paid credit). DC: 10 miles in the MPG, never taxed, its 5 gallons credited nowhere.
    expect(r.mpgE2).toBe(683);
    expect(r.rows).toEqual([
      row('AR', { paid: 50_000, net: -50_000, rateE4: 2850, taxCents: -1425 }),
      { ...row('DC', { miles: 10 }), ifta: false, taxableMiles: 0 },
      row('IN', { miles: 90, taxable: 13_177, net: 13_177, rateE4: 6100, taxCents: 804 }),
      { ...row('IN', { taxable: 13_177, net: 13_177, rateE4: 1000, taxCents: 132 }), line: 'surcharge' },
      row('OK', { miles: 300, taxable: 43_924, net: 43_924 }),
      row('TX', { miles: 1000, taxable: 146_413, paid: 150_000, net: -3587, rateE4: 2000, taxCents: -72 }),
    ]);
    expect(computeIfta({ miles: { TX: 10 }, gallonsMilli: new Map(), ratesE4: new Map() }).mpgE2).toBe(0);
  });
});

function row(state: string, o: Partial<Record<'miles' | 'taxable' | 'paid' | 'net' | 'rateE4' | 'taxCents', number>>) {
  const miles = o.miles ?? 0;
  return {
    state,
    line: 'tax',
    ifta: true,
    miles,
    taxableMiles: miles,
    taxable: o.taxable ?? 0,
    paid: o.paid ?? 0,
    net: o.net ?? 0,
    rateE4: o.rateE4 ?? 0,
    taxCents: o.taxCents ?? 0,
  };
}

describe('the seeded IFTA rates (iftach.org matrix)', () => {
  it('has every jurisdiction of every quarter from 2025-Q1, surcharges for Indiana and Kentucky, never DC', () => {
    expect(IFTA_RATE_QUARTERS.slice(0, 7)).toEqual([
      '2025-Q1',
      '2025-Q2',
      '2025-Q3',
      '2025-Q4',
      '2026-Q1',
      '2026-Q2',
      '2026-Q3',
    ]);
    for (const quarter of IFTA_RATE_QUARTERS) {
      const rates = IFTA_RATES(quarter);
      expect(Object.keys(rates)).toHaveLength(58);
      expect(rates.DC).toBeUndefined();
      expect(rates.IN?.surcharge ?? 0).toBeGreaterThanOrEqual(0);
    }
  });
});

let t: TestContext;
let token: string;
let admin: string;
let f: ReturnType<typeof factories>;

const api = async (method: 'GET' | 'POST', url: string, payload?: object, as = token) => {
  const res = await t.app.inject({ method, url: `/api${url}`, headers: t.bearer(as), ...(payload ? { payload } : {}) });
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field below
  return { status: res.statusCode, body: res.json() as Record<string, any> };
};

const QUARTER = '2026-Q2';
/** The clock of the closed-quarter tests: 2026-Q2 is over, 2026-Q3 under way. */
const NOW = '2026-07-10T17:00:00Z';

/** A city at the router's own centre of it (resolvePlace), so the legs are the routed ones below. */
const city = async (name: string, state: string) => {
  const at = resolvePlace({ city: name, state });
  if ('unknown' in at) throw new Error(`${name}, ${state} is not in the zip data`);
  const [found] = await t.database.query<{ id: number }>(
    `insert into cities (city, state, zip_codes, latitude, longitude) values ($1, $2, '', $3, $4)
     on conflict (state, city) do update set latitude = excluded.latitude, longitude = excluded.longitude
     returning id`,
    [name, state, at.lat, at.lon],
  );
  return found?.id as number;
};

type Stop = [type: 1 | 2, city: string, state: string, at: string];
/** A truck with its driver, and a trip of these loads (each a list of stops) on it. */
async function truckWithTrip(prefix: string, loads: Stop[][]) {
  const truckId = (await f.truck({ truck_number: f.unique(prefix).slice(-12) })).id;
  const driverId = (await f.driver({ driver: f.unique(`${prefix} Driver`), truck_id: truckId })).id;
  const dispatcherId = (
    await t.database.query<{ id: number }>("select id from users where email = 'admin@backhaul.demo'")
  )[0]?.id;
  const trip = {
    customer_id: (await f.customer()).id,
    dispatcher_id: dispatcherId,
    truck_id: truckId,
    driver_id: driverId,
    loads: await Promise.all(
      loads.map(async (stops) => ({
        gross: 1000,
        stops: await Promise.all(
          stops.map(async ([type, name, state, at]) => ({
            type,
            city_id: await city(name, state),
            city: name,
            state,
            at,
          })),
        ),
      })),
    ),
  };
  const saved = await api('POST', '/trips/update/0', trip, admin);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { truckId, driverId };
}

const fuel = (
  truck: { truckId: number; driverId: number },
  o: { state: string; gallons: number; product?: string; item?: string; date?: string; status?: string },
) =>
  api('POST', '/fuel', {
    card: '99001',
    fuel_date: o.date ?? '2026-05-06',
    invoice: f.unique('IFTA-INV'),
    driver_id: truck.driverId,
    truck_id: truck.truckId,
    state: o.state,
    item: o.item ?? 'ULSD',
    product: o.product ?? 'diesel',
    gallons: o.gallons,
    amount: 100,
    status: o.status ?? 'Active',
  });

const workbook = async (payload: unknown) => {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(payload as ArrayBuffer);
  return wb;
};
const values = (sheet: ExcelJS.Worksheet | undefined, n: number) =>
  (sheet?.getRow(n).values as unknown[] | undefined)?.slice(1) ?? [];

let truckA: { truckId: number; driverId: number };
let truckB: { truckId: number; driverId: number };

describe('IFTA return (integration)', () => {
  beforeAll(async () => {
    freezeClock(NOW);
    t = await createTestApp();
    token = await t.login('accountant@backhaul.demo');
    admin = await t.login('admin@backhaul.demo');
    f = factories(t);
    // Truck A, its first loads ever: Dallas → Atlanta (5 May), then Birmingham → Dallas (7–8 May):
    // the empty leg Atlanta → Birmingham lies between them.
    truckA = await truckWithTrip('IFTA A', [
      [
        [1, 'Dallas', 'TX', '2026-05-04 08:00'],
        [2, 'Atlanta', 'GA', '2026-05-05 16:00'],
      ],
      [
        [1, 'Birmingham', 'AL', '2026-05-07 08:00'],
        [2, 'Dallas', 'TX', '2026-05-08 18:00'],
      ],
    ]);
    // Truck B: Richmond → Washington DC.
    truckB = await truckWithTrip('IFTA B', [
      [
        [1, 'Richmond', 'VA', '2026-05-12 08:00'],
        [2, 'Washington', 'DC', '2026-05-12 12:00'],
      ],
    ]);
    // Truck A's fuel: diesel 100 gal in TX and 80.5 in AL; DEF (10 gal) and reefer fuel (25 gal) too;
    // a canceled row and another quarter's don't count. Truck B: 20 gal of diesel in VA.
    for (const row of [
      { state: 'TX', gallons: 100 },
      { state: 'AL', gallons: 80.5, date: '2026-05-07' },
      { state: 'GA', gallons: 10, product: 'DEF', item: 'DEF' },
      { state: 'LA', gallons: 25, product: 'reefer', item: 'RFR' },
      { state: 'TX', gallons: 500, date: '2026-07-01' },
      { state: 'TX', gallons: 500, date: '2026-05-20', status: 'Canceled' },
    ])
      expect((await fuel(truckA, row)).status).toBe(200);
    expect((await fuel(truckB, { state: 'VA', gallons: 20 })).status).toBe(200);
    // The quarter's rates for the test (over the seeded ones): DC's is never used.
    const rates = await api(
      'POST',
      '/ifta/rates',
      {
        quarter: QUARTER,
        rates: [
          { state: 'AL', dollars_per_gallon: 0.3 },
          { state: 'GA', dollars_per_gallon: '0.35' },
          { state: 'LA', dollars_per_gallon: 0.2 },
          { state: 'MS', dollars_per_gallon: 0.18 },
          { state: 'TX', dollars_per_gallon: 0.2 },
          { state: 'VA', dollars_per_gallon: 0.3 },
          { state: 'DC', dollars_per_gallon: 0.35 },
        ],
      },
      admin,
    );
    expect(rates.status, JSON.stringify(rates.body)).toBe(200);
  });
  afterAll(async () => {
    thawClock();
    await t?.close();
  });

  it('routes Dallas → Atlanta through Louisiana, not Arkansas, and counts the empty leg between two loads', async () => {
    const res = await api('POST', '/ifta/report', { quarter: QUARTER, truck_id: truckA.truckId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Whole miles per record (largest remainder on the record's rounded total):
    //   Dallas → Atlanta (I-45, I-20): TX 173, LA 190, MS 154, AL 215, GA 59 = 791;
    //   empty Atlanta → Birmingham (I-20): GA 58.5745 → 58, AL 91.6184 → 92 = 150;
    //   Birmingham → Dallas (I-20, I-45): AL 123, MS 155, LA 190, TX 173 = 641 (640.576).
    // Truck: AL 430, GA 117, LA 380, MS 309, TX 346 = 1,582 on 180.5 gal of diesel (DEF and reefer
    // fuel apart): 8.7645 → 8.76 MPG. Taxable gallons = miles ÷ 8.76 to the thousandth:
    //   AL 49.087 − 80.5 = −31.413 × $0.30 = −$9.42;  GA 13.356 × $0.35 = $4.67 (4.6746);
    //   LA 43.379 × $0.20 = $8.68 (8.6758);  MS 35.274 × $0.18 = $6.35 (6.3493);
    //   TX 39.498 − 100 = −60.502 × $0.20 = −$12.10. Total −$1.82.
    const line = (state: string, o: Record<string, number>) => ({
      state,
      line: 'tax',
      ifta: true,
      total_miles: o.miles,
      taxable_miles: o.miles,
      taxable_gallons: o.taxable,
      tax_paid_gallons: o.paid ?? 0,
      net_taxable_gallons: o.net,
      tax_rate: o.rate,
      tax_due: o.due,
    });
    expect(res.body.rows).toEqual([
      line('AL', { miles: 430, taxable: 49.087, paid: 80.5, net: -31.413, rate: 0.3, due: -9.42 }),
      line('GA', { miles: 117, taxable: 13.356, net: 13.356, rate: 0.35, due: 4.67 }),
      line('LA', { miles: 380, taxable: 43.379, net: 43.379, rate: 0.2, due: 8.68 }),
      line('MS', { miles: 309, taxable: 35.274, net: 35.274, rate: 0.18, due: 6.35 }),
      line('TX', { miles: 346, taxable: 39.498, paid: 100, net: -60.502, rate: 0.2, due: -12.1 }),
    ]);
    expect(res.body.rows.some((r: { state: string }) => r.state === 'AR')).toBe(false);
    expect(res.body).toMatchObject({
      totals: {
        total_miles: 1582,
        taxable_miles: 1582,
        taxable_gallons: 180.594,
        tax_paid_gallons: 180.5,
        net_taxable_gallons: 0.094,
        tax_due: -1.82,
      },
      total_gallons: 180.5,
      fleet_mpg: 8.76,
      loaded_miles: 1432,
      empty_miles: 150,
      // The truck's first load has no delivery before it and the truck no home terminal.
      empty_legs_without_start: 1,
      skipped_legs: 0,
      missing_rates: [],
      in_progress: false,
      delivered_by: '2026-06-30',
      notice: null,
      reefer: { gallons: 25, rows: [{ state: 'LA', gallons: 25 }] },
      excluded_gallons: { def: 10, other: 0 },
      trucks: [
        {
          truck_id: truckA.truckId,
          loaded_miles: 1432,
          empty_miles: 150,
          routed_miles: 1582,
          eld_miles: null,
          source: 'routed',
          difference: null,
        },
      ],
    });
    expect(res.body.provider).toMatch(/^offline@/);
  });

  it('lists DC miles as non-IFTA: in the MPG, never taxed', async () => {
    const res = await api('POST', '/ifta/report', { quarter: QUARTER, truck_id: truckB.truckId });
    // Richmond → Washington (I-95): VA 102.9999, DC 8.4716 = 111.4715 → 111: VA 103, DC 8.
    // 111 mi ÷ 20 gal = 5.55 MPG. VA 103 ÷ 5.55 = 18.559 − 20 = −1.441 × $0.30 = −$0.43. DC: nothing.
    expect(res.body.rows).toEqual([
      {
        state: 'DC',
        line: 'tax',
        ifta: false,
        total_miles: 8,
        taxable_miles: 0,
        taxable_gallons: 0,
        tax_paid_gallons: 0,
        net_taxable_gallons: 0,
        tax_rate: 0,
        tax_due: 0,
      },
      {
        state: 'VA',
        line: 'tax',
        ifta: true,
        total_miles: 103,
        taxable_miles: 103,
        taxable_gallons: 18.559,
        tax_paid_gallons: 20,
        net_taxable_gallons: -1.441,
        tax_rate: 0.3,
        tax_due: -0.43,
      },
    ]);
    expect(res.body).toMatchObject({
      fleet_mpg: 5.55,
      totals: { total_miles: 111, taxable_miles: 103, tax_due: -0.43 },
    });
  });

  it('counts only what is delivered and flags the quarter in progress', async () => {
    // 18 Nov 2026, in 2026-Q4: Dallas → Oklahoma City delivered on the 16th, the way back planned for the 25th.
    freezeClock('2026-11-18T18:00:00Z');
    try {
      const truckC = await truckWithTrip('IFTA C', [
        [
          [1, 'Dallas', 'TX', '2026-11-16 06:00'],
          [2, 'Oklahoma City', 'OK', '2026-11-16 11:00'],
        ],
        [
          [1, 'Oklahoma City', 'OK', '2026-11-24 08:00'],
          [2, 'Dallas', 'TX', '2026-11-25 13:00'],
        ],
      ]);
      const res = await api('POST', '/ifta/report', { quarter: '2026-Q4', truck_id: truckC.truckId });
      expect(res.status).toBe(200);
      // Dallas → Oklahoma City (I-35): TX 77.7221, OK 129.9014 = 207.6235 → 208: TX 78, OK 130. The
      // planned load adds nothing, not even its empty leg.
      expect(res.body.rows.map((r: { state: string; total_miles: number }) => [r.state, r.total_miles])).toEqual([
        ['OK', 130],
        ['TX', 78],
      ]);
      expect(res.body).toMatchObject({
        in_progress: true,
        delivered_by: '2026-11-18',
        notice: inProgressNotice('2026-11-18'),
        loaded_miles: 208,
        empty_miles: 0,
      });
      expect(inProgressNotice('2026-11-18')).toBe('In progress: loads delivered by 2026-11-18.');
    } finally {
      freezeClock(NOW);
    }
  });

  it('takes a truck’s ELD jurisdiction miles where it has them, beside its routed miles', async () => {
    const truckE = await truckWithTrip('IFTA E', [
      [
        [1, 'Dallas', 'TX', '2026-06-01 06:00'],
        [2, 'Oklahoma City', 'OK', '2026-06-01 11:00'],
      ],
    ]);
    const [company] = await t.database.query<{ company_id: number }>('select company_id from trucks where id = $1', [
      truckE.truckId,
    ]);
    // The ELD's days (miles to the tenth): TX 40.2 + 40.2, OK 131.2 — and a day of July, not in Q2.
    for (const [day, jurisdiction, tenths] of [
      ['2026-06-01', 'TX', 402],
      ['2026-06-02', 'TX', 402],
      ['2026-06-01', 'OK', 1312],
      ['2026-07-02', 'OK', 5000],
    ] as const)
      await t.database.query(
        'insert into eld_jurisdiction_miles (company_id, truck_id, day, jurisdiction, miles_tenths) values ($1, $2, $3, $4, $5)',
        [company?.company_id, truckE.truckId, day, jurisdiction, tenths],
      );
    const res = await api('POST', '/ifta/report', { quarter: QUARTER, truck_id: truckE.truckId });
    // ELD: TX 80.4, OK 131.2 = 211.6 → 212: TX 81 (the larger fraction), OK 131. Routed (I-35):
    // TX 78, OK 130 = 208. The return takes the ELD's; the difference is +4.
    expect(res.body.rows.map((r: { state: string; total_miles: number }) => [r.state, r.total_miles])).toEqual([
      ['OK', 131],
      ['TX', 81],
    ]);
    expect(res.body.trucks).toEqual([
      {
        truck_id: truckE.truckId,
        truck_number: expect.any(String),
        loaded_miles: 208,
        empty_miles: 0,
        routed_miles: 208,
        eld_miles: 212,
        source: 'eld',
        difference: 4,
      },
    ]);
    // The audit file holds the ELD's record for the truck, equal to the return.
    const answer = await api('POST', '/ifta/audit/export', {
      quarter: QUARTER,
      truck_id: truckE.truckId,
      fileType: 'xlsx',
    });
    const file = await t.app.inject({ method: 'GET', url: answer.body.link, headers: t.bearer(token) });
    const sheet = (await workbook(file.rawPayload)).getWorksheet('Distance records');
    const head = values(sheet, 1) as string[];
    const only = values(sheet, 2);
    expect([only[head.indexOf('Kind')], only[head.indexOf('OK')], only[head.indexOf('TX')]]).toEqual(['ELD', 131, 81]);
    expect(values(sheet, 3)[0]).toBe('Total');
  });

  it('reads a load’s stops again once its trip is saved with other stops', async () => {
    const truckG = await truckWithTrip('IFTA G', [
      [
        [1, 'Dallas', 'TX', '2026-06-08 06:00'],
        [2, 'Oklahoma City', 'OK', '2026-06-08 11:00'],
      ],
    ]);
    const miles = async () =>
      Object.fromEntries(
        (await api('POST', '/ifta/report', { quarter: QUARTER, truck_id: truckG.truckId })).body.rows.map(
          (r: { state: string; total_miles: number }) => [r.state, r.total_miles],
        ),
      );
    expect(await miles()).toEqual({ OK: 130, TX: 78 });
    // The same load now goes to Atlanta: Dallas → Atlanta's miles (TX 173, LA 190, MS 154, AL 215, GA 59).
    const [load] = await t.database.query<{ id: number; trip_id: number; customer_id: number; dispatcher_id: number }>(
      'select id, trip_id, customer_id, dispatcher_id from loads where truck_id = $1',
      [truckG.truckId],
    );
    const saved = await api(
      'POST',
      `/trips/update/${load?.trip_id}`,
      {
        customer_id: load?.customer_id,
        dispatcher_id: load?.dispatcher_id,
        truck_id: truckG.truckId,
        driver_id: truckG.driverId,
        loads: [
          {
            load_id: load?.id,
            gross: 1000,
            stops: [
              { type: 1, city_id: await city('Dallas', 'TX'), city: 'Dallas', state: 'TX', at: '2026-06-08 06:00' },
              { type: 2, city_id: await city('Atlanta', 'GA'), city: 'Atlanta', state: 'GA', at: '2026-06-09 11:00' },
            ],
          },
        ],
      },
      admin,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await miles()).toEqual({ AL: 215, GA: 59, LA: 190, MS: 154, TX: 173 });
  });

  it('refuses a malformed quarter and one that has not started, naming the field', async () => {
    for (const quarter of ['2026-Q5', 'Q2-2026', '', '2026Q1']) {
      const bad = await api('POST', '/ifta/report', { quarter });
      expect(bad.status).toBe(422);
      expect(bad.body.errors.quarter).toEqual([IFTA_MSG.quarter]);
    }
    const future = await api('POST', '/ifta/report', { quarter: '2026-Q4' });
    expect(future.status).toBe(422);
    expect(future.body.errors.quarter).toEqual([IFTA_MSG.future]);
    const current = await api('POST', '/ifta/report', { quarter: '2026-Q3', truck_id: truckA.truckId });
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ in_progress: true, delivered_by: '2026-07-10' });
    const badTruck = await api('POST', '/ifta/report', { quarter: QUARTER, truck_id: 'x' });
    expect(badTruck.status).toBe(422);
    expect(Object.keys(badTruck.body.errors)).toEqual(['truck_id']);
  });

  /** An export answers a download link; the file comes from following it, as the browser does. */
  const exported = async (url: string, fileType: 'xlsx' | 'pdf', truckId: number, name: string) => {
    const answer = await api('POST', url, { quarter: QUARTER, truck_id: truckId, fileType });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: answer.body.link, headers: t.bearer(token) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(`${name}-${QUARTER}-truck-${truckId}.${fileType}`);
    return file;
  };

  it('exports the return as XLSX (numbers, the return’s precision, totals) and PDF', async () => {
    const wb = await workbook((await exported('/ifta/report/export', 'xlsx', truckA.truckId, 'ifta')).rawPayload);
    const sheet = wb.getWorksheet(`IFTA ${QUARTER}`);
    expect(values(sheet, 1)).toEqual([
      'Jurisdiction',
      'Total miles',
      'Taxable miles',
      'Taxable gallons',
      'Tax-paid gallons',
      'Net taxable gallons',
      'Tax rate ($/gal)',
      'Tax due (credit)',
    ]);
    expect(values(sheet, 2)).toEqual(['AL', 430, 430, 49.087, 80.5, -31.413, 0.3, -9.42]);
    expect(sheet?.getRow(2).getCell(4).numFmt).toBe('#,##0.000');
    // The rate in $/gal to 4 decimals, as the screen and the PDF write it (never ¢/gal).
    expect(sheet?.getRow(2).getCell(7).numFmt).toBe('"$"#,##0.0000');
    const totals = values(sheet, 7);
    expect(totals[0]).toBe('Total');
    expect(totals[1]).toMatchObject({ formula: 'SUM(B2:B6)', result: 1582 });
    expect(totals[7]).toMatchObject({ formula: 'SUM(H2:H6)', result: -1.82 });
    expect(wb.getWorksheet('Trucks')?.getRow(2).getCell(4).value).toBe(1582);

    const pdf = await exported('/ifta/report/export', 'pdf', truckA.truckId, 'ifta');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`IFTA quarterly return ${QUARTER}`);
    expect(text).toContain('8.76');
    expect(text).toContain('49.087');
    expect(text).toContain('$0.3500');
    expect(text).toContain('-$12.10');
    expect(text).toContain('1,582 mi');

    const wrong = await api('POST', '/ifta/report/export', { quarter: QUARTER, fileType: 'csv' });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors)).toEqual(['fileType']);
  });

  it('writes the audit file: each trip’s distance record and the fuel receipts, totals equal to the return', async () => {
    const report = (await api('POST', '/ifta/report', { quarter: QUARTER, truck_id: truckA.truckId })).body;
    const wb = await workbook((await exported('/ifta/audit/export', 'xlsx', truckA.truckId, 'ifta-audit')).rawPayload);
    const records = wb.getWorksheet('Distance records');
    const head = values(records, 1) as string[];
    const at = (title: string) => head.indexOf(title);
    expect(head.slice(0, 12)).toEqual([
      'Truck',
      'Trip',
      'Load',
      'Kind',
      'Start',
      'End',
      'Origin',
      'Destination',
      'Route',
      'Odometer start',
      'Odometer end',
      'Miles',
    ]);
    expect(head.slice(12)).toEqual(['AL', 'GA', 'LA', 'MS', 'TX']);
    const rows = [2, 3, 4].map((n) => values(records, n));
    expect(rows.map((r) => [r[at('Kind')], r[at('Origin')], r[at('Destination')], r[at('Miles')]])).toEqual([
      ['Loaded', 'Dallas, TX', 'Atlanta, GA', 791],
      ['Empty', 'Atlanta, GA', 'Birmingham, AL', 150],
      ['Loaded', 'Birmingham, AL', 'Dallas, TX', 641],
    ]);
    expect(rows[0]?.[at('Route')]).toBe('I-45, I-20, I-59, I-20');
    expect(rows[0]?.[at('Start')]).toBe('2026-05-04 08:00');
    expect(rows[0]?.[at('End')]).toBe('2026-05-05 16:00');
    expect(rows[1]?.[at('Start')]).toBe('2026-05-05 16:00');
    expect(rows[1]?.[at('AL')]).toBe(92);
    // Odometers are blank until the truck has readings (the eld module).
    expect(rows[0]?.[at('Odometer start')]).toBeUndefined();
    // The totals row is the return, to the mile.
    const total = values(records, 5);
    for (const r of report.rows as Array<{ state: string; total_miles: number }>)
      expect((total[at(r.state)] as { result: number }).result).toBe(r.total_miles);
    expect((total[at('Miles')] as { result: number }).result).toBe(report.totals.total_miles);

    const receipts = wb.getWorksheet('Fuel receipts');
    expect(values(receipts, 1)).toEqual([
      'Date',
      'Truck',
      'Invoice',
      'Location',
      'City',
      'Jurisdiction',
      'Product',
      'Gallons',
      'Amount',
    ]);
    // The quarter's four receipts (the canceled one and 1 July's are not in it), with their product.
    const products = [2, 3, 4, 5].map((n) => values(receipts, n)).map((r) => [r[5], r[6], r[7]]);
    expect(products).toEqual([
      ['TX', 'diesel', 100],
      ['GA', 'DEF', 10],
      ['LA', 'reefer', 25],
      ['AL', 'diesel', 80.5],
    ]);
    expect((values(receipts, 6)[7] as { result: number }).result).toBe(215.5);
    // Per jurisdiction the records' miles and the receipts' motor fuel are the return's, to the mile
    // and the gallon.
    const totals = wb.getWorksheet('Totals');
    const byState = new Map(
      [2, 3, 4, 5, 6].map((n) => values(totals, n)).map((r) => [r[0] as string, [r[1], r[2], r[3]]]),
    );
    for (const r of report.rows as Array<{ state: string; total_miles: number; tax_paid_gallons: number }>)
      expect(byState.get(r.state)?.slice(0, 2)).toEqual([r.total_miles, r.tax_paid_gallons]);
    expect(byState.get('LA')?.[2]).toBe(25);
    expect((values(totals, 7)[2] as { result: number }).result).toBe(report.total_gallons);

    const file = await exported('/ifta/audit/export', 'pdf', truckA.truckId, 'ifta-audit');
    const pdf = (await pdfText(file.rawPayload)).replace(/\s+/g, ' ');
    expect(pdf).toContain(`IFTA audit file ${QUARTER}`);
    expect(pdf).toContain('Dallas, TX / Atlanta, GA');
    expect(pdf).toContain('AL 215, GA 59, LA 190, MS 154, TX 173');
    expect(pdf).toContain('I-45, I-20, I-59, I-20');
    expect(pdf).toContain('180.500');
  });

  it('gives each record its odometer start and end once the truck has a reading before the quarter', async () => {
    // Truck A reads 100,000 mi the day before 2026-Q2 and delivers nothing before its first load, so
    // its odometer as the quarter begins is 100,000; each record adds its miles:
    // loaded 791 → 100,791; empty 150 → 100,941; loaded 641 → 101,582.
    const reading = await api(
      'POST',
      '/eld/odometer-readings',
      { truck_id: truckA.truckId, read_at: '2026-03-31 12:00', odometer: 100_000 },
      admin,
    );
    expect(reading.status).toBe(200);
    const wb = await workbook((await exported('/ifta/audit/export', 'xlsx', truckA.truckId, 'ifta-audit')).rawPayload);
    const records = wb.getWorksheet('Distance records');
    const head = values(records, 1) as string[];
    const rows = [2, 3, 4].map((n) => values(records, n));
    expect(rows.map((r) => [r[head.indexOf('Odometer start')], r[head.indexOf('Odometer end')]])).toEqual([
      [100_000, 100_791],
      [100_791, 100_941],
      [100_941, 101_582],
    ]);
    const pdf = (
      await pdfText((await exported('/ifta/audit/export', 'pdf', truckA.truckId, 'ifta-audit')).rawPayload)
    ).replace(/\s+/g, ' ');
    expect(pdf).toContain('100,791 / 100,941');
    await t.database.query(`delete from odometer_readings where truck_id = ${truckA.truckId}`);
  });

  it('saves rates and surcharges per quarter (audited), reads them back and refuses bad ones', async () => {
    const saved = await api(
      'POST',
      '/ifta/rates',
      { quarter: '2024-Q1', rates: [{ state: 'IN', dollars_per_gallon: 0.55, surcharge_per_gallon: 0.21 }] },
      admin,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(IFTA_MSG.ratesSaved);
    expect(saved.body.rates).toEqual([{ state: 'IN', dollars_per_gallon: 0.55, surcharge_per_gallon: 0.21 }]);
    // A rate without a surcharge keeps the saved surcharge.
    const again = await api(
      'POST',
      '/ifta/rates',
      { quarter: '2024-Q1', rates: [{ state: 'IN', dollars_per_gallon: 0.56 }] },
      admin,
    );
    expect(again.body.rates).toEqual([{ state: 'IN', dollars_per_gallon: 0.56, surcharge_per_gallon: 0.21 }]);
    const audit = await t.database.query<{ before: Record<string, number>; after: Record<string, number> }>(
      "select before, after from audit_log where entity = 'ifta_rates' and entity_id = '2024-Q1' order by id",
    );
    expect(audit.map((a) => a.after)).toEqual([{ IN: 5500, 'IN surcharge': 2100 }, { IN: 5600 }]);
    expect(audit[1]?.before).toEqual({ IN: 5500 });
    expect((await api('GET', '/ifta/rates?quarter=2024-Q2')).body.rates).toEqual([]);

    const bad = await api(
      'POST',
      '/ifta/rates',
      {
        quarter: QUARTER,
        rates: [
          { state: 'Texas', dollars_per_gallon: 0.2 },
          { state: 'OK', dollars_per_gallon: 0.12345 },
          { state: 'NM', dollars_per_gallon: -1 },
          { state: 'KY', dollars_per_gallon: 0.3, surcharge_per_gallon: 'x' },
        ],
      },
      admin,
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      'rates.0.state': [IFTA_MSG.state],
      'rates.1.dollars_per_gallon': [IFTA_MSG.rate],
      'rates.2.dollars_per_gallon': [IFTA_MSG.rate],
      'rates.3.surcharge_per_gallon': [IFTA_MSG.rate],
    });
    const twice = {
      quarter: QUARTER,
      rates: [
        { state: 'OK', dollars_per_gallon: 0.2 },
        { state: 'ok', dollars_per_gallon: 0.3 },
      ],
    };
    const dup = await api('POST', '/ifta/rates', twice, admin);
    expect(dup.status).toBe(422);
    expect(dup.body.errors).toEqual({ 'rates.1.state': [IFTA_MSG.stateTwice] });
    expect((await api('GET', '/ifta/rates?quarter=2026-13')).status).toBe(422);
  });

  it('seeds the matrix rates of 2025-Q1 to 2026-Q3 for the demo company', async () => {
    const q = await api('GET', '/ifta/rates?quarter=2026-Q1');
    const seeded = IFTA_RATES('2026-Q1');
    expect(q.body.rates).toHaveLength(58);
    expect(q.body.rates.find((r: { state: string }) => r.state === 'PA')).toEqual({
      state: 'PA',
      dollars_per_gallon: seeded.PA?.rate,
      surcharge_per_gallon: 0,
    });
  });

  it('needs Fuel to read, Fuel export to export and Settings edit to change rates; shows only the own company', async () => {
    const dispatcher = await t.login('dispatcher@backhaul.demo');
    expect((await api('POST', '/ifta/report', { quarter: QUARTER }, dispatcher)).status).toBe(403);
    const viewer = await f.user([
      { section: SECTION.Fuel, action: 0 },
      { section: SECTION.Fuel, action: ACTION.VIEW },
    ]);
    expect(
      (await api('POST', '/ifta/report', { quarter: QUARTER, truck_id: truckA.truckId }, viewer.token)).status,
    ).toBe(200);
    expect((await api('GET', `/ifta/rates?quarter=${QUARTER}`, undefined, viewer.token)).status).toBe(200);
    const rates = { quarter: QUARTER, rates: [{ state: 'TX', dollars_per_gallon: 0.5 }] };
    expect((await api('POST', '/ifta/rates', rates, viewer.token)).status).toBe(403);
    for (const url of ['/ifta/report/export', '/ifta/audit/export'])
      expect((await api('POST', url, { quarter: QUARTER, fileType: 'xlsx' }, viewer.token)).status).toBe(403);
    const settings = await f.user([
      { section: SECTION.Settings, action: 0 },
      { section: SECTION.Settings, action: ACTION.EDIT },
    ]);
    expect((await api('POST', '/ifta/rates', rates, settings.token)).status).toBe(200);

    const other = await f.company();
    const outsider = await f.user(
      [
        { section: SECTION.Fuel, action: 0 },
        { section: SECTION.Fuel, action: ACTION.VIEW },
      ],
      { companyId: other },
    );
    const theirs = await api('POST', '/ifta/report', { quarter: QUARTER, truck_id: truckA.truckId }, outsider.token);
    expect(theirs.status).toBe(200);
    expect(theirs.body.rows).toEqual([]);
    expect(theirs.body.totals.total_miles).toBe(0);
    expect(theirs.body.trucks).toEqual([]);
    expect((await api('GET', `/ifta/rates?quarter=${QUARTER}`, undefined, outsider.token)).body.rates).toEqual([]);
    const ours = (await api('GET', '/ifta/trucks', undefined, viewer.token)).body.trucks as { value: number }[];
    expect(ours.some((o) => o.value === truckA.truckId)).toBe(true);
    expect((await api('GET', '/ifta/trucks', undefined, outsider.token)).body.trucks).toEqual([]);
    expect((await api('GET', '/ifta/trucks', undefined, dispatcher)).status).toBe(403);
  });
});
