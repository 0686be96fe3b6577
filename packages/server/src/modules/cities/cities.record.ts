import { SECTION } from '@backhaul/shared';
import { CityFormSchema, type CityRow, CityRowSchema } from '@backhaul/shared/modules/cities/cities.contract';
import { and, eq } from 'drizzle-orm';
import { references } from '../../platform/module-hooks';
import { defineRecord, sameText } from '../../platform/record/define-record';
import { cities } from './cities.table';

export const toCityRow = (c: typeof cities.$inferSelect): CityRow => ({
  id: c.id,
  city: c.city,
  zip_codes: c.zipCodes,
  state: c.state,
});

const normalizeZips = (zips: string) =>
  zips
    .split(',')
    .map((z) => z.trim())
    .filter(Boolean)
    .join(', ');

/** The loads that stop in a city (trips registers their count): they keep it from deletion. */
export const cityLinks = references();

/** A city of the registry: reference data every company shares; one name per state; one loads stop in is kept. */
export const cityRecord = defineRecord({
  table: cities,
  section: SECTION.Cities,
  scope: { company: false },
  form: CityFormSchema,
  row: CityRowSchema,
  toRow: toCityRow,
  toValues: (form) => ({ city: form.city, state: form.state, zipCodes: normalizeZips(form.zip_codes) }),
  unique: [
    {
      field: 'city',
      where: (form) => and(eq(cities.state, form.state), sameText(cities.city, form.city)),
      message: (form) => `${form.city}, ${form.state} is already in the list.`,
    },
  ],
  heldBy: cityLinks,
});
