import { formatMoney, formatPercent } from '@backhaul/shared/formats/formats';
import { type ValueForm, ValueFormSchema, type ValueRow } from '@backhaul/shared/modules/units/units.contract';
import { ActionIcon, Button, Group, NumberInput, Progress, Select, Stack, Table, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DeleteIconButton, useConfirmedDelete } from '../../platform/record/confirm-dialog';
import { useRecordForm } from '../../platform/record/use-record-form';
import { type UnitPrefix, unitParts } from './units.api';

type Props = { prefix: UnitPrefix; unitId: number; readOnly: boolean };
const EMPTY: ValueForm = { year: '', value: '' };

/** Value per year with the depreciation against the year before (the origin value first). */
export function ValuesPanel({ prefix, unitId, readOnly }: Props) {
  const parts = unitParts(prefix);
  const query = useQuery({
    queryKey: parts.keys.list('values', unitId),
    queryFn: () => parts.valueOverview(unitId),
  });
  const [editing, setEditing] = useState<ValueRow | null>(null);
  const remove = useConfirmedDelete({ onDone: () => void query.refetch(), testId: 'confirm-item-delete' });
  const data = query.data;
  const years = [...new Set([...(editing ? [editing.year] : []), ...(data?.filter.years ?? [])])].sort((a, b) => b - a);

  const { form, submit, saving } = useRecordForm<ValueForm>({
    initialValues: EMPTY,
    schema: ValueFormSchema,
    save: (values) => parts.values.save(editing?.id ?? null, values, { parentId: unitId }),
    invalidate: parts.keys.all,
    resetOnSave: true,
    onSaved: () => setEditing(null),
  });

  return (
    <Stack gap="sm" data-testid="values-panel">
      <Text size="sm">
        Origin value: <b>{data?.originValue === null || !data ? '—' : formatMoney(data.originValue)}</b>
      </Text>
      {!readOnly && (
        <form onSubmit={submit} noValidate>
          <Group align="flex-start" gap="xs">
            <Select
              label="Year"
              withAsterisk
              allowDeselect={false}
              w={120}
              data={years.map(String)}
              data-testid="value-year"
              {...form.getInputProps('year')}
              value={form.values.year === '' ? null : String(form.values.year)}
              onChange={(v) => form.setFieldValue('year', v ?? '')}
            />
            <NumberInput
              label="Value"
              withAsterisk
              w={180}
              prefix="$"
              thousandSeparator=","
              decimalScale={2}
              min={0}
              data-testid="value-amount"
              {...form.getInputProps('value')}
            />
            <Button type="submit" mt={24} loading={saving} data-testid="value-save">
              {editing ? 'Update' : 'Add value'}
            </Button>
            {editing && (
              <Button
                variant="default"
                mt={24}
                onClick={() => {
                  setEditing(null);
                  form.setValues(EMPTY);
                }}
              >
                Cancel
              </Button>
            )}
          </Group>
        </form>
      )}
      <Table striped withTableBorder fz="sm" data-testid="values-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Year</Table.Th>
            <Table.Th ta="right">Value</Table.Th>
            <Table.Th ta="right">Depreciation</Table.Th>
            <Table.Th ta="right">%</Table.Th>
            <Table.Th w={140}>Of origin</Table.Th>
            <Table.Th w={70} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(data?.years ?? []).map((v) => (
            <Table.Tr key={v.id} data-testid="value-row">
              <Table.Td>{v.year}</Table.Td>
              <Table.Td ta="right">{formatMoney(v.value)}</Table.Td>
              <Table.Td ta="right" c={v.depreciation !== null && v.depreciation > 0 ? 'red.4' : undefined}>
                {v.depreciation === null ? '' : formatMoney(v.depreciation)}
              </Table.Td>
              <Table.Td ta="right">
                {v.depreciation_percent === null ? '' : formatPercent(v.depreciation_percent)}
              </Table.Td>
              <Table.Td>
                {data?.originValue ? (
                  <Progress
                    value={Math.min(100, (v.value / data.originValue) * 100)}
                    color="teal"
                    size="sm"
                    aria-label={`${Math.round((v.value / data.originValue) * 100)}% of the origin value`}
                  />
                ) : null}
              </Table.Td>
              <Table.Td>
                {!readOnly && (
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      aria-label="Edit value"
                      onClick={() => {
                        setEditing(v);
                        form.setValues({ year: v.year, value: v.value });
                      }}
                    >
                      <IconPencil size={14} />
                    </ActionIcon>
                    <DeleteIconButton
                      label="Delete value"
                      onClick={() => remove.ask(parts.values.deleteUrl(v.id), `the ${v.year} value`)}
                    />
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {remove.dialog}
    </Stack>
  );
}
