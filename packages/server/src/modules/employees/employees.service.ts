import type {
  EmployeeEditResponse,
  EmployeeFormOutput,
  EmployeeOptions,
  EmployeeRow,
  InventoryRow,
} from '@backhaul/shared/modules/employees/employees.contract';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../platform/audit/audit';
import type { AuthContext, AuthUser } from '../../platform/auth/access';
import { departments } from '../../platform/auth/auth.table';
import { AppError } from '../../platform/errors';
import type { FilesService } from '../../platform/files/files.service';
import { files as filesTable } from '../../platform/files/files.table';
import { applyDraftedDeletions } from '../../platform/registry/drafted-deletions';
import { employeeInventory, employees } from './employees.table';

/** Files of an employee: entity 'employees', category 'document'. */
export const EMPLOYEE_FILES = { entity: 'employees', category: 'document' } as const;

type EmployeeRecord = typeof employees.$inferSelect;
type InventoryRecord = typeof employeeInventory.$inferSelect;

const blank = (v: string) => (v === '' ? null : v);

const toInventoryRow = (i: InventoryRecord): InventoryRow => ({
  id: i.id,
  item: i.item,
  serial: i.serial,
  issued_on: i.issuedOn,
  returned_on: i.returnedOn,
  notes: i.notes,
});

/** What the audit keeps of an employee: the record as the form shows it. */
const snapshot = (e: EmployeeRecord) => ({
  name: e.name,
  company: e.employer,
  department_id: e.departmentId,
  office: e.office,
  position: e.position,
  email: e.email,
  phone: e.phone,
  phone2: e.phone2,
  active: e.active,
  hired_on: e.hiredOn,
});

const columnsOf = (form: EmployeeFormOutput) => ({
  name: form.name,
  employer: blank(form.company),
  departmentId: form.department_id,
  office: blank(form.office),
  position: blank(form.position),
  email: blank(form.email.toLowerCase()),
  phone: blank(form.phone),
  phone2: blank(form.phone2),
  active: form.active,
  hiredOn: blank(form.hired_on),
});

async function findEmployee(db: DbOrTx, user: AuthUser, id: number): Promise<EmployeeRecord> {
  const [row] = await db
    .select()
    .from(employees)
    .where(and(eq(employees.id, id), eq(employees.companyId, user.companyId)));
  if (!row) throw AppError.notFound();
  return row;
}

async function toRow(db: DbOrTx, e: EmployeeRecord): Promise<EmployeeRow> {
  const [dept] = e.departmentId
    ? await db.select({ name: departments.name }).from(departments).where(eq(departments.id, e.departmentId))
    : [];
  return {
    employee_id: e.id,
    name: e.name,
    company: e.employer,
    department: dept?.name ?? null,
    office: e.office,
    email: e.email,
    phone: e.phone,
    phone2: e.phone2,
    active: e.active,
  };
}

export async function listInventory(db: DbOrTx, user: AuthUser, employeeId: number): Promise<InventoryRow[]> {
  await findEmployee(db, user, employeeId);
  const rows = await db
    .select()
    .from(employeeInventory)
    .where(eq(employeeInventory.employeeId, employeeId))
    .orderBy(asc(employeeInventory.id));
  return rows.map(toInventoryRow);
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
  return {
    departments: await db
      .select({ id: departments.id, name: departments.name })
      .from(departments)
      .where(eq(departments.companyId, user.companyId))
      .orderBy(asc(departments.name)),
    companies: await distinct(employees.employer),
    offices: await distinct(employees.office),
  };
}

async function assertDepartment(db: DbOrTx, user: AuthUser, id: number | null) {
  if (id === null) return;
  const [d] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.id, id), eq(departments.companyId, user.companyId)));
  if (!d) throw AppError.invalidField('department_id', 'The selected department is invalid.');
}

