// Builds network.json from routes.txt (the facts, by hand, with their sources in README.md):
// resolves each point's coordinates (given, a city's zip-code centroid, a junction defined on another
// route, or, for a state line, where the straight line between its neighbours crosses the state's
// boundary) and checks the markers. Usage: npx tsx packages/server/src/modules/mileage/network/build-network.ts
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { resolvePlace } from '../mileage.service';
import type { NetworkData, NetworkPoint, NetworkRoute } from '../network';
import { boundaryCrossings, greatCircleMiles, stateAt } from '../state-cut';

const here = dirname(fileURLToPath(import.meta.url));
const source = readFileSync(join(here, 'routes.txt'), 'utf8');

type Draft = Omit<NetworkPoint, 'lat' | 'lon'> & { lat?: number; lon?: number; place?: string; line: number };

const fail = (line: number, msg: string): never => {
  throw new Error(`routes.txt:${line}: ${msg}`);
};

/** `ST MM Name [@lat,lon | @City[,ST]] [#junction]`, `~ I-59` (the next point's road is that route's). */
function parse(): Array<{ route: string; title: string; points: Draft[] }> {
  const routes: Array<{ route: string; title: string; points: Draft[] }> = [];
  let via: string | undefined;
  source.split('\n').forEach((raw, i) => {
    const line = i + 1;
    const text = raw.replace(/\s+#\s.*$/, '').trim();
    if (!text || text.startsWith('# ')) return;
    if (text.startsWith('route ')) {
      const [route = '', title = ''] = text
        .slice(6)
        .split('|')
        .map((s) => s.trim());
      routes.push({ route, title, points: [] });
      return;
    }
    const current = routes[routes.length - 1] ?? fail(line, 'a point before any route');
    if (text.startsWith('~')) {
      via = text.slice(1).trim();
      return;
    }
    const m = text.match(/^([A-Z]{2})\s+(-?[\d.]+)\s+(.+?)((?:\s+[@#]\S[^@#]*)*)$/);
    if (!m) throw new Error(`routes.txt:${line}: cannot read "${text}"`);
    const [, state = '', mm = '', name = '', tail = ''] = m;
    const draft: Draft = { name: name.trim(), state, mm: Number(mm), line };
    for (const token of tail.split(/\s+(?=[@#])/).map((s) => s.trim())) {
      if (token.startsWith('#')) draft.id = token.slice(1).trim();
      else if (token.startsWith('@')) {
        const at = token.slice(1).trim();
        const ll = at.match(/^(-?[\d.]+),\s*(-?[\d.]+)$/);
        if (ll) {
          draft.lat = Number(ll[1]);
          draft.lon = Number(ll[2]);
        } else draft.place = at;
      }
    }
    if (via) draft.via = via;
    via = undefined;
    current.points.push(draft);
  });
  return routes;
}

function resolveCity(place: string, state: string, line: number): { lat: number; lon: number } {
  const [city = '', st = state] = place.split(',').map((s) => s.trim());
  const r = resolvePlace({ city, state: st });
  if ('unknown' in r) return fail(line, `no zip-code city "${city}, ${st}"`);
  return { lat: Number(r.lat.toFixed(4)), lon: Number(r.lon.toFixed(4)) };
}

/** network.json's content from routes.txt (the test compares it with the committed file). */
export function buildNetworkData(): NetworkData {
  const routes = parse();
  // Junctions first: the coordinates given anywhere for an id hold for every route that meets there.
  const junctions = new Map<string, { lat: number; lon: number }>();
  for (const r of routes)
    for (const p of r.points) {
      if (!p.id || junctions.has(p.id)) continue;
      if (p.lat !== undefined && p.lon !== undefined) junctions.set(p.id, { lat: p.lat, lon: p.lon });
      else if (p.place) junctions.set(p.id, resolveCity(p.place, p.state, p.line));
    }
  for (const r of routes)
    for (const p of r.points) {
      if (p.lat === undefined && p.place) Object.assign(p, resolveCity(p.place, p.state, p.line));
      const j = p.id ? junctions.get(p.id) : undefined;
      if (j) Object.assign(p, j);
    }
  // State lines without coordinates: where the line between the neighbours leaves the first state.
  for (const r of routes) {
    const pts = r.points;
    for (let i = 0; i < pts.length; i++) {
      const p = pts[i] as Draft;
      if (p.lat !== undefined) continue;
      const prev = pts[i - 1];
      if (prev && prev.state !== p.state && !p.via && prev.lat !== undefined) {
        Object.assign(p, { lat: prev.lat, lon: prev.lon });
        continue;
      }
      const q = pts[i + 1];
      if (!q || q.state === p.state) fail(p.line, `${r.route}: no coordinates for "${p.name}"`);
      const before = pts
        .slice(0, i)
        .reverse()
        .find((x) => x.lat !== undefined);
      const after = pts.slice(i + 1).find((x) => x.lat !== undefined && x.state !== p.state);
      if (!before || !after) return fail(p.line, `${r.route}: a state line needs located points on both sides`);
      const a: [number, number] = [before.lon as number, before.lat as number];
      const b: [number, number] = [after.lon as number, after.lat as number];
      const ts = boundaryCrossings(a, b, p.state);
      const at = (t: number): [number, number] => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
      const next = (q as Draft).state;
      const t = ts.find((x) => stateAt(at(Math.min(1, x + 1e-4))) === next) ?? ts[ts.length - 1] ?? 0.5;
      const [lon, lat] = at(t);
      for (const x of [p, q as Draft]) {
        if (x.lat !== undefined) continue;
        x.lat = Number(lat.toFixed(4));
        x.lon = Number(lon.toFixed(4));
      }
    }
  }
  const out: NetworkRoute[] = routes.map((r) => ({
    route: r.route,
    title: r.title,
    points: r.points.map(({ line: _line, place: _place, ...p }) => p as NetworkPoint),
  }));
  check(out, routes);
  const version = createHash('sha256').update(source).digest('hex').slice(0, 12);
  return { version, routes: out };
}

/** Markers run one way within a state; an edge is not shorter than its straight line (a typo in a marker). */
function check(out: NetworkRoute[], drafts: Array<{ points: Draft[] }>) {
  const warnings: string[] = [];
  out.forEach((r, ri) => {
    let dir = 0;
    r.points.forEach((p, i) => {
      const prev = r.points[i - 1];
      const line = drafts[ri]?.points[i]?.line ?? 0;
      if (!prev || p.via) {
        dir = 0;
        return;
      }
      if (prev.state !== p.state) {
        dir = 0;
        if (greatCircleMiles(prev, p) > 1)
          warnings.push(`${line}: ${r.route} ${prev.state}/${p.state} line points apart`);
        return;
      }
      const step = Math.sign(p.mm - prev.mm);
      if (dir && step && step !== dir) fail(line, `${r.route}: markers turn back in ${p.state}`);
      dir = step || dir;
      const road = Math.abs(p.mm - prev.mm);
      const gc = greatCircleMiles(prev, p);
      if (road < gc * 0.9 - 2 || road > gc * 1.6 + 8)
        warnings.push(
          `${line}: ${r.route} ${p.state} ${prev.name} → ${p.name}: ${road.toFixed(1)} mi by markers, ${gc.toFixed(1)} straight`,
        );
    });
  });
  for (const w of warnings) console.warn(`routes.txt:${w}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const data = buildNetworkData();
  writeFileSync(
    join(here, 'network.json'),
    `{"version":${JSON.stringify(data.version)},"routes":[\n${data.routes
      .map(
        (r) =>
          `{"route":${JSON.stringify(r.route)},"title":${JSON.stringify(r.title)},"points":[\n${r.points.map((p) => JSON.stringify(p)).join(',\n')}\n]}`,
      )
      .join(',\n')}\n]}\n`,
  );
  const points = data.routes.reduce((s, r) => s + r.points.length, 0);
  console.log(`network.json: ${data.routes.length} routes, ${points} points (version ${data.version})`);
}
