import type { ImportError, ImportValues } from '@backhaul/shared/import/import.contract';
import { FUEL_IMPORT, FUEL_MSG, productOfItem } from '@backhaul/shared/modules/driver-pay/fuel.contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import type { ImportSpec } from '../../platform/import/import';
import { drivers } from '../drivers';
import { trucks } from '../trucks';
import { fuelRows } from './driver-pay.table';
import { fuelOdometer, fuelRecord, toFuelRow } from './fuel.record';
import { fuelOdometerChanged } from './fuel-odometer';

type Values = ImportValues<typeof FUEL_IMPORT.columns>;
type Match = { truckId: number | null; truckNumber: string | null; driverId: number | null; customerId: number | null };

const key = (text: string) => text.trim().toLowerCase();

/** The company's trucks by unit number and drivers by name, for matching a card export's rows. */
async function lookups(db: DbOrTx, user: AuthUser) {
  const truckRows = await rowsOf<{
    id: number;
    truck_number: string;
    driver_id: number | null;
    customer_id: number | null;
  }>(
    db,
    sql`select t.id, t.truck_number, t.customer_id,
        (select d.id from ${drivers} d where d.truck_id = t.id and d.active order by d.id limit 1) as driver_id
      from ${trucks} t where t.company_id = ${user.companyId}`,
  );
  const driverRows = await rowsOf<{ id: number; name: string; customer_id: number | null }>(
    db,
    sql`select id, name, customer_id from ${drivers} where company_id = ${user.companyId}`,
  );
  return {
    truck: new Map(truckRows.map((t) => [key(t.truck_number), t])),
    driver: new Map(driverRows.map((d) => [key(d.name), d])),
  };
}

/** A row's truck (by unit number) and driver (by name, else the truck's driver), or what is wrong. */
function match(l: Awaited<ReturnType<typeof lookups>>, v: Values): Match | ImportError[] {
  const errors: ImportError[] = [];
  const truck = v.truck_number ? l.truck.get(key(v.truck_number)) : undefined;
  if (v.truck_number && !truck) errors.push({ row: 0, field: 'truck_number', message: FUEL_MSG.unknownUnit });
  const named = v.driver ? l.driver.get(key(v.driver)) : undefined;
  if (v.driver && !named) errors.push({ row: 0, field: 'driver', message: FUEL_MSG.unknownDriver });
  const driverId = named ? Number(named.id) : truck?.driver_id ? Number(truck.driver_id) : null;
  if (!errors.length && driverId === null) errors.push({ row: 0, field: 'driver', message: FUEL_MSG.noDriver });
  if (errors.length) return errors;
  return {
    truckId: truck ? Number(truck.id) : null,
    truckNumber: truck?.truck_number ?? null,
    driverId,
    customerId: named?.customer_id ?? truck?.customer_id ?? null,
  };
}

/**
 * The fuel-card import (platform/import): transactions already saved are duplicates; every row must
 * match a driver (by name, or through its unit's truck); all accepted rows are stored or none.
 */
export const fuelImport: ImportSpec<typeof FUEL_IMPORT.columns> = {
  definition: FUEL_IMPORT,
  async existing(db, user) {
    const rows = await db
      .select({ invoice: fuelRows.invoice })
      .from(fuelRows)
      .where(and(eq(fuelRows.companyId, user.companyId), isNotNull(fuelRows.invoice)));
    return { invoice: new Set(rows.map((r) => r.invoice as string)) };
  },
  async check(db, user, rows) {
    const l = await lookups(db, user);
    return rows.flatMap((r) => {
      const m = match(l, r.values);
      return Array.isArray(m) ? m.map((e) => ({ ...e, row: r.row })) : [];
    });
  },
  async save(tx, user, rows) {
    const l = await lookups(tx, user);
    const values = rows.map((v) => {
      const m = match(l, v) as Match;
      return {
        companyId: user.companyId,
        card: v.card,
        fuelDate: v.fuel_date,
        invoice: v.invoice || null,
        truckId: m.truckId,
        truckNumber: m.truckNumber ?? (v.truck_number || null),
        driverId: m.driverId,
        customerId: m.customerId,
        location: v.location || null,
        city: v.city || null,
        state: v.state || null,
        odometer: v.odometr,
        item: v.item || 'ULSD',
        product: productOfItem(v.item),
        gallonsMilli: v.gallons as number,
        ppuMills: v.ppu ?? 0,
        costCents: Math.round(((v.gallons as number) * (v.ppu ?? 0)) / 10_000),
        feesCents: v.fees ?? 0,
        amtCents: v.amt ?? v.amount,
        discType: v.disc_type || null,
        amountCents: v.amount,
        db: v.db || null,
        currency: v.currency,
        createdBy: user.id,
      };
    });
    const saved = await tx.insert(fuelRows).values(values).returning();
    // Imported odometers become truck readings; one that goes back or jumps is flagged, not refused.
    await fuelOdometerChanged(
      tx,
      user,
      saved.map((f) => fuelOdometer(f, null)),
    );
    const audited = [];
    for (const f of saved) audited.push({ id: f.id, after: await toFuelRow(tx, f) });
    return { entity: fuelRecord.entity, rows: audited };
  },
};
