import { SECTION } from '@backhaul/shared';
import { ODOMETER_SOURCES, ODOMETER_STATUSES } from '@backhaul/shared/modules/eld/eld.contract';
import { eq, sql } from 'drizzle-orm';
import { defineList, toOne } from '../../platform/list/define-list';
import { trucks } from '../trucks';
import { eldJurisdictionMiles as miles, odometerReadings as readings } from './eld.table';
import { readAtText } from './odometer-readings';

const optionsOf = (entries: Record<string, string>) =>
  sql.join(
    [
      sql`select * from (values `,
      sql.join(
        Object.entries(entries).map(([value, label]) => sql`(${value}, ${label})`),
        sql`, `,
      ),
      sql`) o(value, label)`,
    ],
    sql``,
  );

/** Accounting → ELD: the imported jurisdiction miles, one row per truck, day and jurisdiction. */
export const eldMilesList = defineList({
  key: 'eld-miles',
  title: 'ELD jurisdiction miles',
  section: SECTION.Fuel,
  from: sql`${miles}`,
  rowKey: sql`${miles.id}`,
  joins: { truck: toOne(trucks, eq(trucks.id, miles.truckId)) },
  base: (user) => sql`${miles.companyId} = ${user.companyId}`,
  defaultSort: { sort: 'day', order: 'desc' },
  columns: [
    { id: 'id', title: 'Id', sql: sql`${miles.id}`, data: true },
    {
      id: 'truck',
      title: 'Unit',
      sql: sql`${trucks.truckNumber}`,
      filterSql: sql`${miles.truckId}`,
      filter: 'list',
      joins: ['truck'],
      search: true,
      footer: 'unique',
      footerSql: sql`${miles.truckId}`,
    },
    {
      id: 'day',
      title: 'Date',
      sql: sql`${miles.day}::text`,
      filterSql: sql`${miles.day}`,
      sortSql: sql`${miles.day}`,
      filter: 'date',
      dateType: 'date',
    },
    { id: 'jurisdiction', title: 'Jurisdiction', sql: sql`${miles.jurisdiction}`, filter: 'list', search: true },
    {
      id: 'miles',
      title: 'Miles',
      sql: sql`(${miles.milesTenths} / 10.0)::float8`,
      filter: 'number',
      footer: 'sum',
      // Summed in tenths as numeric: exact to the tenth however many rows.
      footerSql: sql`${miles.milesTenths}::numeric / 10`,
      align: 'right',
      format: 'number',
    },
  ],
});

/** Accounting → ELD, Odometer readings: every truck's readings with their source and status. */
export const odometerReadingsList = defineList({
  key: 'odometer-readings',
  title: 'Odometer readings',
  section: SECTION.Fuel,
  from: sql`${readings}`,
  rowKey: sql`${readings.id}`,
  joins: { truck: toOne(trucks, eq(trucks.id, readings.truckId)) },
  base: (user) => sql`${readings.companyId} = ${user.companyId}`,
  defaultSort: { sort: 'read_at', order: 'desc' },
  columns: [
    { id: 'id', title: 'Id', sql: sql`${readings.id}`, data: true },
    {
      id: 'truck',
      title: 'Unit',
      sql: sql`${trucks.truckNumber}`,
      filterSql: sql`${readings.truckId}`,
      filter: 'list',
      joins: ['truck'],
      search: true,
    },
    {
      id: 'read_at',
      title: 'Read at',
      sql: readAtText(readings.readAt),
      filterSql: sql`${readings.readAt}`,
      sortSql: sql`${readings.readAt}`,
      filter: 'date',
      dateType: 'timestamp',
    },
    {
      id: 'odometer',
      title: 'Odometer',
      sql: sql`${readings.odometer}`,
      filter: 'number',
      align: 'right',
      format: 'number',
    },
    {
      id: 'source',
      title: 'Source',
      sql: sql`${readings.source}`,
      filter: 'list',
      options: optionsOf(ODOMETER_SOURCES),
      format: 'text',
    },
    {
      id: 'status',
      title: 'Status',
      sql: sql`${readings.status}`,
      filter: 'list',
      options: optionsOf(ODOMETER_STATUSES),
      format: 'text',
      footer: 'count',
    },
    { id: 'flag_reason', title: 'Flag reason', sql: sql`${readings.flagReason}`, filter: 'text', clip: 80 },
  ],
});
