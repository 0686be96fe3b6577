import { SECTION } from '@backhaul/shared';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { CustomerPaymentsTable } from '../payments';
import { ReceivableInvoicesTable } from '../receivables-reports';

/**
 * A customer user's own receivables on Profile: "My invoices" (with the PDF download) and
 * "My payments". The server scopes every list, total and filter option to the user's customer.
 */
export function CustomerPortal() {
  const tree = usePermissionTree();
  if (!allowsButton(tree, { section: SECTION.CustomerNotPaidInvoices, ids: [] })) return null;
  return (
    <Stack gap="lg" data-testid="customer-portal">
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Title order={3}>My invoices</Title>
          <Text size="sm" c="dimmed">
            Every invoice we sent you, with what is paid and what is still due. Click an invoice number to download its
            PDF.
          </Text>
          <ReceivableInvoicesTable urlPrefix="mi_" height="380px" />
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Title order={3}>My payments</Title>
          <Text size="sm" c="dimmed">
            Payments we received from you and the invoice each one went to.
          </Text>
          <CustomerPaymentsTable urlPrefix="mp_" height="380px" />
        </Stack>
      </Paper>
    </Stack>
  );
}
