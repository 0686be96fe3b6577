import { ACTION, SECTION } from '@backhaul/shared';
import { CityFormSchema, type CityRow, EMPTY_CITY_FORM } from '@backhaul/shared/modules/cities/cities.contract';
import { Stack, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable } from '../../platform/data-table/data-table';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { useRecordActions } from '../../platform/data-table/use-record-actions';
import { RecordDialog } from '../../platform/record/record-dialog';
import { citiesApi } from './cities.api';

/** Maintenance → Cities: the generic list with create, edit (needs 9) and delete (always shown). */
export function CitiesPage() {
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const tree = usePermissionTree();
  const { refreshKey, refresh, askDelete, deleteDialog } = useRecordActions({
    deleteUrl: citiesApi.deleteUrl,
    describe: (id) => `city #${id}`,
  });
  const canCreate = allowsButton(tree, { section: SECTION.Cities, ids: [ACTION.CREATE] });

  return (
    <Stack gap="sm" data-testid="cities-page">
      <Title order={2}>Cities</Title>
      <DataTable<CityRow>
        url="/cities/list"
        listKey="cities"
        rowId={(r) => r.id}
        refreshKey={refreshKey}
        toolbar={{
          export: true,
          ...(canCreate ? { create: () => setEditing(null) } : {}),
        }}
        actions={[
          {
            id: 'edit',
            label: 'Edit',
            icon: <IconPencil size={16} />,
            permission: { section: SECTION.Cities, ids: [ACTION.EDIT] },
            onClick: (r) => setEditing(r.id),
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
      <RecordDialog
        api={citiesApi}
        schema={CityFormSchema}
        empty={EMPTY_CITY_FORM}
        recordOf={(data) => data.city}
        title={{ create: 'New city', edit: 'Edit city' }}
        section={SECTION.Cities}
        id={editing ?? null}
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        onSaved={refresh}
      />
      {deleteDialog}
    </Stack>
  );
}
