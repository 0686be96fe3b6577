import { inChunks } from '../../platform/seed/chunks';
import { ref, type Seeder } from '../../platform/seed/seed';
import { dayFromToday } from '../../platform/seed/seed-helpers';
import { unitAssignments, unitEquipment, unitNotes, unitValues } from './units.table';

type Valued = { year: number | null; originValueCents: number | null };
type TruckRef = Valued & { id: number; customerId: number | null; trailerId: number | null; status: string };
type TrailerRef = Valued & { id: number; customerId: number | null };

const NOTES = [
  'Replaced steer tires at 412k miles.',
  'Driver reports slight pull to the right; check alignment at next PM.',
  'APU serviced; filters changed.',
  'DOT inspection passed with no violations.',
  'Reefer unit logged 38 engine hours this week.',
];

/** Equipment, notes, yearly values and assignment history for trucks and trailers. */
export const unitsSeeder: Seeder = {
  name: 'unit equipment, notes, values and history',
  async run(ctx) {
    const truckRows = ref<TruckRef[]>(ctx, 'trucks');
    const trailerRows = ref<TrailerRef[]>(ctx, 'trailers');
    const equipmentIds = ref<number[]>(ctx, 'equipmentNameIds');
    const f = ctx.faker;
    // The drivers seeder put each driver on its truck after the trucks were made.
    const driverOf = ref<Map<number, number>>(ctx, 'truckDrivers');
    const units = [
      ...truckRows.map((t) => ({
        unitType: 'truck',
        unitId: t.id,
        customerId: t.customerId,
        driverId: driverOf.get(t.id) ?? null,
        trailerId: t.trailerId,
        year: t.year,
        origin: t.originValueCents,
      })),
      ...trailerRows.map((t) => ({
        unitType: 'trailer',
        unitId: t.id,
        customerId: t.customerId,
        driverId: null,
        trailerId: null,
        year: t.year,
        origin: t.originValueCents,
      })),
    ];
    const equipment = units.flatMap((u, i) =>
      Array.from({ length: 1 + (i % 3) }, (_, k) => ({
        unitType: u.unitType,
        unitId: u.unitId,
        equipmentNameId: equipmentIds[(i + k * 3) % equipmentIds.length] ?? 1,
        quantity: f.number.int({ min: 1, max: 8 }),
      })),
    );
    await inChunks(equipment, (chunk) => ctx.db.insert(unitEquipment).values(chunk));
    await inChunks(
      units
        .filter((_, i) => i % 3 === 0)
        .map((u, i) => ({ unitType: u.unitType, unitId: u.unitId, text: NOTES[i % NOTES.length] ?? '' })),
      (chunk) => ctx.db.insert(unitNotes).values(chunk),
    );
    const thisYear = Number(dayFromToday(0).slice(0, 4));
    await inChunks(
      units.flatMap((u) => {
        const origin = u.origin ?? f.number.int({ min: 60, max: 180 }) * 1000_00;
        const firstYear = Math.max(u.year ?? thisYear - 3, thisYear - 3);
        // Straight-line depreciation from the origin value, about 12 % a year.
        return Array.from({ length: thisYear - firstYear + 1 }, (_, k) => ({
          unitType: u.unitType,
          unitId: u.unitId,
          year: firstYear + k,
          valueCents: Math.round((origin * (1 - 0.12 * (k + 1))) / 100) * 100,
        }));
      }),
      (chunk) => ctx.db.insert(unitValues).values(chunk),
    );
    await inChunks(
      units
        .filter((u) => u.customerId !== null)
        .map((u) => ({
          unitType: u.unitType,
          unitId: u.unitId,
          customerId: u.customerId,
          driverId: u.driverId,
          trailerId: u.trailerId,
          fromDate: dayFromToday(-f.number.int({ min: 30, max: 700 })),
        })),
      (chunk) => ctx.db.insert(unitAssignments).values(chunk),
    );
  },
};
