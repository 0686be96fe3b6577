import { ACTION, SECTION } from '@backhaul/shared';
import {
  EMPTY_SAFETY_EXCEPTION,
  SafetyExceptionFormSchema,
  type SafetyExceptionRow,
} from '@backhaul/shared/modules/safety/safety.contract';
import {
  Badge,
  Button,
  Group,
  Paper,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconCheck, IconPencil, IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { useConfirmedDelete } from '../../platform/record/confirm-dialog';
import { RecordDialog } from '../../platform/record/record-dialog';
import { commentException, exceptionsApi, loadExceptions, safetyKeys, updateException } from './safety.api';

type Status = 'open' | 'closed' | 'all';

/** Safety exceptions: open, closed or all on the left; the chosen one with its comments on the right. */
export function ExceptionsPanel() {
  const [status, setStatus] = useState<Status>('open');
  const [selected, setSelected] = useState<number | null>(null);
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const tree = usePermissionTree();
  const may = (id: number) => allowsButton(tree, { section: SECTION.Safety, ids: [id] });
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: safetyKeys.list('exceptions', status), queryFn: () => loadExceptions(status) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: safetyKeys.all });
  const remove = useConfirmedDelete({
    onDone: () => {
      setSelected(null);
      refresh();
    },
    testId: 'confirm-exception-delete',
  });
  const rows = list.data?.rows ?? [];
  const current = rows.find((r) => r.id === selected) ?? null;

  return (
    <Stack gap="sm" data-testid="exceptions-panel">
      <Group justify="space-between">
        <Group gap="sm">
          <SegmentedControl
            size="xs"
            value={status}
            onChange={(v) => setStatus(v as Status)}
            data={[
              { value: 'open', label: 'Open' },
              { value: 'closed', label: 'Closed' },
              { value: 'all', label: 'All' },
            ]}
          />
          <Badge color="red" variant="light" data-testid="exceptions-open-count">
            {list.data?.open ?? 0} open
          </Badge>
        </Group>
        {may(ACTION.CREATE) && (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEditing(null)}>
            New exception
          </Button>
        )}
      </Group>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <Paper withBorder w={460} style={{ flexShrink: 0 }}>
          <ScrollArea h="calc(100vh - 260px)">
            {rows.length === 0 && (
              <Text c="dimmed" size="sm" p="md">
                {list.isPending ? 'Loading…' : `No ${status === 'all' ? '' : `${status} `}exceptions.`}
              </Text>
            )}
            {rows.map((r) => (
              <UnstyledButton
                key={r.id}
                onClick={() => setSelected(r.id)}
                w="100%"
                px="sm"
                py={8}
                data-testid="exception-row"
                style={{
                  borderBottom: '1px solid var(--mantine-color-dark-4)',
                  background: r.id === selected ? 'var(--mantine-color-dark-5)' : undefined,
                }}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" fw={500} truncate>
                    {r.name}
                  </Text>
                  <Badge size="xs" color={r.status ? 'red' : 'gray'} variant="light">
                    {r.status ? 'Open' : 'Closed'}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {r.date} · {r.driver ?? 'No driver'} · {r.comments.length} comment{r.comments.length === 1 ? '' : 's'}
                </Text>
              </UnstyledButton>
            ))}
          </ScrollArea>
        </Paper>
        {current ? (
          <ExceptionDetail
            key={current.id}
            exception={current}
            may={may}
            onEdit={() => setEditing(current.id)}
            onDelete={() => remove.ask(exceptionsApi.deleteUrl(current.id), `exception "${current.name}"`)}
            onChanged={refresh}
          />
        ) : (
          <Paper withBorder p="lg" style={{ flex: 1 }}>
            <Text c="dimmed" size="sm">
              Choose an exception to see its actions and comments.
            </Text>
          </Paper>
        )}
      </Group>
      <RecordDialog
        api={exceptionsApi}
        schema={SafetyExceptionFormSchema}
        empty={EMPTY_SAFETY_EXCEPTION}
        recordOf={(data) => data.exception}
        title={{ create: 'New exception', edit: 'Edit exception' }}
        section={SECTION.Safety}
        cols={2}
        id={editing ?? null}
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        onSaved={refresh}
        testId="exception-dialog"
      />
      {remove.dialog}
    </Stack>
  );
}

function ExceptionDetail(props: {
  exception: SafetyExceptionRow;
  may: (action: number) => boolean;
  onEdit: () => void;
  onDelete: () => void;
  onChanged: () => void;
}) {
  const e = props.exception;
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<{ message: string }>) => {
    setBusy(true);
    try {
      showAlert('success', (await work()).message);
      setComment('');
      props.onChanged();
    } finally {
      setBusy(false);
    }
  };
  const canEdit = props.may(ACTION.EDIT);
  return (
    <Paper withBorder p="md" style={{ flex: 1 }} data-testid="exception-detail">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={4}>{e.name}</Title>
          <Text size="sm" c="dimmed">
            {e.date} · {e.driver ?? 'No driver'} · added by {e.created_by ?? '—'}
          </Text>
        </div>
        <Group gap="xs">
          {canEdit && (
            <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={props.onEdit}>
              Edit
            </Button>
          )}
          {canEdit &&
            (e.status ? (
              <Button
                size="xs"
                color="teal"
                leftSection={<IconCheck size={14} />}
                loading={busy}
                onClick={() => run(() => updateException(e.id, { status: 0, ...(comment.trim() ? { comment } : {}) }))}
              >
                Close exception
              </Button>
            ) : (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconRefresh size={14} />}
                loading={busy}
                onClick={() => run(() => updateException(e.id, { status: 1 }))}
              >
                Reopen
              </Button>
            ))}
          {props.may(ACTION.DELETE) && (
            <Button
              size="xs"
              color="red"
              variant="light"
              leftSection={<IconTrash size={14} />}
              onClick={props.onDelete}
            >
              Delete
            </Button>
          )}
        </Group>
      </Group>
      <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {e.actions || 'No actions written down.'}
      </Text>
      <Title order={5} mt="md" mb="xs">
        Comments
      </Title>
      <Stack gap={6} data-testid="exception-comments">
        {e.comments.length === 0 && (
          <Text size="sm" c="dimmed">
            No comments yet.
          </Text>
        )}
        {e.comments.map((c) => (
          <Paper key={c.id} p="xs" bg="dark.6">
            <Text size="xs" c="dimmed">
              {c.user ?? '—'} · {c.created_at}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {c.comment}
            </Text>
          </Paper>
        ))}
      </Stack>
      {canEdit && (
        <Group align="flex-end" mt="sm" gap="xs">
          <Textarea
            label="Add a comment"
            value={comment}
            onChange={(ev) => setComment(ev.currentTarget.value)}
            autosize
            minRows={2}
            style={{ flex: 1 }}
            data-testid="exception-comment-input"
          />
          <Button
            disabled={!comment.trim()}
            loading={busy}
            onClick={() => run(() => commentException(e.id, comment))}
            data-testid="exception-comment-add"
          >
            Comment
          </Button>
        </Group>
      )}
    </Paper>
  );
}
