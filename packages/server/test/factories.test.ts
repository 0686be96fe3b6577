import { SECTION } from '@backhaul/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Factories, factories } from './factories';
import { createTestApp, type TestContext } from './harness';

let t: TestContext;
let f: Factories;
beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
});
afterAll(() => t.close());

const count = async (sql: string, params: unknown[]) => (await t.database.query<{ n: number }>(sql, params))[0]?.n;

describe('test factories make records through the API', () => {
  it('a customer with its truck, trailer and driver, linked as a user would link them', async () => {
    const customer = await f.customer();
    const trailer = await f.trailer({ customer_id: customer.id });
    const driver = await f.driver({ customer_id: customer.id });
    const truck = await f.truck({ customer_id: customer.id, trailer_id: trailer.id, driver_id: driver.id });
    const [row] = await t.database.query<{ customer_id: number; trailer_id: number; driver_id: number }>(
      'select customer_id, trailer_id, driver_id from trucks where id = $1',
      [truck.id],
    );
    expect(row).toEqual({ customer_id: customer.id, trailer_id: trailer.id, driver_id: driver.id });
    // The driver follows the truck it was put on (the trucks ↔ drivers rule).
    expect(await count('select truck_id::int as n from drivers where id = $1', [driver.id])).toBe(truck.id);
    expect(
      await count("select count(*)::int as n from audit_log where entity = 'trucks' and entity_id = $1", [
        String(truck.id),
      ]),
    ).toBe(1);
  });

  it('a trip with its loads, brokers and employees with unique names, users with exactly their grants', async () => {
    const trip = await f.trip({ loads: 2, gross: 1500 });
    expect(trip.loads.map((l) => l.gross)).toEqual([1500, 1500]);
    expect(await count('select count(*)::int as n from loads where trip_id = $1', [trip.trip_id])).toBe(2);
    const [a, b] = [await f.broker(), await f.broker()];
    expect(a.broker).not.toBe(b.broker);
    expect((await f.employee({ office: 'Dallas' })).name).toMatch(/^Employee /);
    const { token } = await f.user([{ section: SECTION.Brokers, action: 0 }]);
    const list = (r: string) =>
      t.app.inject({ method: 'POST', url: `/api/${r}/list`, payload: {}, headers: t.bearer(token) });
    expect((await list('brokers')).statusCode).toBe(200);
    expect((await list('cities')).statusCode).toBe(403);
  });
});
