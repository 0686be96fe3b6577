import { cutSegment, FIPS_TO_USPS, ROAD_FACTOR } from '../mileage';

/** The state polygons and the cutting live in the mileage module (one copy); re-exported for the tests. */
export { FIPS_TO_USPS };

type Lonlat = [number, number];

export type LegPoint = { lat: number; lon: number };
/** A leg from one stop to the next; a stop without coordinates makes the leg unmeasurable. */
export type Leg = { from: LegPoint | null; to: LegPoint | null };
export type StateMiles = {
  /** Road miles per state (USPS code), unrounded. */
  miles: Record<string, number>;
  /** Legs left out: a missing coordinate, or a leg wholly outside the states. */
  skipped: number;
};

/** Legs already cut, by their ends: a fleet runs the same lanes quarter after quarter (~1.6 ms a cut). */
const cuts = new Map<string, Array<[string, number]>>();
const CUTS_KEPT = 50_000;

function cutLeg(a: Lonlat, b: Lonlat): Array<[string, number]> {
  const key = `${a.join()}|${b.join()}`;
  let pieces = cuts.get(key);
  if (!pieces) {
    pieces = cutSegment(a, b);
    if (cuts.size >= CUTS_KEPT) cuts.delete(cuts.keys().next().value as string);
    cuts.set(key, pieces);
  }
  return pieces;
}

/**
 * Road miles per state over legs: each piece's great-circle length × the mileage module's road
 * factor (so a leg's total matches the offline estimate of its two ends).
 */
export function stateMiles(legs: readonly Leg[]): StateMiles {
  const miles: Record<string, number> = {};
  let skipped = 0;
  for (const leg of legs) {
    if (!leg.from || !leg.to) {
      skipped++;
      continue;
    }
    const pieces = cutLeg([leg.from.lon, leg.from.lat], [leg.to.lon, leg.to.lat]);
    if (!pieces.length) {
      skipped++;
      continue;
    }
    for (const [state, m] of pieces) miles[state] = (miles[state] ?? 0) + m * ROAD_FACTOR;
  }
  return { miles, skipped };
}
