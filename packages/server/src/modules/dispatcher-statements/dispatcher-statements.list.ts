import { SECTION } from '@backhaul/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/access';
import { users } from '../../platform/auth/auth.table';
import { col } from '../../platform/list/columns';
import { defineList, type ListDefinition } from '../../platform/list/define-list';
import { payStatementLines as l, payStatements as s } from '../../platform/pay/pay.table';
import { loads, rpm } from '../trips';
import { isDispatcherUser, dispatcherStatementKind as kind } from './dispatcher-statements.kind';

/** POST /dispatcher/statement/list (000 §3: id, created_by, date, dispatcher_name, gross, count_load, rpm, amount, dispatcher_rate). */
const statementsListSpec = {
  key: 'dispatcher-statement',
  title: 'Dispatcher statements',
  section: SECTION.DispatchersStatements,
  from: sql`${s}`,
  rowKey: sql`${s.id}`,
  joins: {
    dispatcher: sql`left join ${users} ds_dispatcher on ds_dispatcher.id = ${s.payeeId}`,
    creator: sql`left join ${users} ds_creator on ds_creator.id = ${s.createdBy}`,
  },
  base: kind.record.scope,
  defaultSort: { sort: 'date', order: 'desc' },
  columns: [
    col.id(sql`${s.id}`),
    col.createdBy({ name: sql`ds_creator.name`, by: sql`${s.createdBy}`, join: 'creator' }),
    col.month(sql`${s.periodFrom}`, { id: 'date' }),
    col.named('dispatcher_name', 'Dispatcher', {
      name: sql`ds_dispatcher.name`,
      by: sql`${s.payeeId}`,
      join: 'dispatcher',
      unique: true,
      search: true,
    }),
    col.money('gross', 'Gross', sql`${s.grossCents}`),
    { id: 'count_load', title: 'Loads', sql: sql`${s.loadCount}`, filter: 'number', footer: 'sum' },
    { id: 'miles', title: 'Miles', sql: sql`${s.miles}`, filter: 'number', miles: true, footer: 'sum', hidden: true },
    { id: 'rpm', title: 'RPM', sql: rpm(s.grossCents, s.miles), filter: 'number', align: 'right', format: 'number' },
    col.money('amount', 'Amount', sql`${s.amountCents}`),
    {
      id: 'dispatcher_rate',
      title: 'Rate, %',
      sql: sql`(coalesce((${s.terms}->>'rate_milli')::int, 0) / 1000.0)::float8`,
      filter: 'number',
      format: 'percent',
    },
    { id: 'dispatcher_id', title: 'Dispatcher id', sql: sql`${s.payeeId}`, data: true },
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
 * filters on `statement`); gross and amount are the statement's own lines, `earned` the month a
 * late load came from.
 */
export const dispatcherStatementLoadsList = defineList({
  key: 'dispatcher-statement-loads',
  title: 'Dispatcher statement loads',
  section: SECTION.DispatchersStatements,
  from: sql`${l} join ${s} on ${s.id} = ${l.statementId}`,
  rowKey: sql`${l.id}`,
  joins: {
    load: sql`left join ${loads} on ${loads.id} = (${l.data}->>'load_id')::int`,
  },
  base: (user) => and(kind.record.scope(user), eq(l.source, 'load')),
  defaultSort: { sort: 'delivery_date', order: 'asc' },
  columns: [
    {
      id: 'load_id',
      title: 'Load',
      sql: sql`(${l.data}->>'load_id')::int`,
      filter: 'number',
      footer: 'count',
      align: 'left',
    },
    {
      id: 'delivery_date',
      title: 'Delivery',
      sql: sql`${loads.deliveryAt}`,
      filter: 'date',
      dateType: 'timestamp',
      joins: ['load'],
    },
    {
      id: 'earned',
      title: 'Earned in',
      sql: sql`to_char(${l.earnedFrom}, 'YYYY-MM')`,
      sortSql: sql`${l.earnedFrom}`,
      filter: 'list',
      format: 'text',
    },
    {
      id: 'pickup',
      title: 'Pick up',
      sql: sql`concat_ws(', ', ${loads.pickupCity}, ${loads.pickupState})`,
      filter: 'note',
      search: true,
      joins: ['load'],
    },
    {
      id: 'delivery',
      title: 'Delivery city',
      sql: sql`concat_ws(', ', ${loads.deliveryCity}, ${loads.deliveryState})`,
      filter: 'note',
      search: true,
      joins: ['load'],
    },
    {
      id: 'broker_number',
      title: 'Broker load #',
      sql: sql`${loads.brokerNumber}`,
      filter: 'note',
      search: true,
      joins: ['load'],
    },
    col.money('gross', 'Gross', sql`${l.grossCents}`),
    { id: 'miles', title: 'Miles', sql: sql`${l.miles}`, filter: 'number', miles: true, footer: 'sum' },
    { id: 'rpm', title: 'RPM', sql: rpm(l.grossCents, l.miles), filter: 'number', align: 'right', format: 'number' },
    col.money('amount', 'Amount', sql`${l.amountCents}`),
    { id: 'statement', title: 'Statement', sql: sql`${l.statementId}`, filter: 'list', hidden: true },
  ],
});
