import {
  CONTRACT_FILE_KEPT,
  DRIVER_FILE_ENTITY,
  type Driver,
  type DriverContract,
  type DriverContractFormOutput,
  type DriverFormOutput,
  type DriverOptions,
} from '@backhaul/shared/modules/drivers/drivers.contract';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { type FileRow, files } from '../../platform/files/files.table';
import { defineCommand, runCommand } from '../../platform/record/command';
import { createRecord, deleteRecord, findRecord, getRecord, updateRecord } from '../../platform/record/record.service';
import { applyDraftedDeletions } from '../../platform/registry/drafted-deletions';
import { customers } from '../customers';
import { trailerTypes } from '../general';
import { documentTypes } from '../settings';
import { trailers } from '../trailers';
import { trucks } from '../trucks';
import { contractRecord, DRIVER_MSG, driverFiles, driverRecord, toContract, toDriverFile } from './drivers.record';
import { driverContracts, drivers } from './drivers.table';

/** The caller's drivers: the company's, or only its customer's for a customer user. */
const inScope = (user: AuthUser): SQL =>
  and(
    eq(drivers.companyId, user.companyId),
    user.customerId === null ? undefined : eq(drivers.customerId, user.customerId),
  ) as SQL;

/** One driver the caller may see, with the names of what it points to; 404 otherwise. */
export const getDriver = (db: DbOrTx, user: AuthUser, id: number): Promise<Driver> =>
  getRecord(db, driverRecord, user, id);

/** Throws 404 unless the caller may see this driver. */
export async function assertDriverInScope(db: Db, user: AuthUser, id: number): Promise<void> {
  await findRecord(db, driverRecord, user, id);
}

/** The dialog's selects: customers, trucks and trailers of the caller's scope, trailer types. */
export async function driverOptions(db: Db, user: AuthUser): Promise<DriverOptions> {
  const own = user.customerId;
  const [customerRows, truckRows, trailerRows, typeRows, documentTypeRows] = await Promise.all([
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
    // Settings → Document types.
    rowsOf<{ name: string }>(
      db,
      sql`select name from ${documentTypes} where company_id = ${user.companyId} and subject = 'Driver' order by name`,
    ),
  ]);
  return {
    customers: customerRows,
    trucks: truckRows,
    trailers: trailerRows,
    trailer_types: typeRows,
    document_types: documentTypeRows.map((d) => d.name),
  };
}

export const createDriver = (db: Db, user: AuthUser, form: DriverFormOutput): Promise<Driver> =>
  createRecord(db, driverRecord, user, form);

export const updateDriver = (db: Db, user: AuthUser, id: number, form: DriverFormOutput): Promise<Driver> =>
  updateRecord(db, driverRecord, user, id, form);

type TruckDriverChange = { truckId: number; trailerId: number | null; before: number | null; after: number | null };

/**
 * A truck's driver changed (trucks module): the old driver leaves that truck, the new one takes it and
 * its trailer, so the drivers list and the trucks list name the same pairs. Each move audited.
 */
const followTruck = defineCommand<TruckDriverChange, void>({
  action: 'follow_truck',
  run: async ({ tx, input: change, audit }) => {
    const moved = async (
      driverId: number,
      before: object,
      after: { truckId: number | null; trailerId: number | null },
    ) => {
      await tx
        .update(drivers)
        .set({ ...after, updatedAt: clock.now() })
        .where(eq(drivers.id, driverId));
      await audit({
        entity: driverRecord.entity,
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
  },
});

/** Runs in the truck's save (a savepoint of its transaction). */
export const followTruckDriver = (tx: DbOrTx, user: AuthUser, change: TruckDriverChange): Promise<void> =>
  runCommand(tx, followTruck, user, change);

/** A driver who drives a truck of the fleet is kept (412, the record's rule). */
export const deleteDriver = (db: Db, user: AuthUser, id: number): Promise<void> =>
  deleteRecord(db, driverRecord, user, id);

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

export const getContract = (db: DbOrTx, user: AuthUser, id: number): Promise<DriverContract> =>
  getRecord(db, contractRecord, user, id);

export const createContract = (
  db: Db,
  user: AuthUser,
  driverId: number,
  form: DriverContractFormOutput,
): Promise<DriverContract> => createRecord(db, contractRecord, user, form, { parentId: driverId });

export const updateContract = (
  db: Db,
  user: AuthUser,
  id: number,
  form: DriverContractFormOutput,
): Promise<DriverContract> => updateRecord(db, contractRecord, user, id, form);

export async function destroyContracts(db: Db, user: AuthUser, driverId: number, ids: number[]): Promise<number> {
  await assertDriverInScope(db, user, driverId);
  return applyDraftedDeletions(db, {
    actor: user,
    table: driverContracts,
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
