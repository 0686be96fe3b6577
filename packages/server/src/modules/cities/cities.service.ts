import type { CityRow } from '@backhaul/shared/modules/cities/cities.contract';
import { and, asc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { toCityRow } from './cities.record';
import { cities } from './cities.table';

/** The address pickers' lookup: by city name prefix or zip code, optionally within a state. */
export async function lookupCities(
  db: Db,
  q: { search: string; state?: string | undefined; limit: number },
): Promise<CityRow[]> {
  const conditions: SQL[] = [];
  if (q.state) conditions.push(eq(cities.state, q.state.toUpperCase()));
  if (q.search) {
    const text = q.search.replace(/[\\%_]/g, (c) => `\\${c}`);
    const match = /^\d+$/.test(q.search) ? ilike(cities.zipCodes, `%${text}%`) : ilike(cities.city, `${text}%`);
    conditions.push(match);
  }
  const rows = await db
    .select()
    .from(cities)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(cities.city), asc(cities.state))
    .limit(q.limit);
  return rows.map(toCityRow);
}
