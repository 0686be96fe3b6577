import { SECTION } from '@backhaul/shared';
import { PAYMENT_METHODS } from '@backhaul/shared/modules/payments/payments.contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/access';
import { col } from '../../platform/list/columns';
import { defineList, type ListColumn } from '../../platform/list/define-list';
import { accountingServices } from '../accounting-services';
import { customers } from '../customers';
import { invoices } from '../invoices';

/** A customer user sees only its own customer's rows; staff their company's. */
const scopeOf =
  (table: 'payments' | 'lost_payments') =>
  (user: AuthUser): SQL =>
    user.customerId === null
      ? sql`${sql.identifier(table)}.company_id = ${user.companyId}`
      : sql`${sql.identifier(table)}.company_id = ${user.companyId} and ${sql.identifier(table)}.customer_id = ${user.customerId}`;

// Every join is in FROM: the lists are small next to loads, and the extra sums reuse FROM and WHERE.
const paymentsFrom = sql`payments
  join ${invoices} i on i.id = payments.invoice_id
  join ${customers} c on c.id = payments.customer_id
  left join users emp on emp.id = payments.employee_id
  left join users sm on sm.id = c.sale_manager_id
  left join ${accountingServices} svc on svc.id = i.service_id`;

const methodOptions = sql`select * from (values ${sql.join(
  PAYMENT_METHODS.map((m) => sql`(${m}::text, ${m}::text)`),
  sql`, `,
)}) o(value, label)`;

const customerCol = (table: string): ListColumn => ({
  id: 'customer',
  title: 'Customer',
  sql: sql`c.name`,
  filterSql: sql.raw(`${table}.customer_id`),
  filter: 'list',
  search: true,
  footer: 'unique',
  clip: 32,
});
const employeeCol = (table: string): ListColumn => ({
  id: 'employee',
  title: 'Employee',
  sql: sql`emp.name`,
  filterSql: sql.raw(`${table}.employee_id`),
  filter: 'list',
});
const salesManagerCol: ListColumn = {
  id: 'sales_manager',
  title: 'Sales manager',
  sql: sql`sm.name`,
  filterSql: sql`c.sale_manager_id`,
  filter: 'list',
};
const servicesCol: ListColumn = {
  id: 'services',
  title: 'Services',
  sql: sql`svc.name`,
  filterSql: sql`i.service_id`,
  filter: 'list',
};
const noteCol = (table: string): ListColumn => ({
  id: 'note',
  title: 'Note',
  sql: sql.raw(`${table}.note`),
  filter: 'note',
  search: true,
  clip: 40,
});
const customerIdCol = (table: string): ListColumn => ({
  id: 'customer_id',
  title: 'Customer id',
  sql: sql.raw(`${table}.customer_id`),
  data: true,
});

/** Customer payments (000 §3): id, invoice_id, customer, date, amount, employee, sales_manager, services, payment_method, payment_account, invoice_status, note. */
export const customerPaymentsList = defineList({
  key: 'payments-customer',
  title: 'Customer payments',
  section: SECTION.CustomerNotPaidInvoices,
  from: paymentsFrom,
  rowKey: sql`payments.id`,
  base: scopeOf('payments'),
  defaultSort: { sort: 'date', order: 'desc' },
  columns: [
    col.id(sql`payments.id`),
    { id: 'invoice_id', title: 'Invoice id', sql: sql`payments.invoice_id`, filter: 'number', search: true },
    customerCol('payments'),
    { id: 'date', title: 'Date', sql: sql`payments.paid_on`, filter: 'date', dateType: 'date' },
    {
      id: 'amount',
      title: 'Amount',
      sql: sql`payments.amount_cents`,
      filter: 'number',
      dollar: true,
      footer: 'sum',
    },
    employeeCol('payments'),
    salesManagerCol,
    servicesCol,
    {
      id: 'payment_method',
      title: 'Payment method',
      sql: sql`payments.method`,
      filter: 'list',
      options: methodOptions,
    },
    { id: 'payment_account', title: 'Payment account', sql: sql`payments.account`, filter: 'list' },
    { id: 'invoice_status', title: 'Invoice status', sql: sql`i.status`, filter: 'list' },
    noteCol('payments'),
    customerIdCol('payments'),
  ],
});

