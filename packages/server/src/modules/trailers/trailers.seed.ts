import { inChunks } from '../../platform/seed/chunks';
import { ref, type Seeder } from '../../platform/seed/seed';
import { dayFromToday, scaled } from '../../platform/seed/seed-helpers';
import { trailers } from './trailers.table';

const MAKES = ['Utility', 'Wabash', 'Great Dane', 'Hyundai Translead', 'Stoughton', 'Fontaine'];

/** Reefer units (the seed's type index 1, TRAILER_TYPES) count engine hours, at a tenth of a van's miles. */
function trailerMeter(reading: number, untilPm: number, reefer = false) {
  const scale = reefer ? 10 : 1;
  return { odometer: Math.round(reading / scale), pmMiles: Math.round((reading + untilPm) / scale) };
}

/** About 80 trailers: most active with a customer, some left or sold; dates spread around today. */
export const trailersSeeder: Seeder = {
  name: 'trailers',
  async run(ctx) {
    const companyId = ref<number>(ctx, 'companyId');
    const customerIds = ref<number[]>(ctx, 'customerIds');
    const typeIds = ref<number[]>(ctx, 'trailerTypeIds');
    const f = ctx.faker;
    const rows = Array.from({ length: scaled(ctx, 80, 4) }, (_, i) => {
      const status = i % 19 === 18 ? 'sold' : i % 23 === 22 ? 'left_company' : 'active';
      const typeIndex = i % 7 < 4 ? 0 : i % 7 < 6 ? 1 : 2;
      return {
        companyId,
        trailerNumber: `TR${3001 + i}`,
        // Mostly dry vans and reefers, like a real van fleet.
        trailerTypeId: typeIds[typeIndex] ?? null,
        size: f.helpers.arrayElement(['53 ft', '53 ft', '53 ft', '48 ft']),
        make: f.helpers.arrayElement(MAKES),
        year: f.number.int({ min: 2012, max: 2026 }),
        vin: f.vehicle.vin(),
        plate: f.string.alphanumeric({ length: 7, casing: 'upper' }),
        customerId: status === 'active' ? (customerIds[i % customerIds.length] ?? null) : null,
        alignmentDate: dayFromToday(f.number.int({ min: -120, max: 300 })),
        annualInspectionDate: dayFromToday(f.number.int({ min: -40, max: 360 })),
        ...trailerMeter(
          f.number.int({ min: 10, max: 90 }) * 1000,
          f.number.int({ min: -6, max: 20 }) * 1000,
          typeIndex === 1,
        ),
        registrationExpiresOn: dayFromToday(f.number.int({ min: -20, max: 365 })),
        companyOwner: i % 4 === 0 ? 'Backhaul Demo Freight' : null,
        gps: i % 2 === 0 ? 'SkyBitz' : 'Spireon',
        status,
        originValueCents: f.number.int({ min: 18, max: 75 }) * 1000_00,
      };
    });
    const inserted = await inChunks(rows, (chunk) =>
      ctx.db.insert(trailers).values(chunk).returning({
        id: trailers.id,
        customerId: trailers.customerId,
        year: trailers.year,
        originValueCents: trailers.originValueCents,
      }),
    );
    ctx.refs.set('trailers', inserted);
  },
};
