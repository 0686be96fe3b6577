import { and, between, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { eldJurisdictionMiles as eldMiles } from './eld.table';

/** A truck's miles in a jurisdiction over a period, as its ELD reported them (to the tenth). */
export type EldTruckMiles = { truck_id: number; jurisdiction: string; miles: number };

/**
 * The ELD miles of every truck of the company per jurisdiction from `from` to `to` (days, both
 * included), summed from the imported days. A truck without ELD data has no rows.
 */
export async function eldJurisdictionMiles(
  db: DbOrTx,
  o: { companyId: number; from: string; to: string },
): Promise<EldTruckMiles[]> {
  const rows = await db
    .select({
      truck_id: eldMiles.truckId,
      jurisdiction: eldMiles.jurisdiction,
      tenths: sql<string>`sum(${eldMiles.milesTenths})`,
    })
    .from(eldMiles)
    .where(and(eq(eldMiles.companyId, o.companyId), between(eldMiles.day, o.from, o.to)))
    .groupBy(eldMiles.truckId, eldMiles.jurisdiction)
    .orderBy(eldMiles.truckId, eldMiles.jurisdiction);
  return rows.map((r) => ({ truck_id: r.truck_id, jurisdiction: r.jurisdiction, miles: Number(r.tenths) / 10 }));
}
