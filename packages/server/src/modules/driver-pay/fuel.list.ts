import { SECTION } from '@backhaul/shared';
import { COMPANY_TIME_ZONE_DEFAULT } from '@backhaul/shared/formats/formats';
import { sql } from 'drizzle-orm';
import { defineList } from '../../platform/list/define-list';
import { customers } from '../customers';
import { drivers } from '../drivers';

const thousandths = (column: ReturnType<typeof sql>) => sql`round(${column} / 1000.0, 3)::float8`;

/** Accounting → Fuel (001 §3 "Fuel columns"): gallons and amount with sum footers; Canceled rows are gone. */
export const fuelList = defineList({
  key: 'fuel',
  title: 'Fuel',
  section: SECTION.Fuel,
  from: sql`fuel_rows`,
  rowKey: sql`fuel_rows.id`,
  joins: {
    author: sql`left join users author on author.id = fuel_rows.created_by`,
    driver: sql`left join ${drivers} on ${drivers.id} = fuel_rows.driver_id`,
    customer: sql`left join ${customers} on ${customers.id} = fuel_rows.customer_id`,
  },
  base: (user) => sql`fuel_rows.company_id = ${user.companyId} and fuel_rows.status <> 'Canceled'`,
  defaultSort: { sort: 'fuel_date', order: 'desc' },
  columns: [
    { id: 'id', title: 'Id', sql: sql`fuel_rows.id`, filter: 'number', footer: 'count', align: 'left' },
    {
      id: 'created_date',
      title: 'Created date',
      sql: sql`to_char(fuel_rows.created_at at time zone ${COMPANY_TIME_ZONE_DEFAULT}, 'YYYY-MM-DD HH24:MI')`,
      filterSql: sql`fuel_rows.created_at`,
      sortSql: sql`fuel_rows.created_at`,
      filter: 'date',
      dateType: 'timestamp',
      hidden: true,
    },
    {
      id: 'created_by',
      title: 'Created by',
      sql: sql`author.name`,
      filterSql: sql`fuel_rows.created_by`,
      filter: 'list',
      joins: ['author'],
      hidden: true,
    },
    { id: 'card', title: 'Card', sql: sql`fuel_rows.card`, filter: 'text', search: true },
    {
      id: 'fuel_date',
      title: 'Fuel date',
      sql: sql`fuel_rows.fuel_date::text`,
      filterSql: sql`fuel_rows.fuel_date`,
      sortSql: sql`fuel_rows.fuel_date`,
      filter: 'date',
      dateType: 'date',
    },
    { id: 'invoice', title: 'Invoice', sql: sql`fuel_rows.invoice`, filter: 'text', search: true },
    {
      id: 'driver',
      title: 'Driver',
      sql: sql`${drivers.name}`,
      filterSql: sql`fuel_rows.driver_id`,
      filter: 'list',
      footer: 'unique',
      footerSql: sql`fuel_rows.driver_id`,
      joins: ['driver'],
      search: true,
    },
    { id: 'truck_number', title: 'Truck', sql: sql`fuel_rows.truck_number`, filter: 'list', search: true },
    {
      id: 'customer',
      title: 'Customer',
      sql: sql`${customers.name}`,
      filterSql: sql`fuel_rows.customer_id`,
      filter: 'list',
      joins: ['customer'],
      hidden: true,
    },
    {
      id: 'odometr',
      title: 'Odometer',
      sql: sql`fuel_rows.odometer`,
      filter: 'number',
      format: 'number',
      hidden: true,
    },
    { id: 'location', title: 'Location', sql: sql`fuel_rows.location`, filter: 'text', search: true, clip: 28 },
    { id: 'city', title: 'City', sql: sql`fuel_rows.city`, filter: 'text' },
    { id: 'state', title: 'State', sql: sql`fuel_rows.state`, filter: 'list' },
    { id: 'fees', title: 'Fees', sql: sql`fuel_rows.fees_cents`, filter: 'number', dollar: true, hidden: true },
    { id: 'item', title: 'Item', sql: sql`fuel_rows.item`, filter: 'list', hidden: true },
    { id: 'product', title: 'Product', sql: sql`fuel_rows.product`, filter: 'list' },
    { id: 'unit', title: 'Unit', sql: sql`fuel_rows.unit`, hidden: true },
    { id: 'ppu', title: 'PPU', sql: thousandths(sql`fuel_rows.ppu_mills`), filter: 'number', format: 'number' },
    { id: 'cost', title: 'Cost', sql: sql`fuel_rows.cost_cents`, filter: 'number', dollar: true, hidden: true },
    {
      id: 'gallons',
      title: 'Gallons',
      sql: thousandths(sql`fuel_rows.gallons_milli`),
      filter: 'number',
      footer: 'sum',
      format: 'number',
    },
    { id: 'amt', title: 'Amt', sql: sql`fuel_rows.amt_cents`, filter: 'number', dollar: true, hidden: true },
    { id: 'discType', title: 'Disc. type', sql: sql`fuel_rows.disc_type`, filter: 'list', hidden: true },
    { id: 'amount', title: 'Amount', sql: sql`fuel_rows.amount_cents`, filter: 'number', footer: 'sum', dollar: true },
    { id: 'db', title: 'DB', sql: sql`fuel_rows.db`, hidden: true },
    { id: 'currency', title: 'Currency', sql: sql`fuel_rows.currency`, filter: 'list', hidden: true },
    { id: 'status', title: 'Status', sql: sql`fuel_rows.status`, data: true },
  ],
});
