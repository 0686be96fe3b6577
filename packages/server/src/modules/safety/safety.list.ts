import { SECTION } from '@backhaul/shared';
import { SAFETY_DRIVER_STATUSES } from '@backhaul/shared/modules/safety/safety.contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/access';
import { defineList } from '../../platform/list/define-list';
import { defineChangeLog } from '../../platform/registry/change-log';
import { customers } from '../customers';
import { drivers } from '../drivers';
import { trailerTypes } from '../general';
import { trailers } from '../trailers';
import { trucks } from '../trucks';
import { safetyDrivers } from './safety.table';
import { safetyScoreSql, THIS_MONTH } from './safety-score';

/** Drivers on the safety service of the caller's company (a customer user: its own drivers). */
export const safetyTableScope = (user: AuthUser): SQL =>
  sql`${drivers.companyId} = ${user.companyId} and ${drivers.safety}${
    user.customerId === null ? sql`` : sql` and ${drivers.customerId} = ${user.customerId}`
  }`;

const statusLabel = sql`case coalesce(sd.status, 'active') ${sql.join(
  Object.entries(SAFETY_DRIVER_STATUSES).map(([value, label]) => sql`when ${value} then ${label}`),
  sql` `,
)} end`;

/**
 * The safety/driver table (001 §3): one row per driver on safety, with the last action's date and
 * the count of actions (deleted ones, status 0, not counted).
 */
export const safetyList = defineList({
  key: 'safety',
  title: 'Safety',
  section: SECTION.Safety,
  from: sql`${drivers} left join safety_drivers sd on sd.driver_id = ${drivers.id}`,
  rowKey: sql`${drivers.id}`,
  joins: {
    customer: sql`left join ${customers} on ${customers.id} = ${drivers.customerId}`,
    manager: sql`left join ${customers} mc on mc.id = ${drivers.customerId} left join users sm on sm.id = mc.sale_manager_id`,
    truck: sql`left join ${trucks} on ${trucks.id} = ${drivers.truckId}`,
    trailer: sql`left join ${trailers} on ${trailers.id} = ${drivers.trailerId}`,
    trailerType: sql`left join ${trailerTypes} tt on tt.id = ${drivers.trailerTypeId}`,
    employee: sql`left join users emp on emp.id = sd.employee_id`,
    stats: sql`left join lateral (select max(a.date) as last_date, count(*)::int as actions from safety_actions a
      where a.driver_id = ${drivers.id} and a.status <> 0) st on true`,
  },
  base: safetyTableScope,
  defaultSort: { sort: 'driver', order: 'asc' },
  columns: [
    {
      id: 'date',
      title: 'Date',
      sql: sql`to_char(st.last_date, 'YYYY-MM-DD')`,
      filterSql: sql`st.last_date`,
      sortSql: sql`st.last_date`,
      filter: 'date',
      dateType: 'date',
      joins: ['stats'],
    },
    {
      id: 'customer',
      title: 'Customer',
      sql: sql`${customers.name}`,
      filterSql: sql`${drivers.customerId}`,
      filter: 'list',
      joins: ['customer'],
      search: true,
      footer: 'unique',
      clip: 28,
    },
    { id: 'driver', title: 'Driver name', sql: sql`${drivers.name}`, filter: 'note', search: true, footer: 'count' },
    { id: 'eld_count', title: 'ELD count', sql: sql`coalesce(sd.eld_count, 1)`, filter: 'number', format: 'number' },
    { id: 'phone', title: 'Driver phone', sql: sql`${drivers.phone}`, filter: 'note', search: true },
    { id: 'phone2', title: 'Driver phone 2', sql: sql`${drivers.phone2}`, filter: 'note' },
    {
      id: 'sale_manager',
      title: 'Sale manager',
      sql: sql`sm.name`,
      filterSql: sql`mc.sale_manager_id`,
      filter: 'list',
      joins: ['manager'],
    },
    { id: 'truck', title: 'Truck', sql: sql`${trucks.truckNumber}`, filter: 'note', joins: ['truck'], search: true },
    { id: 'trailer', title: 'Trailer', sql: sql`${trailers.trailerNumber}`, filter: 'note', joins: ['trailer'] },
    {
      id: 'trailer_type',
      title: 'Trailer type',
      sql: sql`tt.name`,
      filterSql: sql`${drivers.trailerTypeId}`,
      filter: 'list',
      joins: ['trailerType'],
    },
    { id: 'service', title: 'Service safety', sql: sql`${drivers.service}`, filter: 'list', format: 'text' },
    {
      id: 'employees',
      title: 'Employees',
      sql: sql`emp.name`,
      filterSql: sql`sd.employee_id`,
      filter: 'list',
      joins: ['employee'],
    },
    {
      id: 'status',
      title: 'Status',
      sql: statusLabel,
      filterSql: sql`coalesce(sd.status, 'active')`,
      filter: 'list',
      options: sql`select * from (values ${sql.join(
        Object.entries(SAFETY_DRIVER_STATUSES).map(([value, label]) => sql`(${value}, ${label})`),
        sql`, `,
      )}) o(value, label)`,
    },
    {
      id: 'hours',
      title: 'Hours left',
      sql: sql`round(coalesce(sd.hours_tenths, 700) / 10.0, 1)::float8`,
      filter: 'number',
      format: 'number',
    },
    {
      id: 'actions',
      title: 'Actions',
      sql: sql`coalesce(st.actions, 0)`,
      filter: 'number',
      footer: 'sum',
      joins: ['stats'],
      format: 'number',
    },
    {
      id: 'score',
      title: 'Safety score (month)',
      sql: safetyScoreSql(sql`${drivers.id}`, THIS_MONTH.from, THIS_MONTH.to),
      filter: 'number',
      format: 'number',
    },
    { id: 'id', title: 'Driver ID', sql: sql`${drivers.id}`, filter: 'number', hidden: true },
  ],
});

/** Actions history of the safety table (001 §6: needs 9 and 10): the safety rows' changes, by driver. */
export const safetyChangeLog = defineChangeLog({
  key: 'safety-logs',
  table: safetyDrivers,
  section: SECTION.Safety,
});
