import type { Mileage, MilesPlace } from '@backhaul/shared/modules/mileage/mileage.contract';
import type ZipCodes from 'zipcodes';
import type { DbOrTx } from '../../db/client';
import { AppError, type FieldErrors } from '../../platform/errors';
import { lazyRequire } from '../../platform/lazy';
import { type MileageConfig, offlineRouting, routeLeg, routingFromConfig } from './route-leg';
import { greatCircleMiles } from './state-cut';

/** The zip-code data (~90 MB in memory) is loaded by the first lookup, not at start. */
const zipcodes = lazyRequire<typeof ZipCodes>('zipcodes');

/** A resolved place: coordinates plus what it was resolved from (a routing service may prefer the label). */
export type GeoPoint = { lat: number; lon: number; label: string };

/**
 * Road miles between two places, with the miles per state: the road network (offline, the
 * default) or the company's OSRM server, chosen by MILEAGE_PROVIDER (route-leg.ts).
 */
export type MileageProvider = {
  name: string;
  route: (a: GeoPoint, b: GeoPoint) => Promise<{ miles: number; states: Record<string, number> }>;
};

export type TripStopPlace = MilesPlace & { type: 1 | 2 };
export type TripMilesInput = { previousDelivery?: MilesPlace | null; stops: TripStopPlace[] };

/**
 * Road miles per great-circle mile, for a quick estimate where no route is needed (the demo seed's
 * lanes and loads): the least-squares fit of 12 published city-to-city driving distances
 * (Dallas–Houston 239, Chicago–Atlanta 716, Los Angeles–Phoenix 372, …), within ±11 % of them.
 */
export const ROAD_FACTOR = 1.104;

/** The quick road-miles estimate between two coordinates, in whole miles (seeders use it). */
export function estimateRoadMiles(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  return Math.round(greatCircleMiles(a, b) * ROAD_FACTOR);
}

/**
 * The provider MILEAGE_PROVIDER names (config.ts validates it): legs routed once and kept in memory
 * and, given a database, in routed_legs.
 */
export function mileageProvider(config: MileageConfig, db?: DbOrTx): MileageProvider {
  const routing = routingFromConfig(config);
  return { name: config.MILEAGE_PROVIDER, route: (a, b) => routeLeg(a, b, { db, provider: routing }) };
}

/** The offline network, legs kept in memory only (scripts, tests). */
export const offlineMileageProvider: MileageProvider = {
  name: 'offline',
  route: (a, b) => routeLeg(a, b, { provider: offlineRouting }),
};

const normalizeCity = (city: string) =>
  city
    .toLowerCase()
    .replace(/\./g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^st /, 'saint ')
    .replace(/^ft /, 'fort ')
    .replace(/^mt /, 'mount ');

let cityIndex: Map<string, { lat: number; lon: number }> | null = null;

/** City and state → centroid of the city's zip codes, built once from the zip-code data. */
function cityCentroids(): Map<string, { lat: number; lon: number }> {
  if (cityIndex) return cityIndex;
  const sums = new Map<string, { lat: number; lon: number; n: number }>();
  for (const z of Object.values(zipcodes().codes)) {
    if (z.country !== 'US' || !z.city || !z.state || !Number.isFinite(z.latitude) || !Number.isFinite(z.longitude))
      continue;
    if (z.latitude === 0 && z.longitude === 0) continue;
    const key = `${z.state.toUpperCase()}|${normalizeCity(z.city)}`;
    const s = sums.get(key) ?? { lat: 0, lon: 0, n: 0 };
    s.lat += z.latitude;
    s.lon += z.longitude;
    s.n += 1;
    sums.set(key, s);
  }
  cityIndex = new Map([...sums].map(([k, s]) => [k, { lat: s.lat / s.n, lon: s.lon / s.n }]));
  return cityIndex;
}

const present = (v: string | undefined | null): v is string => typeof v === 'string' && v.trim() !== '';

/**
 * A place's coordinates: its zip code when the zip data knows it, else its city and state.
 * Answers the field to blame when neither resolves.
 */
export function resolvePlace(place: MilesPlace): GeoPoint | { unknown: 'zip' | 'city' } {
  if (present(place.zip)) {
    const z = zipcodes().lookup(place.zip.trim().slice(0, 5));
    if (z && Number.isFinite(z.latitude) && Number.isFinite(z.longitude)) {
      return { lat: z.latitude, lon: z.longitude, label: `${z.city}, ${z.state} ${z.zip}` };
    }
  }
  if (present(place.city) && present(place.state)) {
    const c = cityCentroids().get(`${place.state.trim().toUpperCase()}|${normalizeCity(place.city)}`);
    if (c) return { ...c, label: `${place.city.trim()}, ${place.state.trim().toUpperCase()}` };
  }
  return { unknown: present(place.zip) ? 'zip' : 'city' };
}

const MSG_UNKNOWN = {
  zip: 'This zip code is not in the zip-code data.',
  city: 'This city and state are not in the zip-code data.',
} as const;

/**
 * Loaded miles along the stops in the order given, empty miles from the previous delivery to the
 * first pickup (or the first stop), total = loaded + empty. An unknown place is a 422 naming the
 * stop's field (`stops.2.zip`, `previous_delivery.city`).
 */
export async function computeTripMiles(
  input: TripMilesInput,
  provider: MileageProvider = offlineMileageProvider,
): Promise<Mileage> {
  const errors: FieldErrors = {};
  const resolve = (place: MilesPlace, path: string): GeoPoint | null => {
    const r = resolvePlace(place);
    if ('unknown' in r) {
      errors[`${path}.${r.unknown}`] = [MSG_UNKNOWN[r.unknown]];
      return null;
    }
    return r;
  };
  const points = input.stops.map((s, i) => resolve(s, `stops.${i}`));
  const previous = input.previousDelivery ? resolve(input.previousDelivery, 'previous_delivery') : null;
  if (Object.keys(errors).length) throw AppError.validation(errors);

  let loaded = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    if (a && b) loaded += (await provider.route(a, b)).miles;
  }
  const firstPickup = input.stops.findIndex((s) => s.type === 1);
  const start = points[Math.max(firstPickup, 0)];
  const empty = previous && start ? (await provider.route(previous, start)).miles : 0;
  const mileage = { loaded: Math.round(loaded), empty: Math.round(empty) };
  return { ...mileage, total: mileage.loaded + mileage.empty };
}
