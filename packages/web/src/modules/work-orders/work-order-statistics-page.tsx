import { formatMoney, formatNumber } from '@backhaul/shared/formats/formats';
import { WORK_ORDER_STATUS, type WoStatisticsBody } from '@backhaul/shared/modules/work-orders/work-orders.contract';
import { Group, Modal, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DateField } from '../../platform/forms/date-field';
import { QueryState } from '../../platform/query-state';
import { WorkOrderDialog } from './work-order-dialog';
import { WoBreakdown, WoChart, WoKpis } from './work-order-statistics-parts';
import { workOrderStatisticsApi as statsApi } from './work-orders.api';

/** Shop → Work orders statistics: per day or month, by type, status and Shop manager; a period drills into its orders. */
export function WorkOrderStatisticsPage() {
  const [body, setBody] = useState<WoStatisticsBody>({ group: 'day' });
  const [period, setPeriod] = useState<string | null>(null);
  const [order, setOrder] = useState<number | null>(null);
  const stats = useQuery({
    queryKey: [...statsApi.keys, body],
    queryFn: () => statsApi.list(body),
    placeholderData: keepPreviousData,
  });
  const day = useQuery({
    queryKey: [...statsApi.keys, 'show', period],
    queryFn: () => statsApi.show(period as string),
    enabled: period !== null,
  });
  const data = stats.data;
  const set = (change: Partial<WoStatisticsBody>) => setBody((b) => ({ ...b, ...change }));
  return (
    <Stack gap="sm" data-testid="work-order-statistics-page">
      <Group justify="space-between">
        <Title order={2}>Work orders statistics</Title>
        <Group gap="xs">
          <SegmentedControl
            data={[
              { value: 'day', label: 'By day' },
              { value: 'month', label: 'By month' },
            ]}
            value={body.group ?? 'day'}
            onChange={(g) => setBody({ group: g as 'day' | 'month' })}
          />
          <DateField
            aria-label="From"
            placeholder="From"
            value={data?.from ?? ''}
            onChange={(v) => set({ from: v || undefined })}
            w={150}
          />
          <DateField
            aria-label="To"
            placeholder="To"
            value={data?.to ?? ''}
            onChange={(v) => set({ to: v || undefined })}
            w={150}
          />
        </Group>
      </Group>
      <WoKpis totals={data?.totals} />
      <QueryState query={stats}>
        {(data) => (
          <>
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
              <WoChart data={data} />
              {/* A scrolling region is a tab stop, so the keyboard can scroll it too. */}
              <Paper
                withBorder
                p="sm"
                radius="md"
                style={{ maxHeight: 300, overflow: 'auto' }}
                tabIndex={0}
                role="region"
                aria-label="Periods"
              >
                <Table highlightOnHover fz="sm" stickyHeader data-testid="periods">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{data.group === 'day' ? 'Day' : 'Month'}</Table.Th>
                      <Table.Th ta="right">Orders</Table.Th>
                      <Table.Th ta="right">Closed</Table.Th>
                      <Table.Th ta="right">Hours</Table.Th>
                      <Table.Th ta="right">Total</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.rows.map((r) => (
                      <Table.Tr
                        key={r.period}
                        style={{ cursor: r.count ? 'pointer' : undefined }}
                        onClick={() => r.count && setPeriod(r.period)}
                      >
                        <Table.Td>{r.period}</Table.Td>
                        <Table.Td ta="right">{formatNumber(r.count)}</Table.Td>
                        <Table.Td ta="right">{formatNumber(r.closed)}</Table.Td>
                        <Table.Td ta="right">{formatNumber(r.hours)}</Table.Td>
                        <Table.Td ta="right">{formatMoney(r.total)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Paper>
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
              <WoBreakdown title="By type" rows={data.by_type} />
              <WoBreakdown title="By status" rows={data.by_status} />
              <WoBreakdown title="By Shop manager" rows={data.by_technician} hours />
            </SimpleGrid>
          </>
        )}
      </QueryState>
      <Modal
        opened={period !== null}
        onClose={() => setPeriod(null)}
        title={`Work orders of ${period ?? ''}`}
        size="lg"
      >
        <Table highlightOnHover fz="sm" data-testid="period-orders">
          <Table.Tbody>
            {(day.data?.rows ?? []).map((r) => (
              <Table.Tr key={r.id} style={{ cursor: 'pointer' }} onClick={() => setOrder(r.id)}>
                <Table.Td>#{r.id}</Table.Td>
                <Table.Td>{r.wo_type}</Table.Td>
                <Table.Td>{r.unit}</Table.Td>
                <Table.Td>{WORK_ORDER_STATUS[r.status as keyof typeof WORK_ORDER_STATUS]}</Table.Td>
                <Table.Td>{r.technician}</Table.Td>
                <Table.Td ta="right">{formatMoney(r.total)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {day.data && (
          <Text
            size="sm"
            ta="right"
            fw={600}
            mt="xs"
          >{`${day.data.totals.count} orders · ${formatMoney(day.data.totals.total)}`}</Text>
        )}
      </Modal>
      <WorkOrderDialog
        id={order}
        opened={order !== null}
        onClose={() => setOrder(null)}
        onSaved={() => stats.refetch()}
      />
    </Stack>
  );
}
