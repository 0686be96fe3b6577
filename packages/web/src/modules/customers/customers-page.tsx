import { SECTION } from '@backhaul/shared';
import { formatPhone } from '@backhaul/shared/formats/formats';
import type { CustomerRow } from '@backhaul/shared/modules/customers/customers.contract';
import { Anchor, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../platform/data-table/data-table';
import { RegistryPage, useRegistryActions } from '../../platform/data-table/use-registry-actions';
import { CustomerCardDrawer } from './customer-card';
import { CustomerDialog } from './customer-dialog';
import { freezeCustomer } from './customers.api';
import { FrozenBadge } from './frozen-badge';

const LOG_PREFIX = 'log_';

/**
 * Maintenance → Customers: rows coloured by frozen status (1 red, 2 orange), the card (eye, 10),
 * edit (9), actions history (9 and 10), delete (11).
 */
export function CustomersPage() {
  const [cardId, setCardId] = useState<number | null>(null);
  const [params, setParams] = useSearchParams();
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
  const registry = useRegistryActions<CustomerRow>({
    section: SECTION.Customers,
    rowId: (r) => r.id,
    deleteUrl: (id) => `/customers/${id}`,
    describe: (id) => `customer with Division ID ${id}`,
    view: { label: 'Customer card', onClick: (r) => setCardId(r.id) },
    onHistory: (r) => openHistory(r.id),
    deactivate: { update: freezeCustomer, as: 'Frozen' },
  });

  return (
    <RegistryPage testId="customers-page" title="Customers">
      <DataTable<CustomerRow>
        url="/customers/list"
        listKey="customers"
        rowId={(r) => r.id}
        refreshKey={registry.refreshKey}
        toolbar={registry.toolbar}
        cells={{
          name: (r) => (
            <Anchor size="sm" truncate onClick={() => setCardId(r.id)} data-testid="customer-name">
              {r.name}
            </Anchor>
          ),
          phone: (r) => <Text size="sm">{formatPhone(r.phone)}</Text>,
          frozen: (r) => <FrozenBadge frozen={r.frozen} />,
        }}
        actions={registry.actions}
      />
      <CustomerDialog
        id={registry.dialog.id}
        opened={registry.dialog.opened}
        onClose={registry.dialog.onClose}
        onSaved={registry.dialog.onSaved}
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
      {registry.dialogs}
    </RegistryPage>
  );
}
