import { ACTION, SECTION } from '@backhaul/shared';
import { formatPhone } from '@backhaul/shared/formats/formats';
import type { CustomerRow } from '@backhaul/shared/modules/customers/customers.contract';
import { Anchor, Modal, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconHistory, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../platform/data-table/data-table';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { useRecordActions } from '../../platform/data-table/use-record-actions';
import { CustomerCardDrawer } from './customer-card';
import { CustomerDialog } from './customer-dialog';
import { FrozenBadge } from './frozen-badge';

const can = (ids: number[], match?: 'all') => ({ section: SECTION.Customers, ids, ...(match ? { match } : {}) });
const LOG_PREFIX = 'log_';

/**
 * Maintenance → Customers: rows coloured by frozen status (1 red, 2 orange), the card (eye, 10),
 * edit (9), actions history (9 and 10), delete (11).
 */
export function CustomersPage() {
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [cardId, setCardId] = useState<number | null>(null);
  const [params, setParams] = useSearchParams();
  const tree = usePermissionTree();
  const { refreshKey, refresh, askDelete, deleteDialog } = useRecordActions({
    deleteUrl: (id) => `/customers/${id}`,
    describe: (id) => `customer with Division ID ${id}`,
  });
  const canCreate = allowsButton(tree, can([ACTION.CREATE]));
  const historyOf = params.get(`${LOG_PREFIX}id`);

  // The history table keeps its state in the URL like any list; opening it filters on the record.
  const openHistory = (id: number) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set(`${LOG_PREFIX}id`, String(id));
      next.set(`${LOG_PREFIX}f`, JSON.stringify({ entity_id: { op: 'eq', value: id } }));
      return next;
    });
  const closeHistory = () =>
    setParams((p) => new URLSearchParams([...p.entries()].filter(([k]) => !k.startsWith(LOG_PREFIX))));

  return (
    <Stack gap="sm" data-testid="customers-page">
      <Title order={2}>Customers</Title>
      <DataTable<CustomerRow>
        url="/customers/list"
        listKey="customers"
        rowId={(r) => r.id}
        refreshKey={refreshKey}
        toolbar={{ export: true, ...(canCreate ? { create: () => setEditing({ id: null }) } : {}) }}
        cells={{
          name: (r) => (
            <Anchor size="sm" truncate onClick={() => setCardId(r.id)} data-testid="customer-name">
              {r.name}
            </Anchor>
          ),
          phone: (r) => <Text size="sm">{formatPhone(r.phone)}</Text>,
          frozen: (r) => <FrozenBadge frozen={r.frozen} />,
          created_at: (r) => <Text size="sm">{new Date(r.created_at).toLocaleDateString('en-US')}</Text>,
        }}
        actions={[
          {
            id: 'view',
            label: 'Customer card',
            icon: <IconEye size={16} />,
            permission: can([ACTION.VIEW]),
            onClick: (r) => setCardId(r.id),
          },
          {
            id: 'edit',
            label: 'Edit',
            icon: <IconPencil size={16} />,
            permission: can([ACTION.EDIT]),
            onClick: (r) => setEditing({ id: r.id }),
          },
          {
            id: 'history',
            label: 'Actions history',
            icon: <IconHistory size={16} />,
            permission: can([ACTION.EDIT, ACTION.VIEW], 'all'),
            onClick: (r) => openHistory(r.id),
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
      <CustomerDialog
        id={editing?.id ?? null}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={refresh}
      />
      <CustomerCardDrawer id={cardId} onClose={() => setCardId(null)} />
      <Modal
        opened={historyOf !== null}
        onClose={closeHistory}
        title={`Actions history · Division ID ${historyOf ?? ''}`}
        size="90%"
      >
        {historyOf !== null && (
          <DataTable
            url="/customers/filterLogs"
            listKey="customers-logs"
            urlPrefix={LOG_PREFIX}
            rowId={(r) => String(r.id)}
            height="50vh"
          />
        )}
      </Modal>
      {deleteDialog}
    </Stack>
  );
}
