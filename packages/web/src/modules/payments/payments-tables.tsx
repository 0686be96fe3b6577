import { ACTION, MSG, SECTION } from '@backhaul/shared';
import type { CustomerPaymentListRow, LostPaymentListRow } from '@backhaul/shared/modules/payments/payments.contract';
import { Badge } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { DataTable, type RowAction } from '../../platform/data-table/data-table';
import { useRecordActions } from '../../platform/data-table/use-record-actions';

/** Payment deletes answer with the area's own texts (000 §8). */
const PAYMENT_DELETE_MESSAGES = { success: MSG.recordDeleted, error: MSG.removeError };

const STATUS_COLOR: Record<string, string> = { Paid: 'green', Open: 'yellow', Sent: 'blue' };
export const InvoiceStatusBadge = ({ status }: { status: string | null }) =>
  status ? (
    <Badge size="sm" variant="light" color={STATUS_COLOR[status] ?? 'gray'}>
      {status}
    </Badge>
  ) : null;

function deleteAction<R extends { id: number }>(section: number, askDelete: (id: number) => void): RowAction<R> {
  return {
    id: 'delete',
    label: 'Delete',
    icon: <IconTrash size={16} />,
    color: 'red',
    permission: { section, ids: [ACTION.DELETE] },
    onClick: (r) => askDelete(r.id),
  };
}

type TableProps = { urlPrefix?: string; height?: string; refreshKey?: unknown };

/** Customer payments (POST /payments-customer/list); delete reverses the payment on its invoice. */
export function CustomerPaymentsTable(props: TableProps) {
  const { refreshKey, askDelete, deleteDialog } = useRecordActions({
    deleteUrl: (id) => `/payments-customer/${id}`,
    describe: (id) => `payment #${id} (its amount goes back onto the invoice)`,
    messages: PAYMENT_DELETE_MESSAGES,
  });
  return (
    <>
      <DataTable<CustomerPaymentListRow>
        url="/payments-customer/list"
        listKey="payments-customer"
        rowId={(r) => r.id}
        refreshKey={`${refreshKey}-${String(props.refreshKey ?? '')}`}
        {...(props.urlPrefix ? { urlPrefix: props.urlPrefix } : {})}
        {...(props.height ? { height: props.height } : {})}
        toolbar={{ export: true }}
        cells={{ invoice_status: (r) => <InvoiceStatusBadge status={r.invoice_status} /> }}
        actions={[deleteAction<CustomerPaymentListRow>(SECTION.CustomerNotPaidInvoices, askDelete)]}
      />
      {deleteDialog}
    </>
  );
}

/** Customer invoice items: each payment with its invoice (POST /payments/list). */
export function InvoicePaymentsTable(props: TableProps) {
  const { refreshKey, askDelete, deleteDialog } = useRecordActions({
    deleteUrl: (id) => `/payments/${id}`,
    describe: (id) => `payment #${id} (its amount goes back onto the invoice)`,
    messages: PAYMENT_DELETE_MESSAGES,
  });
  return (
    <>
      <DataTable<CustomerPaymentListRow>
        url="/payments/list"
        listKey="payments"
        rowId={(r) => r.id}
        refreshKey={`${refreshKey}-${String(props.refreshKey ?? '')}`}
        {...(props.urlPrefix ? { urlPrefix: props.urlPrefix } : {})}
        toolbar={{ export: true }}
        cells={{ invoice_status: (r) => <InvoiceStatusBadge status={r.invoice_status} /> }}
        actions={[deleteAction<CustomerPaymentListRow>(SECTION.CustomerNotPaidInvoices, askDelete)]}
      />
      {deleteDialog}
    </>
  );
}

/** Lost payments (119): mistakes and losses; delete puts the amount back on the invoice. */
export function LostPaymentsTable(props: TableProps) {
  const { refreshKey, askDelete, deleteDialog } = useRecordActions({
    deleteUrl: (id) => `/lost-payment/${id}`,
    describe: (id) => `lost payment #${id} (its amount goes back onto the invoice)`,
    messages: PAYMENT_DELETE_MESSAGES,
  });
  return (
    <>
      <DataTable<LostPaymentListRow>
        url="/lost-payment/list"
        listKey="lost-payment"
        rowId={(r) => r.id}
        refreshKey={`${refreshKey}-${String(props.refreshKey ?? '')}`}
        {...(props.urlPrefix ? { urlPrefix: props.urlPrefix } : {})}
        toolbar={{ export: true }}
        actions={[deleteAction<LostPaymentListRow>(SECTION.LostPayments, askDelete)]}
      />
      {deleteDialog}
    </>
  );
}
