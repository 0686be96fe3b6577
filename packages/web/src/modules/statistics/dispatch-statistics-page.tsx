import { ACTION, SECTION } from '@backhaul/shared';
import type { DispatchStatisticsRow } from '@backhaul/shared/modules/statistics/statistics.contract';
import { Group, SegmentedControl, SimpleGrid, Stack, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../platform/data-table/data-table';
import { readListState } from '../../platform/data-table/list-state';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { KpiCards } from './kpi-cards';
import { PeriodControl } from './period-control';
import { loadStatisticsGraph } from './statistics.api';
import { GrossChart, RpmChart, shortLabel } from './statistics-charts';

/** Statistics → Dispatch statistics: the window's loads with Gross and RPM charts of the same filters. */
export function DispatchStatisticsPage() {
  const tree = usePermissionTree();
  const [params] = useSearchParams();
  const { filters, search } = readListState(params);
  const graph = useQuery({
    queryKey: ['statistics-graph', filters, search],
    queryFn: ({ signal }) => loadStatisticsGraph({ filters, search }, signal),
    placeholderData: keepPreviousData,
  });
  const g = graph.data;
  const week = g?.window.grouping === 'week';
  // The same two charts over time (day or week) or per dispatcher (graphDispatch).
  const [by, setBy] = useState<'time' | 'dispatcher'>('time');
  const perDispatcher = g && {
    labels: g.graphDispatch.map((d) => d.dispatcher ?? 'No dispatcher'),
    amount: g.graphDispatch.map((d) => d.amount),
    mileage: g.graphDispatch.map((d) => d.mileage),
    rpm: g.graphDispatch.map((d) => d.rpm),
  };
  const series = by === 'dispatcher' ? perDispatcher : g?.graph;
  const label = by === 'dispatcher' ? (l: string) => l : (l: string) => shortLabel(l, week);

  return (
    <Stack gap="sm" data-testid="dispatch-statistics-page">
      <Title order={2}>Dispatch statistics</Title>
      <Group justify="space-between">
        <PeriodControl />
        <SegmentedControl
          size="xs"
          value={by}
          onChange={(v) => setBy(v as 'time' | 'dispatcher')}
          data={[
            { value: 'time', label: week ? 'By week' : 'By day' },
            { value: 'dispatcher', label: 'By dispatcher' },
          ]}
          data-testid="charts-by"
        />
      </Group>
      <KpiCards totals={g} />
      {series && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <GrossChart series={series} label={label} categorical={by === 'dispatcher'} />
          <RpmChart series={series} label={label} categorical={by === 'dispatcher'} />
        </SimpleGrid>
      )}
      <DataTable<DispatchStatisticsRow>
        url="/statistics/list"
        listKey="dispatch-statistics"
        rowId={(r) => r.load_id}
        height="520px"
        toolbar={{
          export: allowsButton(tree, { section: SECTION.DispatchStatistics, ids: [ACTION.EXPORT] }),
        }}
      />
    </Stack>
  );
}
