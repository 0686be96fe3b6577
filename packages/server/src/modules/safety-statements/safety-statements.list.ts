import { SECTION } from '@backhaul/shared';
import { sql } from 'drizzle-orm';
import { users } from '../../platform/auth/auth.table';
import { col } from '../../platform/list/columns';
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
    col.id(sql`${s.id}`),
    col.createdBy({ name: sql`ss_creator.name`, by: sql`${s.createdBy}`, join: 'creator' }, { hidden: true }),
    col.month(sql`${s.periodFrom}`),
    col.named('user', 'Safety', {
      name: sql`ss_user.name`,
      by: sql`${s.payeeId}`,
      join: 'person',
      unique: true,
      search: true,
    }),
    { id: 'count_driver', title: 'Drivers', sql: sql`${s.subjectCount}`, filter: 'number', footer: 'sum' },
    { id: 'count_load', title: 'Loads', sql: sql`${s.loadCount}`, filter: 'number', footer: 'sum' },
    col.money('gross', 'Gross', sql`${s.grossCents}`),
    {
      id: 'dispatcher_rate',
      title: 'Rate, %',
      sql: sql`(coalesce((${s.terms}->>'rate_milli')::int, 0) / 1000.0)::float8`,
      filter: 'number',
      format: 'percent',
    },
    col.money('amount', 'Amount', sql`${s.amountCents}`),
    { id: 'user_id', title: 'Safety id', sql: sql`${s.payeeId}`, data: true },
  ],
});
