import { ACTION, SECTION } from '@backhaul/shared';
import { formatPhone } from '@backhaul/shared/formats/formats';
import { BrokerFormSchema, type BrokerRow, EMPTY_BROKER_FORM } from '@backhaul/shared/modules/brokers/brokers.contract';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable } from '../../platform/data-table/data-table';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { useRecordActions } from '../../platform/data-table/use-record-actions';
import { RecordDialog } from '../../platform/record/record-dialog';
import { brokersApi } from './brokers.api';

/** Maintenance → Brokers: the generic list; create posts to /broker/new as the register names it. */
export function BrokersPage() {
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const tree = usePermissionTree();
  const { refreshKey, refresh, askDelete, deleteDialog } = useRecordActions({
    deleteUrl: brokersApi.deleteUrl,
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
          ...(canCreate ? { create: () => setEditing(null) } : {}),
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
            onClick: (r) => setEditing(r.broker_id),
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
      <RecordDialog
        api={brokersApi}
        schema={BrokerFormSchema}
        empty={EMPTY_BROKER_FORM}
        recordOf={(data) => data.broker}
        title={{ create: 'New broker', edit: 'Edit broker' }}
        section={SECTION.Brokers}
        cols={2}
        id={editing ?? null}
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        onSaved={refresh}
      />
      {deleteDialog}
    </Stack>
  );
}
