import { MSG } from '@backhaul/shared';
import { formatMoney } from '@backhaul/shared/formats/formats';
import {
  InvoiceResponseSchema,
  type InvoiceRow,
  SendInvoicesBodySchema,
  SendStatisticBodySchema,
} from '@backhaul/shared/modules/invoices/invoices.contract';
import { Button, Checkbox, Group, Modal, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { api } from '../../platform/api-client';
import { useRecordForm } from '../../platform/record/use-record-form';

/**
 * One e-mail address for one invoice: send the invoice (POST /invoice/invoiceEmail, PDF and PPW
 * attached) or its loads' statistics (POST /invoice/sendStatistic/:id).
 */
export function InvoiceEmailDialog(props: {
  invoiceId: number | null;
  mode: 'invoice' | 'statistic';
  onClose: () => void;
  onSent: () => void;
}) {
  const { invoiceId, mode, onClose } = props;
  const query = useQuery({
    queryKey: ['invoice', invoiceId],
    queryFn: () => api.post(`/invoice/${invoiceId}`, {}, { schema: InvoiceResponseSchema }),
    enabled: invoiceId !== null,
  });
  const { form, submit, saving } = useRecordForm({
    initialValues: { email: '' },
    schema: SendStatisticBodySchema,
    save: async ({ email }) => {
      if (mode === 'statistic') return api.post<{ message: string }>(`/invoice/sendStatistic/${invoiceId}`, { email });
      await api.post('/invoice/invoiceEmail', { invoice_id: invoiceId, email }, { failure: MSG.invoicesNotSent });
      return { message: MSG.invoicesSent };
    },
    onSaved: () => {
      props.onSent();
      onClose();
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new invoice starts empty
  useEffect(() => {
    if (invoiceId !== null) form.reset();
  }, [invoiceId]);
  // The customer's address is offered once it loads, unless the user has already typed one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: when the invoice arrives
  useEffect(() => {
    if (!form.isDirty('email')) form.setValues({ email: query.data?.invoice.customer_email ?? '' });
    form.clearErrors();
  }, [query.data]);

  return (
    <Modal
      opened={invoiceId !== null}
      onClose={onClose}
      title={mode === 'invoice' ? `Send invoice #${invoiceId ?? ''}` : `Statistics of invoice #${invoiceId ?? ''}`}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" data-testid="invoice-email-dialog">
          <Text size="sm" c="dimmed">
            {mode === 'invoice'
              ? 'The invoice PDF and the PPW files of its loads are attached.'
              : 'A summary of the invoice loads (PDF) is mailed to this address.'}
          </Text>
          <TextInput label="E-mail" withAsterisk {...form.getInputProps('email')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} data-testid="invoice-email-send">
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Send many (POST /invoice/sendInvoices): the Open invoices on screen, each to its customer. */
export function SendInvoicesDialog(props: { rows: InvoiceRow[] | null; onClose: () => void; onSent: () => void }) {
  const rows = props.rows ?? [];
  const { form, submit, saving } = useRecordForm({
    initialValues: { invoice_ids: [] as number[] },
    schema: SendInvoicesBodySchema,
    // The answer's own message is not shown: the spec's pair is, a warning when some were refused.
    save: async (body) => {
      const res = await api.post<{ failed: unknown[] }>('/invoice/sendInvoices', body, {
        failure: MSG.invoicesNotSent,
      });
      return { failed: res.failed.length };
    },
    onSaved: ({ failed }) => {
      showAlert(failed ? 'warning' : 'success', MSG.invoicesSent);
      props.onSent();
      props.onClose();
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: every Open invoice on screen is chosen at first
  useEffect(() => form.setValues({ invoice_ids: (props.rows ?? []).map((r) => r.invoice_id) }), [props.rows]);
  const chosen = form.values.invoice_ids;
  const toggle = (id: number) =>
    form.setFieldValue('invoice_ids', chosen.includes(id) ? chosen.filter((x) => x !== id) : [...chosen, id]);

  return (
    <Modal opened={props.rows !== null} onClose={props.onClose} title="Send invoices" size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" data-testid="send-invoices-dialog">
          {rows.length === 0 ? (
            <Text size="sm">There are no Open invoices on this page.</Text>
          ) : (
            <ScrollArea.Autosize mah={400}>
              <Table>
                <Table.Tbody>
                  {rows.map((r) => (
                    <Table.Tr key={r.invoice_id}>
                      <Table.Td w={40}>
                        <Checkbox
                          aria-label={`Invoice ${r.invoice_id}`}
                          checked={chosen.includes(r.invoice_id)}
                          onChange={() => toggle(r.invoice_id)}
                        />
                      </Table.Td>
                      <Table.Td>#{r.invoice_id}</Table.Td>
                      <Table.Td>{r.customer}</Table.Td>
                      <Table.Td>
                        {r.from} — {r.to}
                      </Table.Td>
                      <Table.Td ta="right">{formatMoney(r.total_check)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} disabled={!chosen.length} data-testid="send-invoices-confirm">
              Send {chosen.length || ''}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
