import { SECTION } from '@backhaul/shared';
import { BILLING_LABELS } from '@backhaul/shared/modules/billing/billing.contract';
import { type SQL, sql } from 'drizzle-orm';
import { defineList } from '../../platform/list/define-list';

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
  from: sql`loads`,
  rowKey: sql`loads.id`,
  joins: {
    billing: sql`left join billings on billings.load_id = loads.id`,
    biller: sql`left join users biller on biller.id = billings.created_by`,
    customer: sql`left join customers on customers.id = loads.customer_id`,
    broker: sql`left join brokers on brokers.id = loads.broker_id`,
  },
  base: (user) =>
    sql`loads.company_id = ${user.companyId} and loads.delivery_at <= now()${
      user.customerId ? sql` and loads.customer_id = ${user.customerId}` : sql``
    }`,
  defaultSort: { sort: 'delivery_datetime', order: 'desc' },
  columns: [
    { id: 'load_id', title: 'Load', sql: sql`loads.id`, filter: 'number', footer: 'count', align: 'left' },
    { id: 'trip_id', title: 'Trip', sql: sql`loads.trip_id`, filter: 'number', align: 'left', hidden: true },
    { id: 'billing_id', title: 'Billing id', sql: sql`billings.id`, joins: ['billing'], data: true },
    {
      id: 'customer',
      title: 'Customer',
      sql: sql`customers.name`,
      filterSql: sql`loads.customer_id`,
      filter: 'list',
      footer: 'unique',
      footerSql: sql`loads.customer_id`,
      search: true,
      joins: ['customer'],
      clip: 30,
    },
    {
      id: 'broker_name',
      title: 'Broker',
      sql: sql`brokers.name`,
      filterSql: sql`loads.broker_id`,
      filter: 'list',
      search: true,
      joins: ['broker'],
      clip: 30,
    },
    { id: 'broker_number', title: 'Broker #', sql: sql`loads.broker_number`, filter: 'note', search: true },
    {
      id: 'delivery_datetime',
      title: 'Delivered',
      sql: shown(sql`loads.delivery_at`),
      filterSql: sql`loads.delivery_at`,
      sortSql: sql`loads.delivery_at`,
      filter: 'date',
      dateType: 'timestamp',
    },
    { id: 'gross', title: 'Gross', sql: sql`loads.gross_cents`, filter: 'number', footer: 'sum', dollar: true },
    {
      id: 'billing',
      title: 'Billing',
      sql: flag(sql`loads.billing`, 'Created', 'Not created'),
      filter: 'list',
      options: sql`select v as value, v as label from (values ('Created'), ('Not created')) t(v)`,
    },
    {
      id: 'billing_date',
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
      title: 'Billed by',
      sql: sql`biller.name`,
      filterSql: sql`billings.created_by`,
      filter: 'list',
      joins: ['billing', 'biller'],
      hidden: true,
    },
    {
      id: 'invoice',
      title: 'Invoice',
      sql: flag(
        sql`loads.customer_invoice_id is not null`,
        BILLING_LABELS.invoiceExists,
        BILLING_LABELS.invoiceMissing,
      ),
      filter: 'list',
      options: sql`select v as value, v as label from (values (${BILLING_LABELS.invoiceExists}), (${BILLING_LABELS.invoiceMissing})) t(v)`,
    },
    {
      id: 'customer_invoice_id',
      title: 'Invoice #',
      sql: sql`loads.customer_invoice_id`,
      filter: 'number',
      hidden: true,
    },
    {
      id: 'ppw_url',
      title: 'PPW',
      sql: flag(sql`loads.ppw = 1`, BILLING_LABELS.ppwExists, BILLING_LABELS.ppwMissing),
      filter: 'list',
      options: sql`select v as value, v as label from (values (${BILLING_LABELS.ppwExists}), (${BILLING_LABELS.ppwMissing})) t(v)`,
    },
  ],
});
