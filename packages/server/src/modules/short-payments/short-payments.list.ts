import { SECTION } from '@backhaul/shared';
import {
  SHORT_PAYMENT_AGE,
  SHORT_PAYMENT_HIGHLIGHTS,
  SHORT_PAYMENT_QUIET_STATUSES,
  SHORT_PAYMENT_STATUSES,
} from '@backhaul/shared/modules/short-payments/short-payments.contract';
import { type SQL, sql } from 'drizzle-orm';
import { SQL_TODAY } from '../../platform/clock';
import { col } from '../../platform/list/columns';
import { defineList } from '../../platform/list/define-list';
import { brokers } from '../brokers';
import { customers } from '../customers';
import { factoringCompanies } from '../factoring';
import { loads } from '../trips';

/** Whole days since the processed date, counted in company days (America/Chicago). */
const age = sql`(${SQL_TODAY} - short_payments.processed_date)`;
const quiet = sql.join(
  SHORT_PAYMENT_QUIET_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);
/** The age band of a row (000 §4, §9), or null; `pick` maps a band to what the column answers. */
const band = (pick: (b: keyof typeof SHORT_PAYMENT_HIGHLIGHTS) => string): SQL =>
  sql`case when short_payments.status in (${quiet}) or short_payments.processed_date is null then null
    when ${age} > ${SHORT_PAYMENT_AGE.to} then ${pick('age-over-60')}
    when ${age} >= ${SHORT_PAYMENT_AGE.from} then ${pick('age-30-60')} else null end`;

const values = (list: readonly string[]) =>
  sql`select v as value, v as label from (values ${sql.join(
    list.map((v) => sql`(${v})`),
    sql`, `,
  )}) t(v)`;

/** Accounting → Short payments (000 §3 "Short payments columns"). */
export const shortPaymentsList = defineList({
  key: 'short-payments',
  title: 'Short payments',
  section: SECTION.ShortPayments,
  from: sql`short_payments`,
  rowKey: sql`short_payments.id`,
  joins: {
    load: sql`left join ${loads} on ${loads.id} = short_payments.load_id`,
    customer: sql`left join ${customers} on ${customers.id} = ${loads.customerId}`,
    broker: sql`left join ${brokers} on ${brokers.id} = ${loads.brokerId}`,
    factoring: sql`left join ${factoringCompanies} on ${factoringCompanies.id} = short_payments.factoring_company_id`,
  },
  base: (user) =>
    sql`short_payments.company_id = ${user.companyId}${
      user.customerId
        ? sql` and short_payments.load_id in (select id from ${loads} where customer_id = ${user.customerId})`
        : sql``
    }`,
  defaultSort: { sort: 'processed_date', order: 'asc' },
  columns: [
    { id: 'id', title: 'ID', sql: sql`short_payments.id`, filter: 'number', data: true },
    {
      id: 'load_id',
      title: 'Load',
      sql: sql`short_payments.load_id`,
      filter: 'number',
      footer: 'count',
      align: 'left',
    },
    {
      id: 'customer',
      title: 'Customer',
      sql: sql`${customers.name}`,
      filterSql: sql`${loads.customerId}`,
      filter: 'list',
      footer: 'unique',
      search: true,
      joins: ['load', 'customer'],
      clip: 30,
    },
    {
      id: 'broker',
      title: 'Broker',
      sql: sql`${brokers.name}`,
      filterSql: sql`${loads.brokerId}`,
      filter: 'list',
      search: true,
      joins: ['load', 'broker'],
      clip: 30,
    },
    {
      id: 'factoring_name',
      title: 'Factoring',
      sql: sql`${factoringCompanies.name}`,
      filterSql: sql`short_payments.factoring_company_id`,
      filter: 'list',
      joins: ['factoring'],
      clip: 30,
    },
    {
      id: 'gross',
      title: 'Gross',
      sql: sql`short_payments.gross_cents`,
      filter: 'number',
      footer: 'sum',
      dollar: true,
    },
    {
      id: 'amount_factoring',
      title: 'Factoring paid',
      sql: sql`short_payments.amount_factoring_cents`,
      filter: 'number',
      footer: 'sum',
      dollar: true,
    },
    col.money('debt', 'Debt', sql`short_payments.debt_cents`),
    {
      id: 'processed_date',
      title: 'Processed',
      sql: sql`to_char(short_payments.processed_date, 'YYYY-MM-DD')`,
      filterSql: sql`short_payments.processed_date`,
      sortSql: sql`short_payments.processed_date`,
      filter: 'date',
      dateType: 'date',
    },
    { id: 'age', title: 'Age (days)', sql: age, filter: 'number', align: 'right' },
    { id: 'actions', title: 'Actions', sql: sql`short_payments.actions`, filter: 'note', search: true, clip: 40 },
    {
      id: 'status',
      title: 'Status',
      sql: sql`short_payments.status`,
      filter: 'list',
      options: values(SHORT_PAYMENT_STATUSES),
    },
    { id: 'highlight', title: 'Highlight', sql: band((b) => b), data: true },
    { id: 'color', title: 'Colour', sql: band((b) => SHORT_PAYMENT_HIGHLIGHTS[b]), data: true },
  ],
});
