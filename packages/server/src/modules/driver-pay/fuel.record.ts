import { SECTION } from '@backhaul/shared';
import { COMPANY_TIME_ZONE_DEFAULT, formatDateTime } from '@backhaul/shared/formats/formats';
import {
  FUEL_CANCELED,
  FUEL_MSG,
  type FuelFormOutput,
  FuelFormSchema,
  type FuelRow,
  FuelRowSchema,
} from '@backhaul/shared/modules/driver-pay/fuel.contract';
import { toDollars } from '@backhaul/shared/money';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { AppError } from '../../platform/errors';
import { defineRecord } from '../../platform/record/define-record';
import { customers } from '../customers';
import { drivers } from '../drivers';
import { trucks } from '../trucks';
import { fuelDescriptions, fuelInvoices, fuelRows } from './driver-pay.table';
import { type FuelOdometer, fuelOdometerChanged } from './fuel-odometer';
import { statementHolding } from './statement-lines';

type FuelRecord = typeof fuelRows.$inferSelect;

/** The row as the list answers it, names read behind the ids. */
export async function toFuelRow(tx: DbOrTx, f: FuelRecord): Promise<FuelRow> {
  const [names] = await rowsOf<{ driver: string | null; customer: string | null; author: string | null }>(
    tx,
    sql`select (select name from ${drivers} where id = ${f.driverId}) as driver,
      (select name from ${customers} where id = ${f.customerId}) as customer,
      (select name from users where id = ${f.createdBy}) as author`,
  );
  return {
    id: f.id,
    created_date: formatDateTime(f.createdAt, COMPANY_TIME_ZONE_DEFAULT),
    created_by: names?.author ?? null,
    card: f.card,
    fuel_date: f.fuelDate,
    invoice: f.invoice,
    driver: names?.driver ?? null,
    truck_number: f.truckNumber,
    customer: names?.customer ?? null,
    odometr: f.odometer,
    location: f.location,
    city: f.city,
    state: f.state,
    fees: toDollars(f.feesCents),
    item: f.item,
    product: f.product as FuelRow['product'],
    unit: f.unit,
    ppu: f.ppuMills / 1000,
    cost: toDollars(f.costCents),
    gallons: f.gallonsMilli / 1000,
    amt: toDollars(f.amtCents),
    discType: f.discType,
    amount: toDollars(f.amountCents),
    db: f.db,
    currency: f.currency,
    status: f.status,
  };
}

/**
 * The driver, truck and customer a form names (each optional) must be the caller's company's, else a
 * 422 on that field. Answers the truck's number (a fuel row copies it). Fuel and company expenses use it.
 */
export async function checkPayeeRefs(
  tx: DbOrTx,
  user: AuthUser,
  form: { driver_id: number | null; truck_id: number | null; customer_id: number | null },
) {
  const [found] = await rowsOf<{ driver: number | null; truck: string | null; customer: number | null }>(
    tx,
    sql`select (select id from ${drivers} where id = ${form.driver_id} and company_id = ${user.companyId}) as driver,
      (select truck_number from ${trucks} where id = ${form.truck_id} and company_id = ${user.companyId}) as truck,
      (select id from ${customers} where id = ${form.customer_id} and company_id = ${user.companyId}) as customer`,
  );
  const errors: Record<string, string[]> = {};
  if (form.driver_id !== null && !found?.driver) errors.driver_id = ['Choose a driver from the list.'];
  if (form.truck_id !== null && !found?.truck) errors.truck_id = ['Choose a truck from the list.'];
  if (form.customer_id !== null && !found?.customer) errors.customer_id = ['Choose a customer from the list.'];
  if (Object.keys(errors).length) throw AppError.validation(errors);
  return found?.truck ?? null;
}

/** The reading a fuel row holds: none once it is Canceled. */
export const fuelOdometer = (f: FuelRecord, typedIn: string | null): FuelOdometer => ({
  fuelRowId: f.id,
  truckId: f.truckId,
  fuelDate: f.fuelDate,
  odometer: f.status === FUEL_CANCELED ? null : f.odometer,
  typedIn,
});

