import type { Feature, MultiPolygon, Polygon } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { lazyRequire } from '../../platform/lazy';
import { greatCircleMiles, ROAD_FACTOR } from '../mileage';

/** Census state boundaries (us-atlas, 1:10m): ~110 KB of TopoJSON, read by the first report, not at start. */
const atlas = lazyRequire<Topology<{ states: GeometryCollection<{ name: string }> }>>('us-atlas/states-10m.json');
const topojson = lazyRequire<typeof import('topojson-client')>('topojson-client');
const turfIntersect = lazyRequire<typeof import('@turf/line-intersect')>('@turf/line-intersect');
const turfInside = lazyRequire<typeof import('@turf/boolean-point-in-polygon')>('@turf/boolean-point-in-polygon');
const turfHelpers = lazyRequire<typeof import('@turf/helpers')>('@turf/helpers');

/** Census FIPS state codes → USPS codes (the 50 states, DC and Puerto Rico; other territories are not IFTA). */
// biome-ignore format: a table reads better than one line per state
export const FIPS_TO_USPS: Readonly<Record<string, string>> = {
  '01': 'AL', '02': 'AK', '04': 'AZ', '05': 'AR', '06': 'CA', '08': 'CO', '09': 'CT', '10': 'DE', '11': 'DC',
  '12': 'FL', '13': 'GA', '15': 'HI', '16': 'ID', '17': 'IL', '18': 'IN', '19': 'IA', '20': 'KS', '21': 'KY',
  '22': 'LA', '23': 'ME', '24': 'MD', '25': 'MA', '26': 'MI', '27': 'MN', '28': 'MS', '29': 'MO', '30': 'MT',
  '31': 'NE', '32': 'NV', '33': 'NH', '34': 'NJ', '35': 'NM', '36': 'NY', '37': 'NC', '38': 'ND', '39': 'OH',
  '40': 'OK', '41': 'OR', '42': 'PA', '44': 'RI', '45': 'SC', '46': 'SD', '47': 'TN', '48': 'TX', '49': 'UT',
  '50': 'VT', '51': 'VA', '53': 'WA', '54': 'WV', '55': 'WI', '56': 'WY', '72': 'PR',
};

type Lonlat = [number, number];
type StateShape = {
  state: string;
  feature: Feature<Polygon | MultiPolygon>;
  box: [number, number, number, number];
};

let shapes: StateShape[] | null = null;

/** The states' polygons with their bounding boxes, built once. */
function stateShapes(): StateShape[] {
  if (shapes) return shapes;
  const topology = atlas();
  const collection = topojson().feature(topology, topology.objects.states);
  shapes = collection.features.flatMap((f) => {
    const state = FIPS_TO_USPS[String(f.id)];
    if (!state || (f.geometry.type !== 'Polygon' && f.geometry.type !== 'MultiPolygon')) return [];
    const rings = f.geometry.type === 'Polygon' ? f.geometry.coordinates : f.geometry.coordinates.flat();
    const box: StateShape['box'] = [180, 90, -180, -90];
    for (const ring of rings)
      for (const [lon = 0, lat = 0] of ring) {
        box[0] = Math.min(box[0], lon);
        box[1] = Math.min(box[1], lat);
        box[2] = Math.max(box[2], lon);
        box[3] = Math.max(box[3], lat);
      }
    return [{ state, feature: f as Feature<Polygon | MultiPolygon>, box }];
  });
  return shapes;
}

export type LegPoint = { lat: number; lon: number };
/** A leg from one stop to the next; a stop without coordinates makes the leg unmeasurable. */
export type Leg = { from: LegPoint | null; to: LegPoint | null };
export type StateMiles = {
  /** Road miles per state (USPS code), unrounded. */
  miles: Record<string, number>;
  /** Legs left out: a missing coordinate, or a leg wholly outside the states. */
  skipped: number;
};

const overlaps = (box: StateShape['box'], a: Lonlat, b: Lonlat) =>
  Math.max(a[0], b[0]) >= box[0] &&
  Math.min(a[0], b[0]) <= box[2] &&
  Math.max(a[1], b[1]) >= box[1] &&
  Math.min(a[1], b[1]) <= box[3];

/**
 * One leg as pieces [state, great-circle miles]: the straight line (in longitude/latitude) is cut
 * where it crosses a state boundary; each piece belongs to the state holding its midpoint. A piece
 * in no state (a lake, a bay, a corner of Canada) goes to the state of the piece before it (or,
 * at the start, after it): trucks drive around water, not across it.
 */
function legPieces(a: Lonlat, b: Lonlat): Array<[string, number]> {
  const { lineString, point } = turfHelpers();
  const candidates = stateShapes().filter((s) => overlaps(s.box, a, b));
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const span = dx * dx + dy * dy;
  const at = (t: number): Lonlat => [a[0] + dx * t, a[1] + dy * t];
  const ts = [0, 1];
  if (span > 0) {
    const line = lineString([a, b]);
    for (const s of candidates) {
      for (const p of turfIntersect().lineIntersect(line, s.feature).features) {
        const [x = 0, y = 0] = p.geometry.coordinates;
        const t = ((x - a[0]) * dx + (y - a[1]) * dy) / span;
        if (t > 0 && t < 1) ts.push(t);
      }
    }
  }
  ts.sort((x, y) => x - y);
  const pieces: Array<[string | null, number]> = [];
  for (let i = 1; i < ts.length; i++) {
    const t0 = ts[i - 1] ?? 0;
    const t1 = ts[i] ?? 1;
    if (t1 - t0 < 1e-12) continue;
    const [p0, p1, mid] = [at(t0), at(t1), at((t0 + t1) / 2)];
    const inside = candidates.find((s) => turfInside().booleanPointInPolygon(point(mid), s.feature));
    const miles = greatCircleMiles({ lon: p0[0], lat: p0[1] }, { lon: p1[0], lat: p1[1] });
    pieces.push([inside?.state ?? null, miles]);
  }
  const known = pieces.findIndex(([state]) => state !== null);
  if (known < 0) return [];
  let last = pieces[known]?.[0] as string;
  return pieces.map(([state, miles]) => {
    last = state ?? last;
    return [last, miles];
  });
}

/** Legs already cut, by their ends: a fleet runs the same lanes quarter after quarter (~1.6 ms a cut). */
const cuts = new Map<string, Array<[string, number]>>();
const CUTS_KEPT = 50_000;

function cutLeg(a: Lonlat, b: Lonlat): Array<[string, number]> {
  const key = `${a.join()}|${b.join()}`;
  let pieces = cuts.get(key);
  if (!pieces) {
    pieces = legPieces(a, b);
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
