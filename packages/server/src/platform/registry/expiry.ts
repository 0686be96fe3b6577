import { type SQL, sql } from 'drizzle-orm';
import { SQL_TODAY } from '../clock';
import type { ListColumn } from '../list/define-list';

export const DUE_WINDOW_DAYS = 30;
const COMPANY_TODAY = sql`${SQL_TODAY}`;

/** 'overdue' before today, 'due' within 30 days, 'ok' later, null without a date. */
export const dueStateSql = (date: SQL): SQL =>
  sql`case when ${date} is null then null when ${date} < ${COMPANY_TODAY} then 'overdue' when ${date} <= ${COMPANY_TODAY} + ${DUE_WINDOW_DAYS}::int then 'due' else 'ok' end`;

/**
 * A list column for an expiry date (CDL, medical card, registration, inspection) with a list
 * filter "Overdue / Due in 30 days / OK" beside the column's own date filter.
 */
export function expiryColumns(opts: { id: string; title: string; date: SQL; joins?: readonly string[] }): ListColumn[] {
  return [
    {
      id: opts.id,
      title: opts.title,
      sql: opts.date,
      filter: 'date',
      dateType: 'date',
      ...(opts.joins ? { joins: opts.joins } : {}),
    },
    {
      id: `${opts.id}_due`,
      title: `${opts.title} due`,
      sql: dueStateSql(opts.date),
      filter: 'list',
      hidden: true,
      options: sql`select * from (values ('overdue', 'Overdue'), ('due', 'Due in 30 days'), ('ok', 'OK')) o(value, label)`,
      ...(opts.joins ? { joins: opts.joins } : {}),
    },
  ];
}
