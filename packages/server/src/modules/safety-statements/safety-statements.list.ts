import { ACTION, can, SECTION } from '@backhaul/shared';
import { SafetyStatementSchema } from '@backhaul/shared/modules/safety-statements/safety-statements.contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/access';
import { users } from '../../platform/auth/auth.table';
import { defineList } from '../../platform/list/define-list';
import { defineRecord } from '../../platform/record/define-record';
import { safetyStatementRow } from './safety-statements.service';
import { safetyStatements as s } from './safety-statements.table';

/**
 * Whose statements a caller reads: the company's for who may make them (Safety statements create, 8),
 * else one's own, as a dispatcher reads only its own dispatcher statements (001 §6 variant).
 */
export const seesEverySafetyStatement = (user: AuthUser) =>
  Boolean(user.grants && can(user.grants, { section: SECTION.SafetyStatements, action: ACTION.CREATE }));

/** The statement as a record: the company's statements in that scope; deletion audited ('Delete success'). */
export const safetyStatementRecord = defineRecord({
  entity: 'safety_statement',
  table: s,
  section: SECTION.SafetyStatements,
  scope: { row: (user) => (seesEverySafetyStatement(user) ? undefined : sql`${s.userId} = ${user.id}`) },
  form: z.object({}),
  row: SafetyStatementSchema,
  toRow: (record, { tx, user }) => safetyStatementRow(tx, user, record.id),
  audit: (record) => record,
  messages: { deleted: 'Delete success' },
});

/** POST /safety-statement/list. */
export const safetyStatementsList = defineList({
  key: 'safety-statement',
  title: 'Safety statements',
  section: SECTION.SafetyStatements,
  from: sql`${s}`,
  rowKey: sql`${s.id}`,
  joins: {
    person: sql`left join ${users} ss_user on ss_user.id = ${s.userId}`,
    creator: sql`left join ${users} ss_creator on ss_creator.id = ${s.createdBy}`,
  },
  base: safetyStatementRecord.scope,
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
      sql: sql`to_char(${s.month}, 'YYYY-MM')`,
      sortSql: sql`${s.month}`,
      filter: 'list',
      format: 'text',
    },
    {
      id: 'user',
      title: 'Safety',
      sql: sql`ss_user.name`,
      filterSql: sql`${s.userId}`,
      filter: 'list',
      search: true,
      footer: 'unique',
      joins: ['person'],
    },
    { id: 'count_driver', title: 'Drivers', sql: sql`${s.driverCount}`, filter: 'number', footer: 'sum' },
    { id: 'count_load', title: 'Loads', sql: sql`${s.loadCount}`, filter: 'number', footer: 'sum' },
    { id: 'gross', title: 'Gross', sql: sql`${s.grossCents}`, filter: 'number', dollar: true, footer: 'sum' },
    {
      id: 'dispatcher_rate',
      title: 'Rate, %',
      sql: sql`(${s.rateBp} / 100.0)::float8`,
      filter: 'number',
      format: 'percent',
    },
    { id: 'amount', title: 'Amount', sql: sql`${s.amountCents}`, filter: 'number', dollar: true, footer: 'sum' },
  ],
});