export async function employeeForEdit(
  db: Db,
  auth: AuthContext,
  files: FilesService,
  id: number,
): Promise<EmployeeEditResponse> {
  const e = await findEmployee(db, auth.user, id);
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

/** Adds the items without an id and updates those with one (they must be this employee's). */
async function saveInventory(tx: DbOrTx, actor: AuthUser, employeeId: number, form: EmployeeFormOutput) {
  const ids = form.inventory.flatMap((i) => (i.id ? [i.id] : []));
  const existing = ids.length
    ? await tx
        .select()
        .from(employeeInventory)
        .where(and(inArray(employeeInventory.id, ids), eq(employeeInventory.employeeId, employeeId)))
    : [];
  const byId = new Map(existing.map((i) => [i.id, i]));
  for (const [n, item] of form.inventory.entries()) {
    const values = {
      item: item.item,
      serial: blank(item.serial),
      issuedOn: blank(item.issued_on),
      returnedOn: blank(item.returned_on),
      notes: blank(item.notes),
    };
    if (values.issuedOn && values.returnedOn && values.returnedOn < values.issuedOn) {
      throw AppError.invalidField(`inventory.${n}.returned_on`, 'The return date is before the issue date.');
    }
    if (item.id) {
      const before = byId.get(item.id);
      if (!before) throw AppError.invalidField(`inventory.${n}.item`, 'This item does not belong to the employee.');
      const changed = (Object.keys(values) as (keyof typeof values)[]).some((k) => before[k] !== values[k]);
      if (!changed) continue;
      await tx.update(employeeInventory).set(values).where(eq(employeeInventory.id, item.id));
      await writeAudit(tx, {
        actor,
        entity: 'employee_inventory',
        entityId: item.id,
        action: 'update',
        before: toInventoryRow(before),
        after: { ...toInventoryRow(before), ...item },
      });
    } else {
      const [created] = await tx
        .insert(employeeInventory)
        .values({ employeeId, ...values })
        .returning();
      if (!created) throw new AppError('internal', 'Inventory item not created');
      await writeAudit(tx, {
        actor,
        entity: 'employee_inventory',
        entityId: created.id,
        action: 'create',
        after: { employee_id: employeeId, ...toInventoryRow(created) },
      });
    }
  }
}

/** Creates an employee, or updates it when `id` is given; inventory in the same transaction. */
export async function saveEmployee(
  db: Db,
  user: AuthUser,
  form: EmployeeFormOutput,
  id?: number,
): Promise<{ employee: EmployeeRow; inventory: InventoryRow[] }> {
  await assertDepartment(db, user, form.department_id);
  const before = id ? await findEmployee(db, user, id) : null;
  const itemsBefore = before ? await listInventory(db, user, before.id) : [];
  return db.transaction(async (tx) => {
    const [saved] = before
      ? await tx
          .update(employees)
          .set({ ...columnsOf(form), updatedAt: new Date() })
          .where(and(eq(employees.id, before.id), eq(employees.companyId, user.companyId)))
          .returning()
      : await tx
          .insert(employees)
          .values({ companyId: user.companyId, ...columnsOf(form) })
          .returning();
    if (!saved) throw AppError.notFound();
    await saveInventory(tx, user, saved.id, form);
    const inventory = (
      await tx
        .select()
        .from(employeeInventory)
        .where(eq(employeeInventory.employeeId, saved.id))
        .orderBy(asc(employeeInventory.id))
    ).map(toInventoryRow);
    // The employee's own history shows inventory changes too (items are also audited one by one).
    await writeAudit(tx, {
      actor: user,
      entity: 'employees',
      entityId: saved.id,
      action: before ? 'update' : 'create',
      before: before ? { ...snapshot(before), inventory: itemsBefore } : null,
      after: { ...snapshot(saved), inventory },
    });
    return { employee: await toRow(tx, saved), inventory };
  });
}

/** Deletes an employee with its inventory; its documents go through the files service. */
export async function deleteEmployee(db: Db, auth: AuthContext, files: FilesService, id: number): Promise<void> {
  const before = await findEmployee(db, auth.user, id);
  const inventory = await listInventory(db, auth.user, id);
  const docs = await db
    .select({ id: filesTable.id })
    .from(filesTable)
    .where(
      and(
        eq(filesTable.entity, EMPLOYEE_FILES.entity),
        eq(filesTable.entityId, String(id)),
        eq(filesTable.companyId, auth.user.companyId),
      ),
    );
  await db.transaction(async (tx) => {
    await tx.delete(employees).where(and(eq(employees.id, id), eq(employees.companyId, auth.user.companyId)));
    await writeAudit(tx, {
      actor: auth.user,
      entity: 'employees',
      entityId: id,
      action: 'delete',
      before: { ...snapshot(before), inventory },
    });
  });
  for (const doc of docs) await files.remove(auth, doc.id);
}

/** DELETE /employees/:id/inventory: removes the chosen items, all or nothing, each audited. */
export async function removeInventory(db: Db, user: AuthUser, employeeId: number, ids: number[]): Promise<number> {
  await findEmployee(db, user, employeeId);
  const before = await listInventory(db, user, employeeId);
  const removed = await applyDraftedDeletions(db, {
    actor: user,
    table: employeeInventory,
    entity: 'employee_inventory',
    ids,
    ownerColumn: employeeInventory.employeeId,
    ownerId: employeeId,
  });
  // A summary on the employee's history; each item's deletion is audited with it above.
  await writeAudit(db, {
    actor: user,
    entity: 'employees',
    entityId: employeeId,
    action: 'inventory-remove',
    before: { inventory: before },
    after: { inventory: await listInventory(db, user, employeeId) },
  });
  return removed;
}

/** DELETE /info/documents/:id: only an employee's document; access and audit by the files service. */
export async function removeDocument(db: Db, auth: AuthContext, files: FilesService, fileId: number): Promise<void> {
  const [file] = await db.select().from(filesTable).where(eq(filesTable.id, fileId));
  if (!file || file.entity !== EMPLOYEE_FILES.entity || file.category !== EMPLOYEE_FILES.category)
    throw AppError.notFound();
  await findEmployee(db, auth.user, Number(file.entityId));
  await files.remove(auth, fileId);
}

/** GET /employees/description/:id: one line about the employee (position, department, office, items). */
export async function describeEmployee(db: Db, user: AuthUser, id: number): Promise<string> {
  const e = await findEmployee(db, user, id);
  const row = await toRow(db, e);
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
