import { SECTION } from '@backhaul/shared';
import { Stack, Tabs, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../platform/data-table/data-table';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { InvoiceGenerator } from './invoice-generator';
import { InvoicesTable } from './invoices-table';

const TABS = [
  { value: 'invoices', label: 'Invoices', section: SECTION.CustomerNotPaidInvoices },
  { value: 'sent', label: 'Sent invoices', section: SECTION.CustomerNotPaidInvoices },
  { value: 'generator', label: 'Invoice generator', section: SECTION.InvoiceGenerator },
] as const;

/** Accounting → Customer invoices: the invoices, the sent invoices and the invoice generator, by ?tab=. */
export function CustomerInvoicesPage() {
  const [params, setParams] = useSearchParams();
  const tree = usePermissionTree();
  const tabs = TABS.filter((t) => allowsButton(tree, { section: t.section, ids: [] }));
  const active = tabs.find((t) => t.value === params.get('tab'))?.value ?? tabs[0]?.value ?? 'invoices';
  const select = (value: string | null) => value && setParams(new URLSearchParams({ tab: value }), { replace: true });

  return (
    <Stack gap="sm" data-testid="customer-invoices-page">
      <Title order={2}>Customer invoices</Title>
      <Tabs value={active} onChange={select} keepMounted={false}>
        <Tabs.List>
          {tabs.map((t) => (
            <Tabs.Tab key={t.value} value={t.value} data-testid={`tab-${t.value}`}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="invoices" pt="sm">
          <InvoicesTable />
        </Tabs.Panel>
        <Tabs.Panel value="sent" pt="sm">
          <DataTable
            url="/invoice-sends/list"
            listKey="invoice-sends"
            urlPrefix="s"
            rowId={(r) => Number(r.send_id)}
            toolbar={{ export: true }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="generator" pt="sm">
          <InvoiceGenerator />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
