import type {
  EmployeeEditResponse,
  EmployeeOptions,
  InventoryRow,
} from '@backhaul/shared/modules/employees/employees.contract';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthContext, AuthUser } from '../../platform/auth/access';
import { departments } from '../../platform/auth/auth.table';
import { AppError } from '../../platform/errors';
import type { FilesService } from '../../platform/files/files.service';
import { files as filesTable } from '../../platform/files/files.table';
import { type CommandContext, defineCommand, runCommand } from '../../platform/record/command';
import { deleteRecord, findRecord } from '../../platform/record/record.service';
import { applyDraftedDeletions } from '../../platform/registry/drafted-deletions';
import { offices } from '../settings';
import { employeeRecord, inventoryCatalogue, inventoryOf, toEmployeeRow } from './employees.record';
import { employeeInventory, employees } from './employees.table';

/** Files of an employee: entity 'employees', category 'document'. */
export const EMPLOYEE_FILES = { entity: 'employees', category: 'document' } as const;

/** Inventory of an employee the caller may reach (404 otherwise). */
export async function listInventory(db: DbOrTx, user: AuthUser, employeeId: number): Promise<InventoryRow[]> {
  await findRecord(db, employeeRecord, user, employeeId);
  return inventoryOf(db, employeeId);
}

export async function employeeOptions(db: DbOrTx, user: AuthUser): Promise<EmployeeOptions> {
  const distinct = async (column: typeof employees.employer | typeof employees.office) => {
    const rows = await db
      .selectDistinct({ v: column })
      .from(employees)
      .where(and(eq(employees.companyId, user.companyId), isNotNull(column)))
      .orderBy(asc(column));
    return rows.map((r) => r.v).filter((v): v is string => Boolean(v));
  };
  const [officeNames, catalogue] = await Promise.all([
    rowsOf<{ name: string }>(db, sql`select name from ${offices} where company_id = ${user.companyId} order by name`),
    inventoryCatalogue(db, user.companyId),
  ]);
  const typed = await distinct(employees.office);
  return {
    departments: await db
      .select({ id: departments.id, name: departments.name })
      .from(departments)
      .where(eq(departments.companyId, user.companyId))
      .orderBy(asc(departments.name)),
    companies: await distinct(employees.employer),
    offices: [...new Set([...officeNames.map((o) => o.name), ...typed])],
    inventory_items: catalogue,
  };
}

export async function employeeForEdit(
  db: Db,
  auth: AuthContext,
  files: FilesService,
  id: number,
): Promise<EmployeeEditResponse> {
  const e = await findRecord(db, employeeRecord, auth.user, id);
  const docs = (await files.list(auth, EMPLOYEE_FILES.entity, String(id))).filter(
    (f) => f.category === EMPLOYEE_FILES.category,
  );
  return {
    ...(await employeeOptions(db, auth.user)),
    employee: {
      id: e.id,
      name: e.name,
      company: e.employer ?? '',
      department_id: e.departmentId,
      office: e.office ?? '',
      position: e.position ?? '',
      email: e.email ?? '',
      phone: e.phone ?? '',
      phone2: e.phone2 ?? '',
      active: e.active,
      hired_on: e.hiredOn ?? '',
      terminated_on: e.terminatedOn ?? '',
      user_id: e.userId,
    },
    inventory: await listInventory(db, auth.user, id),
    documents: docs.map((f) => ({
      id: f.id,
      name: f.originalName,
      mime: f.mime,
      size: f.size,
      created_at: new Date(f.createdAt).toISOString(),
      url: `/api/files/${f.id}/download`,
      preview_url: `/api/files/${f.id}/preview`,
    })),
  };
}

/** Deletes an employee with its inventory; its documents go through the files service. */
export async function deleteEmployee(db: Db, auth: AuthContext, files: FilesService, id: number): Promise<void> {
  await findRecord(db, employeeRecord, auth.user, id);
  await deleteRecord(db, employeeRecord, auth.user, id);
  // Its documents go with it: rows (audited), then bytes.
  await files.sweepOrphans({ owner: employees, id, actor: auth.user });
}

/**
 * DELETE /employees/:id/inventory: removes the chosen items, all or nothing, each audited; the
 * employee's history keeps the change (its inventory before and after).
 */
const removeItems = defineCommand({
  action: 'inventory-remove',
  target: { record: employeeRecord, id: (input: { id: number; ids: number[] }) => input.id },
  run: ({ tx, user, input }: CommandContext<{ id: number; ids: number[] }, typeof employees>) =>
    applyDraftedDeletions(tx, {
      actor: user,
      table: employeeInventory,
      ids: input.ids,
      ownerColumn: employeeInventory.employeeId,
      ownerId: input.id,
    }),
});

export const removeInventory = (db: Db, user: AuthUser, employeeId: number, ids: number[]): Promise<number> =>
  runCommand(db, removeItems, user, { id: employeeId, ids });

/** DELETE /info/documents/:id: only an employee's document; access and audit by the files service. */
export async function removeDocument(db: Db, auth: AuthContext, files: FilesService, fileId: number): Promise<void> {
  const [file] = await db.select().from(filesTable).where(eq(filesTable.id, fileId));
  if (!file || file.entity !== EMPLOYEE_FILES.entity || file.category !== EMPLOYEE_FILES.category)
    throw AppError.notFound();
  await findRecord(db, employeeRecord, auth.user, Number(file.entityId));
  await files.remove(auth, fileId);
}

/** GET /employees/description/:id: one line about the employee (position, department, office, items). */
export async function describeEmployee(db: Db, user: AuthUser, id: number): Promise<string> {
  const e = await findRecord(db, employeeRecord, user, id);
  const row = await toEmployeeRow(db, e);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(employeeInventory)
    .where(and(eq(employeeInventory.employeeId, id), sql`${employeeInventory.returnedOn} is null`));
  const items = count?.n ?? 0;
  return [
    e.position,
    row.department,
    e.office,
    e.employer,
    `${items} inventory item${items === 1 ? '' : 's'}`,
    e.active ? 'active' : 'inactive',
  ]
    .filter(Boolean)
    .join(' · ');
}
