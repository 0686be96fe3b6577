import { SECTION } from '@backhaul/shared';
import { ilike, sql } from 'drizzle-orm';
import { defineList } from '../../platform/list/define-list';
import { cityRecord } from './cities.record';
import { cities } from './cities.table';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Cities (001 §3): id, city, zip_codes, state. Reference data shared by every company. */
export const citiesList = defineList({
  key: 'cities',
  title: 'Cities',
  section: SECTION.Cities,
  from: sql`${cities}`,
  rowKey: sql`${cities.id}`,
  base: cityRecord.scope,
  defaultSort: { sort: 'city', order: 'asc' },
  columns: [
    { id: 'id', title: 'ID', column: cities.id, filter: 'number', footer: 'count', align: 'left' },
    { id: 'city', title: 'City', column: cities.city, filter: 'note', search: true },
    { id: 'zip_codes', title: 'Zip codes', column: cities.zipCodes, filter: 'note', search: true, clip: 40 },
    { id: 'state', title: 'State', column: cities.state, filter: 'list', footer: 'unique', search: true },
  ],
  // The address pickers (POST /cities): digits look in the zip codes, anything else starts a city name.
  lookup: {
    match: (text) =>
      /^\d+$/.test(text) ? ilike(cities.zipCodes, `%${escapeLike(text)}%`) : ilike(cities.city, `${escapeLike(text)}%`),
    orderBy: sql`${cities.city} asc, ${cities.state} asc`,
  },
});
