import { formatMoney, formatNumber } from '@backhaul/shared/formats/formats';
import type { WoStatistics } from '@backhaul/shared/modules/work-orders/work-orders.contract';
import { Paper, SimpleGrid, Table, Text } from '@mantine/core';
import type { ChartData } from 'chart.js';
import { LazyChart } from '../../platform/charts/lazy-chart';
import { barThickness, CHART_COLORS, ChartCard, chartOptions, TICKS } from '../statistics';

type Figures = WoStatistics['totals'];

/** The window's figures as cards. */
export function WoKpis({ totals }: { totals: Figures | undefined }) {
  const cards: Array<[string, string]> = [
    ['Work orders', totals ? formatNumber(totals.count) : '—'],
    ['Closed', totals ? formatNumber(totals.closed) : '—'],
    ['Labour hours', totals ? formatNumber(totals.hours) : '—'],
    ['Labour', totals ? formatMoney(totals.labour) : '—'],
    ['Parts', totals ? formatMoney(totals.parts) : '—'],
    ['Total', totals ? formatMoney(totals.total) : '—'],
  ];
  return (
    <SimpleGrid cols={{ base: 3, lg: 6 }} spacing="sm">
      {cards.map(([label, value]) => (
        <Paper key={label} withBorder p="sm" radius="md" data-testid={`kpi-${label}`}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Text size="xl" fw={700}>
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** Orders per period (bars, 40 px) and their total (a line on the right axis, tension 0.5). */
export function WoChart({ data }: { data: WoStatistics }) {
  const labels = data.rows.map((r) => (data.group === 'day' ? r.period.slice(5) : r.period));
  return (
    <ChartCard title="Work orders and total" testId="chart-work-orders">
      <LazyChart
        type="bar"
        // A bar and a line on one chart: Chart.js mixes them; its types know one chart type.
        data={
          {
            labels,
            datasets: [
              {
                type: 'bar' as const,
                label: 'Work orders',
                data: data.rows.map((r) => r.count),
                backgroundColor: CHART_COLORS.gross,
                borderRadius: 3,
                barThickness: barThickness(labels.length),
                maxBarThickness: 40,
                yAxisID: 'y',
              },
              {
                type: 'line' as const,
                label: 'Total',
                data: data.rows.map((r) => r.total),
                borderColor: CHART_COLORS.rpm,
                backgroundColor: CHART_COLORS.rpm,
                tension: 0.5,
                yAxisID: 'y1',
              },
            ],
          } as unknown as ChartData<'bar'>
        }
        options={chartOptions<'bar'>({
          left: TICKS.count,
          right: TICKS.money,
          tooltip: (v, set) => (set === 'Total' ? `Total ${formatMoney(v)}` : `${formatNumber(v)} work orders`),
        })}
      />
    </ChartCard>
  );
}

/** A small breakdown table (by type, status or Shop manager). */
export function WoBreakdown(props: {
  title: string;
  rows: Array<{ name: string; count: number; total: number; hours?: number }>;
  hours?: boolean;
}) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid={`breakdown-${props.title}`}>
      <Text size="sm" fw={600} mb={4}>
        {props.title}
      </Text>
      <Table verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th ta="right">Orders</Table.Th>
            {props.hours && <Table.Th ta="right">Hours</Table.Th>}
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.rows.map((r) => (
            <Table.Tr key={r.name}>
              <Table.Td>{r.name}</Table.Td>
              <Table.Td ta="right">{formatNumber(r.count)}</Table.Td>
              {props.hours && <Table.Td ta="right">{formatNumber(r.hours ?? 0)}</Table.Td>}
              <Table.Td ta="right">{formatMoney(r.total)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
