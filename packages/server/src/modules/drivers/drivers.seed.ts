import { inChunks } from '../../platform/seed/chunks';
import { ref, type Seeder } from '../../platform/seed/seed';
import { dayFromToday, phoneDigits, scaled } from '../../platform/seed/seed-helpers';
import { driverContracts, drivers } from './drivers.table';

/**
 * Pay as carriers write it: owner-operators and lease drivers on 75–88 % of the line haul (they bear
 * fuel and their truck), company drivers on $0.55–0.65 a mile. Spread by the row, not drawn.
 */
function payOf(driverType: string, i: number): { type: 'percent' | 'per_mile'; rateMilli: number } {
  if (driverType === 'company') return { type: 'per_mile', rateMilli: 550 + ((i * 37) % 11) * 10 };
  return { type: 'percent', rateMilli: 75_000 + ((i * 7) % 14) * 1000 };
}

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
      // Drawn to keep the demo's random sequence (and every later seeder's data) as it was; the pay
      // itself follows the driver's type below.
      const drawn = f.helpers.arrayElement(['per_mile', 'per_mile', 'percent', 'flat']);
      if (drawn === 'per_mile') f.number.int({ min: 55, max: 75 });
      const driverType = f.helpers.arrayElement(['company', 'company', 'owner_operator', 'lease']);
      const pay = payOf(driverType, i);
      return {
        companyId,
        name: f.person.fullName(),
        phone: phoneDigits(ctx),
        phone2: i % 4 === 0 ? phoneDigits(ctx) : null,
        email: i % 3 === 0 ? f.internet.email({ provider: 'example.com' }).toLowerCase() : null,
        driverType,
        safety: i % 3 !== 0,
        service: f.helpers.arrayElement(['dispatch', 'dispatch', 'safety', 'accounting']),
        eldName: `${f.person.firstName().toLowerCase()}${f.number.int({ min: 10, max: 99 })}`,
        customerId: truck?.customerId ?? customerIds[i % customerIds.length] ?? null,
        truckId: truck?.id ?? null,
        trailerId: truck?.trailerId ?? null,
        trailerTypeId: typeIds[i % 3] ?? null,
        rateMilli: pay.rateMilli,
        paymentType: pay.type,
        cdlNumber: f.string.alphanumeric({ length: 9, casing: 'upper' }),
        cdlExpiresOn: dayFromToday(f.number.int({ min: -10, max: 1400 })),
        medicalCardExpiresOn: dayFromToday(f.number.int({ min: -20, max: 700 })),
        hiredOn: dayFromToday(-f.number.int({ min: 20, max: 2000 })),
        active: i % 31 !== 30,
      };
    });
    const inserted = await inChunks(rows, (chunk) =>
      ctx.db.insert(drivers).values(chunk).returning({
        id: drivers.id,
        truckId: drivers.truckId,
        paymentType: drivers.paymentType,
        rateMilli: drivers.rateMilli,
      }),
    );
    // Each active driver's truck: the trucks' own seeder sets the trucks' driver from this.
    const truckDrivers = new Map<number, number>();
    for (const d of inserted.slice(0, active.length)) if (d.truckId) truckDrivers.set(d.truckId, d.id);
    ctx.refs.set('truckDrivers', truckDrivers);
    await inChunks(
      inserted
        .filter((_, i) => i % 2 === 0)
        .map((d) => ({
          driverId: d.id,
          contractType: d.paymentType,
          rateMilli: d.rateMilli,
          startsOn: dayFromToday(-f.number.int({ min: 30, max: 900 })),
          terms:
            d.paymentType === 'percent'
              ? 'Owner-operator lease: percentage of line haul, paid weekly; fuel, truck lease and insurance deducted.'
              : 'Company driver: paid weekly per mile, loaded and empty; the company bears fuel.',
        })),
      (chunk) => ctx.db.insert(driverContracts).values(chunk),
    );
    ctx.refs.set(
      'driverIds',
      inserted.map((d) => d.id),
    );
  },
};
