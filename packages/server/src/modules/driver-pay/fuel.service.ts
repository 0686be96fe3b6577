import { FUEL_STATUSES, type FuelEdit } from '@backhaul/shared/modules/driver-pay/fuel.contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { AppError } from '../../platform/errors';
import { findRecord } from '../../platform/record/record.service';
import { customers } from '../customers';
import { drivers } from '../drivers';
import { trucks } from '../trucks';
import { fuelDescriptions, fuelInvoices } from './driver-pay.table';
import { fuelRecord, toFuelRow } from './fuel.record';

type Option = { value: number; label: string };

/** The active drivers, the trucks and the customers of the caller's company, as select options. */
export async function payeeOptions(db: DbOrTx, user: AuthUser) {
  const [driverRows, truckRows, customerRows] = await Promise.all([
    rowsOf<Option>(
      db,
      sql`select id as value, name as label from ${drivers} where company_id = ${user.companyId} and active order by name`,
    ),
    rowsOf<Option>(
      db,
      sql`select id as value, truck_number as label from ${trucks} where company_id = ${user.companyId} order by truck_number`,
    ),
    rowsOf<Option>(
      db,
      sql`select id as value, name as label from ${customers} where company_id = ${user.companyId} order by name`,
    ),
  ]);
  const num = (rows: Option[]) => rows.map((r) => ({ value: Number(r.value), label: r.label }));
  return { drivers: num(driverRows), trucks: num(truckRows), customers: num(customerRows) };
}

/** GET /fuel and /fuel/create (optional customer_id): drivers, trucks, customers and statuses. */
export async function fuelOptions(db: DbOrTx, user: AuthUser, customerId: number | null) {
  const options = await payeeOptions(db, user);
  if (customerId !== null && !options.customers.some((c) => c.value === customerId)) throw AppError.notFound();
  return { ...options, statuses: [...FUEL_STATUSES], row: { customer_id: customerId, status: 'Active' } };
}

/** GET /fuel/:id/edit: the row with its ids, descriptions and invoices, and the options. */
export async function editFuel(db: DbOrTx, user: AuthUser, id: number): Promise<FuelEdit> {
  const f = await findRecord(db, fuelRecord, user, id);
  const [options, descriptions, invoices] = await Promise.all([
    fuelOptions(db, user, null),
    db.select().from(fuelDescriptions).where(eq(fuelDescriptions.fuelId, id)).orderBy(asc(fuelDescriptions.id)),
    db.select().from(fuelInvoices).where(eq(fuelInvoices.fuelId, id)).orderBy(asc(fuelInvoices.id)),
  ]);
  const child = (c: { id: number; text: string; createdAt: Date }) => ({
    id: c.id,
    text: c.text,
    created_at: c.createdAt.toISOString(),
  });
  return {
    ...options,
    row: { ...(await toFuelRow(db, f)), driver_id: f.driverId, truck_id: f.truckId, customer_id: f.customerId },
    descriptions: descriptions.map(child),
    invoices: invoices.map(child),
  };
}
