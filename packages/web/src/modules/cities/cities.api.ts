import {
  CITY_ROUTES,
  CityResponseSchema,
  CitySaveResponseSchema,
} from '@backhaul/shared/modules/cities/cities.contract';
import { recordApi } from '../../platform/record/record-api';

/** One city's calls (the contract's routes), answers checked against the contract. */
export const citiesApi = recordApi({
  name: 'cities',
  routes: CITY_ROUTES,
  schemas: { load: CityResponseSchema, saved: CitySaveResponseSchema },
});
