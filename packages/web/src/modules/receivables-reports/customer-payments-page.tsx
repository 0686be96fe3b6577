import { SECTION } from '@backhaul/shared';
import { DEFAULT_TERMS_DAYS } from '@backhaul/shared/modules/receivables-reports/receivables-reports.contract';
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { CustomerPaymentsTable, LostPaymentsTable } from '../payments';
import { AgingReport, CustomersBalanceTable } from './receivables-tables';

/** The tabs of Accounting → Customer payments, chosen by ?tab= (each table keeps its own URL prefix). */
const TABS = [
  { value: 'payments', label: 'Customer payments', section: SECTION.CustomerNotPaidInvoices },
  { value: 'lost', label: 'Lost payments', section: SECTION.LostPayments },
  { value: 'balances', label: 'Customers balance', section: SECTION.CustomerNotPaidInvoices },
  { value: 'aging', label: 'AR aging', section: SECTION.CustomerNotPaidInvoices },
] as const;
type Tab = (typeof TABS)[number]['value'];

const HINT: Record<Tab, string> = {
  payments: 'Payments received against invoices. Deleting one puts its amount back on the invoice.',
  lost: 'Mistakes and losses written off invoices.',
  balances: 'What each customer owes: the sum of its invoices still to pay (negative is a credit).',
  aging: `Open invoices by days past due: period end + the customer's terms (${DEFAULT_TERMS_DAYS} days unless agreed otherwise). Click an amount for its invoices.`,
};

/** Accounting → Customer payments: payments, lost payments, customers balance and AR aging. */
export function CustomerPaymentsPage() {
  const [params, setParams] = useSearchParams();
  const tree = usePermissionTree();
  const tabs = TABS.filter((t) => allowsButton(tree, { section: t.section, ids: [] }));
  const requested = params.get('tab');
  const active = tabs.find((t) => t.value === requested)?.value ?? tabs[0]?.value ?? 'payments';
  // A new tab starts from its own defaults: other tables' URL state is dropped.
  const select = (value: string | null) => value && setParams(new URLSearchParams({ tab: value }), { replace: true });

  return (
    <Stack gap="sm" data-testid="customer-payments-page">
      <Title order={2}>Customer payments</Title>
      <Tabs value={active} onChange={select} keepMounted={false}>
        <Tabs.List>
          {tabs.map((t) => (
            <Tabs.Tab key={t.value} value={t.value} data-testid={`tab-${t.value}`}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((t) => (
          <Tabs.Panel key={t.value} value={t.value} pt="sm">
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                {HINT[t.value]}
              </Text>
              {t.value === 'payments' && <CustomerPaymentsTable />}
              {t.value === 'lost' && <LostPaymentsTable />}
              {t.value === 'balances' && <CustomersBalanceTable />}
              {t.value === 'aging' && <AgingReport />}
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
