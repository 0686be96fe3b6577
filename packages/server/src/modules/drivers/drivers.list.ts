import { SECTION } from '@backhaul/shared';
import { DRIVER_SERVICES, DRIVER_TYPES, PAYMENT_TYPES } from '@backhaul/shared/modules/drivers/drivers.contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/access';
import { col } from '../../platform/list/columns';
import { defineList } from '../../platform/list/define-list';
import { defineChangeLog } from '../../platform/registry/change-log';
import { expiryColumns } from '../../platform/registry/expiry';
import { customers } from '../customers';
import { trailerTypes } from '../general';
import { trailers } from '../trailers';
import { trucks } from '../trucks';
import { qualificationDueOn } from './driver-qualification';
import { drivers } from './drivers.table';

/** A coded column shown by its label; the filter still compares the stored code. */
const labelled = (expr: SQL, labels: Record<string, string>): SQL =>
  sql`case ${expr} ${sql.join(
    Object.entries(labels).map(([value, label]) => sql`when ${value} then ${label}`),
    sql` `,
  )} else ${expr} end`;

/** A customer user (or a customer subrole) sees only its customer's drivers. */
export const driverScope = (user: AuthUser): SQL =>
  user.customerId === null
    ? sql`drivers.company_id = ${user.companyId}`
    : sql`drivers.company_id = ${user.companyId} and drivers.customer_id = ${user.customerId}`;

/** Drivers (001 §3): the spec's columns, plus CDL and medical-card expiry with due/overdue filters. */
export const driversList = defineList({
  key: 'drivers',
  title: 'Drivers',
  section: SECTION.Drivers,
  from: sql`drivers`,
  rowKey: sql`drivers.id`,
  joins: {
    customer: sql`left join ${customers} on ${customers.id} = drivers.customer_id`,
    truck: sql`left join ${trucks} on ${trucks.id} = drivers.truck_id`,
    trailer: sql`left join ${trailers} on ${trailers.id} = drivers.trailer_id`,
    trailerType: sql`left join ${trailerTypes} on ${trailerTypes.id} = drivers.trailer_type_id`,
  },
  base: driverScope,
  defaultSort: { sort: 'driver', order: 'asc' },
  columns: [
    col.id(sql`drivers.id`),
    { id: 'driver', title: 'Driver', sql: sql`drivers.name`, filter: 'note', search: true, clip: 32 },
    { id: 'phone', title: 'Phone', sql: sql`drivers.phone`, filter: 'note', search: true },
    { id: 'phone2', title: 'Phone 2', sql: sql`drivers.phone2`, filter: 'note', search: true },
    {
      id: 'driver_type',
      title: 'Driver type',
      sql: labelled(sql`drivers.driver_type`, DRIVER_TYPES),
      filterSql: sql`drivers.driver_type`,
      filter: 'list',
    },
    { id: 'safety', title: 'Safety', sql: sql`drivers.safety`, filter: 'options', align: 'center' },
    {
      id: 'service',
      title: 'Service',
      sql: labelled(sql`drivers.service`, DRIVER_SERVICES),
      filterSql: sql`drivers.service`,
      filter: 'list',
    },
    { id: 'eld_name', title: 'ELD name', sql: sql`drivers.eld_name`, filter: 'note', search: true },
    {
      id: 'customer',
      title: 'Customer',
      sql: sql`${customers.name}`,
      filterSql: sql`drivers.customer_id`,
      filter: 'list',
      footer: 'unique',
      joins: ['customer'],
      search: true,
      clip: 28,
    },
    {
      id: 'truck_number',
      title: 'Truck',
      sql: sql`${trucks.truckNumber}`,
      filter: 'note',
      joins: ['truck'],
      search: true,
    },
    {
      id: 'trailer_number',
      title: 'Trailer',
      sql: sql`${trailers.trailerNumber}`,
      filter: 'note',
      joins: ['trailer'],
      search: true,
    },
    {
      id: 'trailer_type',
      title: 'Trailer type',
      sql: sql`${trailerTypes.name}`,
      filterSql: sql`drivers.trailer_type_id`,
      filter: 'list',
      joins: ['trailerType'],
    },
    {
      id: 'amount',
      title: 'Amount',
      // The rate in cents, to the tenth of a cent ($0.575 a mile → 57.5).
      sql: sql`(drivers.rate_milli / 10.0)`,
      filter: 'number',
      dollar: true,
      footer: 'sum',
    },
    {
      id: 'payment_type',
      title: 'Payment type',
      sql: labelled(sql`drivers.payment_type`, PAYMENT_TYPES),
      filterSql: sql`drivers.payment_type`,
      filter: 'list',
    },
    ...expiryColumns({ id: 'cdl_expires_on', title: 'CDL expires', date: sql`drivers.cdl_expires_on` }),
    ...expiryColumns({
      id: 'medical_card_expires_on',
      title: 'Medical card expires',
      date: sql`drivers.medical_card_expires_on`,
    }),
    // The qualification file's next due date (the safety module provides it).
    ...expiryColumns({
      id: 'qualification_due_on',
      title: 'Qualification next due',
      date: qualificationDueOn.sql(sql`drivers.id`),
    }).map((c) => ({ ...c, hidden: true })),
    { id: 'email', title: 'E-mail', sql: sql`drivers.email`, filter: 'note', search: true, hidden: true },
    { id: 'cdl_number', title: 'CDL number', sql: sql`drivers.cdl_number`, filter: 'note', search: true, hidden: true },
    { id: 'active', title: 'Active', sql: sql`drivers.active`, filter: 'options', hidden: true, align: 'center' },
  ],
});

/** POST /drivers/filterLogs: the drivers' change log from the audit table. */
export const driversLog = defineChangeLog({ key: 'drivers-logs', table: drivers, section: SECTION.Drivers });
