import { SECTION } from '@backhaul/shared';
import {
  AGING_BUCKETS,
  DEFAULT_TERMS_DAYS,
  SETTLED_BUCKET,
} from '@backhaul/shared/modules/receivables-reports/receivables-reports.contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { defineList, type ListColumn } from '../../platform/list/define-list';
import { accountingServices } from '../accounting-services';
import { customerScope, customers } from '../customers';
import { drivers } from '../drivers';
import { invoices } from '../invoices';
import { savedPaymentTermsSql } from '../settings';

/**
 * "Today" in the company time zone from the server's clock (platform/clock.ts), one parameter per
 * query: the lists join `agingClock()` and read `aclk.today`.
 */
const TODAY = sql`aclk.today`;
const agingClock = () => sql`cross join (select ${clock.today()}::date as today) aclk`;
const NEED_PAY = sql`(i.total_cents - i.paid_cents - i.mistake_cents - i.loss_cents)`;
/** The customer's payment terms (customers aliased c), else the company's (accounting settings), else the default. */
const TERMS = sql`coalesce(c.payment_terms_days, ${savedPaymentTermsSql(sql`i.company_id`)}, ${DEFAULT_TERMS_DAYS}::int)`;
/** An invoice's date (invoices aliased i): the day it was made, in the company time zone. */
export const INVOICE_DATE = sql`((i.created_at at time zone 'America/Chicago')::date)`;
/**
 * An invoice's due date (invoices aliased i, customers aliased c): the invoice date + the customer's
 * terms (else the company's): net terms run from the invoice date, as US trade credit counts them.
 */
export const INVOICE_DUE_DATE = sql`(${INVOICE_DATE} + ${TERMS})`;
/** Days past the due date; 0 or less is current. */
const DAYS_PAST_DUE = sql`(${TODAY} - ${INVOICE_DUE_DATE})`;

const bucketCase = sql`case ${sql.join(
  AGING_BUCKETS.filter((b) => b.to !== null).map((b) => sql`when ${DAYS_PAST_DUE} <= ${b.to} then ${b.id}`),
  sql` `,
)} else 'over_90' end`;

const scopeOf =
  (alias: string) =>
  (user: AuthUser): SQL =>
    user.customerId === null
      ? sql`${sql.identifier(alias)}.company_id = ${user.companyId}`
      : sql`${sql.identifier(alias)}.company_id = ${user.companyId} and ${sql.identifier(alias)}.customer_id = ${user.customerId}`;

const money = (id: string, title: string, expr: SQL, extra: Partial<ListColumn> = {}): ListColumn => ({
  id,
  title,
  sql: expr,
  filter: 'number',
  dollar: true,
  footer: 'sum',
  ...extra,
});

/** Customers balance list (000 §3): customer id, Customer name (link), Balance (sum), Created date, Q-ty driver (sum). */
export const customersBalanceList = defineList({
  key: 'customers-balance',
  title: 'Customers balance',
  section: SECTION.CustomerNotPaidInvoices,
  from: sql`${customers}`,
  rowKey: sql`${customers.id}`,
  base: customerScope,
  defaultSort: { sort: 'balance', order: 'desc' },
  columns: [
    { id: 'id', title: 'Customer id', sql: sql`${customers.id}`, filter: 'number', footer: 'count', align: 'left' },
    { id: 'name', title: 'Customer name', sql: sql`${customers.name}`, filter: 'note', search: true, clip: 40 },
    money('balance', 'Balance', sql`${customers.balanceCents}`),
    {
      id: 'created_at',
      title: 'Created date',
      sql: sql`to_char(${customers.createdAt} at time zone 'America/Chicago', 'YYYY-MM-DD')`,
      filterSql: sql`${customers.createdAt}`,
      sortSql: sql`${customers.createdAt}`,
      filter: 'date',
      dateType: 'timestamp',
    },
    {
      id: 'qty_driver',
      title: 'Q-ty driver',
      sql: sql`(select count(*) from ${drivers} d where d.customer_id = ${customers.id} and d.active)::int`,
      filter: 'number',
      footer: 'sum',
      align: 'right',
    },
  ],
});

const bucketSum = (id: string) => sql`coalesce(sum(o.need_pay) filter (where o.bucket = ${id}), 0)::bigint`;

/**
 * AR aging: per customer, what is still due on its open invoices by days past the due date
 * (invoice date + terms). Credits (overpaid invoices) are left out: the balance list shows them.
 */
