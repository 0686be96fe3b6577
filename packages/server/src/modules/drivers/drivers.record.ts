import { SECTION } from '@backhaul/shared';
import {
  DRIVER_FILE_ENTITY,
  type Driver,
  type DriverContract,
  DriverContractFormSchema,
  DriverContractSchema,
  type DriverFile,
  type DriverFormOutput,
  DriverFormSchema,
  DriverSchema,
} from '@backhaul/shared/modules/drivers/drivers.contract';
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../platform/auth/access';
import { AppError } from '../../platform/errors';
import { fileJson } from '../../platform/files/files.routes';
import { type FileRow, files } from '../../platform/files/files.table';
import { references } from '../../platform/module-hooks';
import { payStatements } from '../../platform/pay/pay.table';
import { defineRecord, reachable } from '../../platform/record/define-record';
import { customers } from '../customers';
import { trailerTypes } from '../general';
import { trailers } from '../trailers';
import { followDriverTruck, trucks } from '../trucks';
import { driverContracts, drivers } from './drivers.table';

export const DRIVER_MSG = {
  onTruck: (driver: string, truck: string) =>
    `${driver} is the driver of truck ${truck}: assign another driver to the truck first.`,
  notThisDriver: 'The file must be a contract file of this driver.',
  foreignFile: 'One of the selected records does not belong here.',
} as const;

type DriverRecord = typeof drivers.$inferSelect;
type ContractRecord = typeof driverContracts.$inferSelect;

/** One driver with the names of what it points to (no scope: the record's operations apply it). */
async function readDriver(db: DbOrTx, id: number): Promise<Driver> {
  const [r] = await db
    .select({
      driver: drivers,
      customer: customers.name,
      truckNumber: trucks.truckNumber,
      trailerNumber: trailers.trailerNumber,
      trailerType: trailerTypes.name,
    })
    .from(drivers)
    .leftJoin(customers, eq(customers.id, drivers.customerId))
    .leftJoin(trucks, eq(trucks.id, drivers.truckId))
    .leftJoin(trailers, eq(trailers.id, drivers.trailerId))
    .leftJoin(trailerTypes, eq(trailerTypes.id, drivers.trailerTypeId))
    .where(eq(drivers.id, id));
  if (!r) throw AppError.notFound();
  return {
    id: r.driver.id,
    driver: r.driver.name,
    phone: r.driver.phone,
    phone2: r.driver.phone2,
    email: r.driver.email,
    driver_type: r.driver.driverType,
    safety: r.driver.safety,
    service: r.driver.service,
    eld_name: r.driver.eldName,
    customer_id: r.driver.customerId,
    customer: r.customer,
    truck_id: r.driver.truckId,
    truck_number: r.truckNumber,
    trailer_id: r.driver.trailerId,
    trailer_number: r.trailerNumber,
    trailer_type_id: r.driver.trailerTypeId,
    trailer_type: r.trailerType,
    amount: r.driver.rateMilli / 1000,
    payment_type: r.driver.paymentType,
    cdl_number: r.driver.cdlNumber,
    cdl_expires_on: r.driver.cdlExpiresOn,
    medical_card_expires_on: r.driver.medicalCardExpiresOn,
    hired_on: r.driver.hiredOn,
    terminated_on: r.driver.terminatedOn,
    active: r.driver.active,
  };
}

/**
 * The driver as the audit keeps it: the form's fields, the rate as the API shows it (the form holds
 * thousandths). The same keys before and after, so the change log names exactly the fields that changed.
 */
const audited = (d: DriverRecord) => ({
  driver: d.name,
  phone: d.phone,
  phone2: d.phone2,
  email: d.email,
  driver_type: d.driverType,
  safety: d.safety,
  service: d.service,
  eld_name: d.eldName,
  customer_id: d.customerId,
  truck_id: d.truckId,
  trailer_id: d.trailerId,
  trailer_type_id: d.trailerTypeId,
  amount: d.rateMilli / 1000,
  payment_type: d.paymentType,
  cdl_number: d.cdlNumber,
  cdl_expires_on: d.cdlExpiresOn,
  medical_card_expires_on: d.medicalCardExpiresOn,
  hired_on: d.hiredOn,
  terminated_on: d.terminatedOn,
  active: d.active,
});

