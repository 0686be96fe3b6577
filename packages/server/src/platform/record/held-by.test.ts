import { HeldRecordBodySchema, MSG, recordRoutes, SECTION } from '@backhaul/shared';
import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { factories } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { references } from '../module-hooks';
import { defineRecord } from './define-record';
import { registerRecordRoutes } from './record.routes';

// A probe record of this test only, held by two kinds of probe rows: the engine knows no module.
const probes = pgTable('held_probe', {
  id: serial().primaryKey(),
  companyId: integer().notNull(),
  name: text().notNull(),
  active: boolean().notNull().default(true),
});
const probeLinks = references();
probeLinks.register('probe_notes', (id) => sql`select count(*) from held_probe_note n where n.probe_id = ${id}`);
probeLinks.register('tags', (id) => sql`select count(*) from held_probe_tag g where g.probe_id = ${id}`, {
  one: 'probe tag',
  many: 'probe tags',
});
const FormSchema = z.object({ name: z.string(), active: z.boolean() });
const RowSchema = z.object({ id: z.number(), name: z.string(), active: z.boolean() });
const probeRecord = defineRecord({
  table: probes,
  section: SECTION.General,
  form: FormSchema,
  row: RowSchema,
  heldBy: probeLinks,
  active: (p) => p.active,
});

let t: TestContext;
let admin: string;
let f: ReturnType<typeof factories>;

beforeAll(async () => {
  t = await createTestApp({
    routes: (app, deps) =>
      registerRecordRoutes(app, deps, probeRecord, { tags: [], key: 'item', routes: recordRoutes('/held-probe') }),
  });
  await t.database.exec(`
    create table held_probe (id serial primary key, company_id int not null, name text not null,
      active boolean not null default true);
    create table held_probe_note (id serial primary key, probe_id int not null);
    create table held_probe_tag (id serial primary key, probe_id int not null);`);
  admin = await t.login('admin@backhaul.demo');
  f = factories(t, { as: admin });
});
afterAll(() => t.close());

const call = (method: 'DELETE' | 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: t.bearer(admin), ...(payload ? { payload } : {}) });

/** The refusal's body, checked against the shared contract. */
async function refused(url: string) {
  const res = await call('DELETE', url);
  expect(res.statusCode, res.body).toBe(412);
  return HeldRecordBodySchema.parse(res.json());
}

const count = async (query: string, params: unknown[]) =>
  (await t.database.query<{ n: number }>(query, params))[0]?.n ?? -1;

describe('a delete refused because other rows point at the record', () => {
  it('keeps the spec’s words and adds what holds it, counted (most first, singular for one); nothing is deleted until they go', async () => {
    const created = await call('POST', '/held-probe', { name: 'Held', active: true });
    const id = created.json().item.id as number;
    await t.database.query('insert into held_probe_note (probe_id) select $1 from generate_series(1, 3)', [id]);
    await t.database.query('insert into held_probe_tag (probe_id) values ($1)', [id]);

    const body = await refused(`/held-probe/${id}`);
    expect(body).toEqual({
      error: { mail: 'Deletion error: 3 probe notes, 1 probe tag' },
      held_by: [
        { what: 'probe notes', count: 3 },
        { what: 'probe tags', count: 1 },
      ],
      can_deactivate: true,
    });
    expect(await count('select count(*)::int n from held_probe where id = $1', [id])).toBe(1);
    expect(
      await count("select count(*)::int n from audit_log where entity = 'held_probe' and action = 'delete'", []),
    ).toBe(0);

    // An inactive record has nothing to offer instead.
    await call('PUT', `/held-probe/${id}`, { name: 'Held', active: false });
    expect((await refused(`/held-probe/${id}`)).can_deactivate).toBe(false);

    await t.database.query('delete from held_probe_note where probe_id = $1', [id]);
    expect((await refused(`/held-probe/${id}`)).error.mail).toBe('Deletion error: 1 probe tag');
    await t.database.query('delete from held_probe_tag where probe_id = $1', [id]);
    expect((await call('DELETE', `/held-probe/${id}`)).json()).toEqual({ message: MSG.removalSuccess });
    expect(await count('select count(*)::int n from held_probe where id = $1', [id])).toBe(0);
  });
});

