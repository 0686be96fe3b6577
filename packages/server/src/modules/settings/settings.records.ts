import { ITEM_MESSAGES, SECTION } from '@backhaul/shared';
import * as C from '@backhaul/shared/modules/settings/settings.contract';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { departments, users } from '../../platform/auth/auth.table';
import { appVersions } from '../../platform/companies/companies.table';
import { AppError } from '../../platform/errors';
import { col } from '../../platform/list/columns';
import { defineList } from '../../platform/list/define-list';
import { references } from '../../platform/module-hooks';
import { defineRecord } from '../../platform/record/define-record';
import { defineResource } from '../../platform/record/define-resource';
import {
  contactTypes,
  documentTypes,
  holidays,
  inventoryItems,
  offices,
  positions,
  workSchedules,
} from './settings.table';

/** Every /info list of this module: one declaration each (ADR 0006), all under Settings (32). */
const common = { section: SECTION.Settings, messages: ITEM_MESSAGES } as const;

export const scheduleResource = defineResource({
  ...common,
  base: C.INFO_BASES.schedule,
  key: 'info-schedule',
  title: 'Work schedule',
  table: workSchedules,
  form: C.ScheduleFormSchema,
  row: C.ScheduleSchema,
  unique: ['name'],
  defaultSort: { sort: 'start_time', order: 'asc' },
});

export const holidaysResource = defineResource({
  ...common,
  base: C.INFO_BASES.holidays,
  key: 'info-holidays',
  title: 'Holidays',
  table: holidays,
  form: C.HolidayFormSchema,
  row: C.HolidaySchema,
  unique: [
    {
      field: 'date',
      where: (form) => eq(holidays.date, form.date),
      message: (form) => `${form.date} is already a holiday.`,
    },
  ],
  defaultSort: { sort: 'date', order: 'asc' },
});

export const officesResource = defineResource({
  ...common,
  base: C.INFO_BASES.offices,
  key: 'info-offices',
  title: 'Offices',
  table: offices,
  form: C.OfficeFormSchema,
  row: C.OfficeSchema,
  unique: ['name'],
});

export const inventoryResource = defineResource({
  ...common,
  base: C.INFO_BASES.inventory,
  key: 'info-inventory',
  title: 'Inventory',
  table: inventoryItems,
  form: C.InventoryFormSchema,
  row: C.InventorySchema,
  unique: ['name'],
});

export const contactTypesResource = defineResource({
  ...common,
  base: C.INFO_BASES.contactTypes,
  key: 'info-contacts-types',
  title: 'Contact types',
  table: contactTypes,
  form: C.ContactTypeFormSchema,
  row: C.ContactTypeSchema,
  unique: ['name'],
});

export const documentTypesResource = defineResource({
  ...common,
  base: C.INFO_BASES.documentTypes,
  key: 'info-documents-types',
  title: 'Document types',
  table: documentTypes,
  form: C.DocumentTypeFormSchema,
  row: C.DocumentTypeSchema,
  unique: ['name'],
});

/**
 * Employees (a module above this one) point at departments and positions: the employees module
 * registers its counts here from its routes, so settings never reads its table (no cycle).
 */
export const departmentReferences = references();
export const positionReferences = references();

const countOf = async (tx: DbOrTx, query: SQL) =>
  (await rowsOf<{ n: number }>(tx, sql`select ${query} as n`))[0]?.n ?? 0;

/** How many rows of each kind point at a department (the delete refusal names them). */
async function departmentUses(tx: DbOrTx, id: number): Promise<string[]> {
  const [u] = await tx.select({ n: count() }).from(users).where(eq(users.departmentId, id));
  const employeeCount = await countOf(tx, departmentReferences.count('employees', sql`${id}`));
  const [p] = await tx.select({ n: count() }).from(positions).where(eq(positions.departmentId, id));
  return usesText([
    [u?.n ?? 0, 'user'],
    [employeeCount, 'employee'],
    [p?.n ?? 0, 'position'],
  ]);
}

const usesText = (counts: Array<[number, string]>) =>
  counts.filter(([n]) => n > 0).map(([n, noun]) => `${n} ${noun}${n === 1 ? '' : 's'}`);

