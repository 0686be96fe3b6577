import { formatDateTime } from '@backhaul/shared/formats/formats';
import { Loader, Modal, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../platform/api-client';

type LogRow = { id: number; at: string; user: string | null; action: string; changes: string | null };

/** Actions history of one employee (POST /employees/filterLogs; needs edit and view, 001 §6). */
export function EmployeeHistory({ id, onClose }: { id: number | null; onClose: () => void }) {
  const query = useQuery({
    queryKey: ['employee-history', id],
    enabled: id !== null,
    staleTime: 0,
    queryFn: () =>
      api.post<{ rows: LogRow[] }>('/employees/filterLogs', {
        filters: { entity_id: { op: 'eq', value: id } },
        limit: 200,
        with_options: false,
      }),
  });
  const rows = query.data?.rows ?? [];
  return (
    <Modal opened={id !== null} onClose={onClose} title={`Actions history · employee #${id ?? ''}`} size="xl" centered>
      {query.isPending ? (
        <Loader size="sm" />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No changes recorded yet.
        </Text>
      ) : (
        <Table striped verticalSpacing={6} data-testid="employee-history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>User</Table.Th>
              <Table.Th>Action</Table.Th>
              <Table.Th>Changes</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{formatDateTime(r.at)}</Table.Td>
                <Table.Td>{r.user ?? 'System'}</Table.Td>
                <Table.Td>{r.action}</Table.Td>
                <Table.Td>{r.changes}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  );
}
