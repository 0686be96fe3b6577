import { ACTION, SECTION } from '@backhaul/shared';
import { nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import { IFTA_MSG, quarterOf, quarterRange } from '@backhaul/shared/modules/ifta/ifta.contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { pdfText } from '../../../test/pdf-text';
import { greatCircleMiles, ROAD_FACTOR } from '../mileage';
import { IFTA_SEED_RATES } from './ifta.seed';
import { computeIfta } from './ifta.service';
import { FIPS_TO_USPS, stateMiles } from './state-miles';

const place = {
  dallas: { lat: 32.7767, lon: -96.797 },
  oklahomaCity: { lat: 35.4676, lon: -97.5164 },
  chicago: { lat: 41.8781, lon: -87.6298 },
  atlanta: { lat: 33.749, lon: -84.388 },
  houston: { lat: 29.7604, lon: -95.3698 },
  milwaukee: { lat: 43.0389, lon: -87.9065 },
  muskegon: { lat: 43.2342, lon: -86.2484 },
};

describe('stateMiles (straight legs cut by the Census state boundaries)', () => {
  it('Dallas TX → Oklahoma City OK splits at the Red River', () => {
    const { miles, skipped } = stateMiles([{ from: place.dallas, to: place.oklahomaCity }]);
    expect(skipped).toBe(0);
    expect(Object.keys(miles).sort()).toEqual(['OK', 'TX']);
    // The line leaves Texas near Gainesville (~33.8°N): Dallas → Red River is ~72 great-circle
    // miles (~80 road miles; I-35 runs ~75), the rest of the 190 is Oklahoma.
    expect(miles.TX).toBeGreaterThan(72);
    expect(miles.TX).toBeLessThan(88);
    expect(miles.OK).toBeGreaterThan(120);
    expect(miles.OK).toBeLessThan(140);
    // The pieces add up to the offline estimate of the whole leg.
    const whole = greatCircleMiles(place.dallas, place.oklahomaCity) * ROAD_FACTOR;
    expect((miles.TX ?? 0) + (miles.OK ?? 0)).toBeCloseTo(whole, 0);
  });

  it('Chicago → Atlanta crosses IL, IN, KY, TN and GA', () => {
    const { miles } = stateMiles([{ from: place.chicago, to: place.atlanta }]);
    expect(Object.keys(miles)).toEqual(['IL', 'IN', 'KY', 'TN', 'GA']);
    // Chicago sits ~15 miles from Indiana; Indiana is the longest run, then Tennessee.
    expect(miles.IL).toBeLessThan(30);
    expect(miles.IN).toBeGreaterThan(240);
    expect(miles.IN).toBeLessThan(320);
    expect(miles.TN).toBeGreaterThan(100);
    expect(miles.GA).toBeGreaterThan(70);
    const total = Object.values(miles).reduce((s, m) => s + m, 0);
    expect(total).toBeCloseTo(greatCircleMiles(place.chicago, place.atlanta) * ROAD_FACTOR, 0);
  });

  it('a leg inside one state is that state alone; a stop without coordinates skips its leg', () => {
    const { miles, skipped } = stateMiles([
      { from: place.dallas, to: place.houston },
      { from: place.houston, to: null },
      { from: null, to: place.dallas },
    ]);
    expect(Object.keys(miles)).toEqual(['TX']);
    expect(miles.TX).toBeCloseTo(greatCircleMiles(place.dallas, place.houston) * ROAD_FACTOR, 6);
    expect(skipped).toBe(2);
  });

  it('a piece over water goes to the state before it (Milwaukee → Muskegon across Lake Michigan)', () => {
    const { miles } = stateMiles([{ from: place.milwaukee, to: place.muskegon }]);
    const total = Object.values(miles).reduce((s, m) => s + m, 0);
    expect(total).toBeCloseTo(greatCircleMiles(place.milwaukee, place.muskegon) * ROAD_FACTOR, 1);
    expect(Object.keys(miles)).toEqual(['WI', 'MI']);
    // The atlas' states stop at the shore: the ~80 miles of lake count for Wisconsin, where the leg set out.
    expect(miles.WI).toBeGreaterThan(80);
    expect(miles.MI).toBeLessThan(10);
  });

  it('maps every state of the atlas to a USPS code', () => {
    expect(Object.keys(FIPS_TO_USPS)).toHaveLength(52);
    expect(Object.keys(IFTA_SEED_RATES)).toHaveLength(49);
  });
});

describe('computeIfta (the return maths)', () => {
  it('rounds MPG to 2 decimals, and taxes or credits each state', () => {
    const r = computeIfta({
      miles: { TX: 1000, OK: 300 },
      gallonsMilli: new Map([
        ['TX', 150_000],
        ['AR', 50_000],
      ]),
      ratesE4: new Map([
        ['TX', 2000],
        ['AR', 2850],
      ]),
    });
    // 1,300 mi ÷ 200 gal = 6.50 MPG; TX 1,000 ÷ 6.5 = 153.846 gal, net 3.846 × $0.20 = $0.77.
    expect(r.mpgE2).toBe(650);
    expect(r.rows).toEqual([
      { state: 'AR', miles: 0, taxable: 0, paid: 50_000, net: -50_000, rateE4: 2850, taxCents: -1425 },
      { state: 'OK', miles: 300, taxable: 46_154, paid: 0, net: 46_154, rateE4: 0, taxCents: 0 },
      { state: 'TX', miles: 1000, taxable: 153_846, paid: 150_000, net: 3846, rateE4: 2000, taxCents: 77 },
    ]);
    expect(computeIfta({ miles: { TX: 10 }, gallonsMilli: new Map(), ratesE4: new Map() }).mpgE2).toBe(0);
  });
});

let t: TestContext;
let token: string;
let admin: string;
let f: ReturnType<typeof factories>;
let truckId: number;

const api = async (method: 'GET' | 'POST', url: string, payload?: object, as = token) => {
  const res = await t.app.inject({ method, url: `/api${url}`, headers: t.bearer(as), ...(payload ? { payload } : {}) });
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field below
  return { status: res.statusCode, body: res.json() as Record<string, any> };
};

const QUARTER = '2026-Q2';
const cityId = async (city: string, state: string) => {
  const [row] = await t.database.query<{ id: number }>('select id from cities where city = $1 and state = $2', [
    city,
    state,
  ]);
  if (!row) throw new Error(`${city}, ${state} is not in the test cities`);
  return row.id;
};

describe('IFTA report (integration)', () => {
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login('accountant@backhaul.demo');
    admin = await t.login('admin@backhaul.demo');
    f = factories(t);
    truckId = (await f.truck({ truck_number: f.unique('IFTA').slice(-12) })).id;
    const driverId = (await f.driver({ driver: f.unique('Ifta Driver'), truck_id: truckId })).id;
    const customerId = (await f.customer()).id;
    const dispatcherId = (
      await t.database.query<{ id: number }>("select id from users where email = 'admin@backhaul.demo'")
    )[0]?.id;
    const stop = async (type: 1 | 2, city: string, state: string, at: string, known = true) => ({
      type,
      city_id: known ? await cityId(city, state) : null,
      city,
      state,
      at,
    });
    // Load 1, Texas only: Cedar Hill (32.5885, -96.9438) → Victoria (28.8090, -96.9993),
    // 261.16 great-circle miles × 1.104 = 288 road miles.
    // Load 2, Oklahoma only: Velma (34.4565, -97.6689) → Hominy (36.4111, -96.3878), 153.10 × 1.104
    // = 169; then on to Dallas TX, which is not in the test's cities: that leg is skipped.
    const trip = {
      customer_id: customerId,
      dispatcher_id: dispatcherId,
      truck_id: truckId,
      driver_id: driverId,
      loads: [
        {
          gross: 1000,
          stops: [
            await stop(1, 'Cedar Hill', 'TX', '2026-05-11 08:00'),
            await stop(2, 'Victoria', 'TX', '2026-05-11 16:00'),
          ],
        },
        {
          gross: 800,
          stops: [
            await stop(1, 'Velma', 'OK', '2026-05-13 08:00'),
            await stop(2, 'Hominy', 'OK', '2026-05-13 14:00'),
            await stop(2, 'Dallas', 'TX', '2026-05-14 09:00', false),
          ],
        },
      ],
    };
    const saved = await api('POST', '/trips/update/0', trip, admin);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // Fuel: Texas 30 gal, Oklahoma 20.25 gal, Arkansas 10 gal; a canceled row and another quarter's don't count.
    const fuel = (state: string, gallons: number, date = '2026-05-12', status = 'Active') =>
      api('POST', '/fuel', {
        card: '99001',
        fuel_date: date,
        invoice: f.unique('IFTA-INV'),
        driver_id: driverId,
        truck_id: truckId,
        state,
        gallons,
        amount: 100,
        status,
      });
    for (const [state, gallons] of [
      ['TX', 30],
      ['OK', 20.25],
      ['AR', 10],
    ] as const)
      expect((await fuel(state, gallons)).status).toBe(200);
    expect((await fuel('TX', 500, '2026-07-01')).status).toBe(200);
    expect((await fuel('TX', 500, '2026-05-20', 'Canceled')).status).toBe(200);
    // Rates: Texas $0.20, Arkansas $0.285; Oklahoma has none this quarter.
    const rates = await api(
      'POST',
      '/ifta/rates',
      {
        quarter: QUARTER,
        rates: [
          { state: 'tx', dollars_per_gallon: 0.2 },
          { state: 'AR', dollars_per_gallon: '0.285' },
        ],
      },
      admin,
    );
    expect(rates.status).toBe(200);
  });
  afterAll(async () => t?.close());

  it('answers every figure of the hand-computed quarter', async () => {
    const res = await api('POST', '/ifta/report', { quarter: QUARTER, truck_id: truckId });
    expect(res.status).toBe(200);
    // 288 + 169 = 457 miles on 60.25 gallons: 7.585 → 7.59 MPG.
    // TX: 288 / 7.59 = 37.945 taxable, − 30 paid = 7.945 × $0.20 = $1.589 → $1.59.
    // OK: 169 / 7.59 = 22.266, − 20.25 = 2.016, no rate → $0.00.
    // AR: 0 − 10 = −10 × $0.285 = −$2.85 credit.
    expect(res.body).toEqual({
      quarter: QUARTER,
      from: '2026-04-01',
      to: '2026-06-30',
      truck_id: truckId,
      rows: [
        {
          state: 'AR',
          total_miles: 0,
          taxable_miles: 0,
          taxable_gallons: 0,
          tax_paid_gallons: 10,
          net_taxable_gallons: -10,
          tax_rate: 0.285,
          tax_due: -2.85,
        },
        {
          state: 'OK',
          total_miles: 169,
          taxable_miles: 169,
          taxable_gallons: 22.266,
          tax_paid_gallons: 20.25,
          net_taxable_gallons: 2.016,
          tax_rate: 0,
          tax_due: 0,
        },
        {
          state: 'TX',
          total_miles: 288,
          taxable_miles: 288,
          taxable_gallons: 37.945,
          tax_paid_gallons: 30,
          net_taxable_gallons: 7.945,
          tax_rate: 0.2,
          tax_due: 1.59,
        },
      ],
      totals: {
        total_miles: 457,
        taxable_miles: 457,
        taxable_gallons: 60.211,
        tax_paid_gallons: 60.25,
        net_taxable_gallons: -0.039,
        tax_due: -1.26,
      },
      total_gallons: 60.25,
      fleet_mpg: 7.59,
      skipped_legs: 1,
      missing_rates: ['OK'],
    });
  });

  it('refuses a malformed quarter and one that has not started, naming the field', async () => {
    for (const quarter of ['2026-Q5', 'Q2-2026', '', '2026Q1']) {
      const bad = await api('POST', '/ifta/report', { quarter });
      expect(bad.status).toBe(422);
      expect(bad.body.errors.quarter).toEqual([IFTA_MSG.quarter]);
    }
    const today = nowInCompanyTimeZone().date;
    const next = quarterOf(
      new Date(Date.parse(`${quarterRange(quarterOf(today)).to}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10),
    );
    const future = await api('POST', '/ifta/report', { quarter: next });
    expect(future.status).toBe(422);
    expect(future.body.errors.quarter).toEqual([IFTA_MSG.future]);
    // The quarter under way is allowed.
    expect((await api('POST', '/ifta/report', { quarter: quarterOf(today), truck_id: truckId })).status).toBe(200);
    const badTruck = await api('POST', '/ifta/report', { quarter: QUARTER, truck_id: 'x' });
    expect(badTruck.status).toBe(422);
    expect(Object.keys(badTruck.body.errors)).toEqual(['truck_id']);
  });

  it('saves rates per quarter (audited), reads them back and refuses bad ones', async () => {
    const read = await api('GET', `/ifta/rates?quarter=${QUARTER}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      quarter: QUARTER,
      rates: [
        { state: 'AR', dollars_per_gallon: 0.285 },
        { state: 'TX', dollars_per_gallon: 0.2 },
      ],
    });
    const changed = await api(
      'POST',
      '/ifta/rates',
      { quarter: QUARTER, rates: [{ state: 'OK', dollars_per_gallon: 0.19 }] },
      admin,
    );
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe(IFTA_MSG.ratesSaved);
    expect(changed.body.rates.map((r: { state: string }) => r.state)).toEqual(['AR', 'OK', 'TX']);
    const audit = await t.database.query<{ after: Record<string, number> }>(
      "select after from audit_log where entity = 'ifta_rates' and entity_id = $1 order by id desc limit 1",
      [QUARTER],
    );
    expect(audit[0]?.after).toEqual({ OK: 1900 });
    // OK now has a rate: its 2.016 net gallons × $0.19 = $0.383 → $0.38.
    const report = await api('POST', '/ifta/report', { quarter: QUARTER, truck_id: truckId });
    expect(report.body.rows.find((r: { state: string }) => r.state === 'OK')).toMatchObject({ tax_due: 0.38 });
    expect(report.body.missing_rates).toEqual([]);
    expect(report.body.totals.tax_due).toBe(-0.88);
    // Another quarter is untouched.
    expect((await api('GET', '/ifta/rates?quarter=2026-Q1')).body.rates).toEqual([]);

    const bad = await api(
      'POST',
      '/ifta/rates',
      {
        quarter: QUARTER,
        rates: [
          { state: 'Texas', dollars_per_gallon: 0.2 },
          { state: 'OK', dollars_per_gallon: 0.12345 },
          { state: 'NM', dollars_per_gallon: -1 },
        ],
      },
      admin,
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      'rates.0.state': [IFTA_MSG.state],
      'rates.1.dollars_per_gallon': [IFTA_MSG.rate],
      'rates.2.dollars_per_gallon': [IFTA_MSG.rate],
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
    expect((await api('GET', `/ifta/rates?quarter=${QUARTER}`)).body.rates).toContainEqual({
      state: 'OK',
      dollars_per_gallon: 0.19,
    });
    expect((await api('GET', '/ifta/rates?quarter=2026-13')).status).toBe(422);
  });

  /** The export answers a download link; the file comes from following it, as the browser does. */
  const exported = async (fileType: 'xlsx' | 'pdf') => {
    const answer = await api('POST', '/ifta/report/export', { quarter: QUARTER, truck_id: truckId, fileType });
    expect(answer.status).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: answer.body.link, headers: t.bearer(token) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(`ifta-${QUARTER}-truck-${truckId}.${fileType}`);
    return file;
  };

  it('exports the report as XLSX (numbers, totals row) and PDF', async () => {
    const xlsx = await exported('xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.name).toBe(`IFTA ${QUARTER}`);
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual([
      'State',
      'Total miles',
      'Taxable miles',
      'Taxable gallons',
      'Tax-paid gallons',
      'Net taxable gallons',
      'Tax rate (¢/gal)',
      'Tax due (credit)',
    ]);
    expect(values(4)).toEqual(['TX', 288, 288, 37.945, 30, 7.945, 20, 1.59]);
    expect(values(3)).toEqual(['OK', 169, 169, 22.266, 20.25, 2.016, 19, 0.38]);
    const totals = values(5);
    expect(totals[0]).toBe('Total');
    expect(totals[1]).toMatchObject({ formula: 'SUM(B2:B4)', result: 457 });
    expect(totals[7]).toMatchObject({ formula: 'SUM(H2:H4)', result: -0.88 });

    const pdf = await exported('pdf');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`IFTA quarterly report ${QUARTER}`);
    expect(text).toContain('Fleet MPG');
    expect(text).toContain('7.59');
    expect(text).toContain('-$2.85');
    expect(text).toContain('457 mi');

    const wrong = await api('POST', '/ifta/report/export', { quarter: QUARTER, fileType: 'csv' });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors)).toEqual(['fileType']);
  });

  it('needs Fuel to read, Fuel export to export and Settings edit to change rates; shows only the own company', async () => {
    const dispatcher = await t.login('dispatcher@backhaul.demo');
    expect((await api('POST', '/ifta/report', { quarter: QUARTER }, dispatcher)).status).toBe(403);
    const viewer = await f.user([
      { section: SECTION.Fuel, action: 0 },
      { section: SECTION.Fuel, action: ACTION.VIEW },
    ]);
    expect((await api('POST', '/ifta/report', { quarter: QUARTER }, viewer.token)).status).toBe(200);
    expect((await api('GET', `/ifta/rates?quarter=${QUARTER}`, undefined, viewer.token)).status).toBe(200);
    const rates = { quarter: QUARTER, rates: [{ state: 'TX', dollars_per_gallon: 0.5 }] };
    expect((await api('POST', '/ifta/rates', rates, viewer.token)).status).toBe(403);
    expect(
      (await api('POST', '/ifta/report/export', { quarter: QUARTER, fileType: 'xlsx' }, viewer.token)).status,
    ).toBe(403);
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
    const theirs = await api('POST', '/ifta/report', { quarter: QUARTER, truck_id: truckId }, outsider.token);
    expect(theirs.status).toBe(200);
    expect(theirs.body.rows).toEqual([]);
    expect(theirs.body.totals.total_miles).toBe(0);
    expect((await api('GET', `/ifta/rates?quarter=${QUARTER}`, undefined, outsider.token)).body.rates).toEqual([]);
    const ours = (await api('GET', '/ifta/trucks', undefined, viewer.token)).body.trucks as { value: number }[];
    expect(ours.some((o) => o.value === truckId)).toBe(true);
    expect((await api('GET', '/ifta/trucks', undefined, outsider.token)).body.trucks).toEqual([]);
    expect((await api('GET', '/ifta/trucks', undefined, dispatcher)).status).toBe(403);
  });
});
