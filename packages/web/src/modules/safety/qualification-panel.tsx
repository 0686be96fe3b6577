import { ACTION, SECTION } from '@backhaul/shared';
import {
  EMPTY_QUALIFICATION_ITEM,
  QUALIFICATION_FILE_ENTITY,
  type QualificationItem,
  QualificationItemFormSchema,
  type QualificationState,
} from '@backhaul/shared/modules/safety/qualification.contract';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  FileButton,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconEdit, IconPaperclip, IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { LazyChart } from '../../platform/charts/lazy-chart';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { DeleteIconButton, useConfirmedDelete } from '../../platform/record/confirm-dialog';
import { RecordDialog } from '../../platform/record/record-dialog';
import { downloadLink } from '../../platform/services/download';
import { uploadFile, uploadProblem } from '../../platform/services/files.api';
import { loadQualification, loadScoreTrend, qualificationApi, qualificationKeys } from './qualification.api';

const STATE_COLOR: Record<QualificationState, string> = {
  missing: 'gray',
  expired: 'red',
  due: 'orange',
  valid: 'green',
};

/** Days left as a coloured badge: red when overdue, orange within 30 days, green later. */
export function DaysLeftBadge({ days }: { days: number | null }) {
  if (days === null) return <Text size="sm">—</Text>;
  const color = days < 0 ? 'red' : days <= 30 ? 'orange' : 'green';
  const label = days < 0 ? `${-days} d overdue` : days === 0 ? 'today' : `${days} d`;
  return (
    <Badge color={color} variant={days < 0 ? 'filled' : 'light'} data-testid="days-left">
      {label}
    </Badge>
  );
}

/**
 * The driver's qualification file on the driver's card: completeness, the six items with their
 * dates, days left, note and files; safety users add, edit and delete records and attach files.
 */
