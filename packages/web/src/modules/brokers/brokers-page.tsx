import { ACTION, SECTION } from '@backhaul/shared';
import { formatPhone } from '@backhaul/shared/formats/formats';
import {
  type BrokerForm,
  BrokerFormSchema,
  type BrokerRow,
  EMPTY_BROKER_FORM,
} from '@backhaul/shared/modules/brokers/brokers.contract';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable } from '../../platform/data-table/data-table';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { RecordDialog, type RecordField } from '../../platform/data-table/record-dialog';
import { useRecordActions } from '../../platform/data-table/use-record-actions';

const FIELDS: RecordField<BrokerForm>[] = [
  { name: 'broker', label: 'Broker', required: true },
  { name: 'mc_number', label: 'MC number' },
  { name: 'pa_street_1', label: 'Street' },
  { name: 'pa_city', label: 'City' },
  { name: 'pa_state', label: 'State', placeholder: 'TX' },
  { name: 'pa_zip', label: 'Zip code' },
  { name: 'email_address', label: 'E-mail' },
  { name: 'local_phone', label: 'Phone', placeholder: '(312) 555-0100' },
];

const toForm = (r: BrokerRow): BrokerForm => ({
  broker: r.broker,
  mc_number: r.mc_number ?? '',
  pa_street_1: r.pa_street_1 ?? '',
  pa_city: r.pa_city ?? '',
  pa_state: r.pa_state ?? '',
  pa_zip: r.pa_zip ?? '',
  email_address: r.email_address ?? '',
  local_phone: r.local_phone ?? '',
});

type Editing = { id: number | null; form: BrokerForm } | null;

/** Maintenance → Brokers: the generic list; create posts to /broker/new as the register names it. */
export function BrokersPage() {
  const [editing, setEditing] = useState<Editing>(null);
  const tree = usePermissionTree();
  const { refreshKey, refresh, askDelete, deleteDialog } = useRecordActions({
    deleteUrl: (id) => `/brokers/${id}`,
    describe: (id) => `broker #${id}`,
  });
  const canCreate = allowsButton(tree, { section: SECTION.Brokers, ids: [ACTION.CREATE] });

  return (
    <Stack gap="sm" data-testid="brokers-page">
      <Title order={2}>Brokers</Title>
      <DataTable<BrokerRow>
        url="/brokers/list"
        listKey="brokers"
        rowId={(r) => r.broker_id}
        refreshKey={refreshKey}
        toolbar={{
          export: true,
          ...(canCreate ? { create: () => setEditing({ id: null, form: EMPTY_BROKER_FORM }) } : {}),
        }}
        cells={{
          local_phone: (r) => <Text size="sm">{formatPhone(r.local_phone)}</Text>,
          email_address: (r) =>
            r.email_address ? (
              <Anchor size="sm" href={`mailto:${r.email_address}`} truncate>
                {r.email_address}
              </Anchor>
            ) : null,
        }}
        actions={[
          {
            id: 'edit',
            label: 'Edit',
            icon: <IconPencil size={16} />,
            permission: { section: SECTION.Brokers, ids: [ACTION.EDIT] },
            onClick: (r) => setEditing({ id: r.broker_id, form: toForm(r) }),
          },
          {
            id: 'delete',
            label: 'Delete',
            icon: <IconTrash size={16} />,
            color: 'red',
            onClick: (r) => askDelete(r.broker_id),
          },
        ]}
      />
      <RecordDialog<BrokerForm>
        title={editing?.id ? 'Edit broker' : 'New broker'}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        schema={BrokerFormSchema}
        fields={FIELDS}
        initial={editing?.form ?? EMPTY_BROKER_FORM}
        url={editing?.id ? `/brokers/update/${editing.id}` : '/broker/new'}
        onSaved={refresh}
      />
      {deleteDialog}
    </Stack>
  );
}
