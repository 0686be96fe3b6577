import { formatMoney, formatNumber } from '@backhaul/shared/formats/formats';
import type { StatisticsTotals } from '@backhaul/shared/modules/statistics/statistics.contract';
import { Paper, SimpleGrid, Text } from '@mantine/core';

const rate = (v: number) => `${formatMoney(v)}/mi`;

/** The window's figures as cards: loads, trucks, gross, average rate per mile, spot rate. */
export function KpiCards({
  totals,
  extra,
}: {
  totals: StatisticsTotals | undefined;
  extra?: { label: string; value: string };
}) {
  const cards = [
    { id: 'loads', label: 'Loads', value: totals ? formatNumber(totals.total_load) : '—' },
    { id: 'trucks', label: 'Trucks', value: totals ? formatNumber(totals.total_truck) : '—' },
    { id: 'gross', label: 'Gross', value: totals ? formatMoney(totals.amount) : '—' },
    { id: 'rate', label: 'Average rate', value: totals ? rate(totals.rateAverage) : '—' },
    { id: 'spot', label: 'Spot rate (last 7 days)', value: totals ? rate(totals.spot_rate) : '—' },
    ...(extra ? [{ id: 'extra', ...extra }] : []),
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: cards.length }} spacing="sm">
      {cards.map((c) => (
        <Paper key={c.id} withBorder p="sm" radius="md" data-testid={`kpi-${c.id}`}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {c.label}
          </Text>
          <Text size="xl" fw={700}>
            {c.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
