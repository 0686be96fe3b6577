import type { CityRow } from '@backhaul/shared/modules/cities/cities.contract';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../platform/auth/access';
import { lookupList } from '../../platform/list/run-list';
import { citiesList } from './cities.list';

/** The address pickers' lookup, through the list engine: by city name prefix or zip code, optionally within a state. */
export function lookupCities(
  db: Db,
  user: AuthUser,
  q: { search: string; state?: string | undefined; limit: number },
): Promise<CityRow[]> {
  return lookupList<CityRow>(db, citiesList, user, {
    text: q.search,
    limit: q.limit,
    columns: ['id', 'city', 'zip_codes', 'state'],
    filters: q.state ? { state: { values: [q.state.toUpperCase()] } } : {},
  });
}
