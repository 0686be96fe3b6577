import { toDollars } from '@backhaul/shared';
import {
  CONTRACT_FILE_KEPT,
  DRIVER_FILE_ENTITY,
  type Driver,
  type DriverContract,
  type DriverContractFormOutput,
  type DriverFile,
  type DriverFormOutput,
  type DriverOptions,
} from '@backhaul/shared/modules/drivers/drivers.contract';
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { writeAudit } from '../../platform/audit/audit';
import type { AuthUser } from '../../platform/auth/access';
import { AppError } from '../../platform/errors';
import { fileJson } from '../../platform/files/files.routes';
import { type FileRow, files } from '../../platform/files/files.table';
import { applyDraftedDeletions } from '../../platform/registry/drafted-deletions';
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

/** The caller's drivers: the company's, or only its customer's for a customer user. */
const inScope = (user: AuthUser): SQL =>
  and(
    eq(drivers.companyId, user.companyId),
    user.customerId === null ? undefined : eq(drivers.customerId, user.customerId),
  ) as SQL;

const driverSelect = {
  driver: drivers,
  customer: customers.name,
  truckNumber: trucks.truckNumber,
  trailerNumber: trailers.trailerNumber,
  trailerType: trailerTypes.name,
};

type JoinedDriver = {
  driver: DriverRecord;
  customer: string | null;
  truckNumber: string | null;
  trailerNumber: string | null;
  trailerType: string | null;
};

const toDriver = (r: JoinedDriver): Driver => ({
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
});

/** One driver the caller may see, with the names of what it points to; 404 otherwise. */
export async function getDriver(db: Db, user: AuthUser, id: number): Promise<Driver> {
  const [row] = await db
    .select(driverSelect)
    .from(drivers)
    .leftJoin(customers, eq(customers.id, drivers.customerId))
    .leftJoin(trucks, eq(trucks.id, drivers.truckId))
    .leftJoin(trailers, eq(trailers.id, drivers.trailerId))
    .leftJoin(trailerTypes, eq(trailerTypes.id, drivers.trailerTypeId))
    .where(and(eq(drivers.id, id), inScope(user)));
  if (!row) throw AppError.notFound();
  return toDriver(row);
}

/** Throws 404 unless the caller may see this driver. */
export async function assertDriverInScope(db: Db, user: AuthUser, id: number): Promise<void> {
  const [row] = await db
    .select({ id: drivers.id })
    .from(drivers)
    .where(and(eq(drivers.id, id), inScope(user)));
  if (!row) throw AppError.notFound();
}

/** The dialog's selects: customers, trucks and trailers of the caller's scope, trailer types. */
export async function driverOptions(db: Db, user: AuthUser): Promise<DriverOptions> {
  const own = user.customerId;
  const [customerRows, truckRows, trailerRows, typeRows, documentTypes] = await Promise.all([
    db
      .select({ value: customers.id, label: customers.name })
      .from(customers)
      .where(and(eq(customers.companyId, user.companyId), own === null ? undefined : eq(customers.id, own)))
      .orderBy(asc(customers.name)),
    db
      .select({ value: trucks.id, label: trucks.truckNumber })
      .from(trucks)
      .where(
        and(
          eq(trucks.companyId, user.companyId),
          eq(trucks.status, 'active'),
          own === null ? undefined : eq(trucks.customerId, own),
        ),
      )
      .orderBy(asc(trucks.truckNumber)),
    db
      .select({ value: trailers.id, label: trailers.trailerNumber })
      .from(trailers)
      .where(
        and(
          eq(trailers.companyId, user.companyId),
          eq(trailers.status, 'active'),
          own === null ? undefined : eq(trailers.customerId, own),
        ),
      )
      .orderBy(asc(trailers.trailerNumber)),
    db
      .select({ value: trailerTypes.id, label: trailerTypes.name })
      .from(trailerTypes)
      .where(eq(trailerTypes.companyId, user.companyId))
      .orderBy(asc(trailerTypes.name)),
    // Settings → Document types (read by table name: the settings module is not a dependency here).
    rowsOf<{ name: string }>(
      db,
      sql`select name from document_types where company_id = ${user.companyId} and subject = 'Driver' order by name`,
    ),
  ]);
  return {
    customers: customerRows,
    trucks: truckRows,
    trailers: trailerRows,
    trailer_types: typeRows,
    document_types: documentTypes.map((d) => d.name),
  };
}

