import { SECTION } from '@backhaul/shared';
import { formatMoney } from '@backhaul/shared/formats/formats';
import type { DowntimeUnitType } from '@backhaul/shared/modules/downtime/downtime.contract';
import { Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { downtimeApi } from './downtime.api';

const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

/** A unit's downtime on its card: this month and the last 12 months (shown to Downtime holders). */
export function UnitDowntime({ type, id }: { type: DowntimeUnitType; id: number | string | null }) {
  const allowed = allowsButton(usePermissionTree(), { section: SECTION.Downtime, ids: [] });
  const query = useQuery({
    queryKey: ['downtime', 'unit', type, id],
    queryFn: () => downtimeApi.unit(type, id as number),
    enabled: allowed && id !== null,
  });
  if (!allowed || id === null) return null;
  const figure = (label: string, value: { days: number; cost: number | null } | undefined) => (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {value ? (
        <Text size="sm" fw={500}>
          {days(value.days)}
          {value.cost !== null ? ` · ${formatMoney(value.cost)}` : ''}
        </Text>
      ) : (
        <Skeleton h={18} w={120} />
      )}
    </Stack>
  );
  return (
    <Paper withBorder p="xs" data-testid="unit-downtime">
      <Group gap="xl">
        <Text size="sm" fw={600}>
          Downtime
        </Text>
        {figure('This month', query.data?.this_month)}
        {figure('Last 12 months', query.data?.last_12_months)}
        {query.isError && (
          <Text size="xs" c="red">
            Could not load the downtime.
          </Text>
        )}
      </Group>
    </Paper>
  );
}