/** Every id the form points to must be one the caller could have chosen from the selects. */
async function checkReferences(db: DbOrTx, user: AuthUser, form: DriverFormOutput, current: DriverRecord | null) {
  const errors: Record<string, string[]> = {};
  const own = user.customerId;
  if (own !== null && form.customer_id !== own) errors.customer_id = ['Choose your own customer.'];
  const exists = async (field: string, id: number | null, query: () => Promise<unknown[]>) => {
    if (id === null) return;
    if ((await query()).length === 0) errors[field] = ['Choose a value from the list.'];
  };
  // A truck or trailer that has since left the fleet stays valid on a driver that already had it.
  const kept = (field: 'truckId' | 'trailerId', id: number | null) => current !== null && current[field] === id;
  await exists('customer_id', form.customer_id, () =>
    db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, form.customer_id ?? 0), eq(customers.companyId, user.companyId))),
  );
  await exists('truck_id', form.truck_id, () =>
    db
      .select({ id: trucks.id })
      .from(trucks)
      .where(
        and(
          eq(trucks.id, form.truck_id ?? 0),
          eq(trucks.companyId, user.companyId),
          kept('truckId', form.truck_id) ? undefined : eq(trucks.status, 'active'),
        ),
      ),
  );
  await exists('trailer_id', form.trailer_id, () =>
    db
      .select({ id: trailers.id })
      .from(trailers)
      .where(
        and(
          eq(trailers.id, form.trailer_id ?? 0),
          eq(trailers.companyId, user.companyId),
          kept('trailerId', form.trailer_id) ? undefined : eq(trailers.status, 'active'),
        ),
      ),
  );
  await exists('trailer_type_id', form.trailer_type_id, () =>
    db
      .select({ id: trailerTypes.id })
      .from(trailerTypes)
      .where(and(eq(trailerTypes.id, form.trailer_type_id ?? 0), eq(trailerTypes.companyId, user.companyId))),
  );
  if (Object.keys(errors).length) throw AppError.validation(errors);
}

/** The trips, statements… of a driver (trips, a module above this one, registers its count): they keep it from deletion. */
export const driverLinks = references();
driverLinks.register(
  'statements',
  (id) => sql`select count(*) from ${payStatements} s where s.kind = 'driver' and s.payee_id = ${id}`,
);

/**
 * A driver (001 §3). A customer user reaches only its customer's drivers. Its truck follows it (the
 * truck it left gets its next driver, a truck without one takes it); a driver of a truck is kept (412).
 */
export const driverRecord = defineRecord({
  table: drivers,
  section: SECTION.Drivers,
  scope: { row: (user) => (user.customerId === null ? undefined : eq(drivers.customerId, user.customerId)) },
  heldBy: driverLinks,
  active: (d) => d.active,
  form: DriverFormSchema,
  row: DriverSchema,
  toRow: (d, { tx }) => readDriver(tx, d.id),
  toValues: (form) => ({
    name: form.driver,
    phone: form.phone,
    phone2: form.phone2,
    email: form.email,
    driverType: form.driver_type,
    safety: form.safety,
    service: form.service,
    eldName: form.eld_name,
    customerId: form.customer_id,
    truckId: form.truck_id,
    trailerId: form.trailer_id,
    trailerTypeId: form.trailer_type_id,
    rateMilli: form.amount,
    paymentType: form.payment_type,
    cdlNumber: form.cdl_number,
    cdlExpiresOn: form.cdl_expires_on,
    medicalCardExpiresOn: form.medical_card_expires_on,
    hiredOn: form.hired_on,
    terminatedOn: form.terminated_on,
    active: form.active,
  }),
  audit: audited,
  // Saving without a change writes no history line.
  auditUnchanged: true,
  hooks: {
    beforeSave: ({ tx, user, form, before }) => checkReferences(tx, user, form, before),
    afterSave: ({ tx, user, before, after }) =>
      followDriverTruck(tx, user, { driverId: after.id, before: before?.truckId ?? null, after: after.truckId }),
    // A driver who drives a truck of the fleet is not deleted: the truck would lose its driver silently.
    beforeDelete: async ({ tx, user, id, before }) => {
      const [truck] = await tx
        .select({ number: trucks.truckNumber })
        .from(trucks)
        .where(and(eq(trucks.driverId, id), eq(trucks.companyId, user.companyId)))
        .limit(1);
      if (truck) throw AppError.precondition(DRIVER_MSG.onTruck(before.name, truck.number));
    },
  },
});

