import { formatMiles, formatMoney, nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import type { GraphResponse } from '@backhaul/shared/modules/dashboard/dashboard.contract';
import { CHART } from '@backhaul/shared/modules/statistics/statistics.contract';
import { Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ChartData } from 'chart.js';
import { useState } from 'react';
import { api } from '../../platform/api-client';
import { LazyChart } from '../../platform/charts/lazy-chart';
import { barThickness, CHART_COLORS, ChartCard, chartOptions, KpiCards, shortLabel, TICKS } from '../statistics';

const WEEKS = [1, 2, 4, 8, 13];

/** Statistics landing: the load graph dashboard (POST /graph), delivered loads of the last weeks. */
export function DashboardPage() {
  const [weeks, setWeeks] = useState('4');
  const today = nowInCompanyTimeZone().date;
  const { data } = useQuery({
    queryKey: ['graph', weeks, today],
    queryFn: () =>
      api.post<GraphResponse>('/graph', { datePeriod: { type: 'Delivery', date: today }, weeks: Number(weeks) }),
    placeholderData: keepPreviousData,
  });
  const labels = data?.graph.map((p) => shortLabel(p.date)) ?? [];
  const graphData: ChartData<'bar' | 'line', number[], string> = {
    labels,
    datasets: [
      {
        type: 'bar' as const,
        label: 'Gross',
        data: data?.graph.map((p) => p.amount) ?? [],
        backgroundColor: CHART_COLORS.gross,
        borderRadius: 3,
        barThickness: barThickness(labels.length),
        maxBarThickness: CHART.barThickness,
        order: 2,
      },
      {
        // A line on the bar chart: miles per day on the right axis.
        type: 'line' as const,
        label: 'Miles',
        data: data?.graph.map((p) => p.mileage) ?? [],
        borderColor: CHART_COLORS.miles,
        backgroundColor: CHART_COLORS.miles,
        tension: CHART.lineTension,
        pointRadius: 2,
        yAxisID: 'y1',
        order: 1,
      },
    ],
  };

  return (
    <Stack gap="sm" data-testid="dashboard-page">
      <Group justify="space-between">
        <Title order={2}>Statistics</Title>
        <Group gap="sm">
          {data && (
            <Text size="xs" c="dimmed">
              Delivered {data.window.from} → {data.window.to} · {formatMiles(data.mileage)} · average load{' '}
              {formatMoney(data.load)}
            </Text>
          )}
          <SegmentedControl
            size="xs"
            value={weeks}
            onChange={setWeeks}
            data={WEEKS.map((w) => ({ value: String(w), label: `${w} wk` }))}
            data-testid="dashboard-weeks"
          />
        </Group>
      </Group>
      <KpiCards totals={data} />
      {data && (
        <ChartCard title="Loads graph: gross and miles per day" testId="chart-graph">
          <LazyChart
            type="bar"
            // A mixed chart: react-chartjs-2 types `data` by the chart's own type only.
            data={graphData as unknown as ChartData<'bar', number[], string>}
            options={chartOptions<'bar'>({
              left: TICKS.money,
              tooltip: (v, name) => (name === 'Miles' ? `Miles ${formatMiles(v)}` : `Gross ${formatMoney(v)}`),
              right: TICKS.count,
            })}
          />
        </ChartCard>
      )}
    </Stack>
  );
}
