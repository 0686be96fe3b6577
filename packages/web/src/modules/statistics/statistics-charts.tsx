import { formatCompact, formatCompactMoney, formatMiles, formatMoney } from '@backhaul/shared/formats/formats';
import { CHART } from '@backhaul/shared/modules/statistics/statistics.contract';
import { Paper, Text } from '@mantine/core';
import type { ChartOptions } from 'chart.js';
import type { ReactNode } from 'react';
import { LazyChart } from '../../platform/charts/lazy-chart';

/** Colours readable on the forced dark theme. */
export const CHART_COLORS = {
  text: '#c9cbd0',
  grid: 'rgba(255, 255, 255, 0.08)',
  gross: '#339af0',
  rpm: '#fcc419',
  miles: '#51cf66',
};

/** Day labels as "Mar 02", week labels as "wk Mar 01". */
export function shortLabel(date: string, week = false): string {
  const d = new Date(`${date}T00:00:00Z`);
  const text = d.toLocaleDateString('en-US', { month: 'short', day: '2-digit', timeZone: 'UTC' });
  return week ? `wk ${text}` : text;
}

/** Axis ticks through the shared formatter (000 §9): compact dollars ($25K), rates ($2.50), compact numbers (9K). */
export const TICKS = {
  money: (v: number) => formatCompactMoney(v),
  rate: (v: number) => formatMoney(v),
  count: (v: number) => formatCompact(v),
};

/** The spec's chart settings (000 §9) on dark axes. */
export function chartOptions<T extends 'bar' | 'line'>(opts: {
  /** The left axis' tick text. */
  left: (value: number) => string;
  tooltip: (value: number, dataset: string) => string;
  right?: (value: number) => string;
  /** Names, not dates: every label shown, tilted when they need it. */
  categorical?: boolean;
}): ChartOptions<T> {
  const axis = (format: (v: number) => string) => ({
    ticks: { color: CHART_COLORS.text, callback: (v: string | number) => format(Number(v)) },
    grid: { color: CHART_COLORS.grid },
    beginAtZero: true,
  });
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: { duration: CHART.animationMs },
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend: { labels: { color: CHART_COLORS.text, boxWidth: 12 } },
      tooltip: {
        callbacks: {
          label: (c: { parsed: { y: number | null }; dataset: { label?: string } }) =>
            opts.tooltip(Number(c.parsed.y), c.dataset.label ?? ''),
        },
      },
    },
    scales: {
      x: {
        ticks: opts.categorical
          ? { color: CHART_COLORS.text, autoSkip: false, maxRotation: 35 }
          : { color: CHART_COLORS.text, maxRotation: 0, autoSkipPadding: 8 },
        grid: { color: CHART_COLORS.grid },
      },
      y: axis(opts.left),
      ...(opts.right
        ? { y1: { ...axis(opts.right), position: 'right' as const, grid: { drawOnChartArea: false } } }
        : {}),
    },
  } as unknown as ChartOptions<T>;
}

/** Bar thickness 40 (000 §9) while the bars fit; many labels share the width instead of overlapping. */
export const barThickness = (labels: number) => (labels <= 16 ? CHART.barThickness : undefined);

export function ChartCard({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid={testId}>
      <Text size="sm" fw={600} mb={6}>
        {title}
      </Text>
      <div style={{ position: 'relative', height: 230 }}>{children}</div>
    </Paper>
  );
}

type Series = { labels: string[]; amount: number[]; rpm: number[]; mileage: number[] };

/** Gross: bars of the amount per label (a day, a week, or a dispatcher). */
type ChartProps = { series: Series; label: (l: string) => string; categorical?: boolean };

export function GrossChart({ series, label, categorical = false }: ChartProps) {
  return (
    <ChartCard title="Gross" testId="chart-gross">
      <LazyChart
        type="bar"
        data={{
          labels: series.labels.map(label),
          datasets: [
            {
              label: 'Gross',
              data: series.amount,
              backgroundColor: CHART_COLORS.gross,
              borderRadius: 3,
              barThickness: barThickness(series.labels.length),
              maxBarThickness: CHART.barThickness,
            },
          ],
        }}
        options={chartOptions<'bar'>({ left: TICKS.money, categorical, tooltip: (v) => `Gross ${formatMoney(v)}` })}
      />
    </ChartCard>
  );
}

/** RPM: a line of gross per mile for each label (miles in the tooltip's second line). */
export function RpmChart({ series, label, categorical = false }: ChartProps) {
  return (
    <ChartCard title="RPM" testId="chart-rpm">
      <LazyChart
        type="line"
        data={{
          labels: series.labels.map(label),
          datasets: [
            {
              label: 'RPM',
              // A label without miles has no rate: a gap, not a fall to zero.
              data: series.rpm.map((v, i) => (series.mileage[i] ? v : null)),
              borderColor: CHART_COLORS.rpm,
              backgroundColor: 'rgba(252, 196, 25, 0.15)',
              fill: true,
              tension: CHART.lineTension,
              pointRadius: 2,
            },
            {
              label: 'Miles',
              data: series.mileage,
              borderColor: CHART_COLORS.miles,
              backgroundColor: CHART_COLORS.miles,
              tension: CHART.lineTension,
              pointRadius: 0,
              borderDash: [4, 4],
              yAxisID: 'y1',
            },
          ],
        }}
        options={chartOptions<'line'>({
          left: TICKS.rate,
          categorical,
          tooltip: (v, name) => (name === 'Miles' ? `Miles ${formatMiles(v)}` : `RPM ${formatMoney(v)}/mi`),
          right: TICKS.count,
        })}
      />
    </ChartCard>
  );
}
