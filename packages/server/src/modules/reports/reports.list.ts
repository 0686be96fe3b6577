import { SECTION } from '@backhaul/shared';
import { REPORT_KINDS, type ReportKind } from '@backhaul/shared/modules/reports/reports.contract';
import { sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/access';
import { col } from '../../platform/list/columns';
import { defineList, type ListDefinition } from '../../platform/list/define-list';
import { customers } from '../customers';

const TZ = 'America/Chicago';

const scope = (kind: ReportKind) => (user: AuthUser) =>
  sql`reports.company_id = ${user.companyId} and reports.kind = ${kind}${
    user.customerId === null ? sql`` : sql` and reports.customer_id = ${user.customerId}`
  }`;

/** One list per kind of report (old, safety, billing): newest first, with who made and sent it. */
function reportsList(kind: ReportKind, key: string): ListDefinition {
  return defineList({
    key,
    title: `${REPORT_KINDS[kind]}s`,
    section: SECTION.Reports,
    from: sql`reports`,
    rowKey: sql`reports.id`,
    joins: {
      customer: sql`left join ${customers} on ${customers.id} = reports.customer_id`,
      author: sql`left join users author on author.id = reports.created_by`,
    },
    base: scope(kind),
    defaultSort: { sort: 'created_at', order: 'desc' },
    columns: [
      col.id(sql`reports.id`),
      {
        id: 'customer',
        title: 'Customer',
        sql: sql`${customers.name}`,
        filterSql: sql`reports.customer_id`,
        filter: 'list',
        joins: ['customer'],
        search: true,
        footer: 'unique',
      },
      {
        id: 'period_from',
        title: 'From',
        sql: sql`to_char(reports.period_from, 'YYYY-MM-DD')`,
        filterSql: sql`reports.period_from`,
        sortSql: sql`reports.period_from`,
        filter: 'date',
        dateType: 'date',
      },
      {
        id: 'period_to',
        title: 'To',
        sql: sql`to_char(reports.period_to, 'YYYY-MM-DD')`,
        filterSql: sql`reports.period_to`,
        sortSql: sql`reports.period_to`,
        filter: 'date',
        dateType: 'date',
      },
      { id: 'status', title: 'Status', sql: sql`reports.status`, filter: 'list' },
      { id: 'sent_to', title: 'Sent to', sql: sql`reports.sent_to`, filter: 'note', search: true },
      {
        id: 'sent_at',
        title: 'Sent',
        sql: sql`to_char(reports.sent_at at time zone ${TZ}, 'YYYY-MM-DD HH24:MI')`,
        filterSql: sql`reports.sent_at`,
        sortSql: sql`reports.sent_at`,
        filter: 'date',
        dateType: 'timestamp',
      },
      {
        id: 'created_by',
        title: 'Created by',
        sql: sql`author.name`,
        filterSql: sql`reports.created_by`,
        filter: 'list',
        joins: ['author'],
      },
      {
        id: 'created_at',
        title: 'Created',
        sql: sql`to_char(reports.created_at at time zone ${TZ}, 'YYYY-MM-DD HH24:MI')`,
        filterSql: sql`reports.created_at`,
        sortSql: sql`reports.created_at`,
        filter: 'date',
        dateType: 'timestamp',
      },
      { id: 'pending', title: 'Pending', sql: sql`reports.pending`, data: true },
      { id: 'file_id', title: 'File', sql: sql`reports.file_id`, data: true },
    ],
  });
}

export const REPORT_LISTS: Record<ReportKind, ListDefinition> = {
  old: reportsList('old', 'reports'),
  safety: reportsList('safety', 'reports-safety'),
  billing: reportsList('billing', 'reports-billing'),
};
