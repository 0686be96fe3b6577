import type { AssignmentRow } from '@backhaul/shared/modules/units/units.contract';
import { Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../platform/api-client';

type Props = { prefix: '/trucks' | '/trailers'; unitId: number };

/** Who the unit was assigned to and when (written whenever the customer, driver or trailer changes). */
export function HistoryPanel({ prefix, unitId }: Props) {
  const query = useQuery({
    queryKey: ['unit-history', prefix, unitId],
    queryFn: () => api.post<{ history: AssignmentRow[] }>(`${prefix}/updateTruckCustomer`, { id: unitId }),
  });
  const rows = query.data?.history ?? [];
  const truck = prefix === '/trucks';
  if (query.data && rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No assignments yet.
      </Text>
    );
  return (
    <Table striped withTableBorder fz="sm" data-testid="history-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>From</Table.Th>
          <Table.Th>To</Table.Th>
          <Table.Th>Customer</Table.Th>
          {truck && <Table.Th>Driver</Table.Th>}
          {truck && <Table.Th>Trailer</Table.Th>}
          <Table.Th>Changed by</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((h) => (
          <Table.Tr key={h.id}>
            <Table.Td>{h.from_date}</Table.Td>
            <Table.Td>{h.to_date ?? 'now'}</Table.Td>
            <Table.Td>{h.customer}</Table.Td>
            {truck && <Table.Td>{h.driver}</Table.Td>}
            {truck && <Table.Td>{h.trailer_number}</Table.Td>}
            <Table.Td>{h.changed_by}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
