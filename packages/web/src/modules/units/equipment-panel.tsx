import type { SelectOption } from '@backhaul/shared';
import {
  EMPTY_EQUIPMENT_FORM,
  type EquipmentForm,
  EquipmentFormSchema,
  type EquipmentRow,
} from '@backhaul/shared/modules/units/units.contract';
import { ActionIcon, Button, Group, NumberInput, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { DeleteIconButton, useConfirmedDelete } from '../../platform/record/confirm-dialog';
import { useRecordForm } from '../../platform/record/use-record-form';
import { type UnitPrefix, unitParts } from './units.api';

type Props = { prefix: UnitPrefix; unitId: number; readOnly: boolean };
const NEW = '__new__';

/** A unit's equipment; the name select can add a new name to General's list (setEquipment). */
export function EquipmentPanel({ prefix, unitId, readOnly }: Props) {
  const parts = unitParts(prefix);
  const query = useQuery({
    queryKey: parts.keys.list('equipment', unitId),
    queryFn: () => parts.listEquipment(unitId),
  });
  const [names, setNames] = useState<SelectOption[] | null>(null);
  const options = names ?? query.data?.filter.equipments ?? [];
  const [search, setSearch] = useState('');
  const [editingId, setEditingId] = useState<number | null>(null);
  const { form, submit, saving, run } = useRecordForm<EquipmentForm>({
    initialValues: EMPTY_EQUIPMENT_FORM,
    schema: EquipmentFormSchema,
    save: (values) => parts.equipment.save(editingId, values, { parentId: unitId }),
    invalidate: parts.keys.all,
    resetOnSave: true,
    onSaved: () => setEditingId(null),
  });
  const remove = useConfirmedDelete({ onDone: () => void query.refetch(), testId: 'confirm-item-delete' });

  const typed = search.trim();
  const exists = options.some((o) => o.label.toLowerCase() === typed.toLowerCase());
  const data = [
    ...options.map((o) => ({ value: String(o.value), label: o.label })),
    ...(typed && !exists ? [{ value: NEW, label: `+ Create "${typed}"` }] : []),
  ];

  const choose = async (value: string | null) => {
    if (value !== NEW) return form.setFieldValue('equipment_name_id', value);
    // A new name joins General's list; a refused one (422) shows under the select.
    const res = await run(() => parts.setEquipment(typed), 'equipment_name_id');
    if (!res) return;
    showAlert('success', res.message);
    setNames(res.equipments);
    form.setFieldValue('equipment_name_id', String(res.equipment.value));
  };

  const edit = (row: EquipmentRow) => {
    setEditingId(row.id);
    form.setValues({
      equipment_name_id: String(row.equipment_name_id),
      quantity: row.quantity,
      serial: row.serial ?? '',
      notes: row.notes ?? '',
    });
  };

  const rows = query.data?.truck_equipment ?? [];
  return (
    <Stack gap="sm" data-testid="equipment-panel">
      {!readOnly && (
        <form onSubmit={submit} noValidate>
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <Select
              label="Equipment"
              withAsterisk
              allowDeselect={false}
              searchable
              w={220}
              data={data}
              searchValue={search}
              onSearchChange={setSearch}
              nothingFoundMessage="Type a name to create it"
              data-testid="equipment-name"
              {...form.getInputProps('equipment_name_id')}
              onChange={choose}
            />
            <NumberInput
              label="Qty"
              w={80}
              min={1}
              data-testid="equipment-quantity"
              {...form.getInputProps('quantity')}
            />
            <TextInput label="Serial" w={140} {...form.getInputProps('serial')} />
            <TextInput label="Notes" style={{ flex: 1 }} {...form.getInputProps('notes')} />
            <Button type="submit" mt={24} loading={saving} data-testid="equipment-save">
              {editingId ? 'Update' : 'Add'}
            </Button>
          </Group>
        </form>
      )}
      <Table striped withTableBorder fz="sm" data-testid="equipment-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Equipment</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
            <Table.Th>Serial</Table.Th>
            <Table.Th>Notes</Table.Th>
            <Table.Th w={70} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id} data-testid="equipment-row">
              <Table.Td>{r.name}</Table.Td>
              <Table.Td ta="right">{r.quantity}</Table.Td>
              <Table.Td>{r.serial}</Table.Td>
              <Table.Td>{r.notes}</Table.Td>
              <Table.Td>
                {!readOnly && (
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon size="sm" variant="subtle" aria-label="Edit" onClick={() => edit(r)}>
                      <IconPencil size={14} />
                    </ActionIcon>
                    <DeleteIconButton
                      label="Delete"
                      onClick={() => remove.ask(parts.equipment.deleteUrl(r.id), r.name)}
                    />
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {rows.length === 0 && query.data && (
        <Text size="sm" c="dimmed">
          No equipment yet.
        </Text>
      )}
      {remove.dialog}
    </Stack>
  );
}
