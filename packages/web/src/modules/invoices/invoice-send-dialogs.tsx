import { MSG } from '@backhaul/shared';
import { formatMoney } from '@backhaul/shared/formats/formats';
import { InvoiceResponseSchema, type InvoiceRow } from '@backhaul/shared/modules/invoices/invoices.contract';
import { Button, Checkbox, Group, Modal, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { api } from '../../platform/api-client';
import { ApiError } from '../../platform/api-errors';

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
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The customer's address is offered once it loads, unless the user has already typed one.
  const typed = useRef(false);
  useEffect(() => {
    if (invoiceId === null) return;
    typed.current = false;
    setEmail('');
  }, [invoiceId]);
  useEffect(() => {
    if (!typed.current) setEmail(query.data?.invoice.customer_email ?? '');
    setError(null);
  }, [query.data]);

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      if (mode === 'invoice') {
        await api.post('/invoice/invoiceEmail', { invoice_id: invoiceId, email }, { silent: true });
        showAlert('success', MSG.invoicesSent);
      } else {
        const res = await api.post<{ message: string }>(
          `/invoice/sendStatistic/${invoiceId}`,
          { email },
          { silent: true },
        );
        showAlert('success', res.message);
      }
      props.onSent();
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors.email) setError(err.fieldErrors.email.join(' '));
      else showAlert('error', mode === 'invoice' ? MSG.invoicesNotSent : MSG.whoops);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={invoiceId !== null}
      onClose={onClose}
      title={mode === 'invoice' ? `Send invoice #${invoiceId ?? ''}` : `Statistics of invoice #${invoiceId ?? ''}`}
      centered
    >
      <Stack gap="sm" data-testid="invoice-email-dialog">
        <Text size="sm" c="dimmed">
          {mode === 'invoice'
            ? 'The invoice PDF and the PPW files of its loads are attached.'
            : 'A summary of the invoice loads (PDF) is mailed to this address.'}
        </Text>
        <TextInput
          label="E-mail"
          withAsterisk
          value={email}
          error={error}
          onChange={(e) => {
            typed.current = true;
            setEmail(e.currentTarget.value);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={busy} onClick={send} data-testid="invoice-email-send">
            Send
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Send many (POST /invoice/sendInvoices): the Open invoices on screen, each to its customer. */
export function SendInvoicesDialog(props: { rows: InvoiceRow[] | null; onClose: () => void; onSent: () => void }) {
  const rows = props.rows ?? [];
  const [chosen, setChosen] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => setChosen((props.rows ?? []).map((r) => r.invoice_id)), [props.rows]);
  const toggle = (id: number) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));

  const send = async () => {
    setBusy(true);
    try {
      const res = await api.post<{ sent: number[]; failed: { invoice_id: number }[] }>(
        '/invoice/sendInvoices',
        { invoice_ids: chosen },
        { silent: true },
      );
      showAlert(res.failed.length ? 'warning' : 'success', MSG.invoicesSent);
      props.onSent();
      props.onClose();
    } catch {
      showAlert('error', MSG.invoicesNotSent);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={props.rows !== null} onClose={props.onClose} title="Send invoices" size="lg" centered>
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
          <Button loading={busy} disabled={!chosen.length} onClick={send} data-testid="send-invoices-confirm">
            Send {chosen.length || ''}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
