import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type AuditName, auditEntity } from '../audit/audit';
import { defineList, type ListDefinition } from '../list/define-list';

/**
 * The change log of one entity, read from the audit table, as a list (…/filterLogs calls).
 * Each registry declares one: `defineChangeLog({ key: 'trucks-logs', record: truckRecord })` (the
 * record's audit entity and section), or with `table` and `section` (the table's audit entity).
 * The request may filter on entity_id (a record's own history) like any list filter.
 */
export function defineChangeLog(
  opts: { key: string; title?: string } & (
    | { record: { entity: AuditName; section: number } }
    | { table: PgTable; section: number }
  ),
): ListDefinition {
  const { entity: name, section } =
    'record' in opts ? opts.record : { entity: auditEntity(opts.table), section: opts.section };
  const entity: SQL = sql`${name}`;
  return defineList({
    key: opts.key,
    title: opts.title ?? 'Actions history',
    section,
    from: sql`audit_log`,
    rowKey: sql`audit_log.id`,
    joins: { author: sql`left join users author on author.id = audit_log.user_id` },
    base: (user) => sql`audit_log.entity = ${entity} and audit_log.company_id = ${user.companyId}`,
    defaultSort: { sort: 'at', order: 'desc' },
    columns: [
      { id: 'id', title: 'ID', sql: sql`audit_log.id`, footer: 'count' },
      { id: 'entity_id', title: 'Record', sql: sql`audit_log.entity_id::int`, filter: 'number' },
      { id: 'at', title: 'Date', sql: sql`audit_log.at`, filter: 'date', dateType: 'timestamp' },
      {
        id: 'user',
        title: 'User',
        sql: sql`author.name`,
        filterSql: sql`audit_log.user_id`,
        filter: 'list',
        joins: ['author'],
        footer: 'unique',
        search: true,
      },
      { id: 'action', title: 'Action', sql: sql`audit_log.action`, filter: 'list' },
      {
        id: 'changes',
        title: 'Changes',
        // The keys whose value differs between before and after, e.g. "phone, truck_id".
        sql: sql`(select string_agg(k, ', ' order by k) from (
          select key as k from jsonb_each(coalesce(audit_log.after, '{}'::jsonb))
          except select key from jsonb_each(coalesce(audit_log.before, '{}'::jsonb)) b
            where (coalesce(audit_log.after, '{}'::jsonb) -> b.key) = b.value
        ) changed)`,
        sortable: false,
        clip: 120,
      },
      { id: 'before', title: 'Before', sql: sql`audit_log.before`, data: true },
      { id: 'after', title: 'After', sql: sql`audit_log.after`, data: true },
    ],
  });
}
