import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ACTION, SECTION } from '@backhaul/shared';
import { addDays, nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { loadConfig } from '../../config';
import { computeTripMiles, type MileageProvider, resolvePlace } from './mileage.service';
import { loadRoadNetwork } from './network';
import { forgetRoutedLegs, osrmRouting, type RoutingProvider, routeLeg, routingFromConfig } from './route-leg';

const place = (city: string, state: string) => {
  const r = resolvePlace({ city, state });
  if ('unknown' in r) throw new Error(`unresolved ${city}, ${state}`);
  return r;
};

/**
 * Known trips against published per-state interstate miles. Each figure is derived by hand from the
 * route's state mile markers (exit lists) or its per-state length in the FHWA Route Log and Finder
 * List, Table 1 (docs/mileage-accuracy.md has the derivations); the app routes city centre to city
 * centre, so each state may differ by 5 % or 10 miles, and no other state may get a mile.
 */
const KNOWN_TRIPS: Array<{
  name: string;
  from: [string, string];
  to: [string, string];
  states: Record<string, number>;
}> = [
  {
    // I-45 284.9→276 (8.9) + I-20 473→635.7 (162.7); I-20 LA 189.9, MS 154.5 (with I-59 through Meridian), AL 214.7, GA 0→57.
    name: 'I-20 Dallas → Atlanta',
    from: ['Dallas', 'TX'],
    to: ['Atlanta', 'GA'],
    states: { TX: 171.6, LA: 189.9, MS: 154.5, AL: 214.7, GA: 57 },
  },
  {
    // I-290 13 + I-88 140.6 + I-80 4; I-80 IA 306.4; I-80 NE 102→455.3 + I-76 NE 3; I-76 CO 184.3→5 + I-25 216→210.
    name: 'I-88/I-80/I-76 Chicago → Denver',
    from: ['Chicago', 'IL'],
    to: ['Denver', 'CO'],
    states: { IL: 157.6, IA: 306.4, NE: 356.3, CO: 185.3 },
  },
  {
    // I-10 TX 768→880.5; LA 0→159 + I-12 85.6 + I-10 267→274.4; MS 77.2; AL 66.3; FL 362.3.
    name: 'I-10/I-12 Houston → Jacksonville',
    from: ['Houston', 'TX'],
    to: ['Jacksonville', 'FL'],
    states: { TX: 112.5, LA: 252, MS: 77.2, AL: 66.3, FL: 362.3 },
  },
  {
    // I-40 TN 1→0; AR 284.7; OK 331→150 (I-35).
    name: 'I-40 Memphis → Oklahoma City',
    from: ['Memphis', 'TN'],
    to: ['Oklahoma City', 'OK'],
    states: { TN: 1, AR: 284.7, OK: 181 },
  },
  {
    // I-95 VA 75→0; NC 181; SC 198.8; GA 112; FL 382→2.
    name: 'I-95 Richmond → Miami',
    from: ['Richmond', 'VA'],
    to: ['Miami', 'FL'],
    states: { VA: 75, NC: 181, SC: 198.8, GA: 112, FL: 380 },
  },
  {
    // I-5 WA 165→0; OR 308.4; CA 796.5→519.
    name: 'I-5 Seattle → Sacramento',
    from: ['Seattle', 'WA'],
    to: ['Sacramento', 'CA'],
    states: { WA: 165, OR: 308.4, CA: 277.5 },
  },
  {
    // I-70 OH 100→0; IN 156.6; IL 157.3 (with I-55 from Troy); MO 250.2→2.
    name: 'I-70 Columbus → Kansas City',
    from: ['Columbus', 'OH'],
    to: ['Kansas City', 'MO'],
    states: { OH: 100, IN: 156.6, IL: 157.3, MO: 248.2 },
  },
  {
    // I-81 PA 67→0; MD 12.1; WV 26; VA 324.9; TN 75.7 + I-40 421→388.
    name: 'I-81/I-40 Harrisburg → Knoxville',
    from: ['Harrisburg', 'PA'],
    to: ['Knoxville', 'TN'],
    states: { PA: 67, MD: 12.1, WV: 26, VA: 324.9, TN: 108.7 },
  },
  {
    // I-15 UT 310→0; AZ 29.4 (the Arizona strip); NV 123.7→42.
    name: 'I-15 Salt Lake City → Las Vegas',
    from: ['Salt Lake City', 'UT'],
    to: ['Las Vegas', 'NV'],
    states: { UT: 310, AZ: 29.4, NV: 81.7 },
  },
  {
    // I-75 OH 1→0; KY 191.8; TN 161.5; GA 355→248.
    name: 'I-75 Cincinnati → Atlanta',
    from: ['Cincinnati', 'OH'],
    to: ['Atlanta', 'GA'],
    states: { OH: 1, KY: 191.8, TN: 161.5, GA: 107 },
  },
  {
    // I-35 OK 127 (I-40) → 236; KS 235.5; MO 0 → 2 (I-70).
    name: 'I-35 Oklahoma City → Kansas City',
    from: ['Oklahoma City', 'OK'],
    to: ['Kansas City', 'MO'],
    states: { OK: 109, KS: 235.5, MO: 2 },
  },
  {
    // I-94 IL 51→63 + I-57 357.5→0; I-57 MO 22 + I-55 67→0; I-55 AR 72.2; TN 12.9→11.
    name: 'I-57/I-55 Chicago → Memphis',
    from: ['Chicago', 'IL'],
    to: ['Memphis', 'TN'],
    states: { IL: 369.5, MO: 89, AR: 72.2, TN: 2 },
  },
];

describe('offline road routing: the known trips', () => {
  beforeAll(() => forgetRoutedLegs());

  it.each(KNOWN_TRIPS.map((t) => [t.name, t] as const))('%s: miles per state as published', async (_name, trip) => {
    const leg = await routeLeg(place(...trip.from), place(...trip.to));
    expect(leg.provider).toMatch(/^offline@/);
    expect(Object.keys(leg.states).sort()).toEqual(Object.keys(trip.states).sort());
    for (const [state, published] of Object.entries(trip.states)) {
      const got = leg.states[state] ?? 0;
      expect(Math.abs(got - published), `${state}: ${got.toFixed(1)} vs ${published}`).toBeLessThanOrEqual(
        Math.max(10, published * 0.05),
      );
    }
    const sum = Object.values(leg.states).reduce((s, m) => s + m, 0);
    expect(sum).toBeCloseTo(leg.miles, 6);
  });

  it('Dallas → Atlanta crosses Louisiana on I-20 and never enters Arkansas (the straight line gave AR 188, LA 0)', async () => {
    const leg = await routeLeg(place('Dallas', 'TX'), place('Atlanta', 'GA'));
    expect(leg.states.AR).toBeUndefined();
    expect(leg.states.LA).toBeGreaterThan(185);
    expect(leg.states.LA).toBeLessThan(195);
    expect(leg.routes).toContain('I-20');
  });

  it('network.json is what build-network.ts makes of routes.txt (rebuilt after every edit)', async () => {
    const { buildNetworkData } = await import('./network/build-network');
    const committed = await import('./network/network.json', { with: { type: 'json' } });
    expect(buildNetworkData()).toEqual(committed.default);
  });

  it('the network is the interstate system with the US routes between', async () => {
    const net = await loadRoadNetwork();
    expect(net.routes).toBeGreaterThanOrEqual(75);
    expect(net.points).toBeGreaterThan(1400);
    // Junctions are shared nodes: fewer nodes than points.
    expect(net.nodes).toBeLessThan(net.points);
  });

  it('a short leg in one city stays on local roads; the same place is no leg', async () => {
    const dallas = place('Dallas', 'TX');
    expect((await routeLeg(dallas, dallas)).miles).toBe(0);
    const fortWorth = place('Fort Worth', 'TX');
    const leg = await routeLeg(fortWorth, dallas);
    // Fort Worth–Dallas is 32 road miles (I-30 15→45 and the streets to it).
    expect(leg.miles).toBeGreaterThan(28);
    expect(leg.miles).toBeLessThan(40);
    expect(Object.keys(leg.states)).toEqual(['TX']);
  });
});

describe('the OSRM provider', () => {
  let server: Server;
  let base = '';
  const asked: string[] = [];
  let answer: object = {};
  beforeAll(async () => {
    server = createServer((req, res) => {
      asked.push(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('asks /route/v1/driving with the two points and cuts the geometry by the state lines', async () => {
    // Due north along 97.3° W from 36.5° N to 37.5° N: half in Oklahoma, half in Kansas (the line
    // is the 37th parallel). OSRM says 100 km, so each state gets 100,000 / 1609.344 / 2 = 31.07 miles.
    answer = {
      code: 'Ok',
      routes: [
        {
          distance: 100_000,
          geometry: {
            type: 'LineString',
            coordinates: [
              [-97.3, 36.5],
              [-97.3, 36.9],
              [-97.3, 37.5],
            ],
          },
        },
      ],
    };
    const osrm = osrmRouting(base);
    const leg = await osrm.route({ lat: 36.5, lon: -97.3 }, { lat: 37.5, lon: -97.3 });
    expect(asked.at(-1)).toBe('/route/v1/driving/-97.3,36.5;-97.3,37.5?overview=full&geometries=geojson');
    expect(leg.miles).toBeCloseTo(62.137, 2);
    expect(Object.keys(leg.states).sort()).toEqual(['KS', 'OK']);
    expect(leg.states.OK).toBeCloseTo(31.07, 0);
    expect(leg.states.KS).toBeCloseTo(31.07, 0);
    expect(await osrm.key()).toBe('osrm');
  });

  it('no route is a 412 with the server’s code, not a crash', async () => {
    answer = { code: 'NoRoute', message: 'Impossible route between points' };
    const err = await osrmRouting(base)
      .route({ lat: 36.5, lon: -97.3 }, { lat: 37.5, lon: -97.3 })
      .catch((e) => e);
    expect(err.kind).toBe('precondition');
    expect(err.message).toMatch(/NoRoute/);
  });

  it('MILEAGE_PROVIDER=osrm needs OSRM_URL; the configuration picks the provider', async () => {
    expect(() => loadConfig({ MILEAGE_PROVIDER: 'osrm' })).toThrow(/OSRM_URL/);
    expect(() => loadConfig({ MILEAGE_PROVIDER: 'google' })).toThrow();
    const config = loadConfig({ MILEAGE_PROVIDER: 'osrm', OSRM_URL: base });
    expect(await routingFromConfig(config).key()).toBe('osrm');
    expect(await routingFromConfig(loadConfig({})).key()).toMatch(/^offline@[0-9a-f]{12}$/);
  });
});

describe('trip miles (the trip dialog)', () => {
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
    // Published: Dallas–Houston 239 (I-45), Houston–San Antonio 197 (I-10 768→572 and the streets).
    expect(Math.abs(miles.loaded - (239 + 197))).toBeLessThanOrEqual(0.05 * (239 + 197));
    // Fort Worth–Dallas 32 on I-30.
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
      route: async (a, b) => {
        legs.push(`${a.label} → ${b.label}`);
        return { miles: 100, states: { TX: 100 } };
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
  });
});

describe('routed legs are kept', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a routed leg is written to routed_legs and read back after a restart instead of routed again', async () => {
    let routed = 0;
    const counting: RoutingProvider = {
      key: async () => 'test-provider',
      route: async () => {
        routed++;
        return { miles: 123.4, states: { TX: 100, OK: 23.4 }, routes: ['I-35'] };
      },
    };
    const a = { lat: 32.7767, lon: -96.797 };
    const b = { lat: 35.4676, lon: -97.5164 };
    const first = await routeLeg(a, b, { db: t.database.db, provider: counting });
    expect(first).toEqual({ miles: 123.4, states: { TX: 100, OK: 23.4 }, provider: 'test-provider', routes: ['I-35'] });
    const rows = await t.database.query<{ from_key: string; to_key: string; miles: number; state_miles: unknown }>(
      "select from_key, to_key, miles, state_miles from routed_legs where provider = 'test-provider'",
    );
    expect(rows).toEqual([
      { from_key: '32.7767,-96.7970', to_key: '35.4676,-97.5164', miles: 123.4, state_miles: { TX: 100, OK: 23.4 } },
    ]);
    // Memory forgotten, as after a restart: the database answers, nothing is routed again.
    forgetRoutedLegs();
    expect(await routeLeg(a, b, { db: t.database.db, provider: counting })).toEqual(first);
    expect(routed).toBe(1);
    // The other direction is its own leg.
    await routeLeg(b, a, { db: t.database.db, provider: counting });
    expect(routed).toBe(2);
  });
});

describe('POST /trips/milesTrip', () => {
  let t: TestContext;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin@backhaul.demo');
    // Legs routed by the tests above are in memory only: this app's legs must reach its database.
    forgetRoutedLegs();
  });
  afterAll(() => t.close());

  const post = (payload: object, token = admin) =>
    t.app.inject({ method: 'POST', url: '/api/trips/milesTrip', payload, headers: t.bearer(token) });

  it('answers { mileage: { loaded, empty, total } } routed on the network, and keeps the legs', async () => {
    // The demo's seed routes its own legs (ELD miles): start from an empty cache to count this call's.
    await t.database.query('delete from routed_legs');
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
    // Dallas–Houston is 239 road miles (I-45 284.9→48 is 236.9, plus the streets).
    expect(Math.abs(mileage.loaded - 239)).toBeLessThanOrEqual(239 * 0.05);
    expect(mileage.empty).toBeGreaterThan(0);
    expect(mileage.total).toBe(mileage.loaded + mileage.empty);
    const kept = await t.database.query<{ n: number }>(
      "select count(*)::int as n from routed_legs where provider like 'offline@%'",
    );
    expect(kept[0]?.n).toBe(2);
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
