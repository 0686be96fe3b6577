import { formatDateTime } from '@backhaul/shared/formats/formats';
import { Modal, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

type LogRow = { id: number; at: string; user: string | null; action: string; changes: string | null };

/** Actions history of one record (needs edit and view, 001 §6), from a registry's …/filterLogs. */
export function ChangeLogDialog(props: { url: string; id: number | null; title: string; onClose: () => void }) {
  const query = useQuery({
    queryKey: ['change-log', props.url, props.id],
    queryFn: () =>
      api.post<{ rows: LogRow[] }>(props.url, { filters: { entity_id: { op: 'eq', value: props.id } }, limit: 200 }),
    enabled: props.id !== null,
  });
  const rows = query.data?.rows ?? [];
  return (
    <Modal opened={props.id !== null} onClose={props.onClose} title={props.title} size="lg" centered>
      {query.data && rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No changes recorded.
        </Text>
      ) : (
        <Table striped withTableBorder fz="sm" data-testid="change-log">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>User</Table.Th>
              <Table.Th>Action</Table.Th>
              <Table.Th>Changed fields</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{formatDateTime(r.at)}</Table.Td>
                <Table.Td>{r.user}</Table.Td>
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
