import { SECTION } from '@backhaul/shared';
import { ROLE_NUMBER_NAMES } from '@backhaul/shared/modules/roles/roles.contract';
import { sql } from 'drizzle-orm';
import { defineList } from '../../platform/list/define-list';
import { customers } from '../customers';

const roleOptions = sql.join(
  Object.entries(ROLE_NUMBER_NAMES).map(([n, name]) => sql`(${Number(n)}::int, ${name}::text)`),
  sql`, `,
);

/** Maintenance → Users (001 §3): id, name, userGroup, customer, dispatcher, email, updated_at, status. */
export const usersList = defineList({
  key: 'users',
  title: 'Users',
  section: SECTION.Users,
  from: sql`users`,
  rowKey: sql`users.id`,
  joins: {
    customer: sql`left join ${customers} on ${customers.id} = users.customer_id`,
    department: sql`left join departments on departments.id = users.department_id`,
    role: sql`left join roles on roles.id = users.permission_role_id`,
  },
  base: (user) => sql`users.company_id = ${user.companyId}`,
  defaultSort: { sort: 'name', order: 'asc' },
  columns: [
    { id: 'id', title: 'ID', sql: sql`users.id`, filter: 'number', footer: 'count' },
    { id: 'name', priority: 2, title: 'Name', sql: sql`users.name`, filter: 'note', search: true, clip: 40 },
    {
      id: 'userGroup',
      priority: 3,
      title: 'Role',
      sql: sql`users.role`,
      filter: 'list',
      // The web shows the number by name (ROLE_NUMBER_NAMES); the filter offers the names.
      options: sql`select value, label from (values ${roleOptions}) as r(value, label) order by value`,
      align: 'left',
    },
    {
      id: 'customer',
      priority: 5,
      title: 'Customer',
      sql: sql`${customers.name}`,
      filterSql: sql`users.customer_id`,
      filter: 'list',
      joins: ['customer'],
    },
    {
      id: 'dispatcher',
      priority: 5,
      title: 'Dispatcher',
      sql: sql`coalesce(departments.name = 'Dispatch', false)`,
      filter: 'options',
      joins: ['department'],
      align: 'center',
    },
    { id: 'email', priority: 3, title: 'E-mail', sql: sql`users.email`, filter: 'note', search: true },
    {
      id: 'department',
      priority: 5,
      title: 'Department',
      sql: sql`departments.name`,
      filterSql: sql`users.department_id`,
      filter: 'list',
      joins: ['department'],
      hidden: true,
    },
    {
      id: 'permission_role',
      priority: 4,
      title: 'Permission role',
      sql: sql`roles.name`,
      filterSql: sql`users.permission_role_id`,
      filter: 'list',
      joins: ['role'],
      hidden: true,
    },
    {
      id: 'updated_at',
      priority: 6,
      title: 'Updated',
      sql: sql`users.updated_at`,
      filter: 'date',
      dateType: 'timestamp',
    },
    { id: 'status', title: 'Status', sql: sql`users.active`, filter: 'options', align: 'center' },
    { id: 'permission_role_id', title: 'Permission role id', sql: sql`users.permission_role_id`, data: true },
  ],
});
