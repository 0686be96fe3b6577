import { ACTION, can, SECTION } from '@backhaul/shared';
import { SALARY_SECTIONS } from '@backhaul/shared/modules/salaries/salaries.contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/access';
import { departments, users } from '../../platform/auth/auth.table';
import { defineList } from '../../platform/list/define-list';
import { managerStatements as t } from './manager-statements.table';

/** The company's statements; a dispatcher user (role 2) sees only its own (001 §6 variant). */
export const managerStatementsScope = (user: AuthUser) =>
  and(eq(t.companyId, user.companyId), eq(t.kind, 'manager'), user.role === 2 ? eq(t.employeeId, user.id) : undefined);

/** Salary statements: the company's for who may make them (96 create), else one's own. */
export const employeeStatementsScope = (user: AuthUser) =>
  and(
    eq(t.companyId, user.companyId),
    eq(t.kind, 'employee'),
    user.grants && can(user.grants, { section: SALARY_SECTIONS.statements, action: ACTION.CREATE })
      ? undefined
      : eq(t.employeeId, user.id),
  );

/** POST /salary-statements/list: the rows of 000 §3 (month, created_date, created_by, department, dispatcher/employee, salary, base_rate, bonus, description, total). */
export const managerStatementsList = defineList({
  key: 'salary-statements',
  title: 'Manager statements',
  section: SECTION.ManagerStatements,
  from: sql`${t}`,
  rowKey: sql`${t.id}`,
  joins: {
    employee: sql`left join ${users} ms_employee on ms_employee.id = ${t.employeeId}`,
    creator: sql`left join ${users} ms_creator on ms_creator.id = ${t.createdBy}`,
    department: sql`left join ${departments} ms_department on ms_department.id = ${t.departmentId}`,
  },
  base: managerStatementsScope,
  defaultSort: { sort: 'month', order: 'desc' },
  columns: [
    { id: 'id', title: 'ID', sql: sql`${t.id}`, filter: 'number', footer: 'count', align: 'left' },
    {
      id: 'month',
      title: 'Month',
      sql: sql`to_char(${t.month}, 'YYYY-MM')`,
      sortSql: sql`${t.month}`,
      filter: 'list',
      format: 'text',
    },
    { id: 'created_date', title: 'Created', sql: sql`${t.createdAt}`, filter: 'date', dateType: 'timestamp' },
    {
      id: 'created_by',
      title: 'Created by',
      sql: sql`ms_creator.name`,
      filterSql: sql`${t.createdBy}`,
      filter: 'list',
      joins: ['creator'],
    },
    {
      id: 'department',
      title: 'Department',
      sql: sql`ms_department.name`,
      filterSql: sql`${t.departmentId}`,
      filter: 'list',
      joins: ['department'],
    },
    {
      id: 'employee',
      title: 'Dispatcher / employee',
      sql: sql`ms_employee.name`,
      filterSql: sql`${t.employeeId}`,
      filter: 'list',
      search: true,
      footer: 'unique',
      joins: ['employee'],
    },
    { id: 'salary', title: 'Salary', sql: sql`${t.salaryCents}`, filter: 'number', dollar: true, footer: 'sum' },
    {
      id: 'base_rate',
      title: 'Base rate, %',
      sql: sql`(${t.baseRateBp} / 100.0)::float8`,
      filter: 'number',
      format: 'percent',
    },
    { id: 'bonus', title: 'Bonus / charge', sql: sql`${t.bonusCents}`, filter: 'number', dollar: true, footer: 'sum' },
    { id: 'description', title: 'Description', sql: sql`${t.description}`, filter: 'note', search: true, clip: 40 },
    { id: 'total', title: 'Total', sql: sql`${t.totalCents}`, filter: 'number', dollar: true, footer: 'sum' },
  ],
});

/** POST /info/statements/list (001 §3 employee statement columns: id, created_by, end_month_date, employee, salary, bonus, total). */
export const employeeStatementsList = defineList({
  key: 'info-statements',
  title: 'Salary statements',
  section: SALARY_SECTIONS.statements,
  from: sql`${t}`,
  rowKey: sql`${t.id}`,
  joins: {
    employee: sql`left join ${users} es_employee on es_employee.id = ${t.employeeId}`,
    creator: sql`left join ${users} es_creator on es_creator.id = ${t.createdBy}`,
  },
  base: employeeStatementsScope,
  defaultSort: { sort: 'end_month_date', order: 'desc' },
  columns: [
    { id: 'id', title: 'ID', sql: sql`${t.id}`, filter: 'number', footer: 'count', align: 'left' },
    {
      id: 'created_by',
      title: 'Created by',
      sql: sql`es_creator.name`,
      filterSql: sql`${t.createdBy}`,
      filter: 'list',
      joins: ['creator'],
    },
    {
      id: 'end_month_date',
      title: 'Month end',
      sql: sql`(${t.month} + interval '1 month' - interval '1 day')::date`,
      filter: 'date',
      dateType: 'date',
    },
    {
      id: 'month',
      title: 'Month',
      sql: sql`to_char(${t.month}, 'YYYY-MM')`,
      sortSql: sql`${t.month}`,
      filter: 'list',
      format: 'text',
      hidden: true,
    },
    {
      id: 'employee',
      title: 'Employee',
      sql: sql`es_employee.name`,
      filterSql: sql`${t.employeeId}`,
      filter: 'list',
      search: true,
      footer: 'unique',
      joins: ['employee'],
    },
    { id: 'salary', title: 'Salary', sql: sql`${t.salaryCents}`, filter: 'number', dollar: true, footer: 'sum' },
    { id: 'bonus', title: 'Bonus', sql: sql`${t.bonusCents}`, filter: 'number', dollar: true, footer: 'sum' },
    { id: 'total', title: 'Total', sql: sql`${t.totalCents}`, filter: 'number', dollar: true, footer: 'sum' },
  ],
});