export function QualificationPanel({ driverId }: { driverId: number }) {
  const tree = usePermissionTree();
  const can = (action: number) => allowsButton(tree, { section: SECTION.Safety, ids: [action] });
  const client = useQueryClient();
  const query = useQuery({
    queryKey: qualificationKeys.record(driverId),
    queryFn: () => loadQualification(driverId),
    staleTime: 0,
  });
  // The file, and what counts its dates: the Expiring soon list and the header's badge.
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: qualificationKeys.record(driverId) }),
      client.invalidateQueries({ queryKey: qualificationKeys.list('expiring') }),
      client.invalidateQueries({ queryKey: ['badge', '/safety/expiring'] }),
    ]);
  const itemApi = useMemo(() => qualificationApi(driverId), [driverId]);
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const del = useConfirmedDelete({ onDone: refresh, testId: 'qualification-delete-confirm' });

  const attach = async (item: QualificationItem, file: File | null) => {
    if (!file || item.id === null) return;
    const problem = uploadProblem(file.name);
    if (problem) return showAlert('error', problem);
    try {
      await uploadFile({ entity: QUALIFICATION_FILE_ENTITY, entityId: item.id, file, category: item.kind });
      showAlert('success', 'File uploaded.');
      refresh();
    } catch (err) {
      showAlert('error', err instanceof Error ? err.message : 'Upload failed.');
    }
  };

  if (query.isLoading)
    return (
      <Group justify="center" py="sm">
        <Loader size="sm" />
      </Group>
    );
  if (!query.data) return <Text c="dimmed">The qualification file could not be loaded.</Text>;
  const { items, completeness, history } = query.data;
  const older = history.length - items.filter((i) => i.source === 'file' && i.id !== null).length;

  return (
    <Stack gap="xs" data-testid="qualification-panel">
      <Group justify="space-between">
        <Group gap="xs">
          <Badge
            size="lg"
            color={completeness.complete ? 'green' : completeness.expired ? 'red' : 'orange'}
            data-testid="qualification-completeness"
          >
            {completeness.label}
          </Badge>
          {older > 0 && (
            <Text size="xs" c="dimmed">
              {older} earlier record{older === 1 ? '' : 's'} kept
            </Text>
          )}
        </Group>
        {can(ACTION.CREATE) && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => setEditing({ id: null })}
            data-testid="qualification-add"
          >
            Add record
          </Button>
        )}
      </Group>
      <Table striped withTableBorder fz="sm" data-testid="qualification-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th>Performed / issued</Table.Th>
            <Table.Th>Expires / next due</Table.Th>
            <Table.Th>Days left</Table.Th>
            <Table.Th>Note</Table.Th>
            <Table.Th>Files</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((i) => (
            <Table.Tr key={i.kind} data-testid={`qualification-${i.kind}`}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Badge size="xs" color={STATE_COLOR[i.state]} variant="dot">
                    {i.state}
                  </Badge>
                  <Text size="sm">{i.label}</Text>
                </Group>
              </Table.Td>
              <Table.Td>{i.performed_on ?? '—'}</Table.Td>
              <Table.Td>{i.expires_on ?? (i.state === 'valid' ? 'does not expire' : '—')}</Table.Td>
              <Table.Td>
                <DaysLeftBadge days={i.days_left} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={2}>
                  {i.source === 'driver' ? i.note || "From the driver's form" : i.note}
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  {i.files.map((f) => (
                    <Anchor
                      key={f.id}
                      size="xs"
                      component="button"
                      type="button"
                      onClick={() => downloadLink(`/api/files/${f.id}/download`)}
                    >
                      {f.name}
                    </Anchor>
                  ))}
                </Stack>
              </Table.Td>
              <Table.Td>
                {i.source === 'file' && i.id !== null && (
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    {can(ACTION.EDIT) && (
                      <FileButton onChange={(file) => attach(i, file)} accept=".png,.jpeg,.jpg,.bmp,.gif,.pdf">
                        {(props) => (
                          <Tooltip label="Attach a file">
                            <ActionIcon variant="subtle" size="sm" aria-label="Attach a file" {...props}>
                              <IconPaperclip size={14} />
                            </ActionIcon>
                          </Tooltip>
                        )}
                      </FileButton>
                    )}
                    {can(ACTION.EDIT) && (
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        aria-label="Edit"
                        onClick={() => setEditing({ id: i.id })}
                        data-testid={`qualification-edit-${i.kind}`}
                      >
                        <IconEdit size={14} />
                      </ActionIcon>
                    )}
                    {can(ACTION.DELETE) && (
                      <DeleteIconButton
                        label="Delete"
                        onClick={() => i.id !== null && del.ask(itemApi.deleteUrl(i.id), i.label)}
                      />
                    )}
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <RecordDialog
        api={itemApi}
        id={editing?.id ?? null}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={refresh}
        schema={QualificationItemFormSchema}
        empty={EMPTY_QUALIFICATION_ITEM}
        recordOf={(d) => (d as { item?: unknown }).item}
        title={{ create: 'New qualification record', edit: 'Edit qualification record', view: 'Qualification record' }}
        section={SECTION.Safety}
        cols={2}
        testId="qualification-dialog"
      />
      {del.dialog}
    </Stack>
  );
}

const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });

/** The driver's safety score of the last 12 months as a small line chart. */
export function ScoreTrendChart({ driverId }: { driverId: number }) {
  const query = useQuery({
    queryKey: qualificationKeys.list('score', driverId),
    queryFn: () => loadScoreTrend(driverId),
  });
  if (query.isLoading)
    return (
      <Group justify="center" py="sm">
        <Loader size="sm" />
      </Group>
    );
  const months = query.data?.months ?? [];
  if (months.length === 0) return <Text c="dimmed">No score yet.</Text>;
  const last = months.at(-1)?.score ?? 100;
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="score-trend">
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={500}>
          Safety score, last 12 months
        </Text>
        <Text size="sm" c={last >= 90 ? 'green' : last >= 60 ? 'orange' : 'red'} data-testid="score-current">
          This month: {last}
        </Text>
      </Group>
      <div style={{ height: 160 }}>
        <LazyChart
          type="line"
          data={{
            labels: months.map((m) => monthLabel(m.month)),
            datasets: [
              {
                label: 'Safety score',
                data: months.map((m) => m.score),
                borderColor: '#339af0',
                backgroundColor: 'rgba(51, 154, 240, 0.15)',
                fill: true,
                tension: 0.25,
                pointRadius: 3,
              },
            ],
          }}
          options={{
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            plugins: { legend: { display: false } },
            scales: {
              y: {
                min: 0,
                max: 100,
                ticks: { stepSize: 25, color: '#c9cbd0' },
                grid: { color: 'rgba(255,255,255,0.08)' },
              },
              x: { ticks: { color: '#c9cbd0' }, grid: { display: false } },
            },
          }}
        />
      </div>
    </Paper>
  );
}
