import { SECTION } from '@backhaul/shared';
import { sql } from 'drizzle-orm';
import { defineList } from '../../platform/list/define-list';
import { cityRecord } from './cities.record';

/** Cities (001 §3): id, city, zip_codes, state. Reference data shared by every company. */
export const citiesList = defineList({
  key: 'cities',
  title: 'Cities',
  section: SECTION.Cities,
  from: sql`cities`,
  rowKey: sql`cities.id`,
  base: cityRecord.scope,
  defaultSort: { sort: 'city', order: 'asc' },
  columns: [
    { id: 'id', title: 'ID', sql: sql`cities.id`, filter: 'number', footer: 'count', align: 'left' },
    { id: 'city', title: 'City', sql: sql`cities.city`, filter: 'note', search: true },
    { id: 'zip_codes', title: 'Zip codes', sql: sql`cities.zip_codes`, filter: 'note', search: true, clip: 40 },
    { id: 'state', title: 'State', sql: sql`cities.state`, filter: 'list', footer: 'unique', search: true },
  ],
});