const onStatement = async (tx: DbOrTx, id: number) =>
  (await rowsOf(tx, sql`select ${statementHolding('fuel', id)} as id`))[0]?.id != null;

/**
 * A fuel row (001 §4: a row saved Canceled leaves the list). A row on a driver statement keeps its
 * money: it can't be deleted, canceled or repriced until it is taken off the statement.
 */
export const fuelRecord = defineRecord({
  table: fuelRows,
  section: SECTION.Fuel,
  form: FuelFormSchema,
  row: FuelRowSchema,
  toRow: (f, { tx }) => toFuelRow(tx, f),
  toValues: (form, { user, before }) => ({
    card: form.card,
    fuelDate: form.fuel_date,
    invoice: form.invoice || null,
    driverId: form.driver_id,
    truckId: form.truck_id,
    customerId: form.customer_id,
    location: form.location || null,
    city: form.city || null,
    state: form.state || null,
    odometer: form.odometr,
    item: form.item || 'ULSD',
    product: form.product,
    unit: form.unit || 'GAL',
    gallonsMilli: form.gallons ?? 0,
    ppuMills: form.ppu ?? 0,
    costCents: form.cost ?? 0,
    feesCents: form.fees ?? 0,
    amtCents: form.amt ?? 0,
    discType: form.disc_type || null,
    amountCents: form.amount,
    db: form.db || null,
    currency: form.currency,
    status: form.status,
    ...(before ? {} : { createdBy: user.id }),
  }),
  unique: [
    {
      field: 'invoice',
      where: (form) => (form.invoice ? sql`${fuelRows.invoice} = ${form.invoice}` : sql`false`),
      message: () => FUEL_MSG.invoiceSaved,
    },
  ],
  children: [
    {
      table: fuelDescriptions,
      owner: fuelDescriptions.fuelId,
      field: 'ids',
      rows: (form, { user }) =>
        form.add_description ? [{ values: { text: form.add_description, createdBy: user.id } }] : [],
    },
    {
      table: fuelInvoices,
      owner: fuelInvoices.fuelId,
      field: 'ids',
      rows: (form, { user }) => (form.add_invoice ? [{ values: { text: form.add_invoice, createdBy: user.id } }] : []),
    },
  ],
  hooks: {
    beforeSave: async ({ tx, user, form, before }) => {
      const truckNumber = await checkPayeeRefs(tx, user, form);
      (form as FuelFormOutput & { truck_number?: string | null }).truck_number = truckNumber;
      if (
        before &&
        (before.status !== form.status || before.amountCents !== form.amount || before.driverId !== form.driver_id) &&
        (await onStatement(tx, before.id))
      )
        throw AppError.precondition(FUEL_MSG.onStatement);
    },
    afterSave: async ({ tx, user, form, before, after }) => {
      const truckNumber = (form as FuelFormOutput & { truck_number?: string | null }).truck_number ?? null;
      if (after.truckNumber !== truckNumber)
        await tx.execute(sql`update fuel_rows set truck_number = ${truckNumber} where id = ${after.id}`);
      // The odometer typed on the row is a truck reading (eld module); an unchanged one is not judged again.
      const typed =
        !before ||
        before.odometer !== after.odometer ||
        before.truckId !== after.truckId ||
        before.fuelDate !== after.fuelDate;
      await fuelOdometerChanged(tx, user, [fuelOdometer(after, typed ? 'odometr' : null)]);
    },
    beforeDelete: async ({ tx, id }) => {
      if (await onStatement(tx, id)) throw AppError.precondition(FUEL_MSG.onStatement);
    },
    afterDelete: ({ tx, user, before }) =>
      fuelOdometerChanged(tx, user, [{ ...fuelOdometer(before, null), odometer: null }]),
  },
});
