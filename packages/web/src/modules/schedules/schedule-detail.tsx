import { ACTION, SECTION } from '@backhaul/shared';
import { formatDateTime, formatMoney } from '@backhaul/shared/formats/formats';
import {
  SCHEDULE_LOAD_STATUS_LABELS,
  SCHEDULE_LOAD_STATUSES,
  type ScheduleLoad,
  type ScheduleLoadStatus,
  ScheduleResponseSchema,
} from '@backhaul/shared/modules/schedules/schedules.contract';
import {
  Anchor,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconDownload, IconSend } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { api } from '../../platform/api-client';
import { ApiError } from '../../platform/api-errors';
import { downloadLink } from '../../platform/data-table/download';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';

const S = SECTION.Schedules;

export async function downloadSchedule(id: number) {
  const { link } = await api.post<{ link: string }>(`/schedules/download/${id}`);
  await downloadLink(link);
}

/** One load's amount paid by factoring and its status; below the expected amount makes a short payment. */
function LoadAmount(props: { load: ScheduleLoad; canEdit: boolean; onSaved: () => void }) {
  const { load } = props;
  const [amount, setAmount] = useState<number | string>(load.amount_factoring ?? load.expected_factoring);
  const [status, setStatus] = useState<ScheduleLoadStatus>(load.status);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await api.post<{ message: string; short_payment_id: number | null }>(
        `/schedules/load/${load.load_id}`,
        {
          amount_factoring: amount,
          status,
        },
      );
      showAlert(
        'success',
        res.short_payment_id ? `${res.message} · short payment #${res.short_payment_id}` : res.message,
      );
      props.onSaved();
    } catch (err) {
      if (err instanceof ApiError && err.status === 422)
        setError(
          Object.values(err.fieldErrors ?? {})
            .flat()
            .join(' '),
        );
    } finally {
      setBusy(false);
    }
  };
  const short = load.amount_factoring !== null && load.amount_factoring < load.expected_factoring;
  return (
    <Table.Tr data-testid="schedule-load" data-load-id={load.load_id}>
      <Table.Td>{load.load_id}</Table.Td>
      <Table.Td>{load.customer}</Table.Td>
      <Table.Td>{load.broker}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{load.delivery_date}</Table.Td>
      <Table.Td ta="right">{formatMoney(load.gross)}</Table.Td>
      <Table.Td ta="right">{formatMoney(load.expected_factoring)}</Table.Td>
      <Table.Td w={150}>
        {props.canEdit ? (
          <NumberInput
            size="xs"
            prefix="$"
            decimalScale={2}
            value={amount}
            onChange={setAmount}
            error={error}
            data-testid="load-amount"
          />
        ) : (
          <Text size="sm" ta="right" c={short ? 'red' : undefined}>
            {load.amount_factoring === null ? '' : formatMoney(load.amount_factoring)}
          </Text>
        )}
      </Table.Td>
      <Table.Td w={150}>
        {props.canEdit ? (
          <Select
            size="xs"
            allowDeselect={false}
            value={status}
            onChange={(v) => v && setStatus(v as ScheduleLoadStatus)}
            data={SCHEDULE_LOAD_STATUSES.map((s) => ({ value: s, label: SCHEDULE_LOAD_STATUS_LABELS[s] }))}
            data-testid="load-status"
          />
        ) : (
          <Text size="sm">{SCHEDULE_LOAD_STATUS_LABELS[load.status]}</Text>
        )}
      </Table.Td>
      {props.canEdit && (
        <Table.Td>
          <Button size="xs" variant="light" loading={busy} onClick={save} data-testid="load-save">
            Save
          </Button>
        </Table.Td>
      )}
    </Table.Tr>
  );
}

