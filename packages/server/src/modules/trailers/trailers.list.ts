import { SECTION } from '@backhaul/shared';
import { sql } from 'drizzle-orm';
import { defineList } from '../../platform/list/define-list';
import { defineChangeLog } from '../../platform/registry/change-log';
import { customers } from '../customers';
import { trailerTypes } from '../general';
import { defineEquipmentList, registrationColumns, unitNotes, unitServiceColumns } from '../units';
import { haulerNumber } from './trailer-hauler';
import { trailerRecord } from './trailers.record';

/** The truck hauling a trailer, if any. */
const haulerSql = haulerNumber.sql(sql`trailers.id`, sql`trailers.company_id`);

/** Trailers (001 §3 trailer columns); reefer PM is in engine hours (the web shows "hh"). */
export const trailersList = defineList({
  key: 'trailers',
  title: 'Trailers',
  section: SECTION.Trailers,
  from: sql`trailers`,
  rowKey: sql`trailers.id`,
  joins: {
    trailer_type: sql`left join ${trailerTypes} tt on tt.id = trailers.trailer_type_id`,
    customer: sql`left join ${customers} c on c.id = trailers.customer_id`,
  },
  base: trailerRecord.scope,
  defaultSort: { sort: 'trailer_number', order: 'asc' },
  columns: [
    { id: 'id', title: 'ID', sql: sql`trailers.id`, filter: 'number', footer: 'count' },
    {
      id: 'trailer_number',
      title: 'Trailer',
      sql: sql`trailers.trailer_number`,
      sortSql: sql`lpad(trailers.trailer_number, 12, '0')`,
      filter: 'note',
      search: true,
    },
    {
      id: 'trailer_type',
      title: 'Trailer type',
      sql: sql`tt.name`,
      filterSql: sql`trailers.trailer_type_id`,
      filter: 'list',
      joins: ['trailer_type'],
    },
    { id: 'size', title: 'Size', sql: sql`trailers.size`, filter: 'list' },
    {
      id: 'customer',
      title: 'Customer',
      sql: sql`c.name`,
      filterSql: sql`trailers.customer_id`,
      filter: 'list',
      search: true,
      footer: 'unique',
      joins: ['customer'],
    },
    { id: 'make', title: 'Make', sql: sql`trailers.make`, filter: 'list', hidden: true },
    { id: 'vin', title: 'VIN', sql: sql`trailers.vin`, filter: 'note', search: true, hidden: true },
    ...unitServiceColumns({
      alignment: sql`trailers.alignment_date`,
      inspection: sql`trailers.annual_inspection_date`,
      pmMark: sql`trailers.pm_miles`,
      reading: sql`trailers.odometer`,
      companyOwner: sql`trailers.company_owner`,
      status: sql`trailers.status`,
      pmMiles: false,
    }),
    { id: 'gps', title: 'GPS', sql: sql`trailers.gps`, filter: 'list' },
    {
      id: 'status',
      title: 'Status',
      sql: sql`coalesce('On truck ' || ${haulerSql}, 'Free')`,
      filterSql: sql`case when ${haulerSql} is null then 'free' else 'hooked' end`,
      filter: 'list',
      options: sql`select * from (values ('hooked', 'On a truck'), ('free', 'Free')) o(value, label)`,
    },
    {
      id: 'description',
      title: 'Notes',
      // The notes counter (001 §3 "description (a counter)").
      sql: sql`(select count(*) from ${unitNotes} n where n.unit_type = 'trailer' and n.unit_id = trailers.id)::int`,
      filter: 'number',
      footer: 'sum',
      align: 'center',
    },
    ...registrationColumns(sql`trailers.registration_expires_on`),
    { id: 'reefer', title: 'Reefer', sql: sql`coalesce(tt.reefer, false)`, joins: ['trailer_type'], data: true },
  ],
});

export const trailersLog = defineChangeLog({ key: 'trailers-logs', record: trailerRecord });

export const trailerEquipmentList = defineEquipmentList({
  key: 'trailers-equipment',
  title: 'Trailer equipment',
  section: SECTION.Trailers,
  type: 'trailer',
  unitTable: sql`trailers`,
  unitNumber: sql`unit.trailer_number`,
  unit: trailerRecord,
});
