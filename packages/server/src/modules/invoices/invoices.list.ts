import { SECTION } from '@backhaul/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/access';
import { col } from '../../platform/list/columns';
import { defineList } from '../../platform/list/define-list';
import { accountingServices } from '../accounting-services';
import { customers } from '../customers';
import { lastPayment } from './invoice-payments';

const TZ = 'America/Chicago';
const shown = (expr: SQL) => sql`to_char(${expr} at time zone ${TZ}, 'YYYY-MM-DD HH24:MI')`;
const needPay = sql`(invoices.total_cents - invoices.paid_cents - invoices.mistake_cents - invoices.loss_cents)`;

/** A customer user sees only its own customer's invoices (conventions §3: row scope on the server). */
export function invoicesScope(user: AuthUser, alias = 'invoices'): SQL {
  const t = sql.raw(alias);
  const customer = user.customerId ? sql` and ${t}.customer_id = ${user.customerId}` : sql``;
  return sql`${t}.company_id = ${user.companyId}${customer}`;
}

const JOINS = {
  customer: sql`left join ${customers} on ${customers.id} = invoices.customer_id`,
  service: sql`left join ${accountingServices} on ${accountingServices.id} = invoices.service_id`,
  creator: sql`left join users creator on creator.id = invoices.created_by`,
};

/** Customer invoices (000 §3 "Invoice list columns"). */
export const invoicesList = defineList({
  key: 'invoice',
  title: 'Customer invoices',
  section: SECTION.CustomerNotPaidInvoices,
  from: sql`invoices`,
  rowKey: sql`invoices.id`,
  joins: JOINS,
  base: (user) => invoicesScope(user),
  defaultSort: { sort: 'invoice_id', order: 'desc' },
  columns: [
    { id: 'invoice_id', title: 'Invoice', sql: sql`invoices.id`, filter: 'number', footer: 'count', align: 'left' },
    // The printed number (settings' prefix + counter), not one of the spec's columns: it repeats the id until a
    // prefix is set, so it is offered in the column settings and found by the search.
    {
      id: 'number',
      priority: 6,
      title: 'Number',
      sql: sql`invoices.number`,
      filter: 'note',
      search: true,
      hidden: true,
    },
    { id: 'status', title: 'Status', sql: sql`invoices.status`, filter: 'list' },
    {
      id: 'service',
      priority: 5,
      title: 'Service',
      // An invoice without an accounting service (a work order's, a manual one) reads what it bills.
      sql: sql`coalesce(${accountingServices.name}, invoices.description)`,
      clip: 28,
      filterSql: sql`invoices.service_id`,
      filter: 'list',
      joins: ['service'],
    },
    {
      id: 'customer',
      priority: 2,
      title: 'Customer',
      sql: sql`${customers.name}`,
      filterSql: sql`invoices.customer_id`,
      filter: 'list',
      footer: 'unique',
      footerSql: sql`invoices.customer_id`,
      search: true,
      joins: ['customer'],
      clip: 32,
    },
    { id: 'customer_id', title: 'Customer id', sql: sql`invoices.customer_id`, data: true },
    {
      id: 'from',
      priority: 5,
      title: 'From',
      sql: sql`invoices.period_from`,
      sortSql: sql`invoices.period_from`,
      filter: 'date',
      dateType: 'date',
    },
    {
      id: 'to',
      priority: 4,
      title: 'To',
      sql: sql`invoices.period_to`,
      sortSql: sql`invoices.period_to`,
      filter: 'date',
      dateType: 'date',
    },
    {
      id: 'generated',
      priority: 6,
      title: 'Generated',
      sql: sql`case when invoices.generated then 'Yes' else 'No' end`,
      filter: 'list',
    },
    {
      id: 'generated_date',
      title: 'Generated date',
      sql: shown(sql`invoices.generated_at`),
      filterSql: sql`invoices.generated_at`,
      sortSql: sql`invoices.generated_at`,
      filter: 'date',
      dateType: 'timestamp',
      hidden: true,
    },
    {
      id: 'total_check',
      title: 'Total',
      sql: sql`invoices.total_cents`,
      filter: 'number',
      footer: 'sum',
      dollar: true,
    },
    col.money('pay_amount', 'Paid', sql`invoices.paid_cents`),
    col.money('need_pay_amount', 'Need to pay', needPay),
    {
      id: 'balance',
      title: 'Customer balance',
      sql: sql`${customers.balanceCents}`,
      filter: 'number',
      dollar: true,
      joins: ['customer'],
      hidden: true,
    },
    {
      id: 'mistake',
      priority: 5,
      title: 'Mistake',
      sql: sql`invoices.mistake_cents`,
      filter: 'number',
      footer: 'sum',
      dollar: true,
    },
    {
      id: 'loss',
      priority: 5,
      title: 'Loss',
      sql: sql`invoices.loss_cents`,
      filter: 'number',
      footer: 'sum',
      dollar: true,
    },
    {
      id: 'payment_account',
      title: 'Payment account',
      sql: sql`invoices.payment_account`,
      filter: 'note',
      search: true,
      hidden: true,
    },
    {
      id: 'invoice_status',
      priority: 3,
      title: 'Payment status',
      sql: sql`case when ${needPay} <= 0 and invoices.total_cents > 0 then 'Paid'
        when invoices.paid_cents + invoices.mistake_cents + invoices.loss_cents > 0 then 'Partially paid'
        else 'Not paid' end`,
      filter: 'list',
    },
    {
      id: 'pay',
      title: 'Last payment',
      sql: lastPayment.sql(sql`invoices.id`),
      sortable: false,
      hidden: true,
    },
  ],
});

