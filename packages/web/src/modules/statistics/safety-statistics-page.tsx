import { formatMoney } from '@backhaul/shared/formats/formats';
import { CHART, type SafetyCustomerRow } from '@backhaul/shared/modules/statistics/statistics.contract';
import { Badge, Grid, Group, Paper, ScrollArea, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ChartData } from 'chart.js';
import { useState } from 'react';
import { LazyChart } from '../../platform/charts/lazy-chart';
import { loadSafetyMonth, loadSafetyStatistic } from './statistics.api';
import { barThickness, CHART_COLORS, ChartCard, chartOptions, TICKS } from './statistics-charts';

const STATUS_COLOR: Record<SafetyCustomerRow['status'], string> = { new: 'teal', active: 'blue', left: 'red' };

/** Statistics → Safety RFM statistics: active drivers (bars) and customers left (line) per month. */
export function SafetyStatisticsPage() {
  const [months, setMonths] = useState('12');
  const { data } = useQuery({
    queryKey: ['safety-statistic', months],
    queryFn: () => loadSafetyStatistic(Number(months)),
    placeholderData: keepPreviousData,
  });
  const [picked, setPicked] = useState<string | null>(null);
  const month = picked ?? data?.row.date ?? null;
  const detail = useQuery({
    queryKey: ['safety-month', month],
    queryFn: () => loadSafetyMonth(month as string),
    enabled: month !== null,
  });

  const chartData: ChartData<'bar' | 'line', number[], string> = {
    labels: data?.month.map((m) => m.name) ?? [],
    datasets: [
      {
        type: 'bar' as const,
        label: 'Active drivers',
        data: data?.month.map((m) => m.drivers) ?? [],
        backgroundColor: CHART_COLORS.gross,
        borderRadius: 3,
        barThickness: barThickness(data?.month.length ?? 0),
        maxBarThickness: CHART.barThickness,
        order: 2,
      },
      {
        type: 'line' as const,
        label: 'Customers left',
        data: data?.month.map((m) => m.left) ?? [],
        borderColor: '#ff6b6b',
        backgroundColor: '#ff6b6b',
        tension: CHART.lineTension,
        pointRadius: 3,
        yAxisID: 'y1',
        order: 1,
      },
    ],
  };

  return (
    <Stack gap="sm" data-testid="safety-statistics-page">
      <Group justify="space-between">
        <Title order={2}>Safety RFM statistics</Title>
        <SegmentedControl
          size="xs"
          value={months}
          onChange={setMonths}
          data={['6', '12', '24'].map((m) => ({ value: m, label: `${m} months` }))}
        />
      </Group>
      <ChartCard title="Active drivers and customers left per month" testId="chart-safety">
        <LazyChart
          type="bar"
          // A mixed chart: react-chartjs-2 types `data` by the chart's own type only.
          data={chartData as unknown as ChartData<'bar', number[], string>}
          options={chartOptions<'bar'>({
            left: TICKS.count,
            right: TICKS.count,
            tooltip: (v, name) => `${name} ${v}`,
          })}
        />
      </ChartCard>
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper withBorder radius="md" p="xs">
            <Table highlightOnHover fz="sm" data-testid="safety-months">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Month</Table.Th>
                  <Table.Th ta="right">Drivers</Table.Th>
                  <Table.Th ta="right">Customers</Table.Th>
                  <Table.Th ta="right">New</Table.Th>
                  <Table.Th ta="right">Left</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {[...(data?.month ?? [])].reverse().map((m) => (
                  <Table.Tr
                    key={m.date}
                    onClick={() => setPicked(m.date)}
                    style={{ cursor: 'pointer' }}
                    bg={m.date === month ? 'var(--mantine-color-dark-5)' : undefined}
                  >
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{m.name}</Table.Td>
                    <Table.Td ta="right">{m.drivers}</Table.Td>
                    <Table.Td ta="right">{m.company}</Table.Td>
                    <Table.Td ta="right">{m.joined}</Table.Td>
                    <Table.Td ta="right" c={m.left ? 'red.4' : undefined}>
                      {m.left}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper withBorder radius="md" p="xs">
            <Text size="sm" fw={600} mb={4}>
              Customers in {detail.data?.row.name ?? month}: recency, frequency, money
            </Text>
            {/* A scrolling region is a tab stop, so the keyboard can scroll it too. */}
            <ScrollArea.Autosize
              mah={520}
              type="auto"
              viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Customers' }}
            >
              <Table fz="sm" stickyHeader data-testid="safety-customers">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Customer</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th ta="right">Drivers</Table.Th>
                    <Table.Th ta="right">Loads</Table.Th>
                    <Table.Th ta="right">Gross</Table.Th>
                    <Table.Th ta="right">Last delivery</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {detail.data?.rows.map((r) => (
                    <Table.Tr key={r.customer_id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.customer}</Table.Td>
                      <Table.Td>
                        <Badge size="xs" variant="light" color={STATUS_COLOR[r.status]}>
                          {r.status}
                        </Badge>
                      </Table.Td>
                      <Table.Td ta="right">{r.drivers}</Table.Td>
                      <Table.Td ta="right">{r.loads}</Table.Td>
                      <Table.Td ta="right">{formatMoney(r.gross)}</Table.Td>
                      {/* The date, and how long ago under it: the column stays narrow enough to fit the panel. */}
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {r.last_delivery}
                        {r.recency_days !== null && (
                          <Text span display="block" size="xs" c="dimmed">
                            {r.recency_days} d ago
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
