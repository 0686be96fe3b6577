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
      <ChartCanvas {...(props as ChartProps)} />
    </Suspense>
  );
}