/** Every id the form points to must be one the caller could have chosen from the selects. */
async function checkReferences(db: Db, user: AuthUser, form: DriverFormOutput, current?: DriverRecord) {
  const errors: Record<string, string[]> = {};
  const own = user.customerId;
  if (own !== null && form.customer_id !== own) errors.customer_id = ['Choose your own customer.'];
  const exists = async (field: string, id: number | null, query: () => Promise<unknown[]>) => {
    if (id === null) return;
    if ((await query()).length === 0) errors[field] = ['Choose a value from the list.'];
  };
  // A truck or trailer that has since left the fleet stays valid on a driver that already had it.
  const kept = (field: 'truckId' | 'trailerId', id: number | null) => current !== undefined && current[field] === id;
  await Promise.all([
    exists('customer_id', form.customer_id, () =>
      db
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.id, form.customer_id ?? 0), eq(customers.companyId, user.companyId))),
    ),
    exists('truck_id', form.truck_id, () =>
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
    ),
    exists('trailer_id', form.trailer_id, () =>
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
    ),
    exists('trailer_type_id', form.trailer_type_id, () =>
      db
        .select({ id: trailerTypes.id })
        .from(trailerTypes)
        .where(and(eq(trailerTypes.id, form.trailer_type_id ?? 0), eq(trailerTypes.companyId, user.companyId))),
    ),
  ]);
  if (Object.keys(errors).length) throw AppError.validation(errors);
}

const columnsOf = (form: DriverFormOutput) => ({
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
});

/** The form as the audit keeps it: the rate as the API shows it (the form holds thousandths). */
const audited = (form: DriverFormOutput) => ({ ...form, amount: form.amount / 1000 });

export async function createDriver(db: Db, user: AuthUser, form: DriverFormOutput): Promise<Driver> {
  await checkReferences(db, user, form);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(drivers)
      .values({ companyId: user.companyId, ...columnsOf(form) })
      .returning({ id: drivers.id });
    if (!row) throw new AppError('internal', 'Driver not created');
    await writeAudit(tx, {
      actor: user,
      entity: 'drivers',
      entityId: row.id,
      action: 'create',
      after: audited(form),
    });
    await followDriverTruck(tx, user, { driverId: row.id, before: null, after: form.truck_id });
    return row.id;
  });
  return getDriver(db, user, id);
}

export async function updateDriver(db: Db, user: AuthUser, id: number, form: DriverFormOutput): Promise<Driver> {
  const before = await getDriver(db, user, id);
  const [current] = await db.select().from(drivers).where(eq(drivers.id, id));
  await checkReferences(db, user, form, current);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(drivers)
      .set({ ...columnsOf(form), updatedAt: new Date() })
      .where(and(eq(drivers.id, id), inScope(user)))
      .returning({ id: drivers.id });
    if (!row) throw AppError.notFound();
    await followDriverTruck(tx, user, { driverId: id, before: current?.truckId ?? null, after: form.truck_id });
    // The same keys on both sides, so the change log names exactly the fields that changed.
    const after = audited(form);
    const previous = Object.fromEntries(Object.keys(after).map((k) => [k, before[k as keyof Driver]]));
    if (JSON.stringify(previous) === JSON.stringify(after)) return;
    await writeAudit(tx, {
      actor: user,
      entity: 'drivers',
      entityId: id,
      action: 'update',
      before: previous,
      after,
    });
  });
  return getDriver(db, user, id);
}

/**
 * A truck's driver changed (trucks module): the old driver leaves that truck, the new one takes it and
 * its trailer, so the drivers list and the trucks list name the same pairs. Audited, in the caller's transaction.
 */
