import { ACTION, SECTION } from '@backhaul/shared';
import { addDays, nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import {
  CALIBRATION_PAIRS,
  computeTripMiles,
  fitRoadFactor,
  greatCircleMiles,
  type MileageProvider,
  ROAD_FACTOR,
  ROAD_FACTOR_ERROR_BAND,
  resolvePlace,
  selectMileageProvider,
} from './mileage.service';

const point = (place: Parameters<typeof resolvePlace>[0]) => {
  const r = resolvePlace(place);
  if ('unknown' in r) throw new Error(`unresolved ${JSON.stringify(place)}`);
  return r;
};

describe('offline mileage (great-circle × road factor)', () => {
  // Published driving miles, city centre to city centre (the same list calibrates the factor):
  // Dallas–Houston 239, Chicago–Atlanta 716, Los Angeles–Phoenix 372, New York–Chicago 790,
  // Atlanta–Miami 662, Denver–Kansas City 605, Seattle–Portland 174, Memphis–Nashville 212,
  // San Antonio–El Paso 552, Indianapolis–Columbus 175, Minneapolis–Chicago 408, Salt Lake City–Las Vegas 421.
  it('the road factor is the least-squares fit of the known pairs', () => {
    expect(CALIBRATION_PAIRS.length).toBeGreaterThanOrEqual(8);
    const fit = fitRoadFactor(
      CALIBRATION_PAIRS.map((p) => ({ greatCircle: greatCircleMiles(point(p.from), point(p.to)), road: p.roadMiles })),
    );
    expect(fit).toBeCloseTo(ROAD_FACTOR, 3);
  });

  it.each(CALIBRATION_PAIRS.map((p) => [`${p.from.city}–${p.to.city}`, p] as const))(
    '%s is within the documented error band of its road miles',
    async (_name, pair) => {
      const miles = await computeTripMiles({
        stops: [
          { type: 1, ...pair.from },
          { type: 2, ...pair.to },
        ],
      });
      expect(Math.abs(miles.loaded - pair.roadMiles) / pair.roadMiles).toBeLessThanOrEqual(ROAD_FACTOR_ERROR_BAND);
      expect(miles).toEqual({ loaded: miles.loaded, empty: 0, total: miles.loaded });
    },
  );

  it('zip codes, multi-stop sums, and empty miles from the previous delivery to the first pickup', async () => {
    // 75201 Dallas → 77002 Houston → 78205 San Antonio, the truck last delivered in Fort Worth (76102).
    const miles = await computeTripMiles({
      previousDelivery: { zip: '76102' },
      stops: [
        { type: 1, zip: '75201' },
        { type: 2, zip: '77002' },
        { type: 2, zip: '78205' },
      ],
    });
    const leg = async (a: string, b: string) =>
      (
        await computeTripMiles({
          stops: [
            { type: 1, zip: a },
            { type: 2, zip: b },
          ],
        })
      ).loaded;
    expect(miles.loaded).toBeGreaterThan(400);
    expect(
      Math.abs(miles.loaded - ((await leg('75201', '77002')) + (await leg('77002', '78205')))),
    ).toBeLessThanOrEqual(1);
    expect(miles.empty).toBeGreaterThan(25);
    expect(miles.empty).toBeLessThan(45);
    expect(miles.total).toBe(miles.loaded + miles.empty);
  });

  it('a known city is used when the zip is unknown; spelled variants resolve', () => {
    expect(resolvePlace({ zip: '00000', city: 'Dallas', state: 'tx' })).toMatchObject({ label: 'Dallas, TX' });
    expect('unknown' in resolvePlace({ city: 'St. Louis', state: 'MO' })).toBe(false);
    expect('unknown' in resolvePlace({ city: 'Ft Worth', state: 'TX' })).toBe(false);
  });

  it('unknown places are a 422 naming the stop field', async () => {
    const err = await computeTripMiles({
      previousDelivery: { city: 'Atlantis', state: 'ZZ' },
      stops: [
        { type: 1, zip: '75201' },
        { type: 2, zip: '00000' },
        { type: 2, city: 'Nowhere Springs', state: 'TX' },
      ],
    }).catch((e) => e);
    expect(err.kind).toBe('validation');
    expect(Object.keys(err.fields).sort()).toEqual(['previous_delivery.city', 'stops.1.zip', 'stops.2.city']);
  });

  it('the provider is pluggable: computeTripMiles asks the given provider for each leg', async () => {
    const legs: string[] = [];
    const fake: MileageProvider = {
      name: 'fake',
      distance: async (a, b) => {
        legs.push(`${a.label} → ${b.label}`);
        return 100;
      },
    };
    const miles = await computeTripMiles(
      {
        previousDelivery: { zip: '76102' },
        stops: [
          { type: 1, zip: '75201' },
          { type: 2, zip: '77002' },
        ],
      },
      fake,
    );
    expect(miles).toEqual({ loaded: 100, empty: 100, total: 200 });
    expect(legs).toHaveLength(2);
    expect(selectMileageProvider('offline').name).toBe('offline');
    expect(() => selectMileageProvider('google')).toThrow(/Unknown MILEAGE_PROVIDER/);
  });
});

describe('POST /trips/milesTrip', () => {
  let t: TestContext;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin@backhaul.demo');
  });
  afterAll(() => t.close());

  const post = (payload: object, token = admin) =>
    t.app.inject({ method: 'POST', url: '/api/trips/milesTrip', payload, headers: t.bearer(token) });

  it('answers { mileage: { loaded, empty, total } } for the dialog’s stops', async () => {
    const res = await post({
      previous_delivery: { zip: '76102' },
      stops: [
        { type: 1, city: 'Dallas', state: 'TX', zip: '75201', address: '1 Main St', at: '2026-11-21 08:00' },
        { type: 2, city: 'Houston', state: 'TX', zip: '' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const { mileage } = res.json();
    expect(Object.keys(mileage).sort()).toEqual(['empty', 'loaded', 'total']);
    expect(Math.abs(mileage.loaded - 239) / 239).toBeLessThanOrEqual(ROAD_FACTOR_ERROR_BAND);
    expect(mileage.empty).toBeGreaterThan(0);
    expect(mileage.total).toBe(mileage.loaded + mileage.empty);
  });

  it('empty miles from the truck’s last delivery before the first pickup (truck_id, before)', async () => {
    const one = async (q: string) => (await t.database.query<{ id: number }>(q))[0]?.id ?? 0;
    const truck = await one("select id from trucks where status = 'active' order by id desc limit 1");
    // A delivery in Fort Worth far in the future is this truck's latest before the next pickup.
    const day = addDays(nowInCompanyTimeZone().date, 400);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/trips/update/0',
      headers: t.bearer(admin),
      payload: {
        customer_id: await one('select id from customers order by id limit 1'),
        truck_id: truck,
        dispatcher_id: await one("select id from users where email = 'admin@backhaul.demo'"),
        loads: [
          {
            broker_id: await one('select id from brokers order by id limit 1'),
            broker_number: 'MILES-PREV-1',
            gross: 900,
            stops: [
              { type: 1, city: 'Houston', state: 'TX', zip: '77002', at: `${day} 06:00` },
              { type: 2, city: 'Fort Worth', state: 'TX', zip: '76102', at: `${day} 12:00` },
            ],
          },
        ],
      },
    });
    expect(saved.statusCode).toBe(200);
    const stops = [
      { type: 1, city: 'Dallas', state: 'TX', zip: '75201' },
      { type: 2, city: 'Houston', state: 'TX', zip: '77002' },
    ];
    const next = (await post({ truck_id: truck, before: `${day} 18:00`, stops })).json().mileage;
    expect(next.empty).toBeGreaterThan(25);
    expect(next.empty).toBeLessThan(45);
    // Ten years back the truck had delivered nothing: no empty miles.
    const before = `${addDays(nowInCompanyTimeZone().date, -3650)} 00:00`;
    expect((await post({ truck_id: truck, before, stops })).json().mileage.empty).toBe(0);
    // A given previous delivery wins over the lookup.
    const given = (
      await post({ truck_id: truck, before: `${day} 18:00`, previous_delivery: { zip: '75201' }, stops })
    ).json().mileage;
    expect(given.empty).toBe(0);
  });

  it('an unknown zip is a 422 naming the stop field', async () => {
    const res = await post({
      stops: [
        { type: 1, zip: '75201' },
        { type: 2, zip: '00000' },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty(['stops.1.zip']);
  });

  it('needs Trips view or create/edit', async () => {
    const body = {
      stops: [
        { type: 1, zip: '75201' },
        { type: 2, zip: '77002' },
      ],
    };
    const viewer = await t.createUser({
      email: 'miles-viewer@backhaul.test',
      grants: [
        { section: SECTION.Trips, action: 0 },
        { section: SECTION.Trips, action: ACTION.VIEW },
      ],
    });
    expect((await post(body, viewer.token)).statusCode).toBe(200);
    const outsider = await t.createUser({
      email: 'miles-outsider@backhaul.test',
      grants: [
        { section: SECTION.Trips, action: 0 },
        { section: SECTION.Trips, action: ACTION.DELETE_TRIP },
      ],
    });
    expect((await post(body, outsider.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/trips/milesTrip', payload: body })).statusCode).toBe(401);
  });
});
