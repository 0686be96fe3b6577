import { ACTION, MSG, SECTION } from '@backhaul/shared';
import {
  BILLING_LABELS,
  BillingFilesResponseSchema,
  type BillingRow,
} from '@backhaul/shared/modules/billing/billing.contract';
import { Anchor, Badge, Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileInvoice, IconFiles, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { showAlert } from '../../platform/alerts-store';
import { api } from '../../platform/api-client';
import { DataTable } from '../../platform/data-table/data-table';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { tripDetailPath } from '../../platform/links';
import { downloadLink } from '../../platform/services/download';

const billingPerm = (ids: number[]) => ({ section: SECTION.Billing, ids });

function LoadFilesDialog({ loadId, onClose }: { loadId: number | null; onClose: () => void }) {
  const query = useQuery({
    queryKey: ['billings', 'files', loadId],
    queryFn: () => api.get(`/billings/${loadId}`, { schema: BillingFilesResponseSchema }),
    enabled: loadId !== null,
  });
  const files = query.data?.load_files ?? [];
  return (
    <Modal opened={loadId !== null} onClose={onClose} title={`Load #${loadId ?? ''} files`} size="lg" centered>
      {query.isLoading ? (
        <Text size="sm">Loading…</Text>
      ) : files.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="billing-files-empty">
          This load has no files.
        </Text>
      ) : (
        <Table data-testid="billing-files">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>File</Table.Th>
              <Table.Th>Category</Table.Th>
              <Table.Th>Added</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {files.map((f) => (
              <Table.Tr key={f.id}>
                <Table.Td>
                  <Anchor size="sm" component="button" onClick={() => downloadLink(f.url)}>
                    {f.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{f.category === 'ppw' ? 'PPW' : (f.category ?? '')}</Table.Td>
                <Table.Td>{f.created_at}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  );
}

/** Accounting → Billing: delivered loads made ready for invoicing (create 45, remove 11 or 45). */
export function BillingPage() {
  const navigate = useNavigate();
  const mayViewTrips = allowsButton(usePermissionTree(), { section: SECTION.Trips, ids: [ACTION.VIEW] });
  const [refreshKey, setRefreshKey] = useState(0);
  const [filesOf, setFilesOf] = useState<number | null>(null);
  const [removing, setRemoving] = useState<BillingRow | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => setRefreshKey((k) => k + 1);

  const create = async (row: BillingRow) => {
    try {
      await api.post('/billing', { load_id: row.load_id });
      showAlert('success', MSG.savingSuccess);
      refresh();
    } catch {
      // the API client has shown the server's message
    }
  };
  const remove = async () => {
    if (!removing?.billing_id) return;
    setBusy(true);
    try {
      await api.delete(`/billing/${removing.billing_id}`, { silent: true });
      showAlert('success', MSG.removalSuccess);
      refresh();
    } catch {
      showAlert('error', MSG.whoops);
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  };
  const flag = (value: string, yes: string) => (
    <Badge size="sm" variant="light" color={value === yes ? 'green' : 'gray'}>
      {value}
    </Badge>
  );

  return (
    <Stack gap="sm" data-testid="billing-page">
      <Title order={2}>Billing</Title>
      <DataTable<BillingRow>
        url="/billings/list"
        listKey="billings"
        rowId={(r) => r.load_id}
        // A load opens in the trip's detail view (stops, documents, invoice, payments, history).
        {...(mayViewTrips ? { onOpen: (r: BillingRow) => navigate(tripDetailPath(r.trip_id, r.load_id)) } : {})}
        refreshKey={refreshKey}
        toolbar={{ export: true }}
        cells={{
          invoice: (r) => flag(r.invoice, BILLING_LABELS.invoiceExists),
          ppw_url: (r) => flag(r.ppw_url, BILLING_LABELS.ppwExists),
          billing: (r) => flag(r.billing, 'Created'),
        }}
        actions={[
          {
            id: 'create-billing',
            label: 'Create billing',
            primary: true,
            icon: <IconFileInvoice size={16} />,
            permission: billingPerm([ACTION.BILLING_CREATE]),
            visible: (r) => r.billing_id === null,
            onClick: create,
          },
          {
            id: 'files',
            label: 'PPW files',
            primary: true,
            icon: <IconFiles size={16} />,
            onClick: (r) => setFilesOf(r.load_id),
          },
          {
            id: 'delete-billing',
            label: 'Remove billing',
            icon: <IconTrash size={16} />,
            color: 'red',
            permission: billingPerm([ACTION.DELETE, ACTION.BILLING_CREATE]),
            visible: (r) => r.billing_id !== null && r.invoice === BILLING_LABELS.invoiceMissing,
            onClick: setRemoving,
          },
        ]}
      />
      <LoadFilesDialog loadId={filesOf} onClose={() => setFilesOf(null)} />
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title="Remove billing" centered size="sm">
        <Text size="sm" mb="md" data-testid="confirm-text">
          Remove the billing of load #{removing?.load_id}? It will not be invoiced until billed again.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setRemoving(null)}>
            Cancel
          </Button>
          <Button color="red" loading={busy} onClick={remove} data-testid="confirm-delete">
            Remove
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
