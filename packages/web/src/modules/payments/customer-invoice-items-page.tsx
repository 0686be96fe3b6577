import { Stack, Text, Title } from '@mantine/core';
import { InvoicePaymentsTable } from './payments-tables';

/** Accounting → Customer invoice items: every payment with the invoice it settled (POST /payments/list). */
export function CustomerInvoiceItemsPage() {
  return (
    <Stack gap="sm" data-testid="customer-invoice-items-page">
      <Title order={2}>Customer invoice items</Title>
      <Text size="sm" c="dimmed">
        Payments with their invoice's period, total and what is still to pay.
      </Text>
      <InvoicePaymentsTable />
    </Stack>
  );
}
