import { ACTION, SECTION } from '@backhaul/shared';
import { pluralize } from '@backhaul/shared/formats/formats';
import type { CustomerReportRow } from '@backhaul/shared/modules/statistics/statistics.contract';
import { Button, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconListDetails, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { showAlert } from '../../platform/alerts-store';
import { DataTable } from '../../platform/data-table/data-table';
import { readListState } from '../../platform/data-table/list-state';
import { PeriodControl, readWindow, windowFilters } from './period-control';
import { sendCustomerReport } from './statistics.api';

/** Statistics → Customer reports: each customer's loads over the window, its loads, export and e-mail. */
export function CustomerReportsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const window = readWindow(readListState(params).filters);
  const [sending, setSending] = useState<{ row: CustomerReportRow; email: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async () => {
    if (!sending) return;
    setBusy(true);
    try {
      const res = await sendCustomerReport({
        customer_id: sending.row.customer_id,
        datePeriod: { type: window.type, from: window.from, to: window.to },
        ...(sending.email && sending.email !== sending.row.email ? { email: sending.email } : {}),
      });
      showAlert('success', res.message);
      setSending(null);
    } catch {
      // The client has shown the error.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm" data-testid="customer-reports-page">
      <Title order={2}>Customer reports</Title>
      <PeriodControl />
      <DataTable<CustomerReportRow>
        url="/customer-reports/list"
        listKey="customer-reports"
        rowId={(r) => r.customer_id}
        toolbar={{ export: true }}
        actions={[
          {
            id: 'loads',
            label: 'Loads',
            icon: <IconListDetails size={16} />,
            permission: { section: SECTION.DispatchStatistics, ids: [ACTION.VIEW] },
            onClick: (r) =>
              navigate(
                `/statistics/dispatch-statistics?f=${encodeURIComponent(
                  JSON.stringify({ carrier: { values: [r.customer_id] }, ...windowFilters(window) }),
                )}`,
              ),
          },
          {
            id: 'send',
            label: 'Send by e-mail',
            icon: <IconMail size={16} />,
            onClick: (r) => setSending({ row: r, email: r.email ?? '' }),
          },
        ]}
      />
      <Modal opened={sending !== null} onClose={() => setSending(null)} title="Send the customer report">
        {sending && (
          <Stack gap="sm">
            <Text size="sm">
              {sending.row.customer}: {pluralize(sending.row.loads, 'load')}, {window.from} → {window.to}, as a
              spreadsheet.
            </Text>
            <TextInput
              label="E-mail"
              required
              value={sending.email}
              onChange={(e) => setSending({ ...sending, email: e.currentTarget.value })}
              data-testid="report-email"
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setSending(null)}>
                Cancel
              </Button>
              <Button loading={busy} disabled={!sending.email} onClick={send} data-testid="report-send">
                Send
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
