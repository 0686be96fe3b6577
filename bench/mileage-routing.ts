// Routing a new leg on the offline road network (issue 30: ≤ 20 ms a leg). Figures, not a test.
// Loads the network once (timed), then routes every ordered pair of the demo's 48 hub cities with
// nothing kept from before, in two passes in alternating order; prints the median, p95 and max.
// Usage: npx tsx bench/mileage-routing.ts
import { performance } from 'node:perf_hooks';
import { forgetRoutedLegs, loadRoadNetwork, routeLeg } from '../packages/server/src/modules/mileage';
import { hubPlaces } from '../packages/server/src/platform/seed/seed-helpers';

const hubs = hubPlaces();
const t0 = performance.now();
const net = await loadRoadNetwork();
const loadMs = performance.now() - t0;
const pairs = hubs.flatMap((a) => hubs.filter((b) => b !== a).map((b) => [a, b] as const));
// The first leg also reads the state polygons (us-atlas) and warms the code: timed apart.
const [firstA, firstB] = pairs[0] ?? [];
if (!firstA || !firstB) throw new Error('no hub cities');
const w0 = performance.now();
await routeLeg(firstA, firstB);
const firstMs = performance.now() - w0;

const passes: number[][] = [];
let slowest = { ms: 0, leg: pairs[0] as (typeof pairs)[number] };
for (let pass = 0; pass < 2; pass++) {
  forgetRoutedLegs();
  const order = pass % 2 ? [...pairs].reverse() : pairs;
  const times: number[] = [];
  for (const leg of order) {
    const s = performance.now();
    await routeLeg(leg[0], leg[1]);
    const ms = performance.now() - s;
    times.push(ms);
    if (ms > slowest.ms) slowest = { ms, leg };
  }
  passes.push(times);
}
// The slowest leg routed again, alone: a leg that is slow by itself, or a pause of the machine's?
forgetRoutedLegs();
const again = performance.now();
await routeLeg(slowest.leg[0], slowest.leg[1]);
const againMs = performance.now() - again;
const q = (xs: number[], p: number) =>
  [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? 0;
console.log(
  `network ${net.version}: ${net.routes} routes, ${net.points} points, ${net.nodes} nodes, ${net.edges} edges`,
);
console.log(`load (import + graph): ${loadMs.toFixed(1)} ms; first leg (state polygons): ${firstMs.toFixed(1)} ms`);
passes.forEach((times, i) => {
  console.log(
    `pass ${i + 1}: ${times.length} new legs, median ${q(times, 0.5).toFixed(2)} ms, p95 ${q(times, 0.95).toFixed(2)} ms, max ${Math.max(...times).toFixed(2)} ms`,
  );
});
console.log(
  `slowest: ${slowest.leg[0].city} → ${slowest.leg[1].city} ${slowest.ms.toFixed(2)} ms; routed again alone ${againMs.toFixed(2)} ms`,
);
console.log(
  `load average: ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
