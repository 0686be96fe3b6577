import createGraph, { type Graph, type Link, type Node } from 'ngraph.graph';
import { aStar, type PathFinder } from 'ngraph.path';
import { cutSegment, greatCircleMiles, type LatLon, type Lonlat, stateAt } from './state-cut';

/** A point of a route as network/network.json holds it (network/README.md). */
export type NetworkPoint = {
  name: string;
  state: string;
  /** The state mile marker: road miles from where the route's markers start in this state. */
  mm: number;
  lat: number;
  lon: number;
  /** A junction: the same id on every route that meets here, so they share one node. */
  id?: string;
  /** The road from the previous point is the named route's (a concurrency listed there): no edge here. */
  via?: string;
};
export type NetworkRoute = { route: string; title: string; points: NetworkPoint[] };
export type NetworkData = { version: string; routes: NetworkRoute[] };

type NodeData = LatLon & { name: string };
type LinkData = {
  miles: number;
  /** What the path search minimises: the miles, a US or state route's × SURFACE_ROUTE_COST. */
  cost: number;
  state: string | null;
  route: string;
};

/**
 * From a stop to the network: great-circle miles × this factor (city streets and state roads are
 * about a fifth longer than the straight line over tens of miles; the interstate's own factor is
 * in its mile markers).
 */
export const LOCAL_ROAD_FACTOR = 1.2;
/**
 * A mile on a US or state route counts 5 % more in the search than an Interstate mile (signals,
 * towns, two lanes), so of two near-equal ways the Interstate wins; a US route that saves more
 * (US-287 from Dallas to Denver, 80 miles) still wins. The miles reported are the road's own.
 */
const SURFACE_ROUTE_COST = 1.05;
/** A connector this short with both ends in one state is taken to stay in it. */
const SHORT_CONNECTOR_MILES = 30;
/** The share of the straight line A* may count on (below the markers' worst ratio to it). */
const HEURISTIC_MARGIN = 0.8;
/** How many of the nearest network nodes an origin or a destination may join at. */
const JOIN_NODES = 5;
/** Stops closer than this (great circle) may also go straight, on local roads. */
const DIRECT_MAX_MILES = 40;

export type RoutedPath = {
  miles: number;
  /** Road miles per state (USPS code), unrounded. */
  states: Record<string, number>;
  /** The routes driven, in order (a connector on local roads is "local"). */
  routes: string[];
};

export type RoadNetwork = {
  version: string;
  routes: number;
  points: number;
  nodes: number;
  edges: number;
  route: (from: LatLon, to: LatLon) => RoutedPath;
};

