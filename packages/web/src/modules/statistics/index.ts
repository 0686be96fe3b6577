// The statistics module's public surface: what other web modules may import (docs/ARCHITECTURE.md).
export { KpiCards } from './kpi-cards';
export { barThickness, CHART_COLORS, ChartCard, chartOptions, shortLabel, TICKS } from './statistics-charts';
