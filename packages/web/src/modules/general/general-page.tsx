import { ACTION, SECTION } from '@backhaul/shared';
import {
  EMPTY_EQUIPMENT_NAME_FORM,
  EMPTY_TRAILER_TYPE_FORM,
  EquipmentNameFormSchema,
  type EquipmentNameRow,
  TrailerTypeFormSchema,
  type TrailerTypeRow,
} from '@backhaul/shared/modules/general/general.contract';
import { Badge, Stack, Tabs, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable } from '../../platform/data-table/data-table';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { useConfirmedDelete } from '../../platform/record/confirm-dialog';
import { RecordDialog } from '../../platform/record/record-dialog';
import { equipmentNamesApi, trailerTypesApi } from './general.api';

type Kind = 'trailer-types' | 'equipment-names';
type Editing = { kind: Kind; id: number | null } | null;
const can = (ids: number[]) => ({ section: SECTION.General, ids });
const API = { 'trailer-types': trailerTypesApi, 'equipment-names': equipmentNamesApi };

/** Maintenance → General: trailer types (reefer flag) and equipment names; a name in use is kept. */
export function GeneralPage() {
  const tree = usePermissionTree();
  const [editing, setEditing] = useState<Editing>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const refresh = () => setRefreshKey((k) => k + 1);
  const remove = useConfirmedDelete({ onDone: refresh, testId: 'confirm-item-delete' });
  const canCreate = allowsButton(tree, can([ACTION.CREATE]));
  const actions = <R extends { id: number; name: string }>(kind: Kind) => [
    {
      id: 'edit',
      label: 'Edit',
      icon: <IconPencil size={16} />,
      permission: can([ACTION.EDIT]),
      onClick: (r: R) => setEditing({ kind, id: r.id }),
    },
    {
      id: 'delete',
      label: 'Delete',
      icon: <IconTrash size={16} />,
      color: 'red',
      permission: can([ACTION.DELETE]),
      onClick: (r: R) => remove.ask(API[kind].deleteUrl(r.id), `"${r.name}"`),
    },
  ];
  const create = (kind: Kind) => (canCreate ? { create: () => setEditing({ kind, id: null }) } : {});
  const dialog = (kind: Kind) => ({
    id: editing?.kind === kind ? editing.id : null,
    opened: editing?.kind === kind,
    onClose: () => setEditing(null),
    onSaved: refresh,
    section: SECTION.General,
    recordOf: (data: { item: unknown }) => data.item,
  });

  return (
    <Stack gap="sm" data-testid="general-page">
      <Title order={2}>General</Title>
      <Tabs defaultValue="trailer-types" keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="trailer-types">Trailer types</Tabs.Tab>
          <Tabs.Tab value="equipment-names" data-testid="tab-equipment-names">
            Equipment names
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="trailer-types">
          <DataTable<TrailerTypeRow>
            url="/trailer-types/list"
            listKey="trailer-types"
            urlPrefix="tt"
            rowId={(r) => r.id}
            refreshKey={refreshKey}
            toolbar={{ export: true, ...create('trailer-types') }}
            cells={{
              reefer: (r) =>
                r.reefer ? (
                  <Badge size="sm" color="cyan" variant="light">
                    Reefer · hh
                  </Badge>
                ) : null,
            }}
            actions={actions<TrailerTypeRow>('trailer-types')}
          />
        </Tabs.Panel>
        <Tabs.Panel value="equipment-names">
          <DataTable<EquipmentNameRow>
            url="/equipment-names/list"
            listKey="equipment-names"
            urlPrefix="eq"
            rowId={(r) => r.id}
            refreshKey={refreshKey}
            toolbar={{ export: true, ...create('equipment-names') }}
            actions={actions<EquipmentNameRow>('equipment-names')}
          />
        </Tabs.Panel>
      </Tabs>
      <RecordDialog
        api={trailerTypesApi}
        schema={TrailerTypeFormSchema}
        empty={EMPTY_TRAILER_TYPE_FORM}
        title={{ create: 'New trailer type', edit: 'Edit trailer type' }}
        {...dialog('trailer-types')}
      />
      <RecordDialog
        api={equipmentNamesApi}
        schema={EquipmentNameFormSchema}
        empty={EMPTY_EQUIPMENT_NAME_FORM}
        title={{ create: 'New equipment name', edit: 'Edit equipment name' }}
        {...dialog('equipment-names')}
      />
      {remove.dialog}
    </Stack>
  );
}
