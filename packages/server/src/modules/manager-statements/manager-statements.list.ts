import { SECTION } from '@backhaul/shared';
import {
  STAFF_SOURCES,
  type StaffVariant,
} from '@backhaul/shared/modules/manager-statements/manager-statements.contract';
import { SALARY_SECTIONS } from '@backhaul/shared/modules/salaries/salaries.contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/access';
import { departments, users } from '../../platform/auth/auth.table';
import { col } from '../../platform/list/columns';
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
    col.id(sql`${t.id}`),
    col.month(sql`${t.periodFrom}`),
    { id: 'created_date', title: 'Created', sql: sql`${t.createdAt}`, filter: 'date', dateType: 'timestamp' },
    col.createdBy({ name: sql`ms_creator.name`, by: sql`${t.createdBy}`, join: 'creator' }),
    col.named('department', 'Department', {
      name: sql`ms_department.name`,
      by: sql`${t.departmentId}`,
      join: 'department',
    }),
    col.named('employee', 'Dispatcher / employee', {
      name: sql`ms_employee.name`,
      by: sql`${t.payeeId}`,
      join: 'employee',
      unique: true,
      search: true,
    }),
    col.money('salary', 'Salary', salaryCents),
    {
      id: 'base_rate',
      title: 'Base rate, %',
      sql: sql`((${t.terms}->>'baseRateMilli')::int / 1000.0)::float8`,
      filter: 'number',
      format: 'percent',
    },
    col.money('bonus', 'Bonus / charge', bonusCents),
    {
      id: 'description',
      title: 'Description',
      sql: sql`coalesce(${t.terms}->>'description', '')`,
      filter: 'note',
      search: true,
      clip: 40,
    },
    col.money('total', 'Total', sql`${t.amountCents}`),
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
    col.id(sql`${t.id}`),
    col.createdBy({ name: sql`es_creator.name`, by: sql`${t.createdBy}`, join: 'creator' }),
    { id: 'end_month_date', title: 'Month end', sql: sql`${t.periodTo}`, filter: 'date', dateType: 'date' },
    col.month(sql`${t.periodFrom}`, { hidden: true }),
    col.named('employee', 'Employee', {
      name: sql`es_employee.name`,
      by: sql`${t.payeeId}`,
      join: 'employee',
      unique: true,
      search: true,
    }),
    col.money('salary', 'Salary', salaryCents),
    col.money('bonus', 'Bonus', bonusCents),
    col.money('total', 'Total', sql`${t.amountCents}`),
  ],
});
