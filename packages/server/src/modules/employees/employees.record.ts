import { SECTION } from '@backhaul/shared';
import { orNull } from '@backhaul/shared/modules/customers/contact-fields';
import {
  EmployeeFormSchema,
  EmployeeRecordSchema,
  type EmployeeRow,
  type InventoryRow,
  SERIAL_REQUIRED,
  TERMINATED_BEFORE_HIRED,
} from '@backhaul/shared/modules/employees/employees.contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { departments } from '../../platform/auth/auth.table';
import { AppError } from '../../platform/errors';
import { defineRecord } from '../../platform/record/define-record';
import { inventoryItems } from '../settings';
import { employeeInventory, employees } from './employees.table';

type EmployeeRecord = typeof employees.$inferSelect;

export const toInventoryRow = (i: typeof employeeInventory.$inferSelect): InventoryRow => ({
  id: i.id,
  item: i.item,
  serial: i.serial,
  issued_on: i.issuedOn,
  returned_on: i.returnedOn,
  notes: i.notes,
});

export async function inventoryOf(db: DbOrTx, employeeId: number): Promise<InventoryRow[]> {
  const rows = await db
    .select()
    .from(employeeInventory)
    .where(eq(employeeInventory.employeeId, employeeId))
    .orderBy(asc(employeeInventory.id));
  return rows.map(toInventoryRow);
}

export async function toEmployeeRow(db: DbOrTx, e: EmployeeRecord): Promise<EmployeeRow> {
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

/** The company's inventory catalogue (Settings → Inventory). */
export const inventoryCatalogue = (db: DbOrTx, companyId: number) =>
  rowsOf<{ name: string; category: string; serial_required: boolean }>(
    db,
    sql`select name, category, serial_required from ${inventoryItems} where company_id = ${companyId} order by name`,
  );

/** An employee with the inventory issued to them; the history shows inventory changes too. */
export const employeeRecord = defineRecord({
  table: employees,
  section: SECTION.Employees,
  form: EmployeeFormSchema,
  row: EmployeeRecordSchema,
  toRow: async (e, { tx }) => ({ employee: await toEmployeeRow(tx, e), inventory: await inventoryOf(tx, e.id) }),
  audit: async (e, { tx }) => ({
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
    terminated_on: e.terminatedOn,
    inventory: await inventoryOf(tx, e.id),
  }),
  toValues: (form) => ({
    name: form.name,
    employer: orNull(form.company),
    departmentId: form.department_id,
    office: orNull(form.office),
    position: orNull(form.position),
    email: orNull(form.email.toLowerCase()),
    phone: orNull(form.phone),
    phone2: orNull(form.phone2),
    active: form.active,
    hiredOn: orNull(form.hired_on),
    terminatedOn: orNull(form.terminated_on),
  }),
  children: [
    {
      table: employeeInventory,
      owner: employeeInventory.employeeId,
      field: 'inventory',
      errorKey: 'item',
      notOwned: 'This item does not belong to the employee.',
      rows: (form) =>
        form.inventory.map((i) => ({
          id: i.id,
          values: {
            item: i.item,
            serial: orNull(i.serial),
            issuedOn: orNull(i.issued_on),
            returnedOn: orNull(i.returned_on),
            notes: orNull(i.notes),
          },
        })),
    },
  ],
  hooks: {
    beforeSave: async ({ tx, user, form }) => {
      // A catalogue item marked "serial required" is not issued without its serial number.
      const needsSerial = new Set(
        (await inventoryCatalogue(tx, user.companyId))
          .filter((c) => c.serial_required)
          .map((c) => c.name.toLowerCase()),
      );
      const missing = form.inventory.findIndex((i) => needsSerial.has(i.item.toLowerCase()) && !i.serial?.trim());
      if (missing >= 0) throw AppError.invalidField(`inventory.${missing}.serial`, SERIAL_REQUIRED);
      if (form.terminated_on && form.hired_on && form.terminated_on < form.hired_on)
        throw AppError.invalidField('terminated_on', TERMINATED_BEFORE_HIRED);
      if (form.department_id === null) return;
      const [d] = await tx
        .select({ id: departments.id })
        .from(departments)
        .where(and(eq(departments.id, form.department_id), eq(departments.companyId, user.companyId)));
      if (!d) throw AppError.invalidField('department_id', 'The selected department is invalid.');
    },
  },
});