export const arAgingList = defineList({
  key: 'ar-aging',
  title: 'AR aging',
  section: SECTION.CustomerNotPaidInvoices,
  from: () => sql`(select cu.id as customer_id, cu.company_id, cu.name as customer, o.terms,
      count(*)::int as open_invoices,
      ${sql.join(
        AGING_BUCKETS.map((b) => sql`${bucketSum(b.id)} as ${sql.identifier(b.id)}`),
        sql`, `,
      )},
      sum(o.need_pay)::bigint as total
    from (select i.customer_id, ${TERMS} as terms, ${NEED_PAY} as need_pay, ${bucketCase} as bucket
          from ${invoices} i join ${customers} c on c.id = i.customer_id ${agingClock()} where ${NEED_PAY} > 0) o
    join ${customers} cu on cu.id = o.customer_id
    group by cu.id, o.terms) aging`,
  rowKey: sql`aging.customer_id`,
  base: scopeOf('aging'),
  defaultSort: { sort: 'total', order: 'desc' },
  columns: [
    {
      id: 'customer_id',
      title: 'Customer id',
      sql: sql`aging.customer_id`,
      filter: 'number',
      align: 'left',
      hidden: true,
    },
    {
      id: 'customer',
      title: 'Customer',
      sql: sql`aging.customer`,
      filterSql: sql`aging.customer_id`,
      filter: 'list',
      footer: 'count',
      search: true,
      clip: 40,
    },
    { id: 'terms', title: 'Terms (days)', sql: sql`aging.terms`, filter: 'number', align: 'right', hidden: true },
    {
      id: 'open_invoices',
      title: 'Open invoices',
      sql: sql`aging.open_invoices`,
      filter: 'number',
      footer: 'sum',
      align: 'right',
    },
    ...AGING_BUCKETS.map((b) => money(b.id, b.label, sql`aging.${sql.identifier(b.id)}`)),
    money('total', 'Total', sql`aging.total`),
  ],
});

const bucketOptions = sql`select * from (values ${sql.join(
  [
    ...AGING_BUCKETS.map((b) => sql`(${b.id}::text, ${b.label}::text)`),
    sql`(${SETTLED_BUCKET}::text, 'Settled'::text)`,
  ],
  sql`, `,
)}) o(value, label)`;

/**
 * The invoices behind receivables: the aging drill-down (customer + bucket filters) and a
 * customer user's "My invoices". bucket is 'settled' when nothing is left to pay.
 */
export const receivableInvoicesList = defineList({
  key: 'receivable-invoices',
  title: 'Receivable invoices',
  section: SECTION.CustomerNotPaidInvoices,
  from: () =>
    sql`${invoices} i join ${customers} c on c.id = i.customer_id left join ${accountingServices} svc on svc.id = i.service_id ${agingClock()}`,
  rowKey: sql`i.id`,
  base: scopeOf('i'),
  defaultSort: { sort: 'to', order: 'desc' },
  columns: [
    {
      id: 'invoice_id',
      title: 'Invoice id',
      sql: sql`i.id`,
      filter: 'number',
      footer: 'count',
      align: 'left',
      search: true,
    },
    {
      id: 'customer',
      title: 'Customer',
      sql: sql`c.name`,
      filterSql: sql`i.customer_id`,
      filter: 'list',
      footer: 'unique',
      clip: 32,
      hidden: true,
    },
    { id: 'service', priority: 5, title: 'Service', sql: sql`svc.name`, filterSql: sql`i.service_id`, filter: 'list' },
    { id: 'from', title: 'From', sql: sql`i.period_from`, filter: 'date', dateType: 'date', hidden: true },
    { id: 'to', priority: 5, title: 'To', sql: sql`i.period_to`, filter: 'date', dateType: 'date' },
    { id: 'invoice_date', title: 'Invoice date', sql: INVOICE_DATE, filter: 'date', dateType: 'date', hidden: true },
    { id: 'due_date', priority: 3, title: 'Due date', sql: INVOICE_DUE_DATE, filter: 'date', dateType: 'date' },
    {
      id: 'days_past_due',
      priority: 4,
      title: 'Days past due',
      // Blank once settled: nothing is late any more.
      sql: sql`case when ${NEED_PAY} > 0 then greatest(${DAYS_PAST_DUE}, 0) end`,
      filter: 'number',
      align: 'right',
    },
    {
      id: 'bucket',
      priority: 3,
      title: 'Aging',
      sql: sql`case when ${NEED_PAY} <= 0 then ${SETTLED_BUCKET} else ${bucketCase} end`,
      filter: 'list',
      options: bucketOptions,
      sortSql: sql`${DAYS_PAST_DUE}`,
    },
    { id: 'invoice_status', title: 'Invoice status', sql: sql`i.status`, filter: 'list', hidden: true },
    money('total', 'Total', sql`i.total_cents`),
    money('paid', 'Paid', sql`i.paid_cents`),
    money('lost', 'Mistake and loss', sql`(i.mistake_cents + i.loss_cents)`, { hidden: true }),
    money('need_pay', 'Need pay', NEED_PAY),
    { id: 'customer_id', title: 'Customer id', sql: sql`i.customer_id`, data: true },
  ],
});
