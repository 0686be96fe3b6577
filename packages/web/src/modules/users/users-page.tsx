import { SECTION } from '@backhaul/shared';
import { ROLE_NUMBER_NAMES } from '@backhaul/shared/modules/roles/roles.contract';
import type { UserRow } from '@backhaul/shared/modules/users/users.contract';
import { Badge, Text } from '@mantine/core';
import { useCurrentUser } from '../../platform/current-user';
import { DataTable } from '../../platform/data-table/data-table';
import { RegistryPage, useRegistryActions } from '../../platform/data-table/use-registry-actions';
import { UserDialog } from './user-dialog';
import { deactivateUser } from './users.api';

/**
 * Maintenance → Users: edit needs 9, but one's own row is always editable; delete is always shown
 * (000 §6) and the server refuses it without 11 ('Deletion error').
 */
export function UsersPage() {
  const me = useCurrentUser().data?.id;
  // The section decides the create button only: edit is a per-row rule, delete is left to the server.
  const registry = useRegistryActions<UserRow>({
    section: SECTION.Users,
    guardRows: false,
    rowId: (r) => r.id,
    deleteUrl: (id) => `/users/${id}`,
    describe: (id) => `user #${id}`,
    editVisible: (r, canEdit) => canEdit || r.id === me,
    deactivate: { update: deactivateUser },
  });
  const { canEdit, editing } = registry;

  return (
    <RegistryPage testId="users-page" title="Users">
      <DataTable<UserRow>
        url="/users/list"
        listKey="users"
        rowId={(r) => r.id}
        refreshKey={registry.refreshKey}
        toolbar={registry.toolbar}
        cells={{
          userGroup: (r) => <Text size="sm">{ROLE_NUMBER_NAMES[r.userGroup] ?? r.userGroup}</Text>,
          dispatcher: (r) => <Text size="sm">{r.dispatcher ? 'yes' : 'no'}</Text>,
          status: (r) => (
            <Badge size="sm" variant="light" color={r.status ? 'teal' : 'gray'}>
              {r.status ? 'Active' : 'Inactive'}
            </Badge>
          ),
        }}
        actions={registry.actions}
      />
      <UserDialog
        id={registry.dialog.id}
        opened={registry.dialog.opened}
        self={editing?.id != null && editing.id === me}
        canEdit={canEdit}
        onClose={registry.dialog.onClose}
        onSaved={registry.dialog.onSaved}
      />
      {registry.dialogs}
    </RegistryPage>
  );
}
