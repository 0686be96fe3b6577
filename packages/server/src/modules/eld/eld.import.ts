import type { ImportError, ImportValues } from '@backhaul/shared/import/import.contract';
import { ELD_MILES_IMPORT, ELD_MSG, ODOMETER_IMPORT } from '@backhaul/shared/modules/eld/eld.contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import type { ImportSpec } from '../../platform/import/import';
import { trucks } from '../trucks';
import { eldJurisdictionMiles, odometerReadings } from './eld.table';
import { companyInstant, rejudgeTrucks } from './odometer-readings';

const key = (text: string) => text.trim().toLowerCase();

/** The company's trucks by unit number (case and spaces aside). */
async function unitsOf(db: DbOrTx, user: AuthUser): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: trucks.id, number: trucks.truckNumber })
    .from(trucks)
    .where(eq(trucks.companyId, user.companyId));
  return new Map(rows.map((t) => [key(t.number), t.id]));
}

type Checked = { row: number; unit: string | null | undefined; day: string | null | undefined };

/** Row errors every ELD file shares: a unit no truck has, a day (YYYY-MM-DD…) after today on `dayField`. */
function unitAndDay(units: Map<string, number>, rows: Checked[], dayField: string): ImportError[] {
  const today = clock.today();
  return rows.flatMap((r) => [
    ...(r.unit && !units.has(key(r.unit)) ? [{ row: r.row, field: 'unit', message: ELD_MSG.unknownUnit }] : []),
    ...(r.day && r.day.slice(0, 10) > today ? [{ row: r.row, field: dayField, message: ELD_MSG.future }] : []),
  ]);
}

type MilesValues = ImportValues<typeof ELD_MILES_IMPORT.columns>;

/**
 * An ELD provider's jurisdiction-miles report (README "ELD data"): a unit no truck has, a day after
 * today, or the same unit, day and jurisdiction twice in the file are row errors. A day already
 * imported takes the newer figure.
 */
export const eldMilesImport: ImportSpec<typeof ELD_MILES_IMPORT.columns> = {
  definition: ELD_MILES_IMPORT,
  async check(db, user, rows) {
    const units = await unitsOf(db, user);
    const errors = unitAndDay(
      units,
      rows.map((r) => ({ row: r.row, unit: r.values.unit, day: r.values.day })),
      'day',
    );
    const seen = new Set<string>();
    for (const r of rows) {
      const k = `${key(r.values.unit ?? '')}|${r.values.day}|${r.values.jurisdiction}`;
      if (seen.has(k)) errors.push({ row: r.row, field: 'jurisdiction', message: ELD_MSG.twice });
      seen.add(k);
    }
    return errors;
  },
  async save(tx, user, rows: MilesValues[]) {
    const units = await unitsOf(tx, user);
    const values = rows.map((v) => ({
      companyId: user.companyId,
      truckId: units.get(key(v.unit ?? '')) as number,
      day: v.day as string,
      jurisdiction: v.jurisdiction as string,
      milesTenths: v.miles as number,
      createdBy: user.id,
    }));
    const saved = [];
    for (let i = 0; i < values.length; i += 500)
      saved.push(
        ...(await tx
          .insert(eldJurisdictionMiles)
          .values(values.slice(i, i + 500))
          .onConflictDoUpdate({
            target: [
              eldJurisdictionMiles.companyId,
              eldJurisdictionMiles.truckId,
              eldJurisdictionMiles.day,
              eldJurisdictionMiles.jurisdiction,
            ],
            set: { milesTenths: sql`excluded.miles_tenths`, createdBy: user.id, updatedAt: clock.now() },
          })
          .returning()),
      );
    return { entity: eldJurisdictionMiles, rows: saved.map((r) => ({ id: r.id, after: r })) };
  },
};

type OdometerValues = ImportValues<typeof ODOMETER_IMPORT.columns>;

/**
 * ELD odometer readings: unit and time row errors as above, and a reading already imported (same
 * unit and time) is refused. Saved readings are judged with the truck's others: one that goes back
 * or jumps too far is kept flagged, never taken.
 */
export const odometerImport: ImportSpec<typeof ODOMETER_IMPORT.columns> = {
  definition: ODOMETER_IMPORT,
  async check(db, user, rows) {
    const units = await unitsOf(db, user);
    const errors = unitAndDay(
      units,
      rows.map((r) => ({ row: r.row, unit: r.values.unit, day: r.values.read_at })),
      'read_at',
    );
    const imported = await db
      .select({ truckId: odometerReadings.truckId, readAt: odometerReadings.readAt })
      .from(odometerReadings)
      .where(and(eq(odometerReadings.companyId, user.companyId), eq(odometerReadings.source, 'eld')));
    const held = new Set(imported.map((r) => `${r.truckId}|${r.readAt.getTime()}`));
    for (const r of rows) {
      const truck = units.get(key(r.values.unit ?? ''));
      if (truck === undefined || !r.values.read_at) continue;
      const k = `${truck}|${companyInstant(r.values.read_at).getTime()}`;
      if (held.has(k)) errors.push({ row: r.row, field: 'read_at', message: 'The reading is already imported.' });
      held.add(k);
    }
    return errors;
  },
  async save(tx, user, rows: OdometerValues[]) {
    const units = await unitsOf(tx, user);
    const values = rows.map((v) => ({
      companyId: user.companyId,
      truckId: units.get(key(v.unit ?? '')) as number,
      readAt: companyInstant(v.read_at as string),
      odometer: v.odometer as number,
      source: 'eld',
      createdBy: user.id,
    }));
    const saved = [];
    for (let i = 0; i < values.length; i += 500)
      saved.push(
        ...(await tx
          .insert(odometerReadings)
          .values(values.slice(i, i + 500))
          .returning({ id: odometerReadings.id })),
      );
    await rejudgeTrucks(
      tx,
      values.map((v) => v.truckId),
    );
    const judged = saved.length
      ? await tx
          .select()
          .from(odometerReadings)
          .where(
            inArray(
              odometerReadings.id,
              saved.map((r) => r.id),
            ),
          )
      : [];
    return { entity: odometerReadings, rows: judged.map((r) => ({ id: r.id, after: r })) };
  },
};
