import { formatMoney, pluralize } from '@backhaul/shared/formats/formats';
import { type ScheduleForm, ScheduleFormSchema } from '@backhaul/shared/modules/schedules/schedules.contract';
import { Checkbox, Group, Loader, Modal, ScrollArea, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { RecordDialogFooter } from '../../platform/record/record-dialog';
import { useRecordDialog } from '../../platform/record/use-record-dialog';
import { schedulesApi } from './schedules.api';

/** The schedule being created (id null) or edited; null when closed. */
export type ScheduleEditing = { id: number | null } | null;

/**
 * Create or edit a schedule: a name, the factoring company and the loads it takes (delivered,
 * factored, with PPW, on no other schedule — the server's list from GET /schedules/create or /:id/edit).
 */
export function ScheduleFormDialog(props: { editing: ScheduleEditing; onClose: () => void; onSaved: () => void }) {
  const { editing } = props;
  const [search, setSearch] = useState('');
  const empty: ScheduleForm = { name: '', factoring_company_id: '', load_ids: [] };
  const { form, data, submit, saving } = useRecordDialog({
    api: schedulesApi,
    id: editing?.id ?? null,
    opened: editing !== null,
    schema: ScheduleFormSchema,
    empty,
    toValues: (loaded) =>
      loaded.schedule
        ? {
            name: loaded.schedule.name,
            factoring_company_id: String(loaded.schedule.factoring_company_id),
            load_ids: loaded.schedule.load_ids,
          }
        : empty,
    onLoad: () => setSearch(''),
    onSaved: props.onSaved,
    onClose: props.onClose,
  });

  const chosen = new Set((form.values.load_ids ?? []).map(Number));
  const loads = useMemo(() => {
    const text = search.trim().toLowerCase();
    const all = data?.loads ?? [];
    if (!text) return all;
    return all.filter((l) =>
      [l.load_id, l.customer, l.broker, l.broker_number, l.delivery_date].some((v) =>
        String(v ?? '')
          .toLowerCase()
          .includes(text),
      ),
    );
  }, [data, search]);
  const total = (data?.loads ?? []).filter((l) => chosen.has(l.load_id)).reduce((s, l) => s + l.gross, 0);
  const toggle = (id: number) =>
    form.setFieldValue('load_ids', chosen.has(id) ? [...chosen].filter((x) => x !== id) : [...chosen, id]);

  return (
    <Modal
      opened={editing !== null}
      onClose={props.onClose}
      title={editing?.id ? 'Edit schedule' : 'New schedule'}
      size="xl"
      centered
    >
      {!data ? (
        <Loader size="sm" />
      ) : (
        <form onSubmit={submit} noValidate data-testid="schedule-form">
          <Stack gap="sm">
            <Group grow align="flex-start">
              <TextInput label="Name" withAsterisk data-testid="field-name" {...form.getInputProps('name')} />
              <Select
                label="Factoring company"
                withAsterisk
                allowDeselect={false}
                searchable
                data={data.factoring.map((f) => ({ value: String(f.id), label: `${f.name} (${f.percent} %)` }))}
                data-testid="field-factoring_company_id"
                {...form.getInputProps('factoring_company_id')}
              />
            </Group>
            <Group justify="space-between">
              <TextInput
                size="xs"
                w={260}
                placeholder="Search loads"
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
              />
              <Text size="sm" data-testid="schedule-form-total">
                {pluralize(chosen.size, 'load')} · {formatMoney(total)}
              </Text>
            </Group>
            {form.errors.load_ids && (
              <Text size="sm" c="red" data-testid="error-load_ids">
                {form.errors.load_ids}
              </Text>
            )}
            <ScrollArea h={320}>
              <Table striped highlightOnHover stickyHeader verticalSpacing={4}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th />
                    <Table.Th>Load</Table.Th>
                    <Table.Th>Customer</Table.Th>
                    <Table.Th>Broker</Table.Th>
                    <Table.Th>Delivered</Table.Th>
                    <Table.Th ta="right">Gross</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {loads.map((l) => (
                    <Table.Tr
                      key={l.load_id}
                      data-testid="eligible-load"
                      onClick={() => toggle(l.load_id)}
                      style={{ cursor: 'pointer' }}
                    >
                      <Table.Td>
                        <Checkbox
                          checked={chosen.has(l.load_id)}
                          onChange={() => toggle(l.load_id)}
                          aria-label={`Load ${l.load_id}`}
                        />
                      </Table.Td>
                      <Table.Td>{l.load_id}</Table.Td>
                      <Table.Td>{l.customer}</Table.Td>
                      <Table.Td>{l.broker}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{l.delivery_date}</Table.Td>
                      <Table.Td ta="right">{formatMoney(l.gross)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
            <RecordDialogFooter onClose={props.onClose} loading={saving} mt={0} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
