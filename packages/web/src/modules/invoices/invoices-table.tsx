import { ACTION, MSG, SECTION } from '@backhaul/shared';
import { formatMoney } from '@backhaul/shared/formats/formats';
import type { InvoiceRow } from '@backhaul/shared/modules/invoices/invoices.contract';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import {
  IconCash,
  IconChartBar,
  IconDownload,
  IconEye,
  IconFileTypePdf,
  IconLockOpen,
  IconPencil,
  IconReceipt,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { api } from '../../platform/api-client';
import { DataTable } from '../../platform/data-table/data-table';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { InvoiceStatusBadge, PaymentDialog } from '../payments';
import { InvoiceDialog } from './invoice-dialog';
import { InvoiceEmailDialog, SendInvoicesDialog } from './invoice-send-dialogs';
import { downloadInvoicePdf, viewInvoicePdf } from './invoices.api';

const perm = (...ids: number[]) => ({ section: SECTION.CustomerNotPaidInvoices, ids });
type Confirm = { title: string; text: ReactNode; label: string; color?: string; run: () => Promise<void> } | null;
type FilterOptions = { filter: Record<string, { value: string | number; label: string }[]> };

/** The customer invoices list with its row actions (000 §6: send 15, view 13, paid 16 on Open, open 117). */
export function InvoicesTable() {
  const tree = usePermissionTree();
  const can = (...ids: number[]) => allowsButton(tree, perm(...ids));
  const [refreshKey, setRefreshKey] = useState(0);
  const refresh = () => setRefreshKey((k) => k + 1);
  const [editing, setEditing] = useState<{ id: number | null; creating: boolean }>({ id: null, creating: false });
  const [emailing, setEmailing] = useState<{ id: number | null; mode: 'invoice' | 'statistic' }>({
    id: null,
    mode: 'invoice',
  });
  const [paying, setPaying] = useState<number | null>(null);
  const [sendRows, setSendRows] = useState<InvoiceRow[] | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [busy, setBusy] = useState(false);
  const options = useQuery({
    queryKey: ['invoice', 'filters'],
    queryFn: () => api.post<FilterOptions>('/invoice/filters', {}, { background: true }),
  });
  const opts = {
    customers: (options.data?.filter.customer ?? []).map((o) => ({ value: String(o.value), label: o.label })),
    services: (options.data?.filter.service ?? []).map((o) => ({ value: String(o.value), label: o.label })),
  };

  const runConfirm = async () => {
    if (!confirm) return;
    setBusy(true);
    try {
      await confirm.run();
    } catch {
      // The API client has alerted why.
    } finally {
      refresh();
      setBusy(false);
      setConfirm(null);
    }
  };
  const openInvoice = (r: InvoiceRow) =>
    setConfirm({
      title: 'Open invoice',
      text: MSG.openInvoiceWarning,
      label: 'Open invoice',
      color: 'orange',
      run: async () => {
        try {
          await api.post(`/invoice/open/${r.invoice_id}`, {}, { silent: true });
          showAlert('success', MSG.openInvoiceSuccess);
        } catch {
          showAlert('error', MSG.openInvoiceError);
        }
      },
    });
  const markPaid = (r: InvoiceRow) =>
    setConfirm({
      title: 'Mark paid',
      text: `Mark invoice #${r.invoice_id} paid? ${formatMoney(r.need_pay_amount)} is posted as a payment.`,
      label: 'Mark paid',
      run: async () => {
        // A refusal says why (412); a server error is the spec's 'Saving error'.
        const res = await api.post<{ message: string }>(
          `/invoice/paid/${r.invoice_id}`,
          {},
          { failure: MSG.savingError },
        );
        showAlert('success', res.message);
      },
    });
  const remove = (r: InvoiceRow) =>
    setConfirm({
      title: 'Delete',
      text: `Delete invoice #${r.invoice_id}? Its loads can be invoiced again. This cannot be undone.`,
      label: 'Delete',
      color: 'red',
      run: async () => {
        try {
          await api.post(`/invoice/delete/${r.invoice_id}`, { invoice_id: r.invoice_id }, { silent: true });
          showAlert('success', MSG.recordDeleted);
        } catch {
          showAlert('error', MSG.removeError);
        }
      },
    });
  const startSend = async () => {
    const res = await api.post<{ rows: InvoiceRow[] }>('/invoice', {
      filters: { status: { values: ['Open'] } },
      limit: 200,
      with_options: false,
    });
    setSendRows(res.rows);
  };

  return (
    <>
      <DataTable<InvoiceRow>
        url="/invoice"
        listKey="invoice"
        urlPrefix="i"
        rowId={(r) => r.invoice_id}
        onOpen={(r) => setEditing({ id: r.invoice_id, creating: false })}
        refreshKey={refreshKey}
        toolbar={{
          export: can(ACTION.EXPORT),
          ...(can(ACTION.EDIT, ACTION.INVOICING) ? { create: () => setEditing({ id: null, creating: true }) } : {}),
          ...(can(ACTION.SEND) ? { send: () => void startSend() } : {}),
        }}
        cells={{
          status: (r) => <InvoiceStatusBadge status={r.status} />,
          need_pay_amount: (r) => (
            <Text size="sm" ta="right" c={r.need_pay_amount > 0 ? 'orange' : undefined}>
              {formatMoney(r.need_pay_amount)}
            </Text>
          ),
        }}
        actions={[
          {
            id: 'view',
            label: 'View PDF',
            icon: <IconFileTypePdf size={16} />,
            permission: perm(ACTION.VIEW_DOC),
            onClick: (r) => void viewInvoicePdf(r.invoice_id),
          },
          {
            id: 'download',
            label: 'Download',
            icon: <IconDownload size={16} />,
            permission: perm(ACTION.VIEW_DOC, ACTION.DOWNLOAD_DOC),
            onClick: (r) => void downloadInvoicePdf(r.invoice_id),
          },
          {
            id: 'edit',
            label: 'Edit',
            primary: true,
            icon: <IconPencil size={16} />,
            permission: perm(ACTION.EDIT),
            visible: (r) => r.status === 'Open',
            onClick: (r) => setEditing({ id: r.invoice_id, creating: false }),
          },
          {
            id: 'details',
            label: 'Details',
            primary: true,
            icon: <IconEye size={16} />,
            // Only Open invoices change; the others (or a view-only holder) open read-only.
            visible: (r) => !can(ACTION.EDIT) || r.status !== 'Open',
            onClick: (r) => setEditing({ id: r.invoice_id, creating: false }),
          },
          {
            id: 'send',
            label: 'Send',
            primary: true,
            icon: <IconSend size={16} />,
            permission: perm(ACTION.SEND),
            onClick: (r) => setEmailing({ id: r.invoice_id, mode: 'invoice' }),
          },
          {
            id: 'open',
            label: 'Open invoice',
            icon: <IconLockOpen size={16} />,
            permission: perm(ACTION.OPEN_INVOICE),
            visible: (r) => r.status !== 'Open',
            onClick: openInvoice,
          },
          {
            id: 'paid',
            label: 'Paid',
            icon: <IconCash size={16} />,
            color: 'green',
            permission: perm(ACTION.PAID),
            visible: (r) => r.status === 'Open' && r.need_pay_amount > 0,
            onClick: markPaid,
          },
          {
            id: 'pay',
            label: 'Enter payment',
            primary: true,
            icon: <IconReceipt size={16} />,
            permission: perm(ACTION.PAID),
            visible: (r) => r.need_pay_amount > 0,
            onClick: (r) => setPaying(r.invoice_id),
          },
          {
            id: 'statistic',
            label: 'Statistics by e-mail',
            icon: <IconChartBar size={16} />,
            permission: perm(ACTION.SEND),
            visible: (r) => r.service !== null,
            onClick: (r) => setEmailing({ id: r.invoice_id, mode: 'statistic' }),
          },
          {
            id: 'delete',
            label: 'Delete',
            icon: <IconTrash size={16} />,
            color: 'red',
            permission: perm(ACTION.DELETE),
            onClick: remove,
          },
        ]}
      />
      <InvoiceDialog
        invoiceId={editing.id}
        creating={editing.creating}
        canEdit={can(ACTION.EDIT, ACTION.INVOICING)}
        options={opts}
        onClose={() => setEditing({ id: null, creating: false })}
        onSaved={refresh}
      />
      <InvoiceEmailDialog
        invoiceId={emailing.id}
        mode={emailing.mode}
        onClose={() => setEmailing((e) => ({ ...e, id: null }))}
        onSent={refresh}
      />
      <SendInvoicesDialog rows={sendRows} onClose={() => setSendRows(null)} onSent={refresh} />
      <PaymentDialog invoiceId={paying} onClose={() => setPaying(null)} onPosted={refresh} />
      <Modal opened={confirm !== null} onClose={() => setConfirm(null)} title={confirm?.title} centered size="md">
        <Stack gap="md">
          <Text size="sm" data-testid="confirm-text">
            {confirm?.text}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              Cancel
            </Button>
            <Button color={confirm?.color} loading={busy} onClick={runConfirm} data-testid="confirm-action">
              {confirm?.label}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
