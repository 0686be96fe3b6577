import { SECTION } from '@backhaul/shared';
import { addDays } from '@backhaul/shared/formats/formats';
import { BILLING_LABELS } from '@backhaul/shared/modules/billing/billing.contract';
import { TRIPS_DEFAULT_WEEKS } from '@backhaul/shared/modules/trips/trips.contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/access';
import { users } from '../../platform/auth/auth.table';
import { clock } from '../../platform/clock';
import { col } from '../../platform/list/columns';
import { defineList } from '../../platform/list/define-list';
import { brokers } from '../brokers';
import { customers } from '../customers';
import { loads } from '../trips';

const TZ = 'America/Chicago';
const shown = (expr: SQL) => sql`to_char(${expr} at time zone ${TZ}, 'YYYY-MM-DD HH24:MI')`;
const flag = (expr: SQL, yes: string, no: string) => sql`case when ${expr} then ${yes} else ${no} end`;
const none = sql`select null::int as value, null::text as label where false`;

/**
 * Filter options from the registries (40 customers, 350 brokers, 24 users at 1M loads), not
 * `select distinct … from loads` (0.6–1.4 s each over every load). A customer login (no billing
 * grant today) would see its own customer and no other registry.
 */
const OPTIONS = {
  customer: (user: AuthUser) =>
    sql`select ${customers.id} as value, ${customers.name} as label from ${customers}
      where ${customers.companyId} = ${user.companyId}${user.customerId ? sql` and ${customers.id} = ${user.customerId}` : sql``}
      order by 2, 1 limit 1000`,
  broker: (user: AuthUser) =>
    user.customerId
      ? none
      : sql`select ${brokers.id} as value, ${brokers.name} as label from ${brokers}
          where ${brokers.companyId} = ${user.companyId} order by 2, 1 limit 1000`,
  biller: (user: AuthUser) =>
    user.customerId
      ? none
      : sql`select ${users.id} as value, ${users.name} as label from ${users}
          where ${users.companyId} = ${user.companyId} and ${users.customerId} is null order by 2, 1 limit 1000`,
};

/** Filters that pick loads themselves: the default window does not hide what they find. */
const OWN_WINDOW = ['delivery_datetime', 'billing_date', 'load_id', 'trip_id', 'customer_invoice_id'];

/**
 * The default window (000 §3 list filter defaults: Delivery, today, 4 weeks), so the first page's
 * totals read four weeks of loads through the delivery index, not every delivered load. A request
 * sending delivery_datetime (null clears it: every delivered load) or an id filter sets its own.
 */
export function billingDefaultFilters(requested: Readonly<Record<string, unknown>>): Record<string, unknown> {
  if (OWN_WINDOW.some((id) => id in requested)) return {};
  const today = clock.today();
  return { delivery_datetime: { from: addDays(today, -(TRIPS_DEFAULT_WEEKS * 7 - 1)), to: today } };
}

/**
 * Accounting → Billing: delivered loads, whether billing was created, whether an invoice exists
 * (Exist / Not exist) and whether PPW exists (000 §3 "Billing load row").
 */
export const billingList = defineList({
  key: 'billings',
  title: 'Billing',
  section: SECTION.Billing,
  from: sql`${loads}`,
  rowKey: sql`${loads.id}`,
  joins: {
    billing: sql`left join billings on billings.load_id = ${loads.id}`,
    biller: sql`left join users biller on biller.id = billings.created_by`,
    customer: sql`left join ${customers} on ${customers.id} = ${loads.customerId}`,
    broker: sql`left join ${brokers} on ${brokers.id} = ${loads.brokerId}`,
  },
  base: (user) =>
    sql`${loads.companyId} = ${user.companyId} and ${loads.deliveryAt} <= ${clock.now().toISOString()}::timestamptz${
      user.customerId ? sql` and ${loads.customerId} = ${user.customerId}` : sql``
    }`,
  defaultSort: { sort: 'delivery_datetime', order: 'desc' },
  defaults: { filters: (_user, requested) => billingDefaultFilters(requested), searchPast: false },
  columns: [
    { id: 'load_id', title: 'Load', sql: sql`${loads.id}`, filter: 'number', footer: 'count', align: 'left' },
    { id: 'trip_id', title: 'Trip', sql: sql`${loads.tripId}`, filter: 'number', align: 'left', hidden: true },
    { id: 'billing_id', title: 'Billing id', sql: sql`billings.id`, joins: ['billing'], data: true },
    {
      id: 'customer',
      priority: 2,
      title: 'Customer',
      sql: sql`${customers.name}`,
      filterSql: sql`${loads.customerId}`,
      filter: 'list',
      options: OPTIONS.customer,
      footer: 'unique',
      footerSql: sql`${loads.customerId}`,
      search: true,
      joins: ['customer'],
      clip: 30,
    },
    {
      id: 'broker_name',
      priority: 4,
      title: 'Broker',
      sql: sql`${brokers.name}`,
      filterSql: sql`${loads.brokerId}`,
      filter: 'list',
      options: OPTIONS.broker,
      search: true,
      joins: ['broker'],
      clip: 30,
    },
    {
      id: 'broker_number',
      priority: 6,
      title: 'Broker #',
      sql: sql`${loads.brokerNumber}`,
      filter: 'note',
      search: true,
    },
    {
      id: 'delivery_datetime',
      priority: 4,
      title: 'Delivered',
      sql: shown(sql`${loads.deliveryAt}`),
      filterSql: sql`${loads.deliveryAt}`,
      sortSql: sql`${loads.deliveryAt}`,
      filter: 'date',
      dateType: 'timestamp',
    },
    col.money('gross', 'Gross', sql`${loads.grossCents}`),
    {
      id: 'billing',
      priority: 2,
      title: 'Billing',
      sql: flag(sql`${loads.billing}`, 'Created', 'Not created'),
      filter: 'list',
      options: sql`select v as value, v as label from (values ('Created'), ('Not created')) t(v)`,
    },
    {
      id: 'billing_date',
      priority: 5,
      title: 'Billing date',
      sql: shown(sql`billings.created_at`),
      filterSql: sql`billings.created_at`,
      sortSql: sql`billings.created_at`,
      filter: 'date',
      dateType: 'timestamp',
      joins: ['billing'],
      hidden: true,
    },
    {
      id: 'billed_by',
      priority: 6,
      title: 'Billed by',
      sql: sql`biller.name`,
      filterSql: sql`billings.created_by`,
      filter: 'list',
      options: OPTIONS.biller,
      joins: ['billing', 'biller'],
      hidden: true,
    },
    {
      id: 'invoice',
      priority: 3,
      title: 'Invoice',
      sql: flag(
        sql`${loads.customerInvoiceId} is not null`,
        BILLING_LABELS.invoiceExists,
        BILLING_LABELS.invoiceMissing,
      ),
      filter: 'list',
      options: sql`select v as value, v as label from (values (${BILLING_LABELS.invoiceExists}), (${BILLING_LABELS.invoiceMissing})) t(v)`,
    },
    {
      id: 'customer_invoice_id',
      priority: 5,
      title: 'Invoice #',
      sql: sql`${loads.customerInvoiceId}`,
      filter: 'number',
      hidden: true,
    },
    {
      id: 'ppw_url',
      priority: 5,
      title: 'PPW',
      sql: flag(sql`${loads.ppw} = 1`, BILLING_LABELS.ppwExists, BILLING_LABELS.ppwMissing),
      filter: 'list',
      options: sql`select v as value, v as label from (values (${BILLING_LABELS.ppwExists}), (${BILLING_LABELS.ppwMissing})) t(v)`,
    },
  ],
});
