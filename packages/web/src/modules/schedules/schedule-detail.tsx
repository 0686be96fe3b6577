import { ACTION, SECTION } from '@backhaul/shared';
import { formatDateTime, formatMoney } from '@backhaul/shared/formats/formats';
import {
  SCHEDULE_LOAD_STATUS_LABELS,
  SCHEDULE_LOAD_STATUSES,
  ScheduleActionBodySchema,
  type ScheduleLoad,
  type ScheduleLoadBody,
  ScheduleLoadBodySchema,
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
import { api } from '../../platform/api-client';
import { downloadLink } from '../../platform/data-table/download';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { LabelledValue } from '../../platform/labelled-value';
import { useRecordForm } from '../../platform/record/use-record-form';

const S = SECTION.Schedules;

export async function downloadSchedule(id: number) {
  const { link } = await api.post<{ link: string }>(`/schedules/download/${id}`);
  await downloadLink(link);
}

/** One load's amount paid by factoring and its status; below the expected amount makes a short payment. */
function LoadAmount(props: { load: ScheduleLoad; canEdit: boolean; onSaved: () => void }) {
  const { load } = props;
  const { form, submit, saving } = useRecordForm<ScheduleLoadBody>({
    initialValues: { amount_factoring: load.amount_factoring ?? load.expected_factoring, status: load.status },
    schema: ScheduleLoadBodySchema,
    save: async (values) => {
      const res = await api.post<{ message: string; short_payment_id: number | null }>(
        `/schedules/load/${load.load_id}`,
        values,
      );
      return {
        message: res.short_payment_id ? `${res.message} · short payment #${res.short_payment_id}` : res.message,
      };
    },
    onSaved: props.onSaved,
  });
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
            data-testid="load-amount"
            {...form.getInputProps('amount_factoring')}
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
            data={SCHEDULE_LOAD_STATUSES.map((s) => ({ value: s, label: SCHEDULE_LOAD_STATUS_LABELS[s] }))}
            data-testid="load-status"
            {...form.getInputProps('status')}
          />
        ) : (
          <Text size="sm">{SCHEDULE_LOAD_STATUS_LABELS[load.status]}</Text>
        )}
      </Table.Td>
      {props.canEdit && (
        <Table.Td>
          <Button size="xs" variant="light" loading={saving} onClick={() => submit()} data-testid="load-save">
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
  const action = useRecordForm({
    initialValues: { action_text: '' },
    schema: ScheduleActionBodySchema,
    save: (values) => api.post<{ message: string }>(`/schedules/action/${id}`, values),
    resetOnSave: true,
    onSaved: reload,
  });
  const s = query.data?.schedule;
  const cell = (label: string, value: string, testId?: string) => (
    <LabelledValue label={label} value={value} testId={testId} />
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
                <form onSubmit={action.submit} noValidate>
                  <Group align="flex-end" gap="xs">
                    <Textarea
                      style={{ flex: 1 }}
                      autosize
                      minRows={1}
                      placeholder="Called the funding desk…"
                      data-testid="action-text"
                      {...action.form.getInputProps('action_text')}
                    />
                    <Button
                      size="xs"
                      type="submit"
                      loading={action.saving}
                      disabled={!action.form.values.action_text.trim()}
                      data-testid="action-add"
                    >
                      Add
                    </Button>
                  </Group>
                </form>
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