export async function followTruckDriver(
  tx: DbOrTx,
  user: AuthUser,
  change: { truckId: number; trailerId: number | null; before: number | null; after: number | null },
): Promise<void> {
  const moved = async (
    driverId: number,
    before: object,
    after: { truckId: number | null; trailerId: number | null },
  ) => {
    await tx
      .update(drivers)
      .set({ ...after, updatedAt: new Date() })
      .where(eq(drivers.id, driverId));
    await writeAudit(tx, {
      actor: user,
      entity: 'drivers',
      entityId: driverId,
      action: 'update',
      before,
      after: { truck_id: after.truckId, trailer_id: after.trailerId },
    });
  };
  if (change.before !== null && change.before !== change.after) {
    const [left] = await tx
      .select({ truckId: drivers.truckId, trailerId: drivers.trailerId })
      .from(drivers)
      .where(and(eq(drivers.id, change.before), eq(drivers.truckId, change.truckId)));
    if (left)
      await moved(
        change.before,
        { truck_id: left.truckId, trailer_id: left.trailerId },
        { truckId: null, trailerId: null },
      );
  }
  if (change.after !== null) {
    const [taking] = await tx
      .select({ truckId: drivers.truckId, trailerId: drivers.trailerId })
      .from(drivers)
      .where(eq(drivers.id, change.after));
    if (taking && (taking.truckId !== change.truckId || taking.trailerId !== change.trailerId)) {
      await moved(
        change.after,
        { truck_id: taking.truckId, trailer_id: taking.trailerId },
        { truckId: change.truckId, trailerId: change.trailerId },
      );
    }
  }
}

/** A driver who drives a truck of the fleet is not deleted: the truck would lose its driver silently. */
export async function deleteDriver(db: Db, user: AuthUser, id: number): Promise<void> {
  const before = await getDriver(db, user, id);
  const [truck] = await db
    .select({ number: trucks.truckNumber })
    .from(trucks)
    .where(and(eq(trucks.driverId, id), eq(trucks.companyId, user.companyId)))
    .limit(1);
  if (truck) throw AppError.precondition(DRIVER_MSG.onTruck(before.driver, truck.number));
  await db.transaction(async (tx) => {
    await tx.delete(drivers).where(and(eq(drivers.id, id), inScope(user)));
    await writeAudit(tx, { actor: user, entity: 'drivers', entityId: id, action: 'delete', before });
  });
}

/** A one-line summary for GET /drivers/description/:id. */
export async function describeDriver(db: Db, user: AuthUser, id: number): Promise<{ id: number; description: string }> {
  const d = await getDriver(db, user, id);
  const parts = [
    d.driver,
    d.customer ? `customer ${d.customer}` : null,
    d.truck_number ? `truck ${d.truck_number}` : null,
    d.trailer_number ? `trailer ${d.trailer_number}` : null,
    d.cdl_expires_on ? `CDL expires ${d.cdl_expires_on}` : null,
    d.medical_card_expires_on ? `medical card expires ${d.medical_card_expires_on}` : null,
  ];
  return { id, description: parts.filter(Boolean).join(', ') };
}

// ---------- files ----------

