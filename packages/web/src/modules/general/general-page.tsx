import { ACTION, SECTION } from '@backhaul/shared';
import {
  EquipmentNameFormSchema,
  type EquipmentNameRow,
  TrailerTypeFormSchema,
  type TrailerTypeRow,
} from '@backhaul/shared/modules/general/general.contract';
import { Badge, Button, Checkbox, Group, Modal, Stack, Tabs, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { api } from '../../platform/api-client';
import { ApiError } from '../../platform/api-errors';
import { DataTable } from '../../platform/data-table/data-table';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { toFormErrors, zodValidator } from '../../platform/form-validation';
import { useItemDelete } from '../units';

type Form = { name: string; reefer: boolean };
type Editing = { kind: 'trailer-types' | 'equipment-names'; id: number | null; form: Form } | null;
const can = (ids: number[]) => ({ section: SECTION.General, ids });

/** Maintenance → General: trailer types (reefer flag) and equipment names; a name in use is kept. */
export function GeneralPage() {
  const tree = usePermissionTree();
  const [editing, setEditing] = useState<Editing>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const refresh = () => setRefreshKey((k) => k + 1);
  const remove = useItemDelete(refresh);
  const canCreate = allowsButton(tree, can([ACTION.CREATE]));
  const actions = <R extends { id: number; name: string }>(kind: NonNullable<Editing>['kind']) => [
    {
      id: 'edit',
      label: 'Edit',
      icon: <IconPencil size={16} />,
      permission: can([ACTION.EDIT]),
      onClick: (r: R) =>
        setEditing({ kind, id: r.id, form: { name: r.name, reefer: Boolean((r as { reefer?: boolean }).reefer) } }),
    },
    {
      id: 'delete',
      label: 'Delete',
      icon: <IconTrash size={16} />,
      color: 'red',
      permission: can([ACTION.DELETE]),
      onClick: (r: R) => remove.ask(`/${kind}/${r.id}`, `"${r.name}"`),
    },
  ];
  const create = (kind: NonNullable<Editing>['kind']) =>
    canCreate ? { create: () => setEditing({ kind, id: null, form: { name: '', reefer: false } }) } : {};

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
      <GeneralDialog editing={editing} onClose={() => setEditing(null)} onSaved={refresh} />
      {remove.dialog}
    </Stack>
  );
}

function GeneralDialog({ editing, onClose, onSaved }: { editing: Editing; onClose: () => void; onSaved: () => void }) {
  const types = editing?.kind === 'trailer-types';
  const form = useForm<Form>({
    initialValues: { name: '', reefer: false },
    validate: zodValidator(types ? TrailerTypeFormSchema : EquipmentNameFormSchema),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens on a record
  useEffect(() => {
    if (editing) {
      form.setValues(editing.form);
      form.clearErrors();
    }
  }, [editing]);
  const submit = form.onSubmit(async (values) => {
    if (!editing) return;
    const body = types ? values : { name: values.name };
    try {
      const res = editing.id
        ? await api.put<{ message: string }>(`/${editing.kind}/${editing.id}`, body)
        : await api.post<{ message: string }>(`/${editing.kind}`, body);
      showAlert('success', res.message);
      onSaved();
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) form.setErrors(toFormErrors(err.fieldErrors));
    }
  });
  const noun = types ? 'trailer type' : 'equipment name';
  return (
    <Modal opened={editing !== null} onClose={onClose} title={editing?.id ? `Edit ${noun}` : `New ${noun}`} centered>
      <form onSubmit={submit} noValidate data-testid="general-dialog">
        <Stack gap="sm">
          <TextInput label="Name" withAsterisk data-testid="field-name" {...form.getInputProps('name')} />
          {types && (
            <Checkbox
              label="Reefer (PM counted in engine hours)"
              {...form.getInputProps('reefer', { type: 'checkbox' })}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" data-testid="record-save">
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
