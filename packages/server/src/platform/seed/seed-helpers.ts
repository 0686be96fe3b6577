import { addDays, nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import zipcodes from 'zipcodes';
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
];

export type Place = { city: string; state: string; zip: string };

export function hubPlaces(): Place[] {
  return HUB_ZIPS.map((zip) => {
    const z = zipcodes.lookup(zip);
    return { city: z?.city ?? 'Dallas', state: z?.state ?? 'TX', zip };
  });
}

/** Count scaled by SEED_SCALE, never below `min`. */
export const scaled = (ctx: SeedContext, count: number, min = 2): number =>
  Math.max(min, Math.round(count * ctx.scale));

/** A ten-digit US phone number as stored (first digit 2-9). */
export const phoneDigits = (ctx: SeedContext): string =>
  `${ctx.faker.number.int({ min: 2, max: 9 })}${ctx.faker.string.numeric(9)}`;

/** A business date `days` from today in the company time zone. */
export const dayFromToday = (days: number): string => addDays(nowInCompanyTimeZone().date, days);
