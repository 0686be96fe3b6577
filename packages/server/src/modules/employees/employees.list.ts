import { SECTION } from '@backhaul/shared';
import { sql } from 'drizzle-orm';
import { defineList } from '../../platform/list/define-list';
import { defineChangeLog } from '../../platform/registry/change-log';
import { employeeRecord } from './employees.record';

/** Employees (001 §3): employee_id, name, company, department, office, email, phone, phone2, active. */
export const employeesList = defineList({
  key: 'employees',
  title: 'Employees',
  section: SECTION.Employees,
  from: sql`employees`,
  rowKey: sql`employees.id`,
  joins: { department: sql`left join departments on departments.id = employees.department_id` },
  base: employeeRecord.scope,
  defaultSort: { sort: 'name', order: 'asc' },
  columns: [
    { id: 'employee_id', title: 'ID', sql: sql`employees.id`, filter: 'number', footer: 'count' },
    { id: 'name', title: 'Name', sql: sql`employees.name`, filter: 'note', search: true, clip: 40 },
    { id: 'company', title: 'Company', sql: sql`employees.employer`, filter: 'list', footer: 'unique' },
    {
      id: 'department',
      title: 'Department',
      sql: sql`departments.name`,
      filterSql: sql`employees.department_id`,
      filter: 'list',
      joins: ['department'],
      footer: 'unique',
    },
    { id: 'office', title: 'Office', sql: sql`employees.office`, filter: 'list' },
    { id: 'position', title: 'Position', sql: sql`employees.position`, filter: 'list', hidden: true },
    { id: 'email', title: 'E-mail', sql: sql`employees.email`, filter: 'note', search: true },
    { id: 'phone', title: 'Phone', sql: sql`employees.phone`, filter: 'note', search: true },
    { id: 'phone2', title: 'Phone 2', sql: sql`employees.phone2`, filter: 'note', search: true },
    {
      id: 'inventory_count',
      title: 'Inventory',
      sql: sql`(select count(*)::int from employee_inventory i where i.employee_id = employees.id and i.returned_on is null)`,
      filter: 'number',
      footer: 'sum',
      hidden: true,
    },
    {
      id: 'hired_on',
      title: 'Hired',
      sql: sql`to_char(employees.hired_on, 'YYYY-MM-DD')`,
      filterSql: sql`employees.hired_on`,
      sortSql: sql`employees.hired_on`,
      filter: 'date',
      hidden: true,
    },
    { id: 'active', title: 'Active', sql: sql`employees.active`, filter: 'options', align: 'center' },
  ],
});

/** POST /employees/filterLogs: the employees' change log from the audit table. */
export const employeesLog = defineChangeLog({ key: 'employees-logs', record: employeeRecord });
