import { SECTION } from '@backhaul/shared';
import type { StatisticsWindow } from '@backhaul/shared/modules/statistics/statistics.contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/access';
import { col } from '../../platform/list/columns';
import { defineList, type ListColumnSpec } from '../../platform/list/define-list';
import { customers } from '../customers';
import { loads, rpm, tripsScope } from '../trips';
import { resolveWindow } from './statistics.window';

const TZ = 'America/Chicago';

/** Per customer (carrier): loads, gross, miles, RPM and empty share over the window. */
const COLUMNS: ListColumnSpec[] = [
  { id: 'customer_id', title: 'ID', sql: sql`r.customer_id`, filter: 'number', footer: 'count', align: 'left' },
  {
    id: 'customer',
    title: 'Customer',
    column: customers.name,
    filterSql: sql`r.customer_id`,
    filter: 'list',
    options: (user) =>
      sql`select ${customers.id} as value, ${customers.name} as label from ${customers} where ${customers.companyId} = ${user.companyId} order by 2 limit 1000`,
    search: true,
    clip: 30,
  },
  { id: 'email', title: 'E-mail', column: customers.email, filter: 'note', search: true, clip: 32, hidden: true },
  { id: 'loads', title: 'Loads', sql: sql`r.loads`, filter: 'number', footer: 'sum', align: 'right' },
  col.money('gross', 'Gross', sql`r.gross_cents`),
  { id: 'mileage_total', title: 'Total miles', sql: sql`r.miles`, filter: 'number', footer: 'sum', miles: true },
  { id: 'mileage_empty', title: 'Empty miles', sql: sql`r.empty`, filter: 'number', footer: 'sum', miles: true },
  {
    id: 'rpm',
    title: 'RPM',
    sql: rpm(sql`r.gross_cents`, sql`r.miles`),
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
  const at = window.type === 'PickUp' ? loads.pickupAt : loads.deliveryAt;
  return sql`(select ${loads.customerId}, count(*)::int as loads, sum(${loads.grossCents})::bigint as gross_cents,
      sum(${loads.mileageLoaded} + ${loads.mileageEmpty})::bigint as miles, sum(${loads.mileageEmpty})::bigint as empty
    from ${loads} where ${tripsScope(user)} and ${loads.customerId} is not null
      and ${at} >= (${window.from}::date)::timestamp at time zone ${TZ}
      and ${at} < ((${window.to}::date + 1)::timestamp at time zone ${TZ})
    group by ${loads.customerId}) r join ${customers} on ${customers.id} = r.customer_id`;
}

/**
 * Customer reports: one definition; its FROM is the caller's loads of the request's window (`args`,
 * given by the route), summed per customer.
 */
export const customerReportsList = defineList({
  key: 'customer-reports',
  title: 'Customer reports',
  section: SECTION.Statistics,
  // Without a window (the generic export by key) the default one, as the page opens.
  from: (user, args) => reportFrom(user, (args.window as StatisticsWindow | undefined) ?? resolveWindow({}).window),
  rowKey: sql`r.customer_id`,
  base: () => undefined,
  defaultSort: { sort: 'gross', order: 'desc' },
  columns: COLUMNS,
});
