import type { Mileage, MilesPlace } from '@backhaul/shared/modules/mileage/mileage.contract';
import type ZipCodes from 'zipcodes';
import { AppError, type FieldErrors } from '../../platform/errors';
import { lazyRequire } from '../../platform/lazy';

/** The zip-code data (~90 MB in memory) is loaded by the first lookup, not at start. */
const zipcodes = lazyRequire<typeof ZipCodes>('zipcodes');

/** A resolved place: coordinates plus what it was resolved from (a routing service may prefer the label). */
export type GeoPoint = { lat: number; lon: number; label: string };

/**
 * Road miles between two places. 'offline' (great-circle × ROAD_FACTOR) is the only provider; a
 * routing service plugs in here and is chosen by MILEAGE_PROVIDER.
 */
export type MileageProvider = { name: string; distance: (a: GeoPoint, b: GeoPoint) => Promise<number> };

export type TripStopPlace = MilesPlace & { type: 1 | 2 };
export type TripMilesInput = { previousDelivery?: MilesPlace | null; stops: TripStopPlace[] };

const EARTH_RADIUS_MILES = 3958.8;

/**
 * Published driving distances (city centre to city centre, interstate route) used to calibrate the
 * road factor; places resolve to the centroid of each city's zip codes.
 */
export const CALIBRATION_PAIRS: ReadonlyArray<{ from: MilesPlace; to: MilesPlace; roadMiles: number }> = [
  { from: { city: 'Dallas', state: 'TX' }, to: { city: 'Houston', state: 'TX' }, roadMiles: 239 },
  { from: { city: 'Chicago', state: 'IL' }, to: { city: 'Atlanta', state: 'GA' }, roadMiles: 716 },
  { from: { city: 'Los Angeles', state: 'CA' }, to: { city: 'Phoenix', state: 'AZ' }, roadMiles: 372 },
  { from: { city: 'New York', state: 'NY' }, to: { city: 'Chicago', state: 'IL' }, roadMiles: 790 },
  { from: { city: 'Atlanta', state: 'GA' }, to: { city: 'Miami', state: 'FL' }, roadMiles: 662 },
  { from: { city: 'Denver', state: 'CO' }, to: { city: 'Kansas City', state: 'MO' }, roadMiles: 605 },
  { from: { city: 'Seattle', state: 'WA' }, to: { city: 'Portland', state: 'OR' }, roadMiles: 174 },
  { from: { city: 'Memphis', state: 'TN' }, to: { city: 'Nashville', state: 'TN' }, roadMiles: 212 },
  { from: { city: 'San Antonio', state: 'TX' }, to: { city: 'El Paso', state: 'TX' }, roadMiles: 552 },
  { from: { city: 'Indianapolis', state: 'IN' }, to: { city: 'Columbus', state: 'OH' }, roadMiles: 175 },
  { from: { city: 'Minneapolis', state: 'MN' }, to: { city: 'Chicago', state: 'IL' }, roadMiles: 408 },
  { from: { city: 'Salt Lake City', state: 'UT' }, to: { city: 'Las Vegas', state: 'NV' }, roadMiles: 421 },
];

/**
 * Road miles per great-circle mile: the least-squares fit (through the origin) of CALIBRATION_PAIRS,
 * Σ(g·r)/Σ(g²) = 1.104. On those 12 pairs the estimate is within ±11 % of the published miles
 * (mean absolute error ≈ 4.4 %; worst Chicago–Atlanta −10 %, where I-65/I-75 bend east).
 */
export const ROAD_FACTOR = 1.104;
/** The documented error band of the offline estimate (a fraction of the real road miles). */
export const ROAD_FACTOR_ERROR_BAND = 0.11;

export function greatCircleMiles(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return EARTH_RADIUS_MILES * 2 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The offline road-miles estimate between two coordinates, in whole miles (seeders use it too). */
export function estimateRoadMiles(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  return Math.round(greatCircleMiles(a, b) * ROAD_FACTOR);
}

/** Least squares through the origin: the factor k minimising Σ(k·g − r)². */
export function fitRoadFactor(samples: ReadonlyArray<{ greatCircle: number; road: number }>): number {
  const gr = samples.reduce((s, p) => s + p.greatCircle * p.road, 0);
  const gg = samples.reduce((s, p) => s + p.greatCircle * p.greatCircle, 0);
  return gg ? gr / gg : 1;
}

/** The offline provider with a road factor (System settings → Maps; the fitted 1.104 by default). */
export const offlineProviderWith = (factor: number): MileageProvider => ({
  name: 'offline',
  distance: async (a, b) => greatCircleMiles(a, b) * factor,
});

export const offlineMileageProvider: MileageProvider = offlineProviderWith(ROAD_FACTOR);

const PROVIDERS: Record<string, MileageProvider> = { offline: offlineMileageProvider };
export const MILEAGE_PROVIDERS = Object.keys(PROVIDERS) as ['offline'];

/** The provider MILEAGE_PROVIDER names (config validates the name; 'offline' by default). */
export function selectMileageProvider(name = 'offline'): MileageProvider {
  const provider = PROVIDERS[name];
  if (!provider) throw new Error(`Unknown MILEAGE_PROVIDER "${name}" (known: ${MILEAGE_PROVIDERS.join(', ')})`);
  return provider;
}

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
    if (a && b) loaded += await provider.distance(a, b);
  }
  const firstPickup = input.stops.findIndex((s) => s.type === 1);
  const start = points[Math.max(firstPickup, 0)];
  const empty = previous && start ? await provider.distance(previous, start) : 0;
  const mileage = { loaded: Math.round(loaded), empty: Math.round(empty) };
  return { ...mileage, total: mileage.loaded + mileage.empty };
}
