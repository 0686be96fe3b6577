import { EMPTY_WORK_ORDER } from '@backhaul/shared/modules/work-orders/work-orders.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Factories, factories } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { freezeClock, thawClock } from '../../platform/clock';
import { type GeoPoint, resolvePlace, routeLeg } from '../mileage';
import { eldJurisdictionMiles } from './eld-miles';

// Noon in Chicago (CDT) on 2026-07-15.
const NOW = '2026-07-15T17:00:00Z';

let t: TestContext;
let f: Factories;
let token: string;
let companyId: number;
beforeAll(async () => {
  freezeClock(NOW);
  t = await createTestApp();
  f = factories(t);
  token = await t.login('admin@backhaul.demo');
  const [me] = await t.database.query<{ company_id: number }>(
    "select company_id from users where email = 'admin@backhaul.demo'",
  );
  companyId = Number(me?.company_id);
});
afterAll(async () => {
  thawClock();
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const api = async (method: Method, url: string, payload?: object) => {
  const res = await t.app.inject({
    method,
    url: `/api${url}`,
    headers: t.bearer(token),
    ...(payload ? { payload } : {}),
  });
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field below
  return { status: res.statusCode, body: res.json() as Record<string, any> };
};
const ok = async (method: Method, url: string, payload?: object) => {
  const res = await api(method, url, payload);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

async function upload(base: string, name: string, csv: string) {
  const boundary = '----eld-import';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${base}/import`,
    payload,
    headers: { ...t.bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    rows: Array<Record<string, string | number>>;
    errors: Array<{ row: number; field: string; message: string }>;
  };
}

const milesOf = async (truckIds: number[], from = '2026-07-01', to = '2026-07-31') =>
  (await eldJurisdictionMiles(t.database.db, { companyId, from, to })).filter((r) => truckIds.includes(r.truck_id));

const readingsOf = (truckId: number) =>
  t.database.query<{ odometer: number; source: string; status: string; flag_reason: string | null }>(
    `select odometer, source, status, flag_reason from odometer_readings where truck_id = ${truckId} order by read_at, id`,
  );

describe('ELD jurisdiction miles', () => {
  it('refuses a file with bad rows until the good rows are saved, then sums miles per truck and jurisdiction', async () => {
    const a = await f.truck({ truck_number: 'ELD-101' });
    const b = await f.truck({ truck_number: 'ELD-102' });
    const csv = [
      'Vehicle,Date,State/Province,Distance',
      'ELD-101,2026-07-01,TX,412.5',
      'eld-101,07/01/2026,Oklahoma,128.34',
      'ELD-102,2026-07-02,AR,300',
      'ELD-101,2026-07-02,XX,10',
      'ELD-999,2026-07-02,TX,10',
      'ELD-102,2026-07-03,TX,-5',
      'ELD-102,2026-07-03,OK,950',
      'ELD-102,2026-13-01,TX,5',
      'ELD-102,2026-07-20,TX,5',
      'ELD-102,2026-07-02,Arkansas,12',
    ].join('\n');
    const preview = await upload('/eld/miles', 'ifta.csv', csv);
    expect(preview.rows).toHaveLength(10);
    expect(preview.errors.map((e) => `${e.row} ${e.field}: ${e.message}`)).toEqual([
      '5 jurisdiction: The jurisdiction is not a US state or a Canadian province.',
      '6 unit: No truck has this unit number.',
      '7 miles: The miles cannot be negative.',
      '8 miles: No truck drives more than 800 miles in a day.',
      '9 day: The date is a date (YYYY-MM-DD or MM/DD/YYYY).',
      '10 day: The date is after today.',
      '11 jurisdiction: The unit, date and jurisdiction appear more than once in the file.',
    ]);
    const refused = await api('POST', '/eld/miles/saveImport', { rows: preview.rows });
    expect(refused.status).toBe(422);
    expect(refused.body.errors['rows.3.jurisdiction']).toEqual([
      'Row 5: The jurisdiction is not a US state or a Canadian province.',
    ]);
    expect(await milesOf([a.id, b.id])).toEqual([]);

    const saved = await ok('POST', '/eld/miles/saveImport', { rows: preview.rows.slice(0, 3) });
    expect(saved.saved).toBe(3);
    // 128.34 is kept to the tenth: 128.3.
    expect(await milesOf([a.id, b.id])).toEqual([
      { truck_id: a.id, jurisdiction: 'OK', miles: 128.3 },
      { truck_id: a.id, jurisdiction: 'TX', miles: 412.5 },
      { truck_id: b.id, jurisdiction: 'AR', miles: 300 },
    ]);

    // A newer report of 07-01 replaces that day's Texas figure; 07-02 adds to it; June is outside July.
    const more = await upload(
      '/eld/miles',
      'more.csv',
      'Unit,Date,Jurisdiction,Miles\nELD-101,2026-07-01,TX,400.0\nELD-101,2026-07-02,tx,100.2\nELD-101,2026-06-30,TX,77\n',
    );
    expect(more.errors).toEqual([]);
    await ok('POST', '/eld/miles/saveImport', { rows: more.rows });
    // TX in July: 400.0 + 100.2 = 500.2.
    expect(await milesOf([a.id])).toEqual([
      { truck_id: a.id, jurisdiction: 'OK', miles: 128.3 },
      { truck_id: a.id, jurisdiction: 'TX', miles: 500.2 },
    ]);
    expect(await milesOf([a.id], '2026-06-01', '2026-06-30')).toEqual([
      { truck_id: a.id, jurisdiction: 'TX', miles: 77 },
    ]);

    const list = await ok('POST', '/eld/miles/list', {
      filters: { truck: { values: [a.id] } },
      sort: 'day',
      order: 'asc',
    });
    expect(
      list.rows.map(
        (r: { day: string; jurisdiction: string; miles: number }) => `${r.day} ${r.jurisdiction} ${r.miles}`,
      ),
    ).toEqual(expect.arrayContaining(['2026-06-30 TX 77', '2026-07-01 TX 400', '2026-07-02 TX 100.2']));
  });
});

describe('odometers', () => {
  it('refuses a typed reading that goes back (422 on odometer) and flags an imported one without taking it', async () => {
    const truck = await f.truck({ truck_number: 'ODO-201', odometer: 150_000 });
    await ok('POST', '/eld/odometer-readings', { truck_id: truck.id, read_at: '2026-07-10 08:00', odometer: 200_000 });
    const back = await api('POST', '/eld/odometer-readings', {
      truck_id: truck.id,
      read_at: '2026-07-12 08:00',
      odometer: 199_000,
    });
    expect(back.status).toBe(422);
    expect(back.body.errors).toEqual({
      odometer: ['The odometer cannot go back: the truck read 200,000 mi on 2026-07-10 (Typed).'],
    });
    // 3,000 mi in the 2 days from the 10th 08:00 to the 12th 08:00: more than 800 a day.
    const far = await api('POST', '/eld/odometer-readings', {
      truck_id: truck.id,
      read_at: '2026-07-12 08:00',
      odometer: 203_000,
    });
    expect(far.body.errors).toEqual({
      odometer: ['The odometer jumps 3,000 mi in 2 days: more than 800 miles a day.'],
    });
    expect(await readingsOf(truck.id)).toHaveLength(1);

    const preview = await upload(
      '/eld/odometer',
      'odometer.csv',
      [
        'Unit,Date/time,Odometer',
        'ODO-201,2026-07-13 09:00,198500',
        'ODO-201,7/14/2026 9:00 AM,"201,000"',
        'ODO-201,2026-07-14 10:00,260000',
      ].join('\n'),
    );
    expect(preview.errors).toEqual([]);
    expect((await ok('POST', '/eld/odometer/saveImport', { rows: preview.rows })).saved).toBe(3);
    // The backwards reading and the 59,000-mile jump are kept flagged; 201,000 (1,000 mi in 5 days begun) is taken.
    expect(await readingsOf(truck.id)).toEqual([
      { odometer: 200_000, source: 'manual', status: 'accepted', flag_reason: null },
      {
        odometer: 198_500,
        source: 'eld',
        status: 'flagged',
        flag_reason: 'The odometer cannot go back: the truck read 200,000 mi on 2026-07-10 (Typed).',
      },
      { odometer: 201_000, source: 'eld', status: 'accepted', flag_reason: null },
      {
        odometer: 260_000,
        source: 'eld',
        status: 'flagged',
        flag_reason: 'The odometer jumps 59,000 mi in 1 day: more than 800 miles a day.',
      },
    ]);
    const card = await ok('GET', `/eld/trucks/${truck.id}/odometer`);
    expect(card).toMatchObject({ odometer: 201_000, source: 'eld', read_at: '2026-07-14 09:00', routed_miles: 0 });
    expect(card.flagged.map((r: { odometer: number }) => r.odometer)).toEqual([260_000, 198_500]);
    // The same file again: each reading is already imported.
    const again = await upload(
      '/eld/odometer',
      'odometer.csv',
      'Unit,Date/time,Odometer\nODO-201,2026-07-13 09:00,198500\n',
    );
    expect(again.errors).toEqual([{ row: 2, field: 'read_at', message: 'The reading is already imported.' }]);
  });

  it('moves with the routed miles of the loads delivered since the last reading, loaded and empty', async () => {
    const truck = await f.truck({ truck_number: 'ODO-301' });
    // Delivered 2026-07-01 16:00, before the reading: already in it.
    await f.trip({ truckId: truck.id, day: '2026-07-01' });
    await ok('POST', '/eld/odometer-readings', { truck_id: truck.id, read_at: '2026-07-02 08:00', odometer: 50_000 });
    // Two loads Chicago → Indianapolis delivered 2026-07-03 16:00, and one delivered tomorrow (not yet).
    await f.trip({ truckId: truck.id, loads: 2, day: '2026-07-03' });
    await f.trip({ truckId: truck.id, day: '2026-07-16' });
    // The stops as the trip dialog places them (their zip codes).
    const chicago = resolvePlace({ zip: '60601', city: 'Chicago', state: 'IL' }) as GeoPoint;
    const indianapolis = resolvePlace({ zip: '46204', city: 'Indianapolis', state: 'IN' }) as GeoPoint;
    const loaded = (await routeLeg(chicago, indianapolis)).miles;
    const empty = (await routeLeg(indianapolis, chicago)).miles;
    // I-65 between the two cities is about 183 road miles.
    expect(loaded).toBeGreaterThan(174);
    expect(loaded).toBeLessThan(192);
    const card = await ok('GET', `/eld/trucks/${truck.id}/odometer`);
    // Each load's loaded leg, and the second load's empty leg from the first's delivery back to Chicago;
    // the first load's empty leg starts at the 07-01 delivery in Indianapolis.
    const routed = Math.round(2 * loaded + 2 * empty);
    expect(card).toMatchObject({
      source: 'manual',
      read_at: '2026-07-02 08:00',
      reading: 50_000,
      loads: 2,
      routed_miles: routed,
      odometer: 50_000 + routed,
    });
  });
});

describe('preventive maintenance by the miles the truck ran', () => {
  it('is overdue once fuel readings move the odometer past the task, and a typed reading that goes back is refused', async () => {
    const truck = await f.truck({ truck_number: 'PM-401', odometer: 100_000 });
    const program = (await ok('POST', '/service-programs', { name: 'PM by miles (eld test)' })).item;
    await ok('POST', '/service-tasks', {
      program_id: program.id,
      name: 'Oil (eld test)',
      unit_kind: 'truck',
      interval_miles: 25_000,
      interval_days: 365,
    });
    await ok('POST', `/service-programs/${program.id}/units`, {
      unit_type: 'truck',
      unit_id: truck.id,
      start_date: '2026-05-01',
      start_odometer: 100_000,
    });
    const row = async () =>
      (await ok('POST', '/service-schedule/list', { filters: { unit: { value: 'PM-401' } } })).rows[0];
    // Due at 125,000 mi or on 2027-05-01 (290 days); the truck form's 100,000 mi is all it knows.
    expect(await row()).toMatchObject({ odometer: 100_000, miles_since: 0, miles_left: 25_000, status: 'ok' });

    const fuel = (fuel_date: string, odometr: number) =>
      api('POST', '/fuel', { card: '4401', fuel_date, truck_id: truck.id, gallons: '100', amount: '380', odometr });
    expect((await fuel('2026-06-01', 120_000)).status).toBe(200);
    expect((await fuel('2026-07-05', 126_500)).status).toBe(200);
    // 126,500 − 100,000 = 26,500 mi since the start; 125,000 − 126,500 = 1,500 mi past due.
    expect(await row()).toMatchObject({
      odometer: 126_500,
      miles_since: 26_500,
      miles_left: -1_500,
      status: 'overdue',
    });
    const back = await fuel('2026-07-06', 120_500);
    expect(back.status).toBe(422);
    expect(back.body.errors).toEqual({
      odometr: ['The odometer cannot go back: the truck read 126,500 mi on 2026-07-05 (Fuel purchase).'],
    });

    // A check-in reading on a work order moves it too, and one typed backwards is refused on its field.
    const order = {
      ...EMPTY_WORK_ORDER,
      wo_type: 'Repair',
      truck_id: truck.id,
      check_in: '2026-07-10 08:00',
      check_in_odometer: 127_900,
    };
    await ok('POST', '/work-order', order);
    expect(await row()).toMatchObject({ odometer: 127_900, miles_since: 27_900 });
    const typo = await api('POST', '/work-order', {
      ...order,
      check_in: '2026-07-11 08:00',
      check_in_odometer: 17_900,
    });
    expect(typo.status).toBe(422);
    expect(Object.keys(typo.body.errors)).toEqual(['check_in_odometer']);
  });
});
