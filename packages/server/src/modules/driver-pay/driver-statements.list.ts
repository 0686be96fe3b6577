import { SECTION } from '@backhaul/shared';
import { COMPANY_TIME_ZONE_DEFAULT } from '@backhaul/shared/formats/formats';
import { sql } from 'drizzle-orm';
import { col } from '../../platform/list/columns';
import { defineList } from '../../platform/list/define-list';
import { paidStatusSql } from '../../platform/pay/statement-pay';
import { customers } from '../customers';
import { drivers } from '../drivers';
import { OWED_BY_DRIVER } from './driver-statements.kind';

const PAID_STATUS = paidStatusSql(OWED_BY_DRIVER, 'driver_statements');

/**
 * Accounting → Driver statements (000 §3 "Statements list (drivers)"): count footer on Id, unique
 * counts on Created by, Customer and Driver, sums of the statements' and paid amounts.
 */
export const driverStatementsList = defineList({
  key: 'drivers-statements',
  title: 'Driver statements',
  section: SECTION.DriverStatements,
  from: sql`pay_statements driver_statements`,
  rowKey: sql`driver_statements.id`,
  joins: {
    author: sql`left join users author on author.id = driver_statements.created_by`,
    customer: sql`left join ${customers} on ${customers.id} = driver_statements.customer_id`,
    driver: sql`left join ${drivers} on ${drivers.id} = driver_statements.payee_id`,
  },
  base: (user) => sql`driver_statements.company_id = ${user.companyId} and driver_statements.kind = 'driver'`,
  defaultSort: { sort: 'id', order: 'desc' },
  columns: [
    col.id(sql`driver_statements.id`, { title: 'Id' }),
    {
      id: 'created_at',
      priority: 5,
      title: 'Created date',
      sql: sql`to_char(driver_statements.created_at at time zone ${COMPANY_TIME_ZONE_DEFAULT}, 'YYYY-MM-DD HH24:MI')`,
      filterSql: sql`driver_statements.created_at`,
      sortSql: sql`driver_statements.created_at`,
      filter: 'date',
      dateType: 'timestamp',
    },
    {
      id: 'paid_date',
      priority: 4,
      title: 'Paid date',
      sql: sql`driver_statements.paid_date::text`,
      filterSql: sql`driver_statements.paid_date`,
      sortSql: sql`driver_statements.paid_date`,
      filter: 'date',
      dateType: 'date',
    },
    col.createdBy(
      { name: sql`author.name`, by: sql`driver_statements.created_by`, join: 'author', unique: true },
      { priority: 6 },
    ),
    col.named(
      'customer',
      'Customer',
      {
        name: sql`${customers.name}`,
        by: sql`driver_statements.customer_id`,
        join: 'customer',
        unique: true,
        search: true,
      },
      { priority: 4, clip: 30 },
    ),
    col.named(
      'driver',
      'Driver',
      { name: sql`${drivers.name}`, by: sql`driver_statements.payee_id`, join: 'driver', unique: true, search: true },
      { priority: 2 },
    ),
    {
      id: 'contract_type',
      priority: 6,
      title: 'Contract type',
      sql: sql`case driver_statements.terms->>'type' when 'per_mile' then 'Per mile' when 'percent' then 'Percent'
        when 'flat' then 'Flat' else 'Hourly' end`,
      filterSql: sql`(driver_statements.terms->>'type')`,
      filter: 'list',
      sortable: true,
    },
    {
      id: 'period',
      priority: 3,
      title: 'Period',
      sql: sql`driver_statements.period_from::text || ' – ' || driver_statements.period_to::text`,
      sortSql: sql`driver_statements.period_from`,
    },
    { id: 'status', title: 'Status', sql: sql`driver_statements.status`, filter: 'list' },
    { id: 'paid_status', priority: 3, title: 'Paid status', sql: PAID_STATUS, filter: 'list' },
    col.money('amount', 'Statement amount', sql`driver_statements.amount_cents`),
    col.money('paid_amount', 'Paid amount', sql`driver_statements.paid_cents`),
  ],
});
