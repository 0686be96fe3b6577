import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { trucks } from '../trucks';
import { drivers } from './drivers.table';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@backhaul.demo');
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.bearer(admin), ...(payload ? { payload } : {}) });

const driverRow = async (id: number) => (await t.db.select().from(drivers).where(eq(drivers.id, id)))[0];
const truckRow = async (id: number) => (await t.db.select().from(trucks).where(eq(trucks.id, id)))[0];

describe('a truck and its driver name each other', () => {
  it('setting a truck’s driver moves the driver onto it, and the old driver off it', async () => {
    const [truck] = await t.db
      .select()
      .from(trucks)
      .where(and(eq(trucks.status, 'active'), eq(trucks.companyId, 1)))
      .limit(1);
    if (!truck?.driverId) throw new Error('a seeded active truck has a driver');
    const oldDriver = truck.driverId;
    // A driver between trucks (the small test fleet puts every driver on a truck).
    const [free] = await t.db
      .update(drivers)
      .set({ truckId: null, trailerId: null })
      .where(and(eq(drivers.companyId, 1), isNull(drivers.truckId)))
      .returning();
    const spare =
      free ??
      (
        await t.db
          .insert(drivers)
          .values({ companyId: 1, name: 'Spare Driver', customerId: truck.customerId })
          .returning()
      )[0];
    if (!spare) throw new Error('no spare driver');

    const edit = (await call('GET', `/api/trucks/${truck.id}/edit`)).json();
    const saved = await call('PUT', `/api/trucks/${truck.id}`, { ...edit.truck, driver_id: spare.id });
    expect(saved.statusCode).toBe(200);

    expect((await driverRow(spare.id))?.truckId).toBe(truck.id);
    expect((await driverRow(spare.id))?.trailerId).toBe(truck.trailerId);
    expect((await driverRow(oldDriver))?.truckId).toBeNull();
    const audit = await t.database.query<{ n: number }>(
      "select count(*)::int n from audit_log where entity = 'drivers' and entity_id in ($1, $2)",
      [String(spare.id), String(oldDriver)],
    );
    expect(audit[0]?.n).toBe(2);
  });

  it('moving a driver to a truck without a driver makes them its driver; the truck left behind loses them', async () => {
    const [from] = await t.db
      .select()
      .from(trucks)
      .where(and(eq(trucks.status, 'active'), eq(trucks.companyId, 1)))
      .orderBy(trucks.id)
      .offset(2)
      .limit(1);
    if (!from?.driverId) throw new Error('a seeded active truck has a driver');
    const [to] = await t.db
      .update(trucks)
      .set({ driverId: null })
      .where(and(eq(trucks.status, 'active'), eq(trucks.id, from.id + 1)))
      .returning();
    if (!to) throw new Error('a second active truck');
    await t.db.update(drivers).set({ truckId: null }).where(eq(drivers.truckId, to.id));

    const card = (await call('GET', `/api/drivers/${from.driverId}`)).json();
    const saved = await call('POST', `/api/drivers/update/${from.driverId}`, {
      ...card.driver,
      email: card.driver.email ?? '',
      phone2: card.driver.phone2 ?? '',
      truck_id: to.id,
    });
    expect(saved.json()).toMatchObject({ message: 'Saving Successfully' });
    expect((await truckRow(to.id))?.driverId).toBe(from.driverId);
    expect((await truckRow(from.id))?.driverId).toBeNull();
  });
});
