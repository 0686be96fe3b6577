import { SECTION } from '@backhaul/shared';
import {
  STAFF_SOURCES,
  type StaffVariant,
} from '@backhaul/shared/modules/manager-statements/manager-statements.contract';
import { SALARY_SECTIONS } from '@backhaul/shared/modules/salaries/salaries.contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/access';
import { departments, users } from '../../platform/auth/auth.table';
import { defineList } from '../../platform/list/define-list';
import { payStatements as t } from '../../platform/pay/pay.table';
import { staffStatementKind } from './staff-statements.kind';

/** The staff statements of one screen the caller reaches (the kind's row scope, README.md). */
export const staffStatementsScope = (variant: StaffVariant) => (user: AuthUser) =>
  and(staffStatementKind.record.scope(user), eq(t.variant, variant));

/** The statement's salary line; the bonus is everything else on it (entries and Additional entries). */
const salaryCents = sql`(select coalesce(sum(l.amount_cents), 0) from pay_statement_lines l
  where l.statement_id = ${t.id} and l.source = ${STAFF_SOURCES.salary})`;
const bonusCents = sql`(${t.amountCents} - ${salaryCents})`;

/** POST /salary-statements/list: the rows of 000 §3 (month, created_date, created_by, department, dispatcher/employee, salary, base_rate, bonus, description, total). */
export const managerStatementsList = defineList({
  key: 'salary-statements',
  title: 'Manager statements',
  section: SECTION.ManagerStatements,
  from: sql`${t}`,
  rowKey: sql`${t.id}`,
  joins: {
    employee: sql`left join ${users} ms_employee on ms_employee.id = ${t.payeeId}`,
    creator: sql`left join ${users} ms_creator on ms_creator.id = ${t.createdBy}`,
    department: sql`left join ${departments} ms_department on ms_department.id = ${t.departmentId}`,
  },
  base: staffStatementsScope('manager'),
  defaultSort: { sort: 'month', order: 'desc' },
  columns: [
    { id: 'id', title: 'ID', sql: sql`${t.id}`, filter: 'number', footer: 'count', align: 'left' },
    {
      id: 'month',
      title: 'Month',
      sql: sql`to_char(${t.periodFrom}, 'YYYY-MM')`,
      sortSql: sql`${t.periodFrom}`,
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
      filterSql: sql`${t.payeeId}`,
      filter: 'list',
      search: true,
      footer: 'unique',
      joins: ['employee'],
    },
    { id: 'salary', title: 'Salary', sql: salaryCents, filter: 'number', dollar: true, footer: 'sum' },
    {
      id: 'base_rate',
      title: 'Base rate, %',
      sql: sql`((${t.terms}->>'baseRateMilli')::int / 1000.0)::float8`,
      filter: 'number',
      format: 'percent',
    },
    { id: 'bonus', title: 'Bonus / charge', sql: bonusCents, filter: 'number', dollar: true, footer: 'sum' },
    {
      id: 'description',
      title: 'Description',
      sql: sql`coalesce(${t.terms}->>'description', '')`,
      filter: 'note',
      search: true,
      clip: 40,
    },
    { id: 'total', title: 'Total', sql: sql`${t.amountCents}`, filter: 'number', dollar: true, footer: 'sum' },
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
    employee: sql`left join ${users} es_employee on es_employee.id = ${t.payeeId}`,
    creator: sql`left join ${users} es_creator on es_creator.id = ${t.createdBy}`,
  },
  base: staffStatementsScope('employee'),
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
    { id: 'end_month_date', title: 'Month end', sql: sql`${t.periodTo}`, filter: 'date', dateType: 'date' },
    {
      id: 'month',
      title: 'Month',
      sql: sql`to_char(${t.periodFrom}, 'YYYY-MM')`,
      sortSql: sql`${t.periodFrom}`,
      filter: 'list',
      format: 'text',
      hidden: true,
    },
    {
      id: 'employee',
      title: 'Employee',
      sql: sql`es_employee.name`,
      filterSql: sql`${t.payeeId}`,
      filter: 'list',
      search: true,
      footer: 'unique',
      joins: ['employee'],
    },
    { id: 'salary', title: 'Salary', sql: salaryCents, filter: 'number', dollar: true, footer: 'sum' },
    { id: 'bonus', title: 'Bonus', sql: bonusCents, filter: 'number', dollar: true, footer: 'sum' },
    { id: 'total', title: 'Total', sql: sql`${t.amountCents}`, filter: 'number', dollar: true, footer: 'sum' },
  ],
});
