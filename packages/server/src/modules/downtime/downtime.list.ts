import { SECTION } from '@backhaul/shared';
import { DOWNTIME_UNIT_TYPES } from '@backhaul/shared/modules/downtime/downtime.contract';
import { sql } from 'drizzle-orm';
import { clock, SQL_TODAY } from '../../platform/clock';
import { defineList } from '../../platform/list/define-list';
import { DOWNTIME_UNIT_NAME, downtimeRowsSql } from './downtime.sql';

const unitTypes = sql.raw(
  `select * from (values ${Object.entries(DOWNTIME_UNIT_TYPES)
    .map(([v, l]) => `('${v}', '${l}')`)
    .join(', ')}) o(value, label)`,
);

/** The Downtime report: per unit and month, the days in the shop, on the road, in all, and the cost. */
export const downtimeList = defineList({
  key: 'downtime',
  title: 'Downtime',
  section: SECTION.Downtime,
  // The route names the months (args.months): only those are priced, twice per page (ids, then rows).
  from: (user, args) => {
    const months = Array.isArray(args.months) ? (args.months as string[]) : [];
    const where = months.length
      ? sql`month in (${sql.join(
          months.map((m) => sql`${m}`),
          sql`, `,
        )})`
      : sql`true`;
    return sql`${downtimeRowsSql(user.companyId, clock.now(), where)} d`;
  },
  rowKey: sql`d.unit_type || ':' || d.unit_id || ':' || d.month`,
  // The rows are the company's already (downtimeRowsSql).
  base: () => undefined,
  defaultSort: { sort: 'month', order: 'desc' },
  columns: [
    { id: 'id', title: 'Key', sql: sql`d.unit_type || ':' || d.unit_id || ':' || d.month`, data: true },
    {
      id: 'month',
      title: 'Month',
      sql: sql`d.month`,
      filter: 'list',
      // The last 36 months: reading the distinct months would price every work order ever made.
      options: sql`select to_char(m, 'YYYY-MM') as value, to_char(m, 'YYYY-MM') as label
        from generate_series(date_trunc('month', ${SQL_TODAY}) - interval '35 months', date_trunc('month', ${SQL_TODAY}), interval '1 month') m
        order by m desc`,
      format: 'text',
      footer: 'count',
    },
    {
      id: 'unit_type',
      title: 'Unit type',
      sql: sql`d.unit_type`,
      filter: 'list',
      options: unitTypes,
      format: 'text',
    },
    { id: 'unit', title: 'Unit#', sql: DOWNTIME_UNIT_NAME, filter: 'note', search: true },
    { id: 'unit_id', title: 'Unit id', sql: sql`d.unit_id`, data: true },
    { id: 'shop_days', title: 'Days in shop', sql: sql`d.shop_days`, filter: 'number', footer: 'sum', align: 'right' },
    {
      id: 'road_days',
      title: 'Days on the road',
      sql: sql`d.road_days`,
      filter: 'number',
      footer: 'sum',
      align: 'right',
    },
    { id: 'days', title: 'Days out of service', sql: sql`d.days`, filter: 'number', footer: 'sum', align: 'right' },
    {
      id: 'cost',
      title: 'Cost',
      sql: sql`d.cost_cents`,
      // A trailer's days have no cost: they sort as nothing rather than above every truck.
      sortSql: sql`coalesce(d.cost_cents, 0)`,
      filter: 'number',
      footer: 'sum',
      dollar: true,
      align: 'right',
    },
  ],
});
