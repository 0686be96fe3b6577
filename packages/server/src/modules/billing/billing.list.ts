import { SECTION } from '@backhaul/shared';
import { BILLING_LABELS } from '@backhaul/shared/modules/billing/billing.contract';
import { type SQL, sql } from 'drizzle-orm';
import { defineList } from '../../platform/list/define-list';
import { brokers } from '../brokers';
import { customers } from '../customers';
import { loads } from '../trips';

const TZ = 'America/Chicago';
const shown = (expr: SQL) => sql`to_char(${expr} at time zone ${TZ}, 'YYYY-MM-DD HH24:MI')`;
const flag = (expr: SQL, yes: string, no: string) => sql`case when ${expr} then ${yes} else ${no} end`;

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
    sql`${loads.companyId} = ${user.companyId} and ${loads.deliveryAt} <= now()${
      user.customerId ? sql` and ${loads.customerId} = ${user.customerId}` : sql``
    }`,
  defaultSort: { sort: 'delivery_datetime', order: 'desc' },
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
    { id: 'gross', title: 'Gross', sql: sql`${loads.grossCents}`, filter: 'number', footer: 'sum', dollar: true },
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
