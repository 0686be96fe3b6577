import { MSG } from '@backhaul/shared';
import * as C from '@backhaul/shared/modules/account/account.contract';
import { Anchor, Button, Group, Select, Stack, Switch, Table, Text, Textarea, Tooltip } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { showAlert } from '../../platform/alerts-store';
import { api } from '../../platform/api-client';
import { ApiError } from '../../platform/api-errors';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';

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
  const [form, setForm] = useState<{ user: string | null; text: string }>({ user: null, text: '' });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const refresh = () => {
    void client.invalidateQueries({ queryKey: KEY });
    void client.invalidateQueries({ queryKey: ['badge'] });
  };
  const add = async () => {
    try {
      const res = await api.post<{ message: string }>('/info/comments', {
        user_id: Number(form.user),
        text: form.text,
      });
      showAlert('success', res.message);
      setForm({ user: null, text: '' });
      setErrors({});
      refresh();
    } catch (e) {
      setErrors(e instanceof ApiError ? e.fieldErrors : {});
    }
  };
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
        <Group align="flex-end">
          <Select
            label="About"
            searchable
            data={data.users.map((u) => ({ value: String(u.value), label: u.label }))}
            value={form.user}
            onChange={(v) => setForm({ ...form, user: v })}
            error={errors.user_id?.[0]}
            w={240}
          />
          <Textarea
            label="Comment"
            autosize
            value={form.text}
            onChange={(e) => setForm({ ...form, text: e.currentTarget.value })}
            error={errors.text?.[0]}
            style={{ flex: 1 }}
          />
          <Button onClick={add}>Add comment</Button>
        </Group>
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
