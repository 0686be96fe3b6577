import { ACTION, SECTION } from '@backhaul/shared';
import { formatDateTime } from '@backhaul/shared/formats/formats';
import { ROLE_NUMBER_NAMES } from '@backhaul/shared/modules/roles/roles.contract';
import type { UserRow } from '@backhaul/shared/modules/users/users.contract';
import { Badge, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useCurrentUser } from '../../platform/current-user';
import { DataTable } from '../../platform/data-table/data-table';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { useRecordActions } from '../../platform/data-table/use-record-actions';
import { UserDialog } from './user-dialog';

type Editing = { id: number | null } | null;

/**
 * Maintenance → Users: edit needs 9, but one's own row is always editable; delete is always shown
 * (000 §6) and the server refuses it without 11 ('Deletion error').
 */
export function UsersPage() {
  const [editing, setEditing] = useState<Editing>(null);
  const tree = usePermissionTree();
  const me = useCurrentUser().data?.id;
  const { refreshKey, refresh, askDelete, deleteDialog } = useRecordActions({
    deleteUrl: (id) => `/users/${id}`,
    describe: (id) => `user #${id}`,
  });
  const canCreate = allowsButton(tree, { section: SECTION.Users, ids: [ACTION.CREATE] });
  const canEdit = allowsButton(tree, { section: SECTION.Users, ids: [ACTION.EDIT] });

  return (
    <Stack gap="sm" data-testid="users-page">
      <Title order={2}>Users</Title>
      <DataTable<UserRow>
        url="/users/list"
        listKey="users"
        rowId={(r) => r.id}
        refreshKey={refreshKey}
        toolbar={{ export: true, ...(canCreate ? { create: () => setEditing({ id: null }) } : {}) }}
        cells={{
          userGroup: (r) => <Text size="sm">{ROLE_NUMBER_NAMES[r.userGroup] ?? r.userGroup}</Text>,
          dispatcher: (r) => <Text size="sm">{r.dispatcher ? 'yes' : 'no'}</Text>,
          updated_at: (r) => <Text size="sm">{formatDateTime(r.updated_at)}</Text>,
          status: (r) => (
            <Badge size="sm" variant="light" color={r.status ? 'teal' : 'gray'}>
              {r.status ? 'Active' : 'Inactive'}
            </Badge>
          ),
        }}
        actions={[
          {
            id: 'edit',
            label: 'Edit',
            icon: <IconPencil size={16} />,
            visible: (r) => canEdit || r.id === me,
            onClick: (r) => setEditing({ id: r.id }),
          },
          {
            id: 'delete',
            label: 'Delete',
            icon: <IconTrash size={16} />,
            color: 'red',
            onClick: (r) => askDelete(r.id),
          },
        ]}
      />
      <UserDialog
        id={editing?.id ?? null}
        opened={editing !== null}
        self={editing?.id != null && editing.id === me}
        canEdit={canEdit}
        onClose={() => setEditing(null)}
        onSaved={refresh}
      />
      {deleteDialog}
    </Stack>
  );
}
