import {
  STAFF_SOURCES,
  STAFF_STATEMENT_KIND,
} from '@backhaul/shared/modules/manager-statements/manager-statements.contract';
import { type SQL, sql } from 'drizzle-orm';
import { departments, users } from '../../platform/auth/auth.table';
import { files } from '../../platform/files/files.table';
import type { ResourceColumn } from '../../platform/record/define-resource';
import { bonusCharges as t } from './bonus-charge.table';

/** Account → Bonus-charge (94): the spec gives the entries a section of the account. */
export const BONUS_CHARGE_SECTION = 94;
/** The files entity of an entry's attachment. */
export const BONUS_CHARGE_FILES = 'bonus_charges';

/** The entry's effect on the pay in cents: bonus, salary and credit add; charge and deduction take. */
export const signedCents = (table = t): SQL =>
  sql`(case when ${table.type} in ('Charge', 'Deduction') then -${table.totalCents} else ${table.totalCents} end)`;

const ENTRY_SOURCES = [STAFF_SOURCES.entry, STAFF_SOURCES.additional];

/**
 * SQL: the staff statement whose line holds the entry `id` (an entry or an Additional entry), or
 * null. An entry a statement holds cannot change or go (README.md): action_delete is this, derived.
 */
export const statementOfEntrySql = (id: SQL | typeof t.id) =>
  sql<number | null>`(select l.statement_id from pay_statement_lines l
    where l.company_id = ${t.companyId} and l.kind = ${STAFF_STATEMENT_KIND}
      and l.source in (${sql.join(
        ENTRY_SOURCES.map((s) => sql`${s}`),
        sql`, `,
      )}) and l.source_key = ${id}::text limit 1)`;

/** "Additional {year}" is the 13th month of its year (001 §5): the sort and filter key is year × 100 + month. */
export const salaryMonthKey = sql`(extract(year from ${t.salaryMonth})::int * 100 + case when ${t.additional} then 13 else extract(month from ${t.salaryMonth})::int end)`;
const salaryMonthLabel = sql`(case when ${t.additional} then 'Additional ' || to_char(${t.salaryMonth}, 'YYYY') else to_char(${t.salaryMonth}, 'YYYY-MM') end)`;

export const bonusChargeJoins = {
  employee: sql`left join ${users} bc_employee on bc_employee.id = ${t.employeeId}`,
  creator: sql`left join ${users} bc_creator on bc_creator.id = ${t.createdBy}`,
  department: sql`left join ${departments} bc_department on bc_department.id = ${t.departmentId}`,
};

/** The list of 001 §3: id, create_at, salary_month, type, department, created_by, employee, description, total, file. */
export const bonusChargeColumns: ResourceColumn[] = [
  { id: 'id', title: 'ID', column: t.id, filter: 'number', footer: 'count', align: 'left' },
  { id: 'create_at', title: 'Created', column: t.createdAt, filter: 'date', dateType: 'timestamp' },
  {
    id: 'salary_month',
    title: 'Salary month',
    sql: salaryMonthLabel,
    filterSql: salaryMonthKey,
    sortSql: salaryMonthKey,
    filter: 'list',
    format: 'text',
  },
  { id: 'type', title: 'Type', column: t.type, filter: 'list', footer: 'unique' },
  {
    id: 'department',
    title: 'Department',
    sql: sql`bc_department.name`,
    filterSql: sql`${t.departmentId}`,
    filter: 'list',
    joins: ['department'],
  },
  {
    id: 'created_by',
    title: 'Created by',
    sql: sql`bc_creator.name`,
    filterSql: sql`${t.createdBy}`,
    filter: 'list',
    joins: ['creator'],
  },
  {
    id: 'employee',
    title: 'Employee',
    sql: sql`bc_employee.name`,
    filterSql: sql`${t.employeeId}`,
    filter: 'list',
    search: true,
    footer: 'unique',
    joins: ['employee'],
  },
  { id: 'description', title: 'Description', column: t.description, filter: 'note', search: true, clip: 40 },
  // The footer is the sum of differences: charges and deductions count against the pay.
  {
    id: 'total',
    title: 'Total',
    column: t.totalCents,
    filter: 'number',
    dollar: true,
    footer: 'sum',
    footerSql: signedCents(),
  },
  {
    id: 'file',
    title: 'File',
    sql: sql`(select min(${files.id}) from ${files} where ${files.entity} = ${BONUS_CHARGE_FILES} and ${files.entityId} = ${t.id}::text)`,
    sortable: false,
    format: 'id',
  },
  // Derived from the statement lines: an entry a statement pays is locked (README.md).
  {
    id: 'action_delete',
    title: 'Locked',
    sql: sql`(${statementOfEntrySql(t.id)} is not null)`,
    data: true,
  },
];
