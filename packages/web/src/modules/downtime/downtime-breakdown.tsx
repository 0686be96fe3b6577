import { formatMoney } from '@backhaul/shared/formats/formats';
import { DOWNTIME_UNIT_TYPES, type DowntimeRow } from '@backhaul/shared/modules/downtime/downtime.contract';
import { Group, Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { downtimeApi } from './downtime.api';

const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * A Downtime row opened: the unit's days that month line by line — each work order's stay and each
 * road day out of service — with the truck's gross per day and what each cost, and the basis in words.
 */
export function DowntimeBreakdownDialog({ row, onClose }: { row: DowntimeRow | null; onClose: () => void }) {
  const query = useQuery({
    queryKey: ['downtime', 'breakdown', row?.unit_type, row?.unit_id, row?.month],
    queryFn: () => downtimeApi.breakdown(row?.unit_type ?? 'truck', row?.unit_id ?? 0, row?.month ?? ''),
    enabled: row !== null,
  });
  const data = query.data;
  const priced = row?.unit_type === 'truck';
  const title = row ? `${DOWNTIME_UNIT_TYPES[row.unit_type]} ${row.unit ?? `#${row.unit_id}`} · ${row.month}` : '';
  return (
    <Modal opened={row !== null} onClose={onClose} title={title} size="xl" centered>
      {!data ? (
        <Stack gap="xs">
          <Skeleton h={40} />
          <Skeleton h={120} />
        </Stack>
      ) : (
        <Stack gap="sm" data-testid="downtime-breakdown">
          <Group gap="xl">
            <Figure label="In the shop" value={days(data.shop_days)} />
            <Figure label="On the road" value={days(data.road_days)} />
            <Figure label="Days down" value={days(data.days)} />
            {data.cost !== null && <Figure label="Cost" value={formatMoney(data.cost)} />}
          </Group>
          <Text size="xs" c="dimmed" data-testid="downtime-basis">
            {data.basis}
          </Text>
          <Table striped withTableBorder fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>What</Table.Th>
                <Table.Th>From</Table.Th>
                <Table.Th>To</Table.Th>
                <Table.Th ta="right">Days</Table.Th>
                {priced && <Table.Th ta="right">Gross per day</Table.Th>}
                {priced && <Table.Th ta="right">Cost</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.lines.map((l) => (
                <Table.Tr key={`${l.kind}-${l.work_order_id ?? l.from}`} data-testid="downtime-line">
                  <Table.Td>
                    {l.kind === 'shop' ? `Work order #${l.work_order_id}` : 'On the road, out of service'}
                  </Table.Td>
                  <Table.Td>{l.from}</Table.Td>
                  <Table.Td>{l.kind === 'road' ? '' : (l.to ?? 'Still in the shop')}</Table.Td>
                  <Table.Td ta="right">{l.days}</Table.Td>
                  {priced && (
                    <Table.Td ta="right">{l.gross_per_day === null ? '' : formatMoney(l.gross_per_day)}</Table.Td>
                  )}
                  {priced && <Table.Td ta="right">{l.cost === null ? '' : formatMoney(l.cost)}</Table.Td>}
                </Table.Tr>
              ))}
              {data.lines.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={priced ? 6 : 4}>
                    <Text size="sm" c="dimmed">
                      Nothing out of service this month.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Modal>
  );
}
