import { loadStatus, type SearchResponse } from '@backhaul/shared/modules/search/search.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { freezeClock, thawClock } from '../../platform/clock';

let t: TestContext;
let admin: string;
let dispatcher: string;
let customer: string;
let accountant: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@backhaul.demo');
  dispatcher = await t.login('dispatcher@backhaul.demo');
  customer = await t.login('customer@backhaul.demo');
  accountant = await t.login('accountant@backhaul.demo');
});
afterAll(async () => {
  thawClock();
  await t.close();
});

const search = async (q: string, token: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/search?q=${encodeURIComponent(q)}`,
    headers: t.bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as SearchResponse;
};
const one = async <T>(q: string) => (await t.database.query<Record<string, T>>(q))[0] as Record<string, T>;
const group = (res: SearchResponse, name: string) => res.groups.find((g) => g.group === name);

describe('GET /api/search (Ctrl+K)', () => {
  it('needs a session and a text', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/search?q=x' })).statusCode).toBe(401);
    const empty = await t.app.inject({ method: 'GET', url: '/api/search?q=', headers: t.bearer(admin) });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.q).toBeDefined();
  });

  it('finds a load by its number, a trip by its number and a load by its BOL', async () => {
    const load = await one<string | number>(
      'select id, trip_id, bol from loads where bol is not null order by id limit 1',
    );
    const byLoad = group(await search(String(load.id), admin), 'trips');
    expect(byLoad?.results.map((r) => r.id)).toContain(Number(load.id));
    const byTrip = group(await search(`#${load.trip_id}`, admin), 'trips');
    // The exact number comes first; looser matches (a BOL holding those digits) follow.
    const first = byTrip?.results[0];
    expect(first?.trip_id === Number(load.trip_id) || first?.id === Number(load.trip_id)).toBe(true);
    expect(byLoad?.results[0]?.id === Number(load.id) || byLoad?.results[0]?.trip_id === Number(load.id)).toBe(true);
    const byBol = group(await search(String(load.bol), admin), 'trips');
    expect(byBol?.results[0]).toMatchObject({ id: Number(load.id), trip_id: Number(load.trip_id) });
    expect(byBol?.results[0]?.title).toBe(`Trip #${load.trip_id} · Load #${load.id}`);
  });

  it('finds customers, drivers and trucks by name or number, and an invoice by its number', async () => {
    const c = await one<string | number>('select id, name from customers order by id limit 1');
    const d = await one<string | number>('select id, name from drivers order by id limit 1');
    const tr = await one<string | number>('select id, truck_number from trucks order by id limit 1');
    const inv = await one<number>('select id from invoices order by id limit 1');
    expect(group(await search(String(c.name), admin), 'customers')?.results.map((r) => r.id)).toContain(Number(c.id));
    expect(group(await search(String(d.name), admin), 'drivers')?.results.map((r) => r.id)).toContain(Number(d.id));
    const trucks = group(await search(String(tr.truck_number), admin), 'trucks');
    expect(trucks?.results.map((r) => r.title)).toContain(`Truck ${tr.truck_number}`);
    const invoices = group(await search(String(inv.id), admin), 'invoices');
    expect(invoices?.results[0]).toMatchObject({ id: inv.id, title: `Invoice #${inv.id}` });
    expect(invoices?.fields).toContain('Customer');
  });

  it('a customer user finds only its own invoices and no internal group', async () => {
    const own = await one<number>(
      "select i.id from invoices i join users u on u.customer_id = i.customer_id where u.email = 'customer@backhaul.demo' order by i.id limit 1",
    );
    const other = await one<number>(
      "select i.id from invoices i where i.customer_id <> (select customer_id from users where email = 'customer@backhaul.demo') order by i.id limit 1",
    );
    expect(own?.id).toBeDefined();
    expect(other?.id).toBeDefined();
    const mine = await search(String(own.id), customer);
    expect(mine.groups.map((g) => g.group)).toEqual(['invoices']);
    expect(group(mine, 'invoices')?.results.map((r) => r.id)).toContain(own.id);
    const theirs = await search(String(other.id), customer);
    expect(group(theirs, 'invoices')?.results.map((r) => r.id)).not.toContain(other.id);
  });

  it("a dispatcher without VIEW_ALL_TRIPS finds only its own trips; the accountant sees everyone's", async () => {
    // A trip dispatched by the admin: not the dispatcher's.
    const admins = await one<number>("select id from users where email = 'admin@backhaul.demo'");
    const ref = async (table: string) => (await one<number>(`select id from ${table} order by id limit 1`)).id;
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/trips/update/0',
      headers: t.bearer(admin),
      payload: {
        customer_id: await ref('customers'),
        dispatcher_id: admins.id,
        loads: [
          {
            broker_id: await ref('brokers'),
            gross: 1000,
            stops: [
              { type: 1, city: 'Atlanta', state: 'GA', at: null },
              { type: 2, city: 'Savannah', state: 'GA', at: null },
            ],
          },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const foreign = { id: saved.json().trip.loads[0].load_id as number };
    const own = await one<number>(
      "select l.id from loads l where l.dispatcher_id = (select id from users where email = 'dispatcher@backhaul.demo') order by l.id limit 1",
    );
    const forDispatcher = await search(String(foreign.id), dispatcher);
    expect(group(forDispatcher, 'trips')?.results.map((r) => r.id) ?? []).not.toContain(foreign.id);
    if (own?.id) {
      const mine = await search(String(own.id), dispatcher);
      expect(group(mine, 'trips')?.results.map((r) => r.id)).toContain(own.id);
    }
    const forAccountant = await search(String(foreign.id), accountant);
    expect(group(forAccountant, 'trips')?.results.map((r) => r.id)).toContain(foreign.id);
    // The accountant holds no Drivers or Trucks section: those groups are not answered.
    expect(forAccountant.groups.map((g) => g.group)).not.toContain('drivers');
  });
});