/** Customer invoice items: each payment with the invoice it went to (POST /payments/list). */
export const invoicePaymentsList = defineList({
  key: 'payments',
  title: 'Customer invoice items',
  section: SECTION.CustomerNotPaidInvoices,
  from: paymentsFrom,
  rowKey: sql`payments.id`,
  base: scopeOf('payments'),
  defaultSort: { sort: 'date', order: 'desc' },
  columns: [
    col.id(sql`payments.id`),
    { id: 'invoice_id', title: 'Invoice id', sql: sql`payments.invoice_id`, filter: 'number', search: true },
    { id: 'date', title: 'Date', sql: sql`payments.paid_on`, filter: 'date', dateType: 'date' },
    customerCol('payments'),
    servicesCol,
    { id: 'invoice_from', title: 'From', sql: sql`i.period_from`, filter: 'date', dateType: 'date' },
    { id: 'invoice_to', title: 'To', sql: sql`i.period_to`, filter: 'date', dateType: 'date' },
    { id: 'invoice_total', title: 'Invoice total', sql: sql`i.total_cents`, filter: 'number', dollar: true },
    col.money('amount', 'Paid', sql`payments.amount_cents`),
    {
      id: 'need_pay',
      title: 'Need pay',
      sql: sql`(i.total_cents - i.paid_cents - i.mistake_cents - i.loss_cents)`,
      filter: 'number',
      dollar: true,
    },
    {
      id: 'payment_method',
      title: 'Payment method',
      sql: sql`payments.method`,
      filter: 'list',
      options: methodOptions,
    },
    { id: 'payment_account', title: 'Payment account', sql: sql`payments.account`, filter: 'list', hidden: true },
    { id: 'invoice_status', title: 'Invoice status', sql: sql`i.status`, filter: 'list' },
    employeeCol('payments'),
    noteCol('payments'),
    customerIdCol('payments'),
  ],
});

const lostFrom = sql`lost_payments
  join ${customers} c on c.id = lost_payments.customer_id
  left join ${invoices} i on i.id = lost_payments.invoice_id
  left join users emp on emp.id = lost_payments.employee_id
  left join users sm on sm.id = c.sale_manager_id
  left join ${accountingServices} svc on svc.id = i.service_id`;

/** Lost payments (119): ID, Invoice id, Date, Customer, Mistake, Loss, Amount (dollar, sum), Employee, Sales manager, Services, Note. */
export const lostPaymentsList = defineList({
  key: 'lost-payment',
  title: 'Lost payments',
  section: SECTION.LostPayments,
  from: lostFrom,
  rowKey: sql`lost_payments.id`,
  base: scopeOf('lost_payments'),
  defaultSort: { sort: 'date', order: 'desc' },
  columns: [
    col.id(sql`lost_payments.id`),
    { id: 'invoice_id', title: 'Invoice id', sql: sql`lost_payments.invoice_id`, filter: 'number', search: true },
    { id: 'date', title: 'Date', sql: sql`lost_payments.lost_on`, filter: 'date', dateType: 'date' },
    customerCol('lost_payments'),
    {
      id: 'mistake',
      title: 'Mistake',
      sql: sql`case when lost_payments.kind = 'mistake' then lost_payments.amount_cents end`,
      filter: 'number',
      dollar: true,
      footer: 'sum',
    },
    {
      id: 'loss',
      title: 'Loss',
      sql: sql`case when lost_payments.kind = 'loss' then lost_payments.amount_cents end`,
      filter: 'number',
      dollar: true,
      footer: 'sum',
    },
    {
      id: 'amount',
      title: 'Amount',
      sql: sql`lost_payments.amount_cents`,
      filter: 'number',
      dollar: true,
      footer: 'sum',
    },
    employeeCol('lost_payments'),
    salesManagerCol,
    servicesCol,
    noteCol('lost_payments'),
    customerIdCol('lost_payments'),
  ],
});
