import { z } from 'zod';
import { field } from '../../forms/fields';
import type { RecordRoutes } from '../../http/routes';

/** A city of the registry: zip codes of one city and state, comma separated. */
export const CityRowSchema = z.object({
  id: z.number().int(),
  city: z.string(),
  zip_codes: z.string(),
  state: z.string(),
});
export type CityRow = z.infer<typeof CityRowSchema>;

const ZIP_LIST = /^\s*\d{5}(\s*,\s*\d{5})*\s*$/;

/** The create and edit form of a city (server and web validate with the same schema). */
export const CityFormSchema = z.object({
  city: field(
    z
      .string()
      .trim()
      .min(1, 'The city field is required.')
      .max(120, 'The city may not be greater than 120 characters.'),
    { label: 'City' },
  ),
  state: field(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'The state is a two-letter code, e.g. TX.'),
    { label: 'State', placeholder: 'TX' },
  ),
  zip_codes: field(
    z.string().trim().regex(ZIP_LIST, 'Zip codes are five digits, separated by commas.').or(z.literal('')),
    { label: 'Zip codes', placeholder: '75201, 75202' },
  ),
});
export type CityForm = z.infer<typeof CityFormSchema>;
export const EMPTY_CITY_FORM: CityForm = { city: '', state: '', zip_codes: '' };

export const CityResponseSchema = z.object({ city: CityRowSchema });
export const CitySaveResponseSchema = z.object({ message: z.string(), city: CityRowSchema });

/** POST /cities: the city lookup of address pickers (search by name or zip, optional state). */
export const CityLookupBodySchema = z.object({
  search: z.string().trim().max(120).default(''),
  state: z.string().trim().max(2).optional(),
  limit: z.number().int().min(1).max(100).default(20),
});
export const CityLookupResponseSchema = z.object({ cities: z.array(CityRowSchema) });

/** The register's calls of one city (000 §7). */
export const CITY_ROUTES = {
  get: 'GET /cities/:id',
  create: 'POST /cities/new',
  update: 'POST /cities/update/:id',
  remove: 'DELETE /cities/:id',
} as const satisfies RecordRoutes;
