import { SECTION } from '@backhaul/shared';
import { COMPANY_TIME_ZONE_DEFAULT } from '@backhaul/shared/formats/formats';
import { sql } from 'drizzle-orm';
import { col } from '../../platform/list/columns';
import { defineList } from '../../platform/list/define-list';
import { factoringCompanies } from '../factoring';
import { loads } from '../trips';

/**
 * Accounting → Schedules (000 §3 "Schedules columns"). Counts and money come from schedule_loads
 * through one lateral aggregate per row, so nothing is stored twice.
 */
export const schedulesList = defineList({
  key: 'schedules',
  title: 'Schedules',
  section: SECTION.Schedules,
  from: sql`factoring_schedules`,
  rowKey: sql`factoring_schedules.id`,
  joins: {
    author: sql`left join users author on author.id = factoring_schedules.created_by`,
    factoring: sql`left join ${factoringCompanies} on ${factoringCompanies.id} = factoring_schedules.factoring_company_id`,
    totals: sql`cross join lateral (
      select count(*)::int as load_count,
        count(*) filter (where sl.status = 'applied')::int as applied_load,
        count(*) filter (where sl.status <> 'applied')::int as not_processed,
        coalesce(sum(l.gross_cents), 0)::bigint as gross_cents,
        coalesce(sum(sl.amount_factoring_cents), 0)::bigint as amount_cents
      from schedule_loads sl join ${loads} l on l.id = sl.load_id
      where sl.schedule_id = factoring_schedules.id) totals`,
  },
  base: (user) => sql`factoring_schedules.company_id = ${user.companyId}`,
  defaultSort: { sort: 'id', order: 'desc' },
  columns: [
    col.id(sql`factoring_schedules.id`),
    {
      id: 'create_at',
      title: 'Created',
      sql: sql`to_char(factoring_schedules.created_at at time zone ${COMPANY_TIME_ZONE_DEFAULT}, 'YYYY-MM-DD HH24:MI')`,
      filterSql: sql`factoring_schedules.created_at`,
      sortSql: sql`factoring_schedules.created_at`,
      filter: 'date',
      dateType: 'timestamp',
    },
    {
      id: 'created_by',
      title: 'Created by',
      sql: sql`author.name`,
      filterSql: sql`factoring_schedules.created_by`,
      filter: 'list',
      footer: 'unique',
      footerSql: sql`factoring_schedules.created_by`,
      joins: ['author'],
    },
    { id: 'name', title: 'Name', sql: sql`factoring_schedules.name`, filter: 'note', search: true, clip: 40 },
    {
      id: 'factoring',
      title: 'Factoring',
      sql: sql`${factoringCompanies.name}`,
      filterSql: sql`factoring_schedules.factoring_company_id`,
      filter: 'list',
      footer: 'unique',
      footerSql: sql`factoring_schedules.factoring_company_id`,
      search: true,
      joins: ['factoring'],
      clip: 30,
    },
    {
      id: 'load_count',
      title: 'Loads',
      sql: sql`totals.load_count`,
      filter: 'number',
      footer: 'sum',
      joins: ['totals'],
      align: 'right',
    },
    {
      id: 'applied_load',
      title: 'Applied',
      sql: sql`totals.applied_load`,
      filter: 'number',
      footer: 'sum',
      joins: ['totals'],
      align: 'right',
    },
    {
      id: 'not_processed',
      title: 'Not processed',
      sql: sql`totals.not_processed`,
      filter: 'number',
      footer: 'sum',
      joins: ['totals'],
      align: 'right',
    },
    {
      id: 'gross',
      title: 'Gross',
      sql: sql`totals.gross_cents`,
      filter: 'number',
      footer: 'sum',
      dollar: true,
      joins: ['totals'],
    },
    {
      id: 'amount',
      title: 'Factoring paid',
      sql: sql`totals.amount_cents`,
      filter: 'number',
      footer: 'sum',
      dollar: true,
      joins: ['totals'],
    },
  ],
});
