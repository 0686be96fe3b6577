import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { routedLegs } from './mileage.table';
import { loadRoadNetwork } from './network';
import { cutPolyline, type LatLon, type Lonlat, polylineMiles } from './state-cut';

/** One leg's road miles: the total, per state (USPS code, unrounded) and who measured them. */
export type RoutedLeg = {
  miles: number;
  states: Record<string, number>;
  /** `offline@<network version>` or `osrm`: legs are kept per provider. */
  provider: string;
  /** The routes driven, in order ("local" for the roads to and from the network). */
  routes: string[];
};

/** A source of road routes (MILEAGE_PROVIDER): the offline network, or the company's OSRM server. */
export type RoutingProvider = {
  /** The key legs are kept under; resolved on first use (the offline network's version). */
  key: () => Promise<string>;
  route: (from: LatLon, to: LatLon) => Promise<Omit<RoutedLeg, 'provider'>>;
};

/** The offline network (network/): shortest path by road miles, state miles from the mile markers. */
export const offlineRouting: RoutingProvider = {
  key: async () => `offline@${(await loadRoadNetwork()).version}`,
  route: async (from, to) => (await loadRoadNetwork()).route(from, to),
};

const METERS_PER_MILE = 1609.344;

type OsrmAnswer = {
  code?: string;
  message?: string;
  routes?: Array<{ distance: number; geometry?: { coordinates?: Lonlat[] } }>;
};

/**
 * The company's own OSRM server: its route's distance, shared among the states in the proportion
 * its geometry runs in each (the geometry cut by the same state polygons as the offline connectors).
 */
export function osrmRouting(baseUrl: string, timeoutMs = 10_000): RoutingProvider {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    key: async () => 'osrm',
    route: async (from, to) => {
      const url = `${base}/route/v1/driving/${from.lon},${from.lat};${to.lon},${to.lat}?overview=full&geometries=geojson`;
      let body: OsrmAnswer;
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
        body = (await res.json()) as OsrmAnswer;
      } catch (e) {
        throw AppError.precondition(`The routing server (OSRM_URL) did not answer: ${(e as Error).message}`);
      }
      const found = body.routes?.[0];
      const coords = found?.geometry?.coordinates ?? [];
      if (body.code !== 'Ok' || !found) {
        throw AppError.precondition(
          `The routing server found no route (${body.code ?? 'no answer'}${body.message ? `: ${body.message}` : ''}).`,
        );
      }
      const miles = found.distance / METERS_PER_MILE;
      const cut = cutPolyline(coords);
      const straight = polylineMiles(coords);
      const states = Object.fromEntries(
        Object.entries(cut).map(([s, m]) => [s, straight > 0 ? (miles * m) / straight : 0]),
      );
      return { miles, states, routes: ['osrm'] };
    },
  };
}

export type MileageConfig = { MILEAGE_PROVIDER: 'offline' | 'osrm'; OSRM_URL?: string | undefined };

/** The provider the configuration names (config.ts validates that osrm comes with OSRM_URL). */
export function routingFromConfig(config: MileageConfig): RoutingProvider {
  if (config.MILEAGE_PROVIDER === 'osrm') {
    if (!config.OSRM_URL) throw new Error('MILEAGE_PROVIDER=osrm needs OSRM_URL');
    return osrmRouting(config.OSRM_URL);
  }
  return offlineRouting;
}

/** A place's key: 4 decimals, about 10 m, so the same stop city is the same key. */
export const placeKey = (p: LatLon) => `${p.lat.toFixed(4)},${p.lon.toFixed(4)}`;

/** Least recently used legs, in memory: a Map keeps insertion order, a hit moves to the end. */
const LEGS_KEPT = 20_000;
const memory = new Map<string, RoutedLeg>();
const remember = (key: string, leg: RoutedLeg) => {
  memory.delete(key);
  memory.set(key, leg);
  if (memory.size > LEGS_KEPT) memory.delete(memory.keys().next().value as string);
};
const recall = (key: string) => {
  const leg = memory.get(key);
  if (leg) remember(key, leg);
  return leg;
};

/** Forgets the legs kept in memory (tests; a new network in a running process). */
export function forgetRoutedLegs() {
  memory.clear();
}

export type RouteLegOptions = {
  /** Keeps legs in routed_legs and reads them from there (without: memory only). */
  db?: DbOrTx;
  provider?: RoutingProvider;
};

/**
 * Road miles of the legs from → to, each with its miles per state: from memory, else from
 * routed_legs (one query for all), else routed and kept in both. Same order as given.
 */
export async function routeLegs(
  legs: ReadonlyArray<{ from: LatLon; to: LatLon }>,
  opts: RouteLegOptions = {},
): Promise<RoutedLeg[]> {
  const provider = opts.provider ?? offlineRouting;
  const name = await provider.key();
  const keyed = legs.map((l) => ({ ...l, fromKey: placeKey(l.from), toKey: placeKey(l.to) }));
  const memKey = (l: { fromKey: string; toKey: string }) => `${name}|${l.fromKey}|${l.toKey}`;
  const missing = keyed.filter((l) => !recall(memKey(l)));
  if (missing.length && opts.db) {
    const froms = [...new Set(missing.map((l) => l.fromKey))];
    const rows = await opts.db
      .select()
      .from(routedLegs)
      .where(and(eq(routedLegs.provider, name), inArray(routedLegs.fromKey, froms)));
    for (const r of rows)
      remember(memKey(r), { miles: r.miles, states: r.stateMiles, provider: name, routes: r.routes });
  }
  const fresh: Array<typeof routedLegs.$inferInsert> = [];
  for (const l of keyed) {
    if (recall(memKey(l))) continue;
    // The leg is routed once even when the list names it twice.
    const routed = { ...(await provider.route(l.from, l.to)), provider: name };
    remember(memKey(l), routed);
    fresh.push({
      provider: name,
      fromKey: l.fromKey,
      toKey: l.toKey,
      miles: routed.miles,
      stateMiles: routed.states,
      routes: routed.routes,
    });
  }
  if (fresh.length && opts.db) {
    for (let i = 0; i < fresh.length; i += 500)
      await opts.db
        .insert(routedLegs)
        .values(fresh.slice(i, i + 500))
        .onConflictDoNothing();
  }
  return keyed.map((l) => recall(memKey(l)) as RoutedLeg);
}

/** One leg (see routeLegs). */
export async function routeLeg(from: LatLon, to: LatLon, opts: RouteLegOptions = {}): Promise<RoutedLeg> {
  const [leg] = await routeLegs([{ from, to }], opts);
  return leg as RoutedLeg;
}
