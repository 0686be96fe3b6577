import { z } from 'zod';

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
  city: z
    .string()
    .trim()
    .min(1, 'The city field is required.')
    .max(120, 'The city may not be greater than 120 characters.'),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'The state is a two-letter code, e.g. TX.'),
  zip_codes: z.string().trim().regex(ZIP_LIST, 'Zip codes are five digits, separated by commas.').or(z.literal('')),
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
