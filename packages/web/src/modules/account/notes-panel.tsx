import { NoteFormSchema } from '@backhaul/shared/modules/account/account.contract';
import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { useRecordForm } from '../../platform/record/use-record-form';
import { accountApi, accountKeys } from './account.api';

function WriteNote({
  users,
  departments,
  onClose,
  onSent,
}: {
  users: { value: number; label: string }[];
  departments: { value: number; label: string }[];
  onClose: () => void;
  onSent: () => void;
}) {
  const { form, submit, saving } = useRecordForm({
    initialValues: { to: 'person' as 'person' | 'department', target: null as string | null, text: '' },
    schema: NoteFormSchema,
    body: ({ to, target, text }) => {
      const id = target ? Number(target) : null;
      return { user_id: to === 'person' ? id : null, department_id: to === 'department' ? id : null, text };
    },
    save: (body) => accountApi.sendNote(body),
    onSaved: () => {
      onSent();
      onClose();
    },
    // The person or the department is the one select.
    errorField: (name) => (name === 'user_id' || name === 'department_id' ? 'target' : name),
  });
  const to = form.values.to;
  const options = (to === 'person' ? users : departments).map((o) => ({ value: String(o.value), label: o.label }));
  return (
    <Modal opened onClose={onClose} title="Write a note" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <SegmentedControl
            value={to}
            onChange={(v) => form.setValues({ to: v as 'person', target: null })}
            data={[
              { value: 'person', label: 'To a person' },
              { value: 'department', label: 'To a department' },
            ]}
          />
          <Select
            label={to === 'person' ? 'Person' : 'Department'}
            data={options}
            searchable
            data-testid="note-target"
            {...form.getInputProps('target')}
          />
          <Textarea label="Note" autosize minRows={3} data-testid="note-text" {...form.getInputProps('text')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} data-testid="note-send">
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Notes to me (read status) and the ones I wrote; marking read lowers the header badge. */
export function NotesPanel() {
  const [box, setBox] = useState<'inbox' | 'sent'>('inbox');
  const [writing, setWriting] = useState(false);
  const client = useQueryClient();
  const notes = useQuery({ queryKey: accountKeys.notes(box), queryFn: () => accountApi.notes(box) });
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['account'] });
    void client.invalidateQueries({ queryKey: ['badge'] });
  };
  const toggle = async (id: number, status: 0 | 1) => {
    showAlert('success', (await accountApi.setNoteStatus(id, status)).message);
    refresh();
  };
  const data = notes.data;
  return (
    <Card withBorder padding="md" data-testid="notes-panel">
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Title order={4}>Notes</Title>
          {data && data.unread > 0 ? (
            <Badge color="orange" data-testid="notes-unread">
              {data.unread} unread
            </Badge>
          ) : null}
        </Group>
        <Button size="xs" onClick={() => setWriting(true)} data-testid="note-write">
          Write a note
        </Button>
      </Group>
      <SegmentedControl
        size="xs"
        mb="xs"
        value={box}
        onChange={(v) => setBox(v as 'inbox')}
        data={[
          { value: 'inbox', label: 'To me' },
          { value: 'sent', label: 'Sent' },
        ]}
      />
      <ScrollArea.Autosize mah={260}>
        <Stack gap={6}>
          {notes.isLoading ? (
            <Text size="sm" c="dimmed">
              Loading…
            </Text>
          ) : null}
          {data && data.rows.length === 0 ? (
            <Text size="sm" c="dimmed">
              No notes yet.
            </Text>
          ) : null}
          {data?.rows.map((n) => (
            <Card key={n.id} withBorder padding="xs" radius="sm" data-testid="note-row">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="xs" c="dimmed">
                    {box === 'inbox' ? `From ${n.author ?? '—'}` : `To ${n.department ?? n.recipient}`} · {n.created_at}
                  </Text>
                  <Text
                    size="sm"
                    fw={box === 'inbox' && n.status === 0 ? 700 : 400}
                    // A read note is dimmed text, not a faded card (faded text fell below 4.5:1).
                    c={box === 'inbox' && n.status === 1 ? 'dimmed' : undefined}
                    style={{ wordBreak: 'break-word' }}
                  >
                    {n.text}
                  </Text>
                </Stack>
                {box === 'inbox' ? (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    style={{ flexShrink: 0 }}
                    onClick={() => toggle(n.id, n.status === 0 ? 1 : 0)}
                    data-testid="note-toggle"
                  >
                    {n.status === 0 ? 'Mark read' : 'Mark unread'}
                  </Button>
                ) : (
                  <Badge size="xs" variant="light" color={n.status ? 'green' : 'gray'}>
                    {n.status ? 'Read' : 'Unread'}
                  </Badge>
                )}
              </Group>
            </Card>
          ))}
        </Stack>
      </ScrollArea.Autosize>
      {writing && data ? (
        <WriteNote
          users={data.users}
          departments={data.departments}
          onClose={() => setWriting(false)}
          onSent={refresh}
        />
      ) : null}
    </Card>
  );
}
