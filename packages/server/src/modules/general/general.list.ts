import { SECTION } from '@backhaul/shared';
import { sql } from 'drizzle-orm';
import { defineList } from '../../platform/list/define-list';
import { equipmentNameRecord, equipmentNameUsageSql, trailerTypeRecord, trailerTypeUsageSql } from './general.record';

/** General → trailer types (with the reefer flag: reefer PM counts engine hours). */
export const trailerTypesList = defineList({
  key: 'trailer-types',
  title: 'Trailer types',
  section: SECTION.General,
  from: sql`trailer_types`,
  rowKey: sql`trailer_types.id`,
  base: trailerTypeRecord.scope,
  defaultSort: { sort: 'name', order: 'asc' },
  columns: [
    { id: 'id', title: 'ID', sql: sql`trailer_types.id`, filter: 'number', footer: 'count' },
    { id: 'name', title: 'Trailer type', sql: sql`trailer_types.name`, filter: 'note', search: true },
    { id: 'reefer', title: 'Reefer', sql: sql`trailer_types.reefer`, filter: 'options', align: 'center' },
    { id: 'used', title: 'In use', sql: trailerTypeUsageSql(sql`trailer_types.id`), filter: 'number', footer: 'sum' },
  ],
});

/** General → equipment names (what the equipment select of trucks and trailers offers). */
export const equipmentNamesList = defineList({
  key: 'equipment-names',
  title: 'Equipment names',
  section: SECTION.General,
  from: sql`equipment_names`,
  rowKey: sql`equipment_names.id`,
  base: equipmentNameRecord.scope,
  defaultSort: { sort: 'name', order: 'asc' },
  columns: [
    { id: 'id', title: 'ID', sql: sql`equipment_names.id`, filter: 'number', footer: 'count' },
    { id: 'name', title: 'Equipment', sql: sql`equipment_names.name`, filter: 'note', search: true },
    {
      id: 'used',
      title: 'Items',
      sql: equipmentNameUsageSql(sql`equipment_names.id`),
      filter: 'number',
      footer: 'sum',
    },
  ],
});
