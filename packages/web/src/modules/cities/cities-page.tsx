import { ACTION, SECTION } from '@backhaul/shared';
import {
  type CityForm,
  CityFormSchema,
  type CityRow,
  EMPTY_CITY_FORM,
} from '@backhaul/shared/modules/cities/cities.contract';
import { Stack, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable } from '../../platform/data-table/data-table';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { RecordDialog, type RecordField } from '../../platform/data-table/record-dialog';
import { useRecordActions } from '../../platform/data-table/use-record-actions';

const FIELDS: RecordField<CityForm>[] = [
  { name: 'city', label: 'City', required: true },
  { name: 'state', label: 'State', required: true, placeholder: 'TX' },
  { name: 'zip_codes', label: 'Zip codes', placeholder: '75201, 75202' },
];

type Editing = { id: number | null; form: CityForm } | null;

/** Maintenance → Cities: the generic list with create, edit (needs 9) and delete (always shown). */
export function CitiesPage() {
  const [editing, setEditing] = useState<Editing>(null);
  const tree = usePermissionTree();
  const { refreshKey, refresh, askDelete, deleteDialog } = useRecordActions({
    deleteUrl: (id) => `/cities/${id}`,
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
          ...(canCreate ? { create: () => setEditing({ id: null, form: EMPTY_CITY_FORM }) } : {}),
        }}
        actions={[
          {
            id: 'edit',
            label: 'Edit',
            icon: <IconPencil size={16} />,
            permission: { section: SECTION.Cities, ids: [ACTION.EDIT] },
            onClick: (r) => setEditing({ id: r.id, form: { city: r.city, state: r.state, zip_codes: r.zip_codes } }),
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
      <RecordDialog<CityForm>
        title={editing?.id ? 'Edit city' : 'New city'}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        schema={CityFormSchema}
        fields={FIELDS}
        initial={editing?.form ?? EMPTY_CITY_FORM}
        url={editing?.id ? `/cities/update/${editing.id}` : '/cities/new'}
        onSaved={refresh}
      />
      {deleteDialog}
    </Stack>
  );
}
