import { SECTION } from '@backhaul/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/access';
import { defineList } from '../../platform/list/define-list';
import { defineChangeLog } from '../../platform/registry/change-log';
import { customers } from './customers.table';

/** The one row scope of customers: the company's, and only its own for a customer user. */
export const customerScope = (user: AuthUser): SQL =>
  user.customerId === null
    ? sql`customers.company_id = ${user.companyId}`
    : sql`customers.company_id = ${user.companyId} and customers.id = ${user.customerId}`;

/** Customers (001 §3): id (Division ID), name, created_at, sale_manager, email, phone, frozen, services, balance, find_us. */
export const customersList = defineList({
  key: 'customers',
  title: 'Customers',
  section: SECTION.Customers,
  from: sql`customers`,
  rowKey: sql`customers.id`,
  joins: { sm: sql`left join users sm on sm.id = customers.sale_manager_id` },
  base: customerScope,
  defaultSort: { sort: 'name', order: 'asc' },
  columns: [
    { id: 'id', title: 'Division ID', sql: sql`customers.id`, filter: 'number', footer: 'count', align: 'left' },
    { id: 'name', priority: 2, title: 'Name', sql: sql`customers.name`, filter: 'note', search: true, clip: 40 },
    {
      id: 'created_at',
      priority: 5,
      title: 'Created',
      sql: sql`customers.created_at`,
      filter: 'date',
      dateType: 'timestamp',
    },
    {
      id: 'sale_manager',
      title: 'Sale manager',
      sql: sql`sm.name`,
      filterSql: sql`customers.sale_manager_id`,
      filter: 'list',
      joins: ['sm'],
      footer: 'unique',
    },
    { id: 'email', title: 'E-mail', sql: sql`customers.email`, filter: 'note', search: true },
    { id: 'phone', title: 'Phone', sql: sql`customers.phone`, filter: 'note', search: true },
    {
      id: 'frozen',
      priority: 3,
      title: 'Frozen',
      sql: sql`customers.frozen::int`,
      filter: 'list',
      options: sql`select * from (values (0, 'No'), (1, 'Frozen'), (2, 'Daptor')) o(value, label)`,
      align: 'center',
    },
    {
      id: 'services',
      priority: 5,
      title: 'Services',
      sql: sql`array_to_string(customers.services, ', ')`,
      filter: 'note',
      sortable: false,
    },
    {
      id: 'balance',
      title: 'Balance',
      sql: sql`customers.balance_cents`,
      filter: 'number',
      dollar: true,
      footer: 'sum',
    },
    { id: 'find_us', priority: 6, title: 'Find us', sql: sql`customers.find_us`, filter: 'list' },
    { id: 'mc_number', title: 'MC number', sql: sql`customers.mc_number`, filter: 'note', search: true, hidden: true },
    { id: 'city', title: 'City', sql: sql`customers.city`, filter: 'note', hidden: true },
    { id: 'state', title: 'State', sql: sql`customers.state`, filter: 'list', hidden: true },
  ],
});

/** POST /customers/filterLogs: the customers' change log from the audit table. */
export const customersLog = defineChangeLog({
  key: 'customers-logs',
  table: customers,
  section: SECTION.Customers,
  title: 'Customers actions history',
});
