import { Badge, Group, Loader, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { recordPath } from '../../platform/links';
import { loadExpiring, qualificationKeys } from './qualification.api';
import { DaysLeftBadge } from './qualification-panel';

type Show = 'all' | 'overdue' | 'due';

/**
 * Safety → Expiring soon (beyond the spec, issue 18): everything overdue or due within 30 days —
 * drivers' CDL, medical card and qualification file, trucks' and trailers' inspections and
 * registrations, and what other modules register — soonest first; a row opens its record.
 */
export function ExpiringPage() {
  const navigate = useNavigate();
  const [show, setShow] = useState<Show>('all');
  const query = useQuery({
    queryKey: qualificationKeys.list('expiring'),
    queryFn: loadExpiring,
    refetchOnWindowFocus: true,
  });
  const items = (query.data?.items ?? []).filter((i) =>
    show === 'all' ? true : show === 'overdue' ? i.days < 0 : i.days >= 0,
  );

  return (
    <Stack gap="sm" data-testid="expiring-page">
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={2}>Expiring soon</Title>
          {query.data && (
            <>
              <Badge color="red" variant="filled" data-testid="expiring-overdue">
                {query.data.overdue} overdue
              </Badge>
              <Badge color="orange" variant="light" data-testid="expiring-due">
                {query.data.count - query.data.overdue} due within 30 days
              </Badge>
            </>
          )}
        </Group>
        <SegmentedControl
          size="xs"
          value={show}
          onChange={(v) => setShow(v as Show)}
          data={[
            { value: 'all', label: 'All' },
            { value: 'overdue', label: 'Overdue' },
            { value: 'due', label: 'Due in 30 days' },
          ]}
        />
      </Group>
      <Paper withBorder radius="sm">
        {query.isLoading ? (
          <Group justify="center" py="xl">
            <Loader size="sm" />
          </Group>
        ) : items.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl" data-testid="expiring-empty">
            Nothing is overdue or due within 30 days.
          </Text>
        ) : (
          <Table highlightOnHover striped fz="sm" data-testid="expiring-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Due date</Table.Th>
                <Table.Th>Days left</Table.Th>
                <Table.Th>What</Table.Th>
                <Table.Th>Driver / unit</Table.Th>
                <Table.Th>Detail</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((i) => (
                <Table.Tr
                  key={`${i.entity}-${i.entity_id}-${i.kind}-${i.due_on}`}
                  style={{ cursor: 'pointer' }}
                  onClick={() => navigate(recordPath(i.entity, i.entity_id))}
                  data-testid="expiring-row"
                >
                  <Table.Td>{i.due_on}</Table.Td>
                  <Table.Td>
                    <DaysLeftBadge days={i.days} />
                  </Table.Td>
                  <Table.Td>{i.kind}</Table.Td>
                  <Table.Td>{i.unit}</Table.Td>
                  <Table.Td>{i.detail ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </Stack>
  );
}