const toDriverFile = (f: FileRow): DriverFile => {
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

async function driverFiles(db: Db, user: AuthUser, driverId: number): Promise<FileRow[]> {
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

/**
 * Drafted file deletions, all or nothing: every id must be a file of this driver, and a file of
 * category contract is refused (001 §5). The stored bytes go once the rows are gone.
 */
export async function destroyFiles(
  db: Db,
  opts: { user: AuthUser; driverId: number; ids: number[]; removeBytes: (key: string) => Promise<void> },
): Promise<number> {
  await assertDriverInScope(db, opts.user, opts.driverId);
  const rows = opts.ids.length ? await db.select().from(files).where(inArray(files.id, opts.ids)) : [];
  const deleted = await applyDraftedDeletions<FileRow>(db, {
    actor: opts.user,
    table: files,
    entity: 'files',
    ids: opts.ids,
    ownerColumn: files.entityId,
    ownerId: opts.driverId,
    refuse: (f) =>
      f.entity !== DRIVER_FILE_ENTITY || f.companyId !== opts.user.companyId
        ? DRIVER_MSG.foreignFile
        : f.category?.toLowerCase() === 'contract'
          ? CONTRACT_FILE_KEPT
          : null,
  });
  for (const f of rows) await opts.removeBytes(f.storageKey).catch(() => {});
  return deleted;
}

// ---------- contracts ----------

function toContract(c: ContractRecord, file: FileRow | undefined): DriverContract {
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

export async function listContracts(db: Db, user: AuthUser, driverId: number): Promise<DriverContract[]> {
  await assertDriverInScope(db, user, driverId);
  const rows = await db
    .select()
    .from(driverContracts)
    .where(eq(driverContracts.driverId, driverId))
    .orderBy(desc(driverContracts.startsOn), desc(driverContracts.id));
  const fileRows = await driverFiles(db, user, driverId);
  const byId = new Map(fileRows.map((f) => [f.id, f]));
  return rows.map((c) => toContract(c, c.fileId === null ? undefined : byId.get(c.fileId)));
}

async function findContract(db: Db, user: AuthUser, id: number): Promise<ContractRecord> {
  const [row] = await db
    .select({ contract: driverContracts })
    .from(driverContracts)
    .innerJoin(drivers, eq(drivers.id, driverContracts.driverId))
    .where(and(eq(driverContracts.id, id), inScope(user)));
  if (!row) throw AppError.notFound();
  return row.contract;
}

export async function getContract(db: Db, user: AuthUser, id: number): Promise<DriverContract> {
  const c = await findContract(db, user, id);
  const file = c.fileId === null ? undefined : (await driverFiles(db, user, c.driverId)).find((f) => f.id === c.fileId);
  return toContract(c, file);
}

/** The signed copy must be a contract-category file of the same driver. */
async function checkContractFile(db: Db, user: AuthUser, driverId: number, fileId: number | null) {
  if (fileId === null) return;
  const file = (await driverFiles(db, user, driverId)).find((f) => f.id === fileId);
  if (file?.category?.toLowerCase() !== 'contract') throw AppError.invalidField('file_id', DRIVER_MSG.notThisDriver);
}

const contractColumns = (form: DriverContractFormOutput) => ({
  contractType: form.contract_type,
  rateMilli: form.rate,
  fuelPaidBy: form.fuel_paid_by,
  payBasis: form.pay_basis,
  fscPassThrough: form.fsc_pass_through,
  startsOn: form.starts_on,
  endsOn: form.ends_on,
  terms: form.terms,
  fileId: form.file_id,
});

function checkPeriod(form: DriverContractFormOutput) {
  if (form.ends_on && form.ends_on < form.starts_on)
    throw AppError.invalidField('ends_on', 'The end date is before the start date.');
}

export async function createContract(
  db: Db,
  user: AuthUser,
  driverId: number,
  form: DriverContractFormOutput,
): Promise<DriverContract> {
  await assertDriverInScope(db, user, driverId);
  checkPeriod(form);
  await checkContractFile(db, user, driverId, form.file_id);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(driverContracts)
      .values({ driverId, createdBy: user.id, ...contractColumns(form) })
      .returning();
    if (!row) throw new AppError('internal', 'Contract not created');
    await writeAudit(tx, {
      actor: user,
      entity: 'driver_contracts',
      entityId: row.id,
      action: 'create',
      after: row,
    });
    return row.id;
  });
  return getContract(db, user, id);
}

export async function updateContract(
  db: Db,
  user: AuthUser,
  id: number,
  form: DriverContractFormOutput,
): Promise<DriverContract> {
  const before = await findContract(db, user, id);
  checkPeriod(form);
  await checkContractFile(db, user, before.driverId, form.file_id);
  await db.transaction(async (tx) => {
    const [after] = await tx
      .update(driverContracts)
      .set(contractColumns(form))
      .where(eq(driverContracts.id, id))
      .returning();
    await writeAudit(tx, {
      actor: user,
      entity: 'driver_contracts',
      entityId: id,
      action: 'update',
      before,
      after,
    });
  });
  return getContract(db, user, id);
}

export async function destroyContracts(db: Db, user: AuthUser, driverId: number, ids: number[]): Promise<number> {
  await assertDriverInScope(db, user, driverId);
  return applyDraftedDeletions(db, {
    actor: user,
    table: driverContracts,
    entity: 'driver_contracts',
    ids,
    ownerColumn: driverContracts.driverId,
    ownerId: driverId,
  });
}

/** The card: the driver, its contracts and files, and the dialog's options. */
export async function driverCard(db: Db, user: AuthUser, id: number) {
  const driver = await getDriver(db, user, id);
  const [contracts, fileRows, options] = await Promise.all([
    listContracts(db, user, id),
    driverFiles(db, user, id),
    driverOptions(db, user),
  ]);
  return { driver, contracts, files: fileRows.map(toDriverFile), options };
}

/** For the files platform: may this caller touch the files of driver `entityId`? */
export async function driverVisible(db: Db, user: AuthUser, entityId: string): Promise<boolean> {
  const id = Number(entityId);
  if (!Number.isInteger(id) || id <= 0) return false;
  const [row] = await db
    .select({ id: drivers.id })
    .from(drivers)
    .where(and(eq(drivers.id, id), inScope(user)));
  return row !== undefined;
}
