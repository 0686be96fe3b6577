// The statistics module's public surface: what other web modules may import (docs/ARCHITECTURE.md).
export { KpiCards } from './kpi-cards';
export { loadStatisticsGraph } from './statistics.api';
export {
  barThickness,
  CHART_COLORS,
  ChartCard,
  chartOptions,
  GrossChart,
  shortLabel,
  TICKS,
} from './statistics-charts';
