import { formatDateTime } from '@backhaul/shared/formats/formats';
import { NoteFormSchema } from '@backhaul/shared/modules/units/units.contract';
import { ActionIcon, Button, Group, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPencil, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DeleteIconButton, useConfirmedDelete } from '../../platform/record/confirm-dialog';
import { useRecordForm } from '../../platform/record/use-record-form';
import { type UnitPrefix, unitParts } from './units.api';

type Props = { prefix: UnitPrefix; unitId: number; readOnly: boolean };
/** Note filters wait 500 ms and are lowercased (001 §5, §9). */
const NOTE_FILTER_DEBOUNCE_MS = 500;

export function NotesPanel({ prefix, unitId, readOnly }: Props) {
  const [filter, setFilter] = useState('');
  const [text] = useDebouncedValue(filter.toLowerCase(), NOTE_FILTER_DEBOUNCE_MS);
  const parts = unitParts(prefix);
  const query = useQuery({
    queryKey: parts.keys.list('notes', unitId, text),
    queryFn: () => parts.listNotes(unitId, text),
    placeholderData: keepPreviousData,
  });
  const [editingId, setEditingId] = useState<number | null>(null);
  const remove = useConfirmedDelete({ onDone: () => void query.refetch(), testId: 'confirm-item-delete' });

  const { form, submit, saving } = useRecordForm({
    initialValues: { notes: '' },
    schema: NoteFormSchema,
    save: (values) => parts.notes.save(editingId, values, { parentId: unitId }),
    invalidate: parts.keys.all,
    resetOnSave: true,
    onSaved: () => setEditingId(null),
  });

  const list = query.data?.list ?? [];
  return (
    <Stack gap="sm" data-testid="notes-panel">
      {!readOnly && (
        <form onSubmit={submit} noValidate>
          <Stack gap="xs">
            <Textarea
              label={editingId ? 'Edit note' : 'New note'}
              autosize
              minRows={2}
              maxRows={6}
              data-testid="note-text"
              {...form.getInputProps('notes')}
            />
            <Group justify="flex-end" gap="xs">
              {editingId && (
                <Button
                  variant="default"
                  onClick={() => {
                    setEditingId(null);
                    form.setValues({ notes: '' });
                  }}
                >
                  Cancel
                </Button>
              )}
              <Button type="submit" loading={saving} data-testid="note-save">
                {editingId ? 'Update note' : 'Add note'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      <TextInput
        size="xs"
        placeholder="Filter notes"
        leftSection={<IconSearch size={14} />}
        value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)}
      />
      {list.map((n) => (
        <Paper key={n.id} withBorder p="xs" radius="sm" data-testid="note-row">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={2}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {n.notes}
              </Text>
              <Text size="xs" c="dimmed">
                {n.created_by ?? 'System'} · {formatDateTime(n.created_at)}
              </Text>
            </Stack>
            {!readOnly && (
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  aria-label="Edit note"
                  onClick={() => {
                    setEditingId(n.id);
                    form.setValues({ notes: n.notes });
                  }}
                >
                  <IconPencil size={14} />
                </ActionIcon>
                <DeleteIconButton
                  label="Delete note"
                  onClick={() => remove.ask(parts.notes.deleteUrl(n.id), 'this note')}
                />
              </Group>
            )}
          </Group>
        </Paper>
      ))}
      {list.length === 0 && query.data && (
        <Text size="sm" c="dimmed">
          No notes.
        </Text>
      )}
      {remove.dialog}
    </Stack>
  );
}
