import { formatMoney, pluralize } from '@backhaul/shared/formats/formats';
import {
  type ScheduleForm,
  ScheduleFormOptionsSchema,
  ScheduleFormSchema,
} from '@backhaul/shared/modules/schedules/schedules.contract';
import {
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { api } from '../../platform/api-client';
import { ApiError } from '../../platform/api-errors';
import { toFormErrors, zodValidator } from '../../platform/form-validation';

/** The schedule being created (id null) or edited; null when closed. */
export type ScheduleEditing = { id: number | null } | null;

/**
 * Create or edit a schedule: a name, the factoring company and the loads it takes (delivered,
 * factored, with PPW, on no other schedule — the server's list from GET /schedules/create or /:id/edit).
 */
export function ScheduleFormDialog(props: { editing: ScheduleEditing; onClose: () => void; onSaved: () => void }) {
  const { editing } = props;
  const [busy, setBusy] = useState(false);
  const [search, setSearch] = useState('');
  const query = useQuery({
    queryKey: ['schedules', 'form', editing?.id ?? 'new'],
    queryFn: () =>
      api.get(editing?.id ? `/schedules/${editing.id}/edit` : '/schedules/create', {
        schema: ScheduleFormOptionsSchema,
      }),
    enabled: editing !== null,
    staleTime: 0,
  });
  const data = query.data;
  const form = useForm<ScheduleForm>({
    initialValues: { name: '', factoring_company_id: '', load_ids: [] },
    validate: zodValidator(ScheduleFormSchema),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the options of a schedule arrive
  useEffect(() => {
    if (!data || editing === null) return;
    const values: ScheduleForm = data.schedule
      ? {
          name: data.schedule.name,
          factoring_company_id: String(data.schedule.factoring_company_id),
          load_ids: data.schedule.load_ids,
        }
      : { name: '', factoring_company_id: '', load_ids: [] };
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    setSearch('');
  }, [data, editing]);

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

  const submit = form.onSubmit(async (values) => {
    if (!editing) return;
    setBusy(true);
    try {
      const res = editing.id
        ? await api.put<{ message: string }>(`/schedules/${editing.id}`, values)
        : await api.post<{ message: string }>('/schedules', values);
      showAlert('success', res.message);
      props.onSaved();
      props.onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) form.setErrors(toFormErrors(err.fieldErrors));
    } finally {
      setBusy(false);
    }
  });

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
            <Group justify="flex-end">
              <Button variant="default" onClick={props.onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={busy} data-testid="record-save">
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
