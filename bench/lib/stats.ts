// Percentiles and the figure of one side of a comparison.

export type Figure = { n: number; p50: number; p95: number; mean: number; min: number; max: number };

/** Nearest-rank percentile of the samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (!samples.length) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

export function figure(samples: readonly number[]): Figure {
  return {
    n: samples.length,
    p50: round(percentile(samples, 50)),
    p95: round(percentile(samples, 95)),
    mean: round(samples.reduce((s, v) => s + v, 0) / Math.max(1, samples.length)),
    min: round(Math.min(...samples)),
    max: round(Math.max(...samples)),
  };
}

export const round = (v: number, digits = 2) => {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
};

export const ratio = (a: number, b: number) => (b > 0 ? round(a / b) : Number.NaN);
