import type { ChartType } from 'chart.js';
import { lazy, Suspense } from 'react';
import type { ChartProps } from 'react-chartjs-2';

const ChartCanvas = lazy(() => import('./chart-canvas'));

/**
 * A chart.js chart (react-chartjs-2's `<Chart type=…>` props) whose library loads on first use, so
 * a screen with a chart paints its cards and tables without waiting for chart.js. The chart fills
 * its parent box, which keeps its height while the library arrives.
 */
export function LazyChart<T extends ChartType>(props: ChartProps<T>) {
  return (
    <Suspense fallback={null}>
      <ChartCanvas aria-label={chartLabel(props as ChartProps)} {...(props as ChartProps)} />
    </Suspense>
  );
}

/**
 * The canvas's accessible name (react-chartjs-2 gives it role="img" and no name): "Chart: " and its
 * series' names, unless the caller names it.
 */
function chartLabel(props: Pick<ChartProps, 'data' | 'aria-label'>): string {
  if (props['aria-label']) return props['aria-label'];
  const series = props.data.datasets.map((d) => d.label).filter((l): l is string => Boolean(l));
  return series.length ? `Chart: ${series.join(', ')}` : 'Chart';
}
