import { SECTION } from '@backhaul/shared';
import { TRUCK_STATUS_LABELS } from '@backhaul/shared/modules/trucks/trucks.contract';
import { sql } from 'drizzle-orm';
import { defineList } from '../../platform/list/define-list';
import { defineChangeLog } from '../../platform/registry/change-log';
import { customers } from '../customers';
import { trailerTypes } from '../general';
import { trailers } from '../trailers';
import { defineEquipmentList, driverName, registrationColumns, unitServiceColumns } from '../units';
import { truckRecord } from './trucks.record';

const statusOptions = sql.join(
  Object.entries(TRUCK_STATUS_LABELS).map(([v, l]) => sql`(${v}, ${l})`),
  sql`, `,
);

/** Trucks (001 §3 truck columns); a customer user sees only its customer's trucks. */
export const trucksList = defineList({
  key: 'trucks',
  title: 'Trucks',
  section: SECTION.Trucks,
  from: sql`trucks`,
  rowKey: sql`trucks.id`,
  joins: {
    trailer: sql`left join ${trailers} tr on tr.id = trucks.trailer_id`,
    trailer_type: sql`left join ${trailerTypes} tt on tt.id = tr.trailer_type_id`,
    customer: sql`left join ${customers} c on c.id = trucks.customer_id`,
  },
  base: truckRecord.scope,
  defaultSort: { sort: 'truck_number', order: 'asc' },
  columns: [
    { id: 'id', title: 'ID', sql: sql`trucks.id`, filter: 'number', footer: 'count' },
    {
      id: 'truck_number',
      title: 'Truck',
      sql: sql`trucks.truck_number`,
      sortSql: sql`lpad(trucks.truck_number, 12, '0')`,
      filter: 'note',
      search: true,
    },
    {
      id: 'trailer_number',
      title: 'Trailer',
      sql: sql`tr.trailer_number`,
      filter: 'note',
      search: true,
      joins: ['trailer'],
    },
    {
      id: 'trailer_type',
      title: 'Trailer type',
      sql: sql`tt.name`,
      filterSql: sql`tt.id`,
      filter: 'list',
      joins: ['trailer', 'trailer_type'],
    },
    {
      id: 'driver',
      title: 'Driver',
      sql: driverName.sql(sql`trucks.driver_id`, sql`trucks.company_id`),
      filter: 'note',
      search: true,
    },
    {
      id: 'customer',
      title: 'Customer',
      sql: sql`c.name`,
      filterSql: sql`trucks.customer_id`,
      filter: 'list',
      search: true,
      footer: 'unique',
      joins: ['customer'],
    },
    { id: 'eld', title: 'ELD', sql: sql`trucks.eld`, filter: 'list' },
    { id: 'make', title: 'Make', sql: sql`trucks.make`, filter: 'list', hidden: true },
    { id: 'vin', title: 'VIN', sql: sql`trucks.vin`, filter: 'note', search: true, hidden: true },
    ...unitServiceColumns({
      alignment: sql`trucks.alignment_date`,
      inspection: sql`trucks.annual_inspection_date`,
      pmMark: sql`trucks.pm_miles`,
      reading: sql`trucks.odometer`,
      companyOwner: sql`trucks.company_owner`,
      status: sql`trucks.status`,
    }),
    {
      id: 'truck_status',
      title: 'Truck status',
      sql: sql`trucks.truck_status`,
      filter: 'list',
      options: sql`select * from (values ${statusOptions}) o(value, label)`,
    },
    ...registrationColumns(sql`trucks.registration_expires_on`),
  ],
});

export const trucksLog = defineChangeLog({ key: 'trucks-logs', record: truckRecord });

export const truckEquipmentList = defineEquipmentList({
  key: 'trucks-equipment',
  title: 'Truck equipment',
  section: SECTION.Trucks,
  type: 'truck',
  unitTable: sql`trucks`,
  unitNumber: sql`unit.truck_number`,
  unit: truckRecord,
});
