import { ACTION, SECTION } from '@backhaul/shared';
import type { DispatchStatisticsRow } from '@backhaul/shared/modules/statistics/statistics.contract';
import { SimpleGrid, Stack, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../platform/data-table/data-table';
import { readListState } from '../../platform/data-table/list-state';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { KpiCards } from './kpi-cards';
import { PeriodControl } from './period-control';
import { loadStatisticsGraph } from './statistics.api';
import { GrossChart, RpmChart } from './statistics-charts';

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

  return (
    <Stack gap="sm" data-testid="dispatch-statistics-page">
      <Title order={2}>Dispatch statistics</Title>
      <PeriodControl />
      <KpiCards totals={g} />
      {g && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <GrossChart series={g.graph} week={week} />
          <RpmChart series={g.graph} week={week} />
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