/** Sent invoices (000 §3 "Sent invoices columns"). */
export const invoiceSendsList = defineList({
  key: 'invoice-sends',
  title: 'Sent invoices',
  section: SECTION.CustomerNotPaidInvoices,
  from: sql`invoice_sends join invoices on invoices.id = invoice_sends.invoice_id`,
  rowKey: sql`invoice_sends.id`,
  joins: {
    customer: sql`left join ${customers} on ${customers.id} = invoice_sends.customer_id`,
    sender: sql`left join users sender on sender.id = invoice_sends.send_by`,
  },
  base: (user) => invoicesScope(user),
  defaultSort: { sort: 'sent_date', order: 'desc' },
  columns: [
    { id: 'send_id', title: 'Send id', sql: sql`invoice_sends.id`, data: true },
    {
      id: 'id',
      title: 'Invoice',
      sql: sql`invoice_sends.invoice_id`,
      filter: 'number',
      footer: 'count',
      align: 'left',
    },
    {
      id: 'customer',
      title: 'Customer',
      sql: sql`${customers.name}`,
      filterSql: sql`invoice_sends.customer_id`,
      filter: 'list',
      search: true,
      joins: ['customer'],
    },
    {
      id: 'from',
      title: 'From',
      sql: sql`invoices.period_from`,
      filter: 'date',
      dateType: 'date',
    },
    {
      id: 'to',
      title: 'To',
      sql: sql`invoices.period_to`,
      filter: 'date',
      dateType: 'date',
    },
    { id: 'send_to', title: 'Sent to', sql: sql`invoice_sends.send_to`, filter: 'note', search: true },
    {
      id: 'send_by',
      title: 'Sent by',
      sql: sql`sender.name`,
      filterSql: sql`invoice_sends.send_by`,
      filter: 'list',
      joins: ['sender'],
    },
    {
      id: 'sent_date',
      title: 'Sent date',
      sql: shown(sql`invoice_sends.sent_at`),
      filterSql: sql`invoice_sends.sent_at`,
      sortSql: sql`invoice_sends.sent_at`,
      filter: 'date',
      dateType: 'timestamp',
    },
  ],
});

/** Invoice generator (000 §3 "Invoice generator list columns"): the generated invoices. */
export const invoiceGeneratorList = defineList({
  key: 'generate-invoice',
  title: 'Invoice generator',
  section: SECTION.InvoiceGenerator,
  from: sql`invoices`,
  rowKey: sql`invoices.id`,
  joins: JOINS,
  base: (user) => sql`${invoicesScope(user)} and invoices.generated`,
  defaultSort: { sort: 'invoice_id', order: 'desc' },
  columns: [
    { id: 'invoice_id', title: 'Invoice id', sql: sql`invoices.id`, filter: 'number', footer: 'count', align: 'left' },
    {
      id: 'customer_name',
      title: 'Customer name',
      sql: sql`${customers.name}`,
      filterSql: sql`invoices.customer_id`,
      filter: 'list',
      search: true,
      joins: ['customer'],
    },
    {
      id: 'created_date',
      title: 'Created date',
      sql: shown(sql`invoices.created_at`),
      filterSql: sql`invoices.created_at`,
      sortSql: sql`invoices.created_at`,
      filter: 'date',
      dateType: 'timestamp',
    },
    {
      id: 'created_by',
      title: 'Created by',
      sql: sql`creator.name`,
      filterSql: sql`invoices.created_by`,
      filter: 'list',
      joins: ['creator'],
    },
    {
      id: 'from',
      title: 'Invoice date from',
      sql: sql`invoices.period_from`,
      filter: 'date',
      dateType: 'date',
    },
    {
      id: 'to',
      title: 'Invoice date to',
      sql: sql`invoices.period_to`,
      filter: 'date',
      dateType: 'date',
    },
    {
      id: 'service',
      title: 'Service',
      sql: sql`${accountingServices.name}`,
      filterSql: sql`invoices.service_id`,
      filter: 'list',
      joins: ['service'],
    },
    col.money('amount', 'Amount', sql`invoices.total_cents`),
    { id: 'description', title: 'Description', sql: sql`invoices.description`, filter: 'note', clip: 40 },
  ],
});
