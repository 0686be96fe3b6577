import { ACTION, SECTION } from '@backhaul/shared';
import { formatPhone } from '@backhaul/shared/formats/formats';
import type { EmployeeRow } from '@backhaul/shared/modules/employees/employees.contract';
import { Anchor, Badge, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconHistory, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable } from '../../platform/data-table/data-table';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { useRecordActions } from '../../platform/data-table/use-record-actions';
import { EmployeeDialog } from './employee-dialog';
import { EmployeeHistory } from './employee-history';

type Editing = { id: number | null; readOnly: boolean } | null;
const can = (ids: number[]) => ({ section: SECTION.Employees, ids });

/** Maintenance → Employees: list, create, edit (9) or view (10, read-only), delete (11), inventory. */
export function EmployeesPage() {
  const [editing, setEditing] = useState<Editing>(null);
  const [history, setHistory] = useState<number | null>(null);
  const tree = usePermissionTree();
  const { refreshKey, refresh, askDelete, deleteDialog } = useRecordActions({
    deleteUrl: (id) => `/employees/${id}`,
    describe: (id) => `employee #${id}`,
  });
  const canCreate = allowsButton(tree, can([ACTION.CREATE]));
  const canEdit = allowsButton(tree, can([ACTION.EDIT]));

  return (
    <Stack gap="sm" data-testid="employees-page">
      <Title order={2}>Employees</Title>
      <DataTable<EmployeeRow>
        url="/employees/list"
        listKey="employees"
        rowId={(r) => r.employee_id}
        refreshKey={refreshKey}
        toolbar={{ export: true, ...(canCreate ? { create: () => setEditing({ id: null, readOnly: false }) } : {}) }}
        cells={{
          phone: (r) => <Text size="sm">{formatPhone(r.phone)}</Text>,
          phone2: (r) => <Text size="sm">{formatPhone(r.phone2)}</Text>,
          email: (r) =>
            r.email ? (
              <Anchor size="sm" href={`mailto:${r.email}`} truncate>
                {r.email}
              </Anchor>
            ) : null,
          active: (r) => (
            <Badge size="sm" variant="light" color={r.active ? 'teal' : 'gray'}>
              {r.active ? 'Active' : 'Inactive'}
            </Badge>
          ),
        }}
        actions={[
          canEdit
            ? {
                id: 'edit',
                label: 'Edit',
                icon: <IconPencil size={16} />,
                permission: can([ACTION.EDIT]),
                onClick: (r) => setEditing({ id: r.employee_id, readOnly: false }),
              }
            : {
                id: 'view',
                label: 'View',
                icon: <IconEye size={16} />,
                permission: can([ACTION.VIEW]),
                onClick: (r) => setEditing({ id: r.employee_id, readOnly: true }),
              },
          {
            id: 'history',
            label: 'Actions history',
            icon: <IconHistory size={16} />,
            permission: { ...can([ACTION.EDIT, ACTION.VIEW]), match: 'all' },
            onClick: (r) => setHistory(r.employee_id),
          },
          {
            id: 'delete',
            label: 'Delete',
            icon: <IconTrash size={16} />,
            color: 'red',
            permission: can([ACTION.DELETE]),
            onClick: (r) => askDelete(r.employee_id),
          },
        ]}
      />
      <EmployeeDialog
        id={editing?.id ?? null}
        opened={editing !== null}
        readOnly={editing?.readOnly ?? false}
        onClose={() => setEditing(null)}
        onSaved={refresh}
      />
      <EmployeeHistory id={history} onClose={() => setHistory(null)} />
      {deleteDialog}
    </Stack>
  );
}