/** The graph of the routes: consecutive points joined by their marker difference (0 across a state line). */
export function buildNetwork(data: NetworkData): RoadNetwork {
  const graph: Graph<NodeData, LinkData> = createGraph();
  let points = 0;
  const link = (a: string, b: string, data: LinkData) => {
    const existing = graph.getLink(a, b) ?? graph.getLink(b, a);
    if (existing) {
      if (existing.data.cost > data.cost) existing.data = data;
      return;
    }
    graph.addLink(a, b, data);
  };
  for (const r of data.routes) {
    let prev: { key: string; p: NetworkPoint } | null = null;
    r.points.forEach((p, i) => {
      points++;
      const key = p.id ?? `${r.route}:${i}`;
      if (!graph.getNode(key)) graph.addNode(key, { lat: p.lat, lon: p.lon, name: p.name });
      if (prev && !p.via) {
        const sameState = prev.p.state === p.state;
        const miles = sameState ? Math.abs(p.mm - prev.p.mm) : 0;
        link(prev.key, key, {
          miles,
          cost: r.route.startsWith('I-') ? miles : miles * SURFACE_ROUTE_COST,
          state: sameState ? p.state : null,
          route: r.route,
        });
      }
      prev = { key, p };
    });
  }
  const nodes: Array<{ id: string; lat: number; lon: number }> = [];
  graph.forEachNode((n) => {
    nodes.push({ id: String(n.id), lat: n.data.lat, lon: n.data.lon });
  });
  // A*: the straight line to the destination, shortened by a margin, never exceeds the cost
  // left (mile markers run at least 0.9 × the straight line between two points: build-network checks).
  const finder: PathFinder<NodeData> = aStar(graph, {
    distance: (_a: Node<NodeData>, _b: Node<NodeData>, l: Link<LinkData>) => l.data.cost,
    heuristic: (a: Node<NodeData>, b: Node<NodeData>) => greatCircleMiles(a.data, b.data) * HEURISTIC_MARGIN,
  });

  /** The JOIN_NODES nodes nearest a place (flat-earth distance: only their order matters), one pass. */
  const nearest = (p: LatLon) => {
    const cos = Math.cos((p.lat * Math.PI) / 180);
    const best: Array<{ n: (typeof nodes)[number]; d: number }> = [];
    for (const n of nodes) {
      const d = (n.lat - p.lat) ** 2 + ((n.lon - p.lon) * cos) ** 2;
      if (best.length === JOIN_NODES && d >= (best[JOIN_NODES - 1]?.d ?? Infinity)) continue;
      best.push({ n, d });
      best.sort((x, y) => x.d - y.d);
      if (best.length > JOIN_NODES) best.pop();
    }
    return best.map((x) => x.n);
  };

  const route = (from: LatLon, to: LatLon): RoutedPath => {
    const direct = greatCircleMiles(from, to);
    if (direct < 0.05) return { miles: 0, states: {}, routes: [] };
    const FROM = '@from';
    const TO = '@to';
    graph.addNode(FROM, { ...from, name: 'origin' });
    graph.addNode(TO, { ...to, name: 'destination' });
    const local = (a: LatLon, b: LatLon): LinkData => {
      const miles = greatCircleMiles(a, b) * LOCAL_ROAD_FACTOR;
      return { miles, cost: miles, state: null, route: 'local' };
    };
    try {
      for (const n of nearest(from)) graph.addLink(FROM, n.id, local(from, n));
      for (const n of nearest(to)) graph.addLink(n.id, TO, local(n, to));
      if (direct <= DIRECT_MAX_MILES) graph.addLink(FROM, TO, local(from, to));
      const path = finder.find(FROM, TO);
      // ngraph.path answers the nodes from the end back to the start.
      const ordered = path[0]?.id === FROM ? path : [...path].reverse();
      const states: Record<string, number> = {};
      const routes: string[] = [];
      let miles = 0;
      for (let i = 1; i < ordered.length; i++) {
        const a = ordered[i - 1] as Node<NodeData>;
        const b = ordered[i] as Node<NodeData>;
        const l = graph.getLink(a.id, b.id) ?? graph.getLink(b.id, a.id);
        if (!l) continue;
        miles += l.data.miles;
        if (l.data.miles > 0 && routes[routes.length - 1] !== l.data.route) routes.push(l.data.route);
        if (l.data.state) states[l.data.state] = (states[l.data.state] ?? 0) + l.data.miles;
        else if (l.data.miles > 0) {
          // A connector: its miles shared among the states its straight line crosses (a short one
          // with both ends in one state stays in it: no polygon cutting).
          const [pa, pb]: [Lonlat, Lonlat] = [
            [a.data.lon, a.data.lat],
            [b.data.lon, b.data.lat],
          ];
          const same = l.data.miles < SHORT_CONNECTOR_MILES ? stateAt(pa) : null;
          const pieces: Array<[string, number]> =
            same && stateAt(pb, same) === same ? [[same, l.data.miles]] : cutSegment(pa, pb);
          const gc = pieces.reduce((s, [, m]) => s + m, 0);
          for (const [state, m] of pieces) states[state] = (states[state] ?? 0) + (gc ? (l.data.miles * m) / gc : 0);
        }
      }
      return { miles, states, routes };
    } finally {
      graph.removeNode(FROM);
      graph.removeNode(TO);
    }
  };

  let edges = 0;
  graph.forEachLink(() => {
    edges++;
  });
  return { version: data.version, routes: data.routes.length, points, nodes: nodes.length, edges, route };
}

let loading: Promise<RoadNetwork> | null = null;

/**
 * The road network, read and built on first use (not at start): network/network.json is bundled
 * into its own chunk by esbuild and imported by tsx from src/ alike.
 */
export function loadRoadNetwork(): Promise<RoadNetwork> {
  loading ??= import('./network/network.json', { with: { type: 'json' } }).then((m) =>
    buildNetwork((m.default ?? m) as unknown as NetworkData),
  );
  return loading;
}
