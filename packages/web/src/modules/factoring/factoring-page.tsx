import { ACTION, SECTION } from '@backhaul/shared';
import { formatPercent, formatPhone } from '@backhaul/shared/formats/formats';
import type { FactoringRow } from '@backhaul/shared/modules/factoring/factoring.contract';
import { Stack, Text, Title } from '@mantine/core';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable } from '../../platform/data-table/data-table';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { useRecordActions } from '../../platform/data-table/use-record-actions';
import { FactoringDialog } from './factoring-dialog';

type Editing = { id: number | null; readOnly: boolean } | null;
const can = (ids: number[]) => ({ section: SECTION.FactoringCompanies, ids });

/** Maintenance → Factoring companies (59): list, create, edit (9) or view (10, read-only), delete (11). */
export function FactoringPage() {
  const [editing, setEditing] = useState<Editing>(null);
  const tree = usePermissionTree();
  const { refreshKey, refresh, askDelete, deleteDialog } = useRecordActions({
    deleteUrl: (id) => `/factoring/${id}`,
    describe: (id) => `factoring company #${id}`,
  });
  const canCreate = allowsButton(tree, can([ACTION.CREATE]));
  const canEdit = allowsButton(tree, can([ACTION.EDIT]));

  return (
    <Stack gap="sm" data-testid="factoring-page">
      <Title order={2}>Factoring companies</Title>
      <DataTable<FactoringRow>
        url="/factoring/list"
        listKey="factoring"
        rowId={(r) => r.id}
        refreshKey={refreshKey}
        toolbar={{ export: true, ...(canCreate ? { create: () => setEditing({ id: null, readOnly: false }) } : {}) }}
        cells={{
          phone: (r) => <Text size="sm">{formatPhone(r.phone)}</Text>,
          fax: (r) => <Text size="sm">{formatPhone(r.fax)}</Text>,
          percent: (r) => <Text size="sm">{formatPercent(r.percent)}</Text>,
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
            id: 'delete',
            label: 'Delete',
            icon: <IconTrash size={16} />,
            color: 'red',
            permission: can([ACTION.DELETE]),
            onClick: (r) => askDelete(r.id),
          },
        ]}
      />
      <FactoringDialog
        id={editing?.id ?? null}
        opened={editing !== null}
        readOnly={editing?.readOnly ?? false}
        onClose={() => setEditing(null)}
        onSaved={refresh}
      />
      {deleteDialog}
    </Stack>
  );
}
