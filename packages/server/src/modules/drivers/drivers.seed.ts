import { eq } from 'drizzle-orm';
import { ref, type Seeder } from '../../platform/seed/seed';
import { dayFromToday, phoneDigits, scaled } from '../../platform/seed/seed-helpers';
import { trucks } from '../trucks';
import { driverContracts, drivers } from './drivers.table';

type TruckRef = { id: number; customerId: number | null; trailerId: number | null; status: string };

/** About 90 drivers: one per active truck, some teams, the rest between trucks. */
export const driversSeeder: Seeder = {
  name: 'drivers',
  async run(ctx) {
    const companyId = ref<number>(ctx, 'companyId');
    const customerIds = ref<number[]>(ctx, 'customerIds');
    const typeIds = ref<number[]>(ctx, 'trailerTypeIds');
    const active = ref<TruckRef[]>(ctx, 'trucks').filter((t) => t.status === 'active');
    const f = ctx.faker;
    const rows = Array.from({ length: scaled(ctx, 90, 4) }, (_, i) => {
      // First a driver per active truck, then team drivers on every fourth truck, then the rest.
      const truck = i < active.length ? active[i] : active[(i - active.length) * 4];
      const paymentType = f.helpers.arrayElement(['per_mile', 'per_mile', 'percent', 'flat']);
      return {
        companyId,
        name: f.person.fullName(),
        phone: phoneDigits(ctx),
        phone2: i % 4 === 0 ? phoneDigits(ctx) : null,
        email: i % 3 === 0 ? f.internet.email({ provider: 'example.com' }).toLowerCase() : null,
        driverType: f.helpers.arrayElement(['company', 'company', 'owner_operator', 'lease']),
        safety: i % 3 !== 0,
        service: f.helpers.arrayElement(['dispatch', 'dispatch', 'safety', 'accounting']),
        eldName: `${f.person.firstName().toLowerCase()}${f.number.int({ min: 10, max: 99 })}`,
        customerId: truck?.customerId ?? customerIds[i % customerIds.length] ?? null,
        truckId: truck?.id ?? null,
        trailerId: truck?.trailerId ?? null,
        trailerTypeId: typeIds[i % 3] ?? null,
        amountCents:
          paymentType === 'per_mile' ? f.number.int({ min: 55, max: 75 }) : paymentType === 'percent' ? 2800 : 1500_00,
        paymentType,
        cdlNumber: f.string.alphanumeric({ length: 9, casing: 'upper' }),
        cdlExpiresOn: dayFromToday(f.number.int({ min: -10, max: 1400 })),
        medicalCardExpiresOn: dayFromToday(f.number.int({ min: -20, max: 700 })),
        hiredOn: dayFromToday(-f.number.int({ min: 20, max: 2000 })),
        active: i % 31 !== 30,
      };
    });
    const inserted = await ctx.db.insert(drivers).values(rows).returning({
      id: drivers.id,
      truckId: drivers.truckId,
      paymentType: drivers.paymentType,
      amountCents: drivers.amountCents,
    });
    const truckDrivers = new Map<number, number>();
    for (const d of inserted.slice(0, active.length)) {
      if (!d.truckId) continue;
      await ctx.db.update(trucks).set({ driverId: d.id }).where(eq(trucks.id, d.truckId));
      truckDrivers.set(d.truckId, d.id);
    }
    ctx.refs.set('truckDrivers', truckDrivers);
    await ctx.db.insert(driverContracts).values(
      inserted
        .filter((_, i) => i % 2 === 0)
        .map((d) => ({
          driverId: d.id,
          contractType: d.paymentType === 'flat' ? 'flat' : d.paymentType === 'percent' ? 'percent' : 'per_mile',
          rate: d.amountCents,
          startsOn: dayFromToday(-f.number.int({ min: 30, max: 900 })),
          terms: 'Paid weekly on Friday for loads delivered by Wednesday with PPW received.',
        })),
    );
    ctx.refs.set(
      'driverIds',
      inserted.map((d) => d.id),
    );
  },
};
