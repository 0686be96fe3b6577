import { SECTION } from '@backhaul/shared';
import { DRIVE_TYPES } from '@backhaul/shared/modules/truck-road/truck-road.contract';
import { sql } from 'drizzle-orm';
import { clock, SQL_TODAY } from '../../platform/clock';
import { col } from '../../platform/list/columns';
import { defineList } from '../../platform/list/define-list';
import { drivers } from '../drivers';
import { trucks } from '../trucks';

const driveTypes = sql.raw(
  `select * from (values ${Object.entries(DRIVE_TYPES)
    .map(([v, l]) => `(${v}, '${l}')`)
    .join(', ')}) o(value, label)`,
);

/**
 * The day's report (001 §3): truck, driver, drive type, location, out of service with its reason,
 * the two approvals. The date colour (`color`): today none, a past day grey, a coming day blue.
 * The day is today when the request sets no date (001 §4); a search stays within it.
 */
export const truckRoadList = defineList({
  key: 'truck-road',
  title: 'Trucks on the road',
  section: SECTION.TrucksOnTheRoad,
  from: sql`truck_road r`,
  rowKey: sql`r.id`,
  base: (user) => sql`r.company_id = ${user.companyId}`,
  defaultSort: { sort: 'truck', order: 'asc' },
  defaults: {
    filters: () => {
      const day = clock.today();
      return { date: { from: day, to: day } };
    },
    searchPast: false,
  },
  columns: [
    col.id(sql`r.id`),
    {
      id: 'date',
      title: 'Date',
      sql: sql`to_char(r.date, 'YYYY-MM-DD')`,
      filterSql: sql`r.date`,
      sortSql: sql`r.date`,
      filter: 'date',
      dateType: 'date',
    },
    {
      id: 'truck',
      title: 'Truck',
      sql: sql`(select truck_number from ${trucks} where id = r.truck_id)`,
      filter: 'note',
      search: true,
    },
    {
      id: 'driver',
      title: 'Driver',
      sql: sql`(select name from ${drivers} where id = r.driver_id)`,
      filter: 'note',
      search: true,
    },
    {
      id: 'drive_type_id',
      title: 'Drive type',
      sql: sql`r.drive_type_id`,
      filter: 'list',
      options: driveTypes,
      format: 'text',
    },
    { id: 'location', title: 'Location', sql: sql`r.location`, filter: 'note', search: true },
    {
      id: 'out_of_service',
      title: 'Out of service',
      sql: sql`r.out_of_service`,
      filter: 'checkbox',
      format: 'text',
      align: 'center',
    },
    { id: 'reason', title: 'Reason', sql: sql`r.reason`, filter: 'note', search: true, clip: 60 },
    {
      id: 'dispatcher_approved',
      title: 'Dispatcher approved',
      sql: sql`r.dispatcher_approved`,
      filter: 'checkbox',
      format: 'text',
      align: 'center',
    },
    {
      id: 'shop_approved',
      title: 'Shop approved',
      sql: sql`r.shop_approved`,
      filter: 'checkbox',
      format: 'text',
      align: 'center',
    },
    { id: 'note', title: 'Note', sql: sql`r.note`, filter: 'note', clip: 60, hidden: true },
    { id: 'truck_id', title: 'Truck id', sql: sql`r.truck_id`, data: true },
    { id: 'driver_id', title: 'Driver id', sql: sql`r.driver_id`, data: true },
    {
      id: 'color',
      title: 'Date colour',
      sql: sql`case when r.date < ${SQL_TODAY} then 'rgba(134, 142, 150, 0.16)'
        when r.date > ${SQL_TODAY} then 'rgba(34, 139, 230, 0.16)' end`,
      data: true,
    },
  ],
});
