// A run repeats its measurement blocks in passes (app first on odd passes, the bare server first
// on even ones); each figure reported is the median of the passes' figures, and every pass's own
// figure stays in the results.
import type { Check, ExportResult, InvoiceResult, LatencyResult, Order, ThroughputResult } from './scenarios';
import { type Figure, figure, ratio, round } from './stats';

/** The median of a few figures (the middle one, or the mean of the two middle ones). */
export function median(xs: readonly number[]): number {
  if (!xs.length) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return round(s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2);
}

export type PassFigure = { pass: number; first: string; app: number; bare: number; ratio: number };

const firstFailed = (checks: Check[]): Check =>
  checks.find((c) => !c.same) ?? checks[0] ?? { same: false, detail: 'no passes' };

/** Median of the passes' p50 (and p95); min, max and the mean over every sample; n = every sample. */
function medianFigure(figures: Figure[]): Figure {
  const n = figures.reduce((s, f) => s + f.n, 0);
  return {
    n,
    p50: median(figures.map((f) => f.p50)),
    p95: median(figures.map((f) => f.p95)),
    mean: round(figures.reduce((s, f) => s + f.mean * f.n, 0) / Math.max(1, n)),
    min: Math.min(...figures.map((f) => f.min)),
    max: Math.max(...figures.map((f) => f.max)),
  };
}

export type MergedLatency = LatencyResult & { passes: PassFigure[] };

export function mergeLatency(results: Array<{ order: Order; result: LatencyResult }>): MergedLatency {
  const last = results[results.length - 1]?.result;
  if (!last) throw new Error('no passes');
  const app = { ...last.app, ...medianFigure(results.map((r) => r.result.app)) };
  const bare = { ...last.bare, ...medianFigure(results.map((r) => r.result.bare)) };
  return {
    ...last,
    app,
    bare,
    ratio_p50: ratio(app.p50, bare.p50),
    ratio_p95: ratio(app.p95, bare.p95),
    check: firstFailed(results.map((r) => r.result.check)),
    passes: results.map((r, i) => ({
      pass: i + 1,
      first: r.order[0],
      app: r.result.app.p50,
      bare: r.result.bare.p50,
      ratio: r.result.ratio_p50,
    })),
  };
}

/** Exports: every run of every pass (one a pass by default); the p50 over them is the passes' median. */
export function mergeExports(results: Array<{ order: Order; result: ExportResult }>): ExportResult & {
  passes: PassFigure[];
} {
  const last = results[results.length - 1]?.result;
  if (!last) throw new Error('no passes');
  const side = (which: 'app' | 'bare') => {
    const runs = results.flatMap((r) => r.result[which].runs);
    return {
      seconds: figure(runs.map((x) => x.ms / 1000)),
      runs,
      peak_rss_mb: Math.max(...runs.map((x) => x.rss_peak_mb)),
      added_rss_mb: round(Math.max(...runs.map((x) => x.rss_peak_mb - x.rss_before_mb)), 1),
    };
  };
  const app = side('app');
  const bare = side('bare');
  return {
    ...last,
    app,
    bare,
    ratio_p50: ratio(app.seconds.p50, bare.seconds.p50),
    check: firstFailed(results.map((r) => r.result.check)),
    passes: results.map((r, i) => ({
      pass: i + 1,
      first: r.order[0],
      app: r.result.app.seconds.p50,
      bare: r.result.bare.seconds.p50,
      ratio: r.result.ratio_p50,
    })),
  };
}

export function mergeInvoices(results: Array<{ order: Order; result: InvoiceResult }>): InvoiceResult & {
  passes: PassFigure[];
} {
  const last = results[results.length - 1]?.result;
  if (!last) throw new Error('no passes');
  const runs = (which: 'app' | 'bare') => results.flatMap((r) => r.result[which].runs);
  const app = { seconds: figure(runs('app').map((r) => r.ms / 1000)), runs: runs('app') };
  const bare = { seconds: figure(runs('bare').map((r) => r.ms / 1000)), runs: runs('bare') };
  return {
    ...last,
    app,
    bare,
    ratio_p50: ratio(app.seconds.p50, bare.seconds.p50),
    check: firstFailed(results.map((r) => r.result.check)),
    passes: results.map((r, i) => ({
      pass: i + 1,
      first: r.order[0],
      app: r.result.app.seconds.p50,
      bare: r.result.bare.seconds.p50,
      ratio: r.result.ratio_p50,
    })),
  };
}

/** Throughput: requests/s is the median of the passes' (each pass: the mean of its rounds). */
export function mergeThroughput(results: Array<{ order: Order; result: ThroughputResult }>): ThroughputResult & {
  passes: PassFigure[];
} {
  const last = results[results.length - 1]?.result;
  if (!last) throw new Error('no passes');
  const side = (which: 'app' | 'bare') => ({
    requests_per_s: median(results.map((r) => r.result[which].requests_per_s)),
    rounds: results.flatMap((r) => r.result[which].rounds),
  });
  const app = side('app');
  const bare = side('bare');
  return {
    ...last,
    app,
    bare,
    ratio: ratio(app.requests_per_s, bare.requests_per_s),
    passes: results.map((r, i) => ({
      pass: i + 1,
      first: r.order[0],
      app: r.result.app.requests_per_s,
      bare: r.result.bare.requests_per_s,
      ratio: r.result.ratio,
    })),
  };
}
