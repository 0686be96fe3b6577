import { formatMoney } from '@backhaul/shared/formats/formats';
import { Button, Group, NumberInput, Select, Table, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DeleteIconButton } from '../../platform/record/confirm-dialog';
import type { AnyForm } from '../../platform/record/record-fields';

/** One column of a lines table: a header and the input of row `i` (named `<list>.<i>.<key>`). */
export type LineColumn = { key: string; title: string; width?: number; input: (path: string) => ReactNode };

/**
 * The editable lines of a work order (labour, parts, descriptions, vendor invoices): one row per
 * line, Add appends an empty one, the bin takes it off (a saved line's id goes to `onRemoveSaved`,
 * so the save drafts its deletion). Messages of a 422 (`parts.0.quantity`) show under the inputs.
 */
export function WorkOrderLines(props: {
  form: AnyForm;
  list: string;
  title: string;
  empty: Record<string, unknown>;
  columns: LineColumn[];
  amount?: (line: Record<string, unknown>) => number;
  /** The computed amount's column title (default Amount). */
  amountTitle?: string;
  onRemoveSaved: (id: number) => void;
  readOnly?: boolean;
}) {
  const lines = (props.form.getValues()[props.list] ?? []) as Array<Record<string, unknown>>;
  const noun = props.title.toLowerCase().replace(/s$/, '');
  return (
    <div data-testid={`lines-${props.list}`}>
      <Group justify="space-between" mb={4}>
        <Text fw={600} size="sm">
          {props.title}
        </Text>
        {!props.readOnly && (
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<IconPlus size={12} />}
            onClick={() => props.form.insertListItem(props.list, { ...props.empty })}
          >
            Add {noun}
          </Button>
        )}
      </Group>
      {lines.length === 0 ? (
        <Text size="xs" c="dimmed">
          No {props.title.toLowerCase()} yet.
        </Text>
      ) : (
        <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              {props.columns.map((c) => (
                <Table.Th key={c.key} style={{ width: c.width, fontSize: 12 }}>
                  {c.title}
                </Table.Th>
              ))}
              {props.amount && (
                <Table.Th style={{ width: 96, fontSize: 12, textAlign: 'right' }}>
                  {props.amountTitle ?? 'Amount'}
                </Table.Th>
              )}
              <Table.Th style={{ width: 32 }} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line, i) => (
              <Table.Tr key={String(line.id ?? `new-${i}`)}>
                {props.columns.map((c) => (
                  <Table.Td key={c.key} style={{ verticalAlign: 'top' }}>
                    {c.input(`${props.list}.${i}.${c.key}`)}
                  </Table.Td>
                ))}
                {props.amount && (
                  <Table.Td style={{ textAlign: 'right', verticalAlign: 'top', paddingTop: 8 }}>
                    <Text size="sm">{formatMoney(props.amount(line))}</Text>
                  </Table.Td>
                )}
                <Table.Td style={{ verticalAlign: 'top' }}>
                  {!props.readOnly && (
                    <DeleteIconButton
                      mt={4}
                      label={`Remove ${noun}`}
                      onClick={() => {
                        if (typeof line.id === 'number') props.onRemoveSaved(line.id);
                        props.form.removeListItem(props.list, i);
                      }}
                      size="md"
                    />
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </div>
  );
}

/** Inputs of a line, bound to the form by path. */
export const lineInputs = (form: AnyForm) => ({
  text: (placeholder: string) => (path: string) => (
    <TextInput size="xs" placeholder={placeholder} aria-label={placeholder} {...form.getInputProps(path)} />
  ),
  area: (placeholder: string) => (path: string) => (
    <Textarea
      size="xs"
      autosize
      minRows={1}
      maxRows={4}
      placeholder={placeholder}
      aria-label={placeholder}
      {...form.getInputProps(path)}
    />
  ),
  number:
    (placeholder: string, money = false) =>
    (path: string) => (
      <NumberInput
        size="xs"
        placeholder={placeholder}
        aria-label={placeholder}
        decimalScale={2}
        hideControls
        {...(money ? { prefix: '$', thousandSeparator: ',' } : {})}
        {...form.getInputProps(path)}
      />
    ),
  select: (placeholder: string, data: Array<{ value: string; label: string }>) => (path: string) => (
    <Select
      size="xs"
      placeholder={placeholder}
      aria-label={placeholder}
      data={data}
      searchable
      clearable
      {...form.getInputProps(path)}
    />
  ),
});
