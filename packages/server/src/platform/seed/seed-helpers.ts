import { addDays } from '@backhaul/shared/formats/formats';
import zipcodes from 'zipcodes';
import { clock } from '../clock';
import type { SeedContext } from './seed';

/** Real freight hubs: seeded addresses use their actual city, state and zip. */
const HUB_ZIPS = [
  '75201',
  '60601',
  '30303',
  '77002',
  '90012',
  '85003',
  '80202',
  '64105',
  '63101',
  '46204',
  '43215',
  '37203',
  '38103',
  '73102',
  '68102',
  '55401',
  '53202',
  '48226',
  '15222',
  '28202',
  '32202',
  '33101',
  '70112',
  '78205',
  '79901',
  '84101',
  '89101',
  '97204',
  '98104',
  '19103',
  '07102',
  '21201',
  '23219',
  '29201',
  '35203',
  '40202',
  '45202',
  '50309',
  '72201',
  '74103',
  '76102',
  '78701',
  '87102',
  '92101',
  '93721',
  '95814',
  '99201',
  '83702',
];

export type Place = { city: string; state: string; zip: string; lat: number; lon: number };

/** The hubs with their real city, state and coordinates from the zip-code data. */
export function hubPlaces(): Place[] {
  return HUB_ZIPS.flatMap((zip) => {
    const z = zipcodes.lookup(zip);
    return z ? [{ zip, city: z.city, state: z.state, lat: z.latitude, lon: z.longitude }] : [];
  });
}

/** Count scaled by SEED_SCALE, never below `min`. */
export const scaled = (ctx: SeedContext, count: number, min = 2): number =>
  Math.max(min, Math.round(count * ctx.scale));

/** A ten-digit US phone number as stored (first digit 2-9). */
export const phoneDigits = (ctx: SeedContext): string =>
  `${ctx.faker.number.int({ min: 2, max: 9 })}${ctx.faker.string.numeric(9)}`;

/** A business date `days` from today in the company time zone. */
export const dayFromToday = (days: number): string => addDays(clock.today(), days);