describe("Ctrl+K on a driver's name: the driver's recent loads", () => {
  it("answers the next load and the last ones picked up, five in all, with date, route and status, in the caller's trips scope", async () => {
    // 2026-03-10 13:00 in Chicago (CDT since March 8).
    freezeClock('2026-03-10T18:00:00Z');
    const f = factories(t);
    const stamp = Date.now().toString(36);
    const name = `Zelda Roadrunner ${stamp}`;
    const driver = await f.driver({ driver: name });
    const dispatcherId = (await one<number>("select id from users where email = 'dispatcher@backhaul.demo'")).id;
    // Each trip: Chicago 08:00 → Indianapolis 16:00 on its day; the 2nd is the dispatcher's.
    const days = [
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-10',
      '2026-03-12',
      '2026-03-14',
    ];
    const trips: Record<string, { trip: number; load: number }> = {};
    for (const day of days) {
      const made = await f.trip({
        driverId: driver.id,
        day,
        ...(day === '2026-03-03' ? { dispatcherId } : {}),
      });
      trips[day] = { trip: made.trip_id, load: made.loads[0]?.load_id as number };
    }
    const res = await search(`roadrunner ${stamp}`, admin);
    const loads = res.groups.find((g) => g.group === 'driver_loads');
    // Before every list's group; one group for the one driver matched.
    expect(res.groups[0]?.group).toBe('driver_loads');
    expect(res.groups.filter((g) => g.group === 'driver_loads')).toHaveLength(1);
    expect(loads?.label).toBe(`Recent loads · ${name}`);
    expect(loads?.driver_id).toBe(driver.id);
    // The next pickup (the 12th, not the 14th after it), then the last loads picked up, newest first.
    const newest = ['2026-03-12', '2026-03-10', '2026-03-06', '2026-03-05', '2026-03-04'];
    expect(loads?.results.map((r) => [r.id, r.trip_id])).toEqual(newest.map((d) => [trips[d]?.load, trips[d]?.trip]));
    expect(loads?.results.map((r) => r.status)).toEqual([
      'Planned',
      'On the road',
      'Delivered',
      'Delivered',
      'Delivered',
    ]);
    expect(loads?.results[0]?.title).toBe('2026-03-12 · Chicago, IL → Indianapolis, IN');
    expect(loads?.results[0]?.subtitle).toContain(
      `Trip #${trips['2026-03-12']?.trip} · Load #${trips['2026-03-12']?.load}`,
    );
    // The trips group, which finds the driver's loads too, does not repeat them.
    const shown = new Set(loads?.results.map((r) => r.id));
    expect(group(res, 'trips')?.results.filter((r) => shown.has(r.id)) ?? []).toEqual([]);

    // The dispatcher sees only the load he dispatches; the accountant, without the Drivers section, all five.
    const mine = (await search(`roadrunner ${stamp}`, dispatcher)).groups.find((g) => g.group === 'driver_loads');
    expect(mine?.results.map((r) => r.id)).toEqual([trips['2026-03-03']?.load]);
    const theirs = (await search(`Roadrunner ${stamp}`, accountant)).groups.find((g) => g.group === 'driver_loads');
    expect(theirs?.results).toHaveLength(5);
    // A single letter or a number is no driver's name: no recent loads.
    for (const q of ['z', '12'])
      expect((await search(q, admin)).groups.map((g) => g.group)).not.toContain('driver_loads');
    // A customer user reads no trips: none.
    expect((await search(`roadrunner ${stamp}`, customer)).groups.map((g) => g.group)).not.toContain('driver_loads');
  });

  it('a load is invoiced once on an invoice, delivered after its last delivery, on the road once picked up', () => {
    const at = (pickup: string | null, delivery: string | null, invoiced = false) =>
      loadStatus({ pickup, delivery, invoiced }, '2026-03-10 13:00');
    expect(at('2026-03-09 08:00', '2026-03-09 16:00', true)).toBe('Invoiced');
    expect(at('2026-03-09 08:00', '2026-03-10 13:00')).toBe('Delivered');
    expect(at('2026-03-10 13:00', '2026-03-10 13:01')).toBe('On the road');
    expect(at('2026-03-10 13:01', null)).toBe('Planned');
    expect(at(null, null)).toBe('Planned');
  });
});
