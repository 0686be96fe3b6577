import { SECTION } from '@backhaul/shared';
import { sql } from 'drizzle-orm';
import { users } from '../../platform/auth/auth.table';
import { defineList } from '../../platform/list/define-list';
import { payStatements as s } from '../../platform/pay/pay.table';
import { safetyStatementKind as kind } from './safety-statements.kind';

/**
 * POST /safety-statement/list, its export, and each statement's answer: the statements in the
 * kind's scope (every statement for who may make them, else one's own).
 */
export const safetyStatementsList = defineList({
  key: 'safety-statement',
  title: 'Safety statements',
  section: SECTION.SafetyStatements,
  from: sql`${s}`,
  rowKey: sql`${s.id}`,
  joins: {
    person: sql`left join ${users} ss_user on ss_user.id = ${s.payeeId}`,
    creator: sql`left join ${users} ss_creator on ss_creator.id = ${s.createdBy}`,
  },
  base: kind.record.scope,
  defaultSort: { sort: 'month', order: 'desc' },
  columns: [
    { id: 'id', title: 'ID', sql: sql`${s.id}`, filter: 'number', footer: 'count', align: 'left' },
    {
      id: 'created_by',
      title: 'Created by',
      sql: sql`ss_creator.name`,
      filterSql: sql`${s.createdBy}`,
      filter: 'list',
      joins: ['creator'],
      hidden: true,
    },
    {
      id: 'month',
      title: 'Month',
      sql: sql`to_char(${s.periodFrom}, 'YYYY-MM')`,
      sortSql: sql`${s.periodFrom}`,
      filter: 'list',
      format: 'text',
    },
    {
      id: 'user',
      title: 'Safety',
      sql: sql`ss_user.name`,
      filterSql: sql`${s.payeeId}`,
      filter: 'list',
      search: true,
      footer: 'unique',
      joins: ['person'],
    },
    { id: 'count_driver', title: 'Drivers', sql: sql`${s.subjectCount}`, filter: 'number', footer: 'sum' },
    { id: 'count_load', title: 'Loads', sql: sql`${s.loadCount}`, filter: 'number', footer: 'sum' },
    { id: 'gross', title: 'Gross', sql: sql`${s.grossCents}`, filter: 'number', dollar: true, footer: 'sum' },
    {
      id: 'dispatcher_rate',
      title: 'Rate, %',
      sql: sql`(coalesce((${s.terms}->>'rate_milli')::int, 0) / 1000.0)::float8`,
      filter: 'number',
      format: 'percent',
    },
    { id: 'amount', title: 'Amount', sql: sql`${s.amountCents}`, filter: 'number', dollar: true, footer: 'sum' },
    { id: 'user_id', title: 'Safety id', sql: sql`${s.payeeId}`, data: true },
  ],
});
