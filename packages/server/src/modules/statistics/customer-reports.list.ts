import { SECTION } from '@backhaul/shared';
import type { StatisticsWindow } from '@backhaul/shared/modules/statistics/statistics.contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/access';
import { defineList, type ListColumn, type ListDefinition } from '../../platform/list/define-list';
import { tripsScope } from '../trips';

const TZ = 'America/Chicago';

/** Per customer (carrier): loads, gross, miles, RPM and empty share over the window. */
const COLUMNS: ListColumn[] = [
  { id: 'customer_id', title: 'ID', sql: sql`r.customer_id`, filter: 'number', footer: 'count', align: 'left' },
  {
    id: 'customer',
    title: 'Customer',
    sql: sql`customers.name`,
    filterSql: sql`r.customer_id`,
    filter: 'list',
    search: true,
    clip: 30,
  },
  { id: 'email', title: 'E-mail', sql: sql`customers.email`, filter: 'note', search: true, clip: 32, hidden: true },
  { id: 'loads', title: 'Loads', sql: sql`r.loads`, filter: 'number', footer: 'sum', align: 'right' },
  { id: 'gross', title: 'Gross', sql: sql`r.gross_cents`, filter: 'number', footer: 'sum', dollar: true },
  { id: 'mileage_total', title: 'Total miles', sql: sql`r.miles`, filter: 'number', footer: 'sum', miles: true },
  { id: 'mileage_empty', title: 'Empty miles', sql: sql`r.empty`, filter: 'number', footer: 'sum', miles: true },
  {
    id: 'rpm',
    title: 'RPM',
    sql: sql`round(r.gross_cents / 100.0 / nullif(r.miles, 0), 2)::float8`,
    filter: 'number',
    align: 'right',
    exportKind: 'number',
  },
  {
    id: 'empty_pct',
    title: 'Empty %',
    sql: sql`round(100.0 * r.empty / nullif(r.miles, 0), 1)::float8`,
    filter: 'number',
    align: 'right',
    exportKind: 'number',
  },
];

/** The loads of the window in the caller's dispatcher scope, summed per customer. */
function reportFrom(user: AuthUser, window: StatisticsWindow): SQL {
  const at = window.type === 'PickUp' ? sql`loads.pickup_at` : sql`loads.delivery_at`;
  return sql`(select loads.customer_id, count(*)::int as loads, sum(loads.gross_cents)::bigint as gross_cents,
      sum(loads.mileage_loaded + loads.mileage_empty)::bigint as miles, sum(loads.mileage_empty)::bigint as empty
    from loads where ${tripsScope(user)} and loads.customer_id is not null
      and ${at} >= (${window.from}::date)::timestamp at time zone ${TZ}
      and ${at} < ((${window.to}::date + 1)::timestamp at time zone ${TZ})
    group by loads.customer_id) r join customers on customers.id = r.customer_id`;
}

/**
 * Registered once for the column settings (POST /customer-reports/settings); the rows come from
 * customerReportsFor, whose FROM carries the caller's scope and window.
 */
export const customerReportsList = defineList({
  key: 'customer-reports',
  title: 'Customer reports',
  section: SECTION.Statistics,
  from: sql`(select null::int as customer_id, 0 as loads, 0::bigint as gross_cents, 0::bigint as miles,
    0::bigint as empty where false) r join customers on customers.id = r.customer_id`,
  rowKey: sql`r.customer_id`,
  base: () => undefined,
  defaultSort: { sort: 'gross', order: 'desc' },
  columns: COLUMNS,
});

/** The report for a caller and a window, with the customer filter's options. */
export function customerReportsFor(user: AuthUser, window: StatisticsWindow): ListDefinition {
  const options = sql`select id as value, name as label from customers where company_id = ${user.companyId} order by 2 limit 1000`;
  return {
    ...customerReportsList,
    from: reportFrom(user, window),
    columns: COLUMNS.map((c) => (c.id === 'customer' ? { ...c, options } : c)),
  };
}
