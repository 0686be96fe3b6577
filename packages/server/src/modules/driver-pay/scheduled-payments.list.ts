import { SECTION } from '@backhaul/shared';
import { sql } from 'drizzle-orm';
import { col } from '../../platform/list/columns';
import { defineList } from '../../platform/list/define-list';
import { customers } from '../customers';
import { drivers } from '../drivers';
import { scheduledPaymentRecord } from './scheduled-payments.record';
import { instalmentLines } from './statement-lines';

/** Deductions count against the driver: the amount footer is the signed sum. */
const signedCents = sql`(case when scheduled_payments.payment_type = 'credit' then 1 else -1 end) * scheduled_payments.amount_cents`;

/** Accounting → Scheduled payments: every series, newest first (POST /scheduled-payments/list). */
export const scheduledPaymentsList = defineList({
  key: 'scheduled-payments',
  title: 'Scheduled payments',
  section: SECTION.ScheduledPayments,
  from: sql`scheduled_payments`,
  rowKey: sql`scheduled_payments.id`,
  joins: {
    driver: sql`left join ${drivers} on ${drivers.id} = scheduled_payments.driver_id`,
    customer: sql`left join ${customers} on ${customers.id} = scheduled_payments.customer_id`,
    author: sql`left join users author on author.id = scheduled_payments.created_by`,
  },
  base: scheduledPaymentRecord.scope,
  defaultSort: { sort: 'id', order: 'desc' },
  columns: [
    col.id(sql`scheduled_payments.id`),
    {
      id: 'driver',
      title: 'Driver',
      sql: sql`${drivers.name}`,
      filterSql: sql`scheduled_payments.driver_id`,
      filter: 'list',
      footer: 'unique',
      footerSql: sql`scheduled_payments.driver_id`,
      joins: ['driver'],
      search: true,
    },
    {
      id: 'customer',
      title: 'Customer',
      sql: sql`${customers.name}`,
      filterSql: sql`scheduled_payments.customer_id`,
      filter: 'list',
      joins: ['customer'],
    },
    {
      id: 'payment_type',
      title: 'Type',
      sql: sql`initcap(scheduled_payments.payment_type)`,
      filterSql: sql`initcap(scheduled_payments.payment_type)`,
      filter: 'list',
    },
    { id: 'description', title: 'Description', sql: sql`scheduled_payments.description`, filter: 'note', search: true },
    {
      id: 'frequency',
      title: 'Every',
      sql: sql`initcap(scheduled_payments.frequency)`,
      filterSql: sql`initcap(scheduled_payments.frequency)`,
      filter: 'list',
    },
    {
      id: 'amount',
      title: 'Amount',
      sql: sql`scheduled_payments.amount_cents`,
      filter: 'number',
      dollar: true,
      footer: 'sum',
      footerSql: signedCents,
    },
    {
      id: 'start_date',
      title: 'First payment',
      sql: sql`scheduled_payments.start_date::text`,
      filterSql: sql`scheduled_payments.start_date`,
      sortSql: sql`scheduled_payments.start_date`,
      filter: 'date',
      dateType: 'date',
    },
    {
      id: 'count',
      title: 'Payments',
      sql: sql`coalesce(scheduled_payments.count::text, 'Open-ended')`,
      sortSql: sql`coalesce(scheduled_payments.count, 100000)`,
    },
    {
      id: 'taken',
      title: 'On statements',
      sql: sql`(select count(*)::int from ${instalmentLines} dl where dl.scheduled_payment_id = scheduled_payments.id)`,
      format: 'number',
    },
    {
      id: 'created_by',
      title: 'Created by',
      sql: sql`author.name`,
      filterSql: sql`scheduled_payments.created_by`,
      filter: 'list',
      joins: ['author'],
      hidden: true,
    },
    { id: 'driver_id', title: 'Driver id', sql: sql`scheduled_payments.driver_id`, data: true },
  ],
});
