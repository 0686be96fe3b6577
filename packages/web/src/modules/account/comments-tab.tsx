import { MSG } from '@backhaul/shared';
import * as C from '@backhaul/shared/modules/account/account.contract';
import { Anchor, Button, Group, Select, Stack, Switch, Table, Text, Textarea, Tooltip } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { showAlert } from '../../platform/alerts-store';
import { api } from '../../platform/api-client';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { useRecordForm } from '../../platform/record/use-record-form';

const KEY = ['account', 'comments'] as const;

/** All users comments (role 3): comments on people, each with the seen switch (needs Comments edit). */
export function CommentsTab() {
  const client = useQueryClient();
  const tree = usePermissionTree();
  const mayOpen = allowsButton(tree, { section: C.ACCOUNT_SECTION.users, ids: [] });
  const mayWrite = allowsButton(tree, { section: C.ACCOUNT_SECTION.comments, ids: [8] });
  const list = useQuery({
    queryKey: KEY,
    queryFn: () => api.post('/info/comments/list', {}, { schema: C.CommentsListResponseSchema }),
  });
  const refresh = () => {
    void client.invalidateQueries({ queryKey: KEY });
    void client.invalidateQueries({ queryKey: ['badge'] });
  };
  const { form, submit, saving } = useRecordForm({
    initialValues: { user_id: null as string | null, text: '' },
    schema: C.CommentFormSchema,
    body: (values) => ({ user_id: Number(values.user_id), text: values.text }),
    save: (body) => api.post<{ message: string }>('/info/comments', body),
    resetOnSave: true,
    onSaved: refresh,
  });
  const setSeen = async (id: number, seen: boolean) => {
    showAlert(
      'success',
      (await api.put<{ message: string }>(`/info/comments/${id}`, { seen })).message || MSG.itemSaved,
    );
    refresh();
  };
  const data = list.data;
  return (
    <Stack pt="md" gap="md" data-testid="account-comments">
      {mayWrite && data ? (
        <form onSubmit={submit} noValidate>
          <Group align="flex-end">
            <Select
              label="About"
              searchable
              data={data.users.map((u) => ({ value: String(u.value), label: u.label }))}
              w={240}
              {...form.getInputProps('user_id')}
            />
            <Textarea label="Comment" autosize style={{ flex: 1 }} {...form.getInputProps('text')} />
            <Button type="submit" loading={saving}>
              Add comment
            </Button>
          </Group>
        </form>
      ) : null}
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>User</Table.Th>
            <Table.Th>Comment</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th>Seen</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data?.rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={5}>
                <Text size="sm" c="dimmed">
                  No comments yet.
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
          {data?.rows.map((r) => (
            <Table.Tr key={r.id} data-testid="comment-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.created_at}</Table.Td>
              <Table.Td>
                {mayOpen ? (
                  <Anchor component={Link} to={`/account/user/${r.user_id}`} size="sm">
                    {r.user}
                  </Anchor>
                ) : (
                  r.user
                )}
              </Table.Td>
              <Table.Td>{r.text}</Table.Td>
              <Table.Td>{r.author ?? '—'}</Table.Td>
              <Table.Td>
                <Tooltip label="Needs the comments edit permission" disabled={data.can_switch}>
                  <Switch
                    checked={r.seen}
                    disabled={!data.can_switch}
                    onChange={(e) => setSeen(r.id, e.currentTarget.checked)}
                    aria-label={`Seen: ${r.text}`}
                  />
                </Tooltip>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
