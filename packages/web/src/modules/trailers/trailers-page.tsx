import { ACTION, SECTION } from '@backhaul/shared';
import type { TrailerListRow } from '@backhaul/shared/modules/trailers/trailers.contract';
import { Badge, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconHistory, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable } from '../../platform/data-table/data-table';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { useRecordActions } from '../../platform/data-table/use-record-actions';
import { ChangeLogDialog } from '../units/change-log-dialog';
import { DescriptionCell } from '../units/description-cell';
import { unitCells } from '../units/unit-cells';
import { TrailerDialog } from './trailer-dialog';

type Editing = { id: number | null; readOnly: boolean } | null;
const can = (ids: number[], match?: 'all') => ({ section: SECTION.Trailers, ids, ...(match ? { match } : {}) });

/** Maintenance → Trailers: list (reefer PM in "hh"), create, edit (9) or view (10), delete (11), history. */
export function TrailersPage() {
  const [editing, setEditing] = useState<Editing>(null);
  const [logOf, setLogOf] = useState<TrailerListRow | null>(null);
  const tree = usePermissionTree();
  const { refreshKey, refresh, askDelete, deleteDialog } = useRecordActions({
    deleteUrl: (id) => `/trailers/${id}`,
    describe: (id) => `trailer #${id}`,
  });
  const canCreate = allowsButton(tree, can([ACTION.CREATE]));
  const canEdit = allowsButton(tree, can([ACTION.EDIT]));

  return (
    <Stack gap="sm" data-testid="trailers-page">
      <Title order={2}>Trailers</Title>
      <DataTable<TrailerListRow>
        url="/trailers/list"
        listKey="trailers"
        rowId={(r) => r.id}
        refreshKey={refreshKey}
        toolbar={{ export: true, ...(canCreate ? { create: () => setEditing({ id: null, readOnly: false }) } : {}) }}
        cells={{
          ...unitCells<TrailerListRow>({ reefer: (r) => r.reefer }),
          trailer_type: (r) => (
            <Text span size="sm" c={r.reefer ? 'cyan.4' : undefined}>
              {r.trailer_type}
            </Text>
          ),
          status: (r) => (
            <Badge size="sm" variant="light" color={r.status === 'Free' ? 'gray' : 'teal'}>
              {r.status}
            </Badge>
          ),
          description: (r) => <DescriptionCell prefix="/trailers" id={r.id} count={r.description} />,
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
      <TrailerDialog
        id={editing?.id ?? null}
        opened={editing !== null}
        readOnly={editing?.readOnly ?? false}
        onClose={() => setEditing(null)}
        onSaved={refresh}
      />
      <ChangeLogDialog
        url="/trailers/filterLogs"
        id={logOf?.id ?? null}
        title={`Actions history: trailer ${logOf?.trailer_number ?? ''}`}
        onClose={() => setLogOf(null)}
      />
      {deleteDialog}
    </Stack>
  );
}
