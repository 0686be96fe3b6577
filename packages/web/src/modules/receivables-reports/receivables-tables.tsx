import { ACTION, SECTION } from '@backhaul/shared';
import { formatMoney } from '@backhaul/shared/formats/formats';
import {
  AGING_BUCKETS,
  type AgingBucketId,
  type AgingRow,
  type CustomerBalanceRow,
  type ReceivableInvoiceRow,
  SETTLED_BUCKET,
} from '@backhaul/shared/modules/receivables-reports/receivables-reports.contract';
import { Anchor, Badge, Group, Modal, Text } from '@mantine/core';
import { IconCash, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { showAlert } from '../../platform/alerts-store';
import { API_BASE } from '../../platform/api-client';
import { DataTable } from '../../platform/data-table/data-table';
import { downloadLink } from '../../platform/data-table/download';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { CustomerCardDrawer } from '../customers';
import { InvoiceStatusBadge, PaymentDialog } from '../payments';

const BUCKET_LABEL: Record<string, string> = {
  ...Object.fromEntries(AGING_BUCKETS.map((b) => [b.id, b.label])),
  [SETTLED_BUCKET]: 'Settled',
};
const BUCKET_COLOR: Record<string, string> = {
  current: 'green',
  d1_30: 'yellow',
  d31_60: 'orange',
  d61_90: 'red',
  over_90: 'grape',
  [SETTLED_BUCKET]: 'teal',
};
const OPEN_BUCKETS = AGING_BUCKETS.map((b) => b.id);
const can = (ids: number[]) => ({ section: SECTION.CustomerNotPaidInvoices, ids });

/** Downloads an invoice's PDF through the invoices module's file call (POST /invoice/file/:id). */
export async function downloadInvoicePdf(invoiceId: number): Promise<void> {
  try {
    await downloadLink(`${API_BASE}/invoice/file/${invoiceId}?download=1`, { method: 'POST' });
  } catch {
    showAlert('error', `Invoice #${invoiceId} could not be downloaded.`);
  }
}

type TableProps = { urlPrefix?: string; height?: string };

/**
 * The invoices behind receivables: the aging drill-down and a customer's "My invoices". Rows can
 * be paid (PAID 16, opens the payment dialog) and their PDF downloaded (DOWNLOAD_DOC 14).
 */
export function ReceivableInvoicesTable(props: TableProps) {
  const [paying, setPaying] = useState<number | null>(null);
  const [posted, setPosted] = useState(0);
  const canDownload = allowsButton(usePermissionTree(), can([ACTION.DOWNLOAD_DOC]));
  return (
    <>
      <DataTable<ReceivableInvoiceRow>
        url="/receivables/invoices/list"
        listKey="receivable-invoices"
        rowId={(r) => r.invoice_id}
        refreshKey={posted}
        {...(props.urlPrefix ? { urlPrefix: props.urlPrefix } : {})}
        {...(props.height ? { height: props.height } : {})}
        toolbar={{ export: true }}
        cells={{
          // The id downloads the PDF too: the row buttons may be scrolled out of a narrow screen.
          invoice_id: (r) =>
            canDownload ? (
              <Anchor
                size="sm"
                onClick={() => void downloadInvoicePdf(r.invoice_id)}
                title="Download invoice PDF"
                data-testid="invoice-pdf"
              >
                <Group gap={4} wrap="nowrap">
                  {r.invoice_id}
                  <IconDownload size={14} />
                </Group>
              </Anchor>
            ) : (
              <Text size="sm">{r.invoice_id}</Text>
            ),
          bucket: (r) => (
            <Badge size="sm" variant="light" color={BUCKET_COLOR[r.bucket] ?? 'gray'}>
              {BUCKET_LABEL[r.bucket] ?? r.bucket}
            </Badge>
          ),
          invoice_status: (r) => <InvoiceStatusBadge status={r.invoice_status} />,
        }}
        actions={[
          {
            id: 'pay',
            label: 'Pay',
            primary: true,
            icon: <IconCash size={16} />,
            color: 'green',
            permission: can([ACTION.PAID]),
            visible: (r) => r.need_pay > 0,
            onClick: (r) => setPaying(r.invoice_id),
          },
          {
            id: 'download',
            label: 'Download invoice PDF',
            primary: true,
            icon: <IconDownload size={16} />,
            permission: can([ACTION.DOWNLOAD_DOC]),
            onClick: (r) => void downloadInvoicePdf(r.invoice_id),
          },
        ]}
      />
      <PaymentDialog invoiceId={paying} onClose={() => setPaying(null)} onPosted={() => setPosted((k) => k + 1)} />
    </>
  );
}

/** Customers balance list (000 §3): the name opens the customer card. */
export function CustomersBalanceTable(props: TableProps) {
  const [cardId, setCardId] = useState<number | null>(null);
  // The card is the Customers section's: without it the name stays text.
  const canOpenCard = allowsButton(usePermissionTree(), { section: SECTION.Customers, ids: [ACTION.VIEW] });
  return (
    <>
      <DataTable<CustomerBalanceRow>
        url="/receivables/balances/list"
        listKey="customers-balance"
        rowId={(r) => r.id}
        {...(props.urlPrefix ? { urlPrefix: props.urlPrefix } : {})}
        toolbar={{ export: true }}
        cells={{
          name: (r) =>
            canOpenCard ? (
              <Anchor size="sm" truncate onClick={() => setCardId(r.id)} data-testid="balance-customer">
                {r.name}
              </Anchor>
            ) : (
              <Text size="sm" truncate>
                {r.name}
              </Text>
            ),
          balance: (r) => (
            <Text size="sm" ta="right" c={r.balance < 0 ? 'teal' : undefined}>
              {formatMoney(r.balance)}
            </Text>
          ),
        }}
      />
      <CustomerCardDrawer id={cardId} onClose={() => setCardId(null)} />
    </>
  );
}

const DRILL = 'inv_';

/**
 * AR aging per customer: each bucket amount opens the invoices behind it (a second table whose
 * filters are set in the URL, so the drill-down can be shared and exported like any list).
 */
export function AgingReport(props: TableProps) {
  const [params, setParams] = useSearchParams();
  const drill = params.get(`${DRILL}title`);
  const open = (row: AgingRow, bucket: AgingBucketId | null) =>
    setParams((p) => {
      const next = new URLSearchParams([...p.entries()].filter(([k]) => !k.startsWith(DRILL)));
      next.set(`${DRILL}title`, `${row.customer} · ${bucket ? BUCKET_LABEL[bucket] : 'all open invoices'}`);
      next.set(
        `${DRILL}f`,
        JSON.stringify({
          customer: { values: [row.customer_id] },
          bucket: { values: bucket ? [bucket] : OPEN_BUCKETS },
        }),
      );
      next.set(`${DRILL}sort`, 'bucket');
      next.set(`${DRILL}order`, 'desc');
      return next;
    });
  const close = () => setParams((p) => new URLSearchParams([...p.entries()].filter(([k]) => !k.startsWith(DRILL))));

  const amount = (bucket: AgingBucketId) => (r: AgingRow) =>
    r[bucket] ? (
      <Anchor
        size="sm"
        w="100%"
        ta="right"
        onClick={() => open(r, bucket)}
        data-testid={`aging-${bucket}-${r.customer_id}`}
      >
        {formatMoney(r[bucket])}
      </Anchor>
    ) : (
      <Text size="sm" ta="right" c="dimmed" w="100%">
        {formatMoney(0)}
      </Text>
    );

  return (
    <>
      <DataTable<AgingRow>
        url="/receivables/aging/list"
        listKey="ar-aging"
        rowId={(r) => r.customer_id}
        {...(props.urlPrefix ? { urlPrefix: props.urlPrefix } : {})}
        toolbar={{ export: true }}
        cells={{
          customer: (r) => (
            <Anchor size="sm" truncate onClick={() => open(r, null)} data-testid="aging-customer">
              {r.customer}
            </Anchor>
          ),
          ...Object.fromEntries(AGING_BUCKETS.map((b) => [b.id, amount(b.id)])),
        }}
      />
      <Modal opened={drill !== null} onClose={close} title={`Invoices: ${drill ?? ''}`} size="90%" centered>
        {drill !== null && <ReceivableInvoicesTable urlPrefix={DRILL} height="60vh" />}
      </Modal>
    </>
  );
}
