import type { Feature, MultiPolygon, Polygon } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { lazyRequire } from '../../platform/lazy';

/** Census state boundaries (us-atlas, 1:10m): ~110 KB of TopoJSON, read on first use, not at start. */
const atlas = lazyRequire<Topology<{ states: GeometryCollection<{ name: string }> }>>('us-atlas/states-10m.json');
const topojson = lazyRequire<typeof import('topojson-client')>('topojson-client');
const turfIntersect = lazyRequire<typeof import('@turf/line-intersect')>('@turf/line-intersect');
const turfInside = lazyRequire<typeof import('@turf/boolean-point-in-polygon')>('@turf/boolean-point-in-polygon');
const turfHelpers = lazyRequire<typeof import('@turf/helpers')>('@turf/helpers');

const EARTH_RADIUS_MILES = 3958.8;

export type LatLon = { lat: number; lon: number };

export function greatCircleMiles(a: LatLon, b: LatLon): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return EARTH_RADIUS_MILES * 2 * Math.asin(Math.min(1, Math.sqrt(h)));
}

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

export type Lonlat = [number, number];
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

const overlaps = (box: StateShape['box'], a: Lonlat, b: Lonlat) =>
  Math.max(a[0], b[0]) >= box[0] &&
  Math.min(a[0], b[0]) <= box[2] &&
  Math.max(a[1], b[1]) >= box[1] &&
  Math.min(a[1], b[1]) <= box[3];

const inBox = (box: StateShape['box'], p: Lonlat) =>
  p[0] >= box[0] && p[0] <= box[2] && p[1] >= box[1] && p[1] <= box[3];

/** The state (USPS code) holding a point, or null (water, Canada, Mexico). */
export function stateAt(p: Lonlat, hint?: string | null): string | null {
  const { point } = turfHelpers();
  const pt = point(p);
  const all = stateShapes();
  const first = hint ? all.find((s) => s.state === hint) : undefined;
  if (first && inBox(first.box, p) && turfInside().booleanPointInPolygon(pt, first.feature)) return first.state;
  for (const s of all)
    if (s !== first && inBox(s.box, p) && turfInside().booleanPointInPolygon(pt, s.feature)) return s.state;
  return null;
}

/** The points where the straight line a→b crosses a state boundary, as fractions 0..1 along it (sorted). */
export function boundaryCrossings(a: Lonlat, b: Lonlat, only?: string): number[] {
  const { lineString } = turfHelpers();
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const span = dx * dx + dy * dy;
  if (span === 0) return [];
  const line = lineString([a, b]);
  const ts: number[] = [];
  for (const s of stateShapes()) {
    if ((only && s.state !== only) || !overlaps(s.box, a, b)) continue;
    for (const p of turfIntersect().lineIntersect(line, s.feature).features) {
      const [x = 0, y = 0] = p.geometry.coordinates;
      const t = ((x - a[0]) * dx + (y - a[1]) * dy) / span;
      if (t > 0 && t < 1) ts.push(t);
    }
  }
  return ts.sort((x, y) => x - y);
}

/**
 * One straight piece of road as [state, great-circle miles] pieces: the line (in longitude/latitude)
 * is cut where it crosses a state boundary; each piece belongs to the state holding its midpoint. A
 * piece in no state (a lake, a bay, a corner of Canada) goes to the state of the piece before it (or,
 * at the start, after it): trucks drive around water, not across it.
 */
export function cutSegment(a: Lonlat, b: Lonlat): Array<[string, number]> {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const at = (t: number): Lonlat => [a[0] + dx * t, a[1] + dy * t];
  const ts = [0, ...boundaryCrossings(a, b), 1];
  const pieces: Array<[string | null, number]> = [];
  let hint: string | null = null;
  for (let i = 1; i < ts.length; i++) {
    const t0 = ts[i - 1] ?? 0;
    const t1 = ts[i] ?? 1;
    if (t1 - t0 < 1e-12) continue;
    const [p0, p1, mid] = [at(t0), at(t1), at((t0 + t1) / 2)];
    const inside = stateAt(mid, hint);
    hint = inside ?? hint;
    const miles = greatCircleMiles({ lon: p0[0], lat: p0[1] }, { lon: p1[0], lat: p1[1] });
    pieces.push([inside, miles]);
  }
  const known = pieces.findIndex(([state]) => state !== null);
  if (known < 0) return [];
  let last = pieces[known]?.[0] as string;
  return pieces.map(([state, miles]) => {
    last = state ?? last;
    return [last, miles];
  });
}

/**
 * A road's geometry (a polyline, as OSRM answers it) as great-circle miles per state. Each vertex is
 * placed in its state (the previous vertex's state tried first); only a segment whose ends lie in
 * different states is cut at the boundary, so a line of thousands of vertices is cut in milliseconds.
 */
export function cutPolyline(coords: readonly Lonlat[]): Record<string, number> {
  const miles: Record<string, number> = {};
  const add = (state: string, m: number) => {
    miles[state] = (miles[state] ?? 0) + m;
  };
  let prevState: string | null = null;
  for (let i = 0; i < coords.length; i++) {
    const p = coords[i] as Lonlat;
    const state = stateAt(p, prevState);
    if (i > 0) {
      const q = coords[i - 1] as Lonlat;
      if (state && state === prevState)
        add(state, greatCircleMiles({ lon: q[0], lat: q[1] }, { lon: p[0], lat: p[1] }));
      else for (const [s, m] of cutSegment(q, p)) add(s, m);
    }
    prevState = state ?? prevState;
  }
  return miles;
}

/** Great-circle miles of a polyline. */
export function polylineMiles(coords: readonly Lonlat[]): number {
  let total = 0;
  for (let i = 1; i < coords.length; i++) {
    const [a, b] = [coords[i - 1] as Lonlat, coords[i] as Lonlat];
    total += greatCircleMiles({ lon: a[0], lat: a[1] }, { lon: b[0], lat: b[1] });
  }
  return total;
}