export const toDriverFile = (f: FileRow): DriverFile => {
  const j = fileJson(f);
  return {
    id: j.id,
    category: j.category,
    name: j.name,
    mime: j.mime,
    size: j.size,
    created_at: j.created_at,
    url: j.url,
    preview_url: j.preview_url,
  };
};

export async function driverFiles(db: DbOrTx, user: AuthUser, driverId: number): Promise<FileRow[]> {
  return db
    .select()
    .from(files)
    .where(
      and(
        eq(files.entity, DRIVER_FILE_ENTITY),
        eq(files.entityId, String(driverId)),
        or(eq(files.companyId, user.companyId), isNull(files.companyId)),
      ),
    )
    .orderBy(desc(files.id));
}

export function toContract(c: ContractRecord, file: FileRow | undefined): DriverContract {
  return {
    id: c.id,
    driver_id: c.driverId,
    contract_type: c.contractType,
    rate: c.rateMilli / 1000,
    fuel_paid_by: c.fuelPaidBy,
    pay_basis: c.payBasis,
    fsc_pass_through: c.fscPassThrough,
    starts_on: c.startsOn,
    ends_on: c.endsOn,
    terms: c.terms,
    file_id: c.fileId,
    file: file ? toDriverFile(file) : null,
    created_at: new Date(c.createdAt).toISOString(),
  };
}

/**
 * A driver's pay contract, under its driver (a driver out of the caller's reach is a 404). The signed
 * copy must be a contract-category file of the same driver.
 */
export const contractRecord = defineRecord({
  table: driverContracts,
  section: SECTION.Drivers,
  scope: { company: false },
  parent: { column: driverContracts.driverId, reach: (user, id) => reachable(driverRecord, user, id) },
  form: DriverContractFormSchema,
  row: DriverContractSchema,
  toRow: async (c, { tx, user }) => {
    const file =
      c.fileId === null ? undefined : (await driverFiles(tx, user, c.driverId)).find((f) => f.id === c.fileId);
    return toContract(c, file);
  },
  toValues: (form, { user, before }) => ({
    contractType: form.contract_type,
    rateMilli: form.rate,
    fuelPaidBy: form.fuel_paid_by,
    payBasis: form.pay_basis,
    fscPassThrough: form.fsc_pass_through,
    startsOn: form.starts_on,
    endsOn: form.ends_on,
    terms: form.terms,
    fileId: form.file_id,
    ...(before ? {} : { createdBy: user.id }),
  }),
  audit: (c) => c,
  hooks: {
    beforeSave: async ({ tx, user, form, parentId }) => {
      if (form.ends_on && form.ends_on < form.starts_on)
        throw AppError.invalidField('ends_on', 'The end date is before the start date.');
      if (form.file_id === null) return;
      const file = (await driverFiles(tx, user, Number(parentId))).find((f) => f.id === form.file_id);
      if (file?.category?.toLowerCase() !== 'contract')
        throw AppError.invalidField('file_id', DRIVER_MSG.notThisDriver);
    },
  },
});
