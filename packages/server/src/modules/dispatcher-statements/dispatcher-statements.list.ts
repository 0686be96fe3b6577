import { SECTION } from '@backhaul/shared';
import { DispatcherStatementSchema } from '@backhaul/shared/modules/dispatcher-statements/dispatcher-statements.contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/access';
import { users } from '../../platform/auth/auth.table';
import { defineList, type ListDefinition } from '../../platform/list/define-list';
import { defineRecord } from '../../platform/record/define-record';
import { loads, rpm } from '../trips';
import { isDispatcherUser, releaseLoads, statementRow } from './dispatcher-statements.service';
import { dispatcherStatementLoads as l, dispatcherStatements as s } from './dispatcher-statements.table';

/**
 * The statement as a record: its scope (the company; a dispatcher user's own) and its deletion,
 * which releases the loads. Statements are made by `createStatements`, never by a form.
 */
export const dispatcherStatementRecord = defineRecord({
  entity: 'dispatcher_statement',
  table: s,
  section: SECTION.DispatchersStatements,
  scope: { row: (user) => (isDispatcherUser(user) ? sql`${s.dispatcherId} = ${user.id}` : undefined) },
  form: z.object({}),
  row: DispatcherStatementSchema,
  toRow: (record, { tx }) => statementRow(tx, record.id),
  audit: (record) => record,
  messages: { deleted: 'Delete success' },
  hooks: { beforeDelete: ({ tx, id }) => releaseLoads(tx, id) },
});

/** POST /dispatcher/statement/list (000 §3: id, created_by, date, dispatcher_name, gross, count_load, rpm, amount, dispatcher_rate). */
const statementsListSpec = {
  key: 'dispatcher-statement',
  title: 'Dispatcher statements',
  section: SECTION.DispatchersStatements,
  from: sql`${s}`,
  rowKey: sql`${s.id}`,
  joins: {
    dispatcher: sql`left join ${users} ds_dispatcher on ds_dispatcher.id = ${s.dispatcherId}`,
    creator: sql`left join ${users} ds_creator on ds_creator.id = ${s.createdBy}`,
  },
  base: dispatcherStatementRecord.scope,
  defaultSort: { sort: 'date', order: 'desc' },
  columns: [
    { id: 'id', title: 'ID', sql: sql`${s.id}`, filter: 'number', footer: 'count', align: 'left' },
    {
      id: 'created_by',
      title: 'Created by',
      sql: sql`ds_creator.name`,
      filterSql: sql`${s.createdBy}`,
      filter: 'list',
      joins: ['creator'],
    },
    {
      id: 'date',
      title: 'Month',
      sql: sql`to_char(${s.month}, 'YYYY-MM')`,
      filterSql: sql`to_char(${s.month}, 'YYYY-MM')`,
      sortSql: sql`${s.month}`,
      filter: 'list',
      format: 'text',
    },
    {
      id: 'dispatcher_name',
      title: 'Dispatcher',
      sql: sql`ds_dispatcher.name`,
      filterSql: sql`${s.dispatcherId}`,
      filter: 'list',
      search: true,
      footer: 'unique',
      joins: ['dispatcher'],
    },
    { id: 'gross', title: 'Gross', sql: sql`${s.grossCents}`, filter: 'number', dollar: true, footer: 'sum' },
    { id: 'count_load', title: 'Loads', sql: sql`${s.loadCount}`, filter: 'number', footer: 'sum' },
    { id: 'miles', title: 'Miles', sql: sql`${s.miles}`, filter: 'number', miles: true, footer: 'sum', hidden: true },
    { id: 'rpm', title: 'RPM', sql: rpm(s.grossCents, s.miles), filter: 'number', align: 'right', format: 'number' },
    { id: 'amount', title: 'Amount', sql: sql`${s.amountCents}`, filter: 'number', dollar: true, footer: 'sum' },
    {
      id: 'dispatcher_rate',
      title: 'Rate, %',
      sql: sql`(${s.rateBp} / 100.0)::float8`,
      filter: 'number',
      format: 'percent',
    },
    { id: 'dispatcher_id', title: 'Dispatcher id', sql: sql`${s.dispatcherId}`, data: true },
  ],
} satisfies ListDefinition;
export const dispatcherStatementsList = defineList(statementsListSpec);

/** The dispatcher-user variant (001 §6): their own statements, without the Dispatcher column. */
export const ownDispatcherStatementsList = defineList({
  ...statementsListSpec,
  key: 'dispatcher-statement-own',
  columns: statementsListSpec.columns.filter((c) => c.id !== 'dispatcher_name'),
});

/** The statements list a caller reads: a dispatcher user gets its own variant. */
export const statementsListFor = (user: AuthUser): ListDefinition =>
  isDispatcherUser(user) ? ownDispatcherStatementsList : dispatcherStatementsList;

/**
 * POST /dispatcher/statement/:id/list and its export: the loads a statement pays (the route
 * filters on `statement`); gross and amount are the statement's own lines.
 */
export const dispatcherStatementLoadsList = defineList({
  key: 'dispatcher-statement-loads',
  title: 'Dispatcher statement loads',
  section: SECTION.DispatchersStatements,
  from: sql`${l} join ${s} on ${s.id} = ${l.statementId} join ${loads} on ${loads.id} = ${l.loadId}`,
  rowKey: sql`${l.id}`,
  base: dispatcherStatementRecord.scope,
  defaultSort: { sort: 'delivery_date', order: 'asc' },
  columns: [
    { id: 'load_id', title: 'Load', sql: sql`${l.loadId}`, filter: 'number', footer: 'count', align: 'left' },
    {
      id: 'delivery_date',
      title: 'Delivery',
      sql: sql`${loads.deliveryAt}`,
      filter: 'date',
      dateType: 'timestamp',
    },
    {
      id: 'pickup',
      title: 'Pick up',
      sql: sql`concat_ws(', ', ${loads.pickupCity}, ${loads.pickupState})`,
      filter: 'note',
      search: true,
    },
    {
      id: 'delivery',
      title: 'Delivery city',
      sql: sql`concat_ws(', ', ${loads.deliveryCity}, ${loads.deliveryState})`,
      filter: 'note',
      search: true,
    },
    { id: 'broker_number', title: 'Broker load #', sql: sql`${loads.brokerNumber}`, filter: 'note', search: true },
    { id: 'gross', title: 'Gross', sql: sql`${l.grossCents}`, filter: 'number', dollar: true, footer: 'sum' },
    { id: 'miles', title: 'Miles', sql: sql`${l.miles}`, filter: 'number', miles: true, footer: 'sum' },
    { id: 'rpm', title: 'RPM', sql: rpm(l.grossCents, l.miles), filter: 'number', align: 'right', format: 'number' },
    { id: 'amount', title: 'Amount', sql: sql`${l.amountCents}`, filter: 'number', dollar: true, footer: 'sum' },
    { id: 'statement', title: 'Statement', sql: sql`${l.statementId}`, filter: 'list', hidden: true },
  ],
});
