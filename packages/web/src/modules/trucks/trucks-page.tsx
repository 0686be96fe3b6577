import { ACTION, SECTION } from '@backhaul/shared';
import { TRUCK_STATUS_LABELS, type TruckListRow } from '@backhaul/shared/modules/trucks/trucks.contract';
import { Badge, Stack, Title } from '@mantine/core';
import { IconEye, IconHistory, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable } from '../../platform/data-table/data-table';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { useRecordActions } from '../../platform/data-table/use-record-actions';
import { ChangeLogDialog } from '../units/change-log-dialog';
import { unitCells } from '../units/unit-cells';
import { TruckDialog } from './truck-dialog';

type Editing = { id: number | null; readOnly: boolean } | null;
const can = (ids: number[], match?: 'all') => ({ section: SECTION.Trucks, ids, ...(match ? { match } : {}) });
const STATUS_COLOR: Record<string, string> = {
  on_road: 'teal',
  in_shop: 'orange',
  waiting: 'blue',
  out_of_service: 'red',
};

/** Maintenance → Trucks: list with service filters, create, edit (9) or view (10), delete (11), history. */
export function TrucksPage() {
  const [editing, setEditing] = useState<Editing>(null);
  const [logOf, setLogOf] = useState<TruckListRow | null>(null);
  const tree = usePermissionTree();
  const { refreshKey, refresh, askDelete, deleteDialog } = useRecordActions({
    deleteUrl: (id) => `/trucks/${id}`,
    describe: (id) => `truck #${id}`,
  });
  const canCreate = allowsButton(tree, can([ACTION.CREATE]));
  const canEdit = allowsButton(tree, can([ACTION.EDIT]));

  return (
    <Stack gap="sm" data-testid="trucks-page">
      <Title order={2}>Trucks</Title>
      <DataTable<TruckListRow>
        url="/trucks/list"
        listKey="trucks"
        rowId={(r) => r.id}
        refreshKey={refreshKey}
        toolbar={{ export: true, ...(canCreate ? { create: () => setEditing({ id: null, readOnly: false }) } : {}) }}
        cells={{
          ...unitCells<TruckListRow>(),
          truck_status: (r) =>
            r.truck_status ? (
              <Badge size="sm" variant="light" color={STATUS_COLOR[r.truck_status] ?? 'gray'}>
                {TRUCK_STATUS_LABELS[r.truck_status as keyof typeof TRUCK_STATUS_LABELS] ?? r.truck_status}
              </Badge>
            ) : null,
        }}
        actions={[
          canEdit
            ? {
                id: 'edit',
                label: 'Edit',
                icon: <IconPencil size={16} />,
                permission: can([ACTION.EDIT]),
                onClick: (r) => setEditing({ id: r.id, readOnly: false }),
              }
            : {
                id: 'view',
                label: 'View',
                icon: <IconEye size={16} />,
                permission: can([ACTION.VIEW]),
                onClick: (r) => setEditing({ id: r.id, readOnly: true }),
              },
          {
            id: 'history',
            label: 'Actions history',
            icon: <IconHistory size={16} />,
            permission: can([ACTION.EDIT, ACTION.VIEW], 'all'),
            onClick: setLogOf,
          },
          {
            id: 'delete',
            label: 'Delete',
            icon: <IconTrash size={16} />,
            color: 'red',
            permission: can([ACTION.DELETE]),
            onClick: (r) => askDelete(r.id),
          },
        ]}
      />
      <TruckDialog
        id={editing?.id ?? null}
        opened={editing !== null}
        readOnly={editing?.readOnly ?? false}
        onClose={() => setEditing(null)}
        onSaved={refresh}
      />
      <ChangeLogDialog
        url="/trucks/filterLogs"
        id={logOf?.id ?? null}
        title={`Actions history: truck ${logOf?.truck_number ?? ''}`}
        onClose={() => setLogOf(null)}
      />
      {deleteDialog}
    </Stack>
  );
}