export const departmentsResource = defineResource({
  ...common,
  base: C.INFO_BASES.departments,
  key: 'info-departments',
  title: 'Departments',
  table: departments,
  form: C.DepartmentFormSchema,
  row: C.DepartmentSchema,
  unique: ['name'],
  hooks: {
    beforeDelete: async ({ tx, id }) => {
      const uses = await departmentUses(tx, id);
      if (uses.length) throw AppError.precondition(C.inUseMessage('department', uses));
    },
  },
});

/** A position answers its department's name too, so it is declared with its own list. */
export const positionRecord = defineRecord({
  ...common,
  table: positions,
  form: C.PositionFormSchema,
  row: C.PositionSchema,
  unique: ['name'],
  toRow: async (p, { tx }) => {
    const [d] = p.departmentId
      ? await tx.select({ name: departments.name }).from(departments).where(eq(departments.id, p.departmentId))
      : [];
    return { id: p.id, name: p.name, department_id: p.departmentId, department: d?.name ?? null };
  },
  hooks: {
    beforeSave: async ({ tx, user, form }) => {
      if (form.department_id == null) return;
      const [d] = await tx
        .select({ id: departments.id })
        .from(departments)
        .where(and(eq(departments.id, form.department_id), eq(departments.companyId, user.companyId)));
      if (!d) throw AppError.invalidField('department_id', 'Choose from the list.');
    },
    beforeDelete: async ({ tx, before }) => {
      const uses = usesText([
        [await countOf(tx, positionReferences.count('employees', sql`${before.id}`)), 'employee'],
      ]);
      if (uses.length) throw AppError.precondition(C.inUseMessage('position', uses));
    },
  },
});

export const positionsList = defineList({
  key: 'info-positions',
  title: 'Positions',
  section: SECTION.Settings,
  from: sql`${positions}`,
  rowKey: sql`${positions.id}`,
  base: positionRecord.scope,
  joins: { department: sql`left join ${departments} on ${departments.id} = ${positions.departmentId}` },
  defaultSort: { sort: 'name', order: 'asc' },
  columns: [
    col.id(sql`${positions.id}`),
    { id: 'name', title: 'Position', sql: sql`${positions.name}`, filter: 'note', search: true },
    {
      id: 'department',
      title: 'Department',
      sql: sql`${departments.name}`,
      filter: 'list',
      filterSql: sql`${positions.departmentId}`,
      joins: ['department'],
      search: true,
    },
  ],
});

/** The select of a position's department. */
export const departmentOptions = (db: DbOrTx, companyId: number) =>
  db
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(eq(departments.companyId, companyId))
    .orderBy(departments.name);

/** Software versions: one list for the whole installation (no company), read by the header's popup. */
export const versionRecord = defineRecord({
  ...common,
  table: appVersions,
  scope: { company: false },
  form: C.VersionFormSchema,
  row: C.VersionSchema,
  unique: ['version'],
  toRow: (v) => ({
    id: v.id,
    version: v.version,
    description: v.description,
    version_show: v.versionShow,
    created_at: v.createdAt.toISOString(),
  }),
});

export const versionsList = defineList({
  key: 'info-version',
  title: 'Versions',
  section: SECTION.Settings,
  from: sql`${appVersions}`,
  rowKey: sql`${appVersions.id}`,
  base: versionRecord.scope,
  defaultSort: { sort: 'created_at', order: 'desc' },
  columns: [
    col.id(sql`${appVersions.id}`),
    { id: 'version', title: 'Version', sql: sql`${appVersions.version}`, filter: 'list', search: true },
    {
      id: 'description',
      title: 'Change information',
      sql: sql`${appVersions.description}`,
      filter: 'note',
      search: true,
      clip: 90,
    },
    { id: 'version_show', title: 'Popup', sql: sql`${appVersions.versionShow}`, filter: 'checkbox' },
    {
      id: 'created_at',
      title: 'Released',
      sql: sql`${appVersions.createdAt}`,
      filter: 'date',
      dateType: 'timestamp',
    },
  ],
});
