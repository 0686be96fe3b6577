import { ACTION, MSG, SECTION } from '@backhaul/shared';
import type { RoleListRow } from '@backhaul/shared/modules/roles/roles.contract';
import { ActionIcon, Badge, Button, Group, Paper, Select, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../platform/api-client';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { useConfirmedDelete } from '../../platform/record/confirm-dialog';
import { ALL_CUSTOMERS, RoleEditor } from './role-editor';

type SubCustomer = { roles: RoleListRow[]; customers: { id: number; name: string }[] };
type UserOption = { id: number; name: string; permission_role_id: number | null };

/** Maintenance → Roles: roles with their customer and users, the permission tree editor, delete. */
export function RolesPage() {
  const tree = usePermissionTree();
  const can = (id: number) => allowsButton(tree, { section: SECTION.Roles, ids: [id] });
  const canUsers = allowsButton(tree, { section: SECTION.Users, ids: [] });
  const [customer, setCustomer] = useState('0');
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const queryClient = useQueryClient();

  const lookups = useQuery({
    queryKey: ['roles', 'customers'],
    queryFn: () => api.post<SubCustomer>('/sub_customer', {}),
  });
  const companyRoles = async () => (await api.get<{ rows: RoleListRow[] }>('/permission')).rows;
  const roles = useQuery({
    queryKey: ['roles', 'list', customer],
    queryFn: async () =>
      customer === '0'
        ? companyRoles()
        : (await api.post<SubCustomer>('/sub_customer', { customer_id: Number(customer) })).roles,
  });
  const allRoles = useQuery({ queryKey: ['roles', 'list', '0'], queryFn: companyRoles });
  const users = useQuery({
    queryKey: ['roles', 'users'],
    enabled: canUsers,
    queryFn: async () =>
      (await api.post<{ rows: UserOption[] }>('/users/list', { limit: 99999999, sort: 'name', with_options: false }))
        .rows,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['roles'] });
  // A role may be given only to users whose current role the caller may change (the server's rule).
  const changeable = new Set((allRoles.data ?? []).filter((r) => r.editable).map((r) => r.id));
  const assignable = (users.data ?? []).filter(
    (u) => u.permission_role_id === null || changeable.has(u.permission_role_id),
  );

  // A refusal (403, 412) says why; a server error is the spec's 'Something went wrong'.
  const remove = useConfirmedDelete({ onDone: () => void refresh(), failure: MSG.roleCallFailed });

  return (
    <Stack gap="sm" data-testid="roles-page">
      <Group justify="space-between">
        <Title order={2}>Roles</Title>
        <Group>
          <Select
            aria-label="Customer"
            data={[
              ALL_CUSTOMERS,
              ...(lookups.data?.customers ?? []).map((c) => ({ value: String(c.id), label: c.name })),
            ]}
            value={customer}
            onChange={(v) => setCustomer(v ?? '0')}
            searchable
            w={260}
            data-testid="roles-customer-filter"
          />
          {can(ACTION.CREATE) && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setEditing({ id: null })}
              data-testid="role-create"
            >
              New role
            </Button>
          )}
        </Group>
      </Group>
      <Paper withBorder radius="md">
        <Table highlightOnHover verticalSpacing="xs" data-testid="roles-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Customer (subrole)</Table.Th>
              <Table.Th>Users</Table.Th>
              <Table.Th w={90} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(roles.data ?? []).map((r) => (
              <Table.Tr key={r.id} data-testid="role-row">
                <Table.Td>
                  <Group gap="xs">
                    <Text size="sm">{r.name}</Text>
                    {r.all_permissions && (
                      <Badge size="xs" variant="light">
                        every permission
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={r.customer ? undefined : 'dimmed'}>
                    {r.customer ?? 'All'}
                  </Text>
                </Table.Td>
                <Table.Td>{r.users_count}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {can(ACTION.EDIT) && r.editable && (
                      <Tooltip label="Edit">
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label="Edit"
                          onClick={() => setEditing({ id: r.id })}
                          data-testid="row-edit"
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                    {can(ACTION.DELETE) && r.editable && (
                      <Tooltip label="Delete">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label="Delete"
                          onClick={() => remove.ask(`/permission/${r.id}`, `the role ${r.name}`)}
                          data-testid="row-delete"
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {roles.data?.length === 0 && (
          <Text c="dimmed" size="sm" p="md">
            No roles for this customer.
          </Text>
        )}
      </Paper>
      <RoleEditor
        id={editing?.id ?? null}
        opened={editing !== null}
        customers={lookups.data?.customers ?? []}
        users={canUsers ? assignable : null}
        onClose={() => setEditing(null)}
        onSaved={refresh}
      />
      {remove.dialog}
    </Stack>
  );
}