/** A trip as the trip dialog saves it: one load per entry, each from and to `city`. */
async function trip(opts: {
  customerId: number;
  dispatcherId?: number;
  driverId?: number;
  teamDriverId?: number;
  truckId?: number;
  trailerId?: number;
  loads?: Array<{ brokerId?: number; cityId?: number }>;
}) {
  const stop = (type: 1 | 2, cityId: number | undefined) => ({
    type,
    city: 'Chicago',
    state: 'IL',
    zip: '60601',
    at: `2026-03-02 ${type === 1 ? '08' : '16'}:00`,
    ...(cityId ? { city_id: cityId } : {}),
  });
  const res = await call('POST', '/trips/update/0', {
    customer_id: opts.customerId,
    dispatcher_id:
      opts.dispatcherId ??
      (await t.database.query<{ id: number }>("select id from users where email = 'admin@backhaul.demo'"))[0]?.id,
    driver_id: opts.driverId ?? null,
    team_driver_id: opts.teamDriverId ?? null,
    truck_id: opts.truckId ?? null,
    trailer_id: opts.trailerId ?? null,
    loads: (opts.loads ?? [{}]).map((l) => ({
      gross: 1000,
      broker_id: l.brokerId ?? null,
      stops: [stop(1, l.cityId), stop(2, l.cityId)],
    })),
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('every registry’s refused delete goes through it', () => {
  it('a customer with trips, drivers and users: "Deletion error: 3 trips, 2 drivers, 1 user"; Frozen offers nothing more', async () => {
    const customer = await f.customer();
    for (let i = 0; i < 3; i++) await trip({ customerId: customer.id });
    await f.driver({ customer_id: customer.id });
    await f.driver({ customer_id: customer.id });
    await t.createUser({ email: 'held-customer-user@backhaul.test', grants: [], customerId: customer.id });

    const body = await refused(`/customers/${customer.id}`);
    expect(body.error.mail).toBe('Deletion error: 3 trips, 2 drivers, 1 user');
    expect(body.held_by).toEqual([
      { what: 'trips', count: 3 },
      { what: 'drivers', count: 2 },
      { what: 'users', count: 1 },
    ]);
    expect(body.can_deactivate).toBe(true);
    expect(await count('select count(*)::int n from customers where id = $1', [customer.id])).toBe(1);

    await t.database.query('update customers set frozen = 1 where id = $1', [customer.id]);
    expect((await refused(`/customers/${customer.id}`)).can_deactivate).toBe(false);
  });

  it('a customer with invoices: "Deletion error: 2 invoices, 1 trip", before its open balance (the rule after it)', async () => {
    const customer = await f.customer();
    await trip({ customerId: customer.id });
    for (const amount of [120, 80]) {
      const invoice = await call('POST', '/invoice/new', {
        customer_id: customer.id,
        from: '2026-10-01',
        to: '2026-10-31',
        lines: [{ description: 'Dispatch fee', quantity: 1, amount }],
      });
      expect(invoice.statusCode, invoice.body).toBe(200);
    }
    expect(await count('select balance_cents::int n from customers where id = $1', [customer.id])).toBe(20_000);

    const body = await refused(`/customers/${customer.id}`);
    expect(body).toEqual({
      error: { mail: 'Deletion error: 2 invoices, 1 trip' },
      held_by: [
        { what: 'invoices', count: 2 },
        { what: 'trips', count: 1 },
      ],
      can_deactivate: true,
    });
  });

  it('a driver with trips (as driver or team driver) and a truck and trailer with trips', async () => {
    const customer = await f.customer();
    const driver = await f.driver();
    const partner = await f.driver();
    const truck = await f.truck();
    const trailer = await f.trailer();
    await trip({ customerId: customer.id, driverId: driver.id, truckId: truck.id, trailerId: trailer.id });
    await trip({ customerId: customer.id, driverId: driver.id, truckId: truck.id });
    await trip({ customerId: customer.id, driverId: partner.id, teamDriverId: driver.id });

    const held = await refused(`/drivers/${driver.id}`);
    expect([held.error.mail, held.can_deactivate]).toEqual(['Deletion error: 3 trips', true]);
    expect((await refused(`/trucks/${truck.id}`)).error.mail).toBe('Deletion error: 2 trips');
    const trailerHeld = await refused(`/trailers/${trailer.id}`);
    expect([trailerHeld.error.mail, trailerHeld.held_by]).toEqual([
      'Deletion error: 1 trip',
      [{ what: 'trips', count: 1 }],
    ]);
    expect(trailerHeld.can_deactivate).toBe(true);
    // A truck that left the company is no longer offered to deactivate.
    await t.database.query("update trucks set status = 'left_company' where id = $1", [truck.id]);
    expect((await refused(`/trucks/${truck.id}`)).can_deactivate).toBe(false);
  });

  it('a broker and a city named by loads (no active flag: nothing offered instead); a clean one goes', async () => {
    const customer = await f.customer();
    const broker = await f.broker();
    const city = await call('POST', '/cities/new', { city: 'Heldville', state: 'IL', zip_codes: '' });
    expect(city.statusCode, city.body).toBe(200);
    const cityId = city.json().city.id as number;
    await trip({
      customerId: customer.id,
      loads: [{ brokerId: broker.broker_id, cityId }, { brokerId: broker.broker_id }],
    });

    expect(await refused(`/brokers/${broker.broker_id}`)).toMatchObject({
      error: { mail: 'Deletion error: 2 loads' },
      can_deactivate: false,
    });
    // Two stops of one load in the city: one load.
    expect((await refused(`/cities/${cityId}`)).error.mail).toBe('Deletion error: 1 load');

    const clean = await f.broker();
    expect((await call('DELETE', `/brokers/${clean.broker_id}`)).json()).toEqual({ message: MSG.removalSuccess });
  });

  it('a user who dispatches trips and manages a customer: "Deletion error: 2 trips, 1 customer"', async () => {
    const { user } = await t.createUser({ email: 'held-dispatcher@backhaul.test', grants: [] });
    const customer = await f.customer({ sale_manager_id: user.id });
    await trip({ customerId: customer.id, dispatcherId: user.id });
    await trip({ customerId: customer.id, dispatcherId: user.id });

    const body = await refused(`/users/${user.id}`);
    expect(body).toMatchObject({ error: { mail: 'Deletion error: 2 trips, 1 customer' }, can_deactivate: true });
    expect(await count('select count(*)::int n from users where id = $1', [user.id])).toBe(1);
  });
});