/** GET /schedules/:id: totals, the loads with per-load amounts, the PPW files and the actions. */
export function ScheduleDetail(props: {
  id: number | null;
  onClose: () => void;
  onSend: (id: number, email: string | null) => void;
}) {
  const { id } = props;
  const tree = usePermissionTree();
  const canEdit = allowsButton(tree, { section: S, ids: [ACTION.EDIT] });
  const canSend = allowsButton(tree, { section: S, ids: [ACTION.SEND] });
  const queryClient = useQueryClient();
  const [actionText, setActionText] = useState('');
  const query = useQuery({
    queryKey: ['schedules', 'detail', id],
    queryFn: () => api.get(`/schedules/${id}`, { schema: ScheduleResponseSchema }),
    enabled: id !== null,
    staleTime: 0,
  });
  const reload = () => {
    void query.refetch();
    void queryClient.invalidateQueries({ queryKey: ['list'] });
  };
  const addAction = async () => {
    if (!id) return;
    try {
      const res = await api.post<{ message: string }>(`/schedules/action/${id}`, { action_text: actionText });
      showAlert('success', res.message);
      setActionText('');
      reload();
    } catch {
      // the alert shows the server's message
    }
  };
  const s = query.data?.schedule;
  const cell = (label: string, value: string, testId?: string) => (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
  return (
    <Modal
      opened={id !== null}
      onClose={props.onClose}
      title={s ? `Schedule #${s.id} · ${s.name}` : 'Schedule'}
      size="90%"
      centered
    >
      {!s || !query.data ? (
        <Loader size="sm" />
      ) : (
        <Stack gap="md" data-testid="schedule-detail">
          <SimpleGrid cols={{ base: 2, md: 6 }} spacing="xs">
            {cell('Factoring', `${s.factoring ?? ''} (${s.factoring_percent} %)`)}
            {cell('Created', `${s.create_at} · ${s.created_by ?? ''}`)}
            {cell(
              'Loads',
              `${s.load_count} (applied ${s.applied_load}, not processed ${s.not_processed})`,
              'detail-counts',
            )}
            {cell('Gross', formatMoney(s.gross), 'detail-gross')}
            {cell('Expected', formatMoney(s.expected))}
            {cell('Paid by factoring', formatMoney(s.amount), 'detail-amount')}
          </SimpleGrid>
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconDownload size={14} />}
              onClick={() => downloadSchedule(s.id)}
            >
              Download PDF
            </Button>
            {canSend && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconSend size={14} />}
                onClick={() => props.onSend(s.id, s.factoring_email)}
                data-testid="detail-send"
              >
                Send
              </Button>
            )}
            {s.sent_at && (
              <Text size="xs" c="dimmed">
                Sent {formatDateTime(s.sent_at)}
              </Text>
            )}
          </Group>
          <ScrollArea.Autosize mah={360}>
            <Table striped stickyHeader>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Load</Table.Th>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th>Broker</Table.Th>
                  <Table.Th>Delivered</Table.Th>
                  <Table.Th ta="right">Gross</Table.Th>
                  <Table.Th ta="right">Expected</Table.Th>
                  <Table.Th>Paid by factoring</Table.Th>
                  <Table.Th>Status</Table.Th>
                  {canEdit && <Table.Th />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {s.loads.map((l) => (
                  <LoadAmount
                    key={`${l.load_id}-${l.amount_factoring}-${l.status}`}
                    load={l}
                    canEdit={canEdit}
                    onSaved={reload}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Stack gap="xs">
              <Title order={5}>PPW files</Title>
              {query.data.load_files.length === 0 && (
                <Text size="sm" c="dimmed">
                  No files
                </Text>
              )}
              {query.data.load_files.map((f) => (
                <Anchor key={f.id} size="sm" onClick={() => downloadLink(f.url)}>
                  Load {f.load_id} · {f.category ?? 'file'} · {f.name}
                </Anchor>
              ))}
            </Stack>
            <Stack gap="xs">
              <Title order={5}>Actions</Title>
              {canEdit && (
                <Group align="flex-end" gap="xs">
                  <Textarea
                    style={{ flex: 1 }}
                    autosize
                    minRows={1}
                    placeholder="Called the funding desk…"
                    value={actionText}
                    onChange={(e) => setActionText(e.currentTarget.value)}
                    data-testid="action-text"
                  />
                  <Button size="xs" onClick={addAction} disabled={!actionText.trim()} data-testid="action-add">
                    Add
                  </Button>
                </Group>
              )}
              {s.actions.map((a) => (
                <Text key={a.id} size="sm" data-testid="schedule-action">
                  <Text span c="dimmed" size="xs">
                    {a.created_at} · {a.created_by ?? ''}
                  </Text>{' '}
                  {a.action_text}
                </Text>
              ))}
            </Stack>
          </SimpleGrid>
        </Stack>
      )}
    </Modal>
  );
}
