import zipcodes from 'zipcodes';
import { inChunks } from '../../platform/seed/chunks';
import type { Seeder } from '../../platform/seed/seed';
import { cities } from './cities.table';

type CityGroup = { city: string; state: string; zipCodes: string[]; latitude: number; longitude: number };

/** US zip codes grouped per city and state, sorted by state then city (deterministic). */
export function cityGroups(): CityGroup[] {
  const groups = new Map<string, CityGroup>();
  for (const z of Object.values(zipcodes.codes)) {
    if (z.country !== 'US' || !z.city || !z.state) continue;
    const key = `${z.state}|${z.city}`;
    const group = groups.get(key);
    if (group) group.zipCodes.push(z.zip);
    else
      groups.set(key, {
        city: z.city,
        state: z.state,
        zipCodes: [z.zip],
        latitude: z.latitude,
        longitude: z.longitude,
      });
  }
  return [...groups.values()].sort((a, b) => a.state.localeCompare(b.state) || a.city.localeCompare(b.city));
}

/**
 * Every city of the zip-code data (about 29,000), in multi-row inserts. A small seed (scale < 1,
 * the test template) keeps an evenly spread subset so every state is still present.
 */
export const citiesSeeder: Seeder = {
  name: 'cities',
  async run(ctx) {
    const all = cityGroups();
    const stride = ctx.scale >= 1 ? 1 : Math.max(1, Math.round(1 / Math.max(ctx.scale, 0.01)));
    const picked = all.filter((_, i) => i % stride === 0);
    const rows = picked.map((g) => ({
      city: g.city,
      state: g.state,
      zipCodes: g.zipCodes.sort().join(', '),
      latitude: g.latitude,
      longitude: g.longitude,
    }));
    await inChunks(rows, (chunk) => ctx.db.insert(cities).values(chunk));
    ctx.log(`  ${picked.length} of ${all.length} cities`);
  },
};
