import { ACTION, SECTION } from '@backhaul/shared';
import { addDays, formatPhone, nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import type { DriverRow } from '@backhaul/shared/modules/drivers/drivers.contract';
import { Badge, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconHistory, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable } from '../../platform/data-table/data-table';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { useRecordActions } from '../../platform/data-table/use-record-actions';
import { DriverDialog } from './driver-dialog';

type Editing = { id: number | null; readOnly: boolean } | null;
const can = (ids: number[], match?: 'all') => ({ section: SECTION.Drivers, ids, ...(match ? { match } : {}) });

/** An expiry date, red when overdue and orange when due within 30 days (company time). */
function ExpiryCell({ date }: { date: string | null }) {
  if (!date) return null;
  const today = nowInCompanyTimeZone().date;
  const color = date < today ? 'red' : date <= addDays(today, 30) ? 'orange' : undefined;
  return (
    <Text size="sm" c={color} fw={color ? 600 : undefined}>
      {date}
    </Text>
  );
}

/** Maintenance → Drivers (001): list, create, edit (9) or view (10), delete (11), Actions history (9 and 10). */
export function DriversPage() {
  const [editing, setEditing] = useState<Editing>(null);
  const [history, setHistory] = useState(false);
  const tree = usePermissionTree();
  const { refreshKey, refresh, askDelete, deleteDialog } = useRecordActions({
    deleteUrl: (id) => `/drivers/${id}`,
    describe: (id) => `driver #${id}`,
  });
  const canCreate = allowsButton(tree, can([ACTION.CREATE]));
  const canEdit = allowsButton(tree, can([ACTION.EDIT]));
  const canHistory = allowsButton(tree, can([ACTION.EDIT, ACTION.VIEW], 'all'));

  return (
    <Stack gap="sm" data-testid="drivers-page">
      <Group justify="space-between">
        <Title order={2}>Drivers</Title>
        {canHistory && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconHistory size={14} />}
            onClick={() => setHistory(true)}
            data-testid="actions-history"
          >
            Actions history
          </Button>
        )}
      </Group>
      <DataTable<DriverRow>
        url="/drivers/list"
        listKey="drivers"
        rowId={(r) => r.id}
        refreshKey={refreshKey}
        toolbar={{ export: true, ...(canCreate ? { create: () => setEditing({ id: null, readOnly: false }) } : {}) }}
        cells={{
          phone: (r) => <Text size="sm">{formatPhone(r.phone)}</Text>,
          phone2: (r) => <Text size="sm">{formatPhone(r.phone2)}</Text>,
          safety: (r) => (
            <Badge size="sm" variant="light" color={r.safety ? 'teal' : 'gray'}>
              {r.safety ? 'Yes' : 'No'}
            </Badge>
          ),
          cdl_expires_on: (r) => <ExpiryCell date={r.cdl_expires_on} />,
          medical_card_expires_on: (r) => <ExpiryCell date={r.medical_card_expires_on} />,
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
      <DriverDialog
        id={editing?.id ?? null}
        opened={editing !== null}
        readOnly={editing?.readOnly ?? false}
        onClose={() => setEditing(null)}
        onSaved={refresh}
      />
      <Modal opened={history} onClose={() => setHistory(false)} title="Actions history" size="85rem" centered>
        {history && (
          <DataTable
            url="/drivers/filterLogs"
            listKey="drivers-logs"
            rowId={(r) => String(r.id)}
            urlPrefix="log_"
            height="60vh"
          />
        )}
      </Modal>
      {deleteDialog}
    </Stack>
  );
}
