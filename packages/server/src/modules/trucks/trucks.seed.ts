import { eq } from 'drizzle-orm';
import { inChunks } from '../../platform/seed/chunks';
import { ref, type Seeder } from '../../platform/seed/seed';
import { dayFromToday, scaled } from '../../platform/seed/seed-helpers';
import { trucks } from './trucks.table';

const MODELS = [
  ['Freightliner', 'Cascadia'],
  ['Kenworth', 'T680'],
  ['Peterbilt', '579'],
  ['Volvo', 'VNL 860'],
  ['International', 'LT625'],
  ['Mack', 'Anthem'],
] as const;
const ELD = ['Samsara', 'Motive', 'Omnitracs', 'Garmin eLog'];

/** About 60 tractors, each active one with a customer and, mostly, one of its trailers. */
export const trucksSeeder: Seeder = {
  name: 'trucks',
  async run(ctx) {
    const companyId = ref<number>(ctx, 'companyId');
    const customerIds = ref<number[]>(ctx, 'customerIds');
    const trailerRows = ref<Array<{ id: number; customerId: number | null }>>(ctx, 'trailers');
    const f = ctx.faker;
    const freeTrailers = [...trailerRows.filter((t) => t.customerId !== null)];
    const rows = Array.from({ length: scaled(ctx, 60, 4) }, (_, i) => {
      const status = i % 17 === 16 ? 'sold' : i % 29 === 28 ? 'left_company' : 'active';
      const [make, model] = MODELS[i % MODELS.length] ?? MODELS[0];
      const customerId = status === 'active' ? (customerIds[i % customerIds.length] ?? null) : null;
      const trailerIndex = freeTrailers.findIndex((t) => t.customerId === customerId);
      const trailer =
        customerId && i % 6 !== 5 && trailerIndex >= 0 ? freeTrailers.splice(trailerIndex, 1)[0] : undefined;
      const odometer = f.number.int({ min: 40, max: 900 }) * 1000;
      return {
        companyId,
        truckNumber: String(101 + i),
        make,
        model,
        year: f.number.int({ min: 2015, max: 2026 }),
        vin: f.vehicle.vin(),
        plate: f.string.alphanumeric({ length: 7, casing: 'upper' }),
        customerId,
        trailerId: trailer?.id ?? null,
        eld: f.helpers.arrayElement(ELD),
        alignmentDate: dayFromToday(f.number.int({ min: -90, max: 200 })),
        annualInspectionDate: dayFromToday(f.number.int({ min: -30, max: 360 })),
        pmMiles: odometer + f.number.int({ min: -5, max: 25 }) * 1000,
        odometer,
        registrationExpiresOn: dayFromToday(f.number.int({ min: -15, max: 365 })),
        companyOwner: i % 3 === 0 ? 'Backhaul Demo Freight' : null,
        status,
        truckStatus:
          status === 'active' ? f.helpers.arrayElement(['on_road', 'on_road', 'on_road', 'waiting', 'in_shop']) : null,
        originValueCents: f.number.int({ min: 65, max: 190 }) * 1000_00,
      };
    });
    const inserted = await inChunks(rows, (chunk) =>
      ctx.db.insert(trucks).values(chunk).returning({
        id: trucks.id,
        customerId: trucks.customerId,
        trailerId: trucks.trailerId,
        status: trucks.status,
        year: trucks.year,
        originValueCents: trucks.originValueCents,
      }),
    );
    ctx.refs.set('trucks', inserted);
  },
};

/** Runs after the drivers: each truck takes the active driver the drivers' seeder put on it. */
export const truckDriversSeeder: Seeder = {
  name: 'truck drivers',
  async run(ctx) {
    for (const [truckId, driverId] of ref<Map<number, number>>(ctx, 'truckDrivers'))
      await ctx.db.update(trucks).set({ driverId }).where(eq(trucks.id, truckId));
  },
};
