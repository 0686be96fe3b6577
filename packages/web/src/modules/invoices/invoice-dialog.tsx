import { MSG } from '@backhaul/shared';
import { formatMoney } from '@backhaul/shared/formats/formats';
import {
  type InvoiceDetail,
  InvoiceNewBodySchema,
  InvoiceResponseSchema,
  InvoiceUpdateBodySchema,
} from '@backhaul/shared/modules/invoices/invoices.contract';
import { Button, Group, Modal, NumberInput, Select, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../platform/api-client';
import { DateField } from '../../platform/forms/date-field';
import { DeleteIconButton } from '../../platform/record/confirm-dialog';
import { useRecordForm } from '../../platform/record/use-record-form';

type Line = { id?: number; load_id?: number | null; description: string; quantity: number; amount: number };
type Form = {
  customer_id: string;
  service_id: string;
  from: string;
  to: string;
  description: string;
  payment_account: string;
  lines: Line[];
};
type Options = { customers: { value: string; label: string }[]; services: { value: string; label: string }[] };

const EMPTY: Form = {
  customer_id: '',
  service_id: '',
  from: '',
  to: '',
  description: '',
  payment_account: '',
  lines: [],
};

const fromInvoice = (inv: InvoiceDetail): Form => ({
  customer_id: String(inv.customer_id),
  service_id: inv.service_id ? String(inv.service_id) : '',
  from: inv.from,
  to: inv.to,
  description: inv.description ?? '',
  payment_account: inv.payment_account ?? '',
  lines: inv.lines.map((l) => ({
    id: l.id,
    load_id: l.load_id,
    description: l.description,
    quantity: l.quantity,
    amount: l.amount,
  })),
});

const toNewBody = (f: Form) => ({
  customer_id: Number(f.customer_id) || 0,
  service_id: f.service_id ? Number(f.service_id) : null,
  from: f.from,
  to: f.to,
  description: f.description,
  payment_account: f.payment_account,
  lines: f.lines.map(({ description, quantity, amount }) => ({ description, quantity, amount })),
});
const toUpdateBody = (f: Form) => ({
  description: f.description,
  payment_account: f.payment_account,
  lines: f.lines.map(({ id, description, quantity, amount }) => ({
    ...(id ? { id } : {}),
    description,
    quantity,
    amount,
  })),
});

/**
 * An invoice: a new manual one (POST /invoice/new) or an existing one (POST /invoice/:id, saved
 * with POST /invoice/update/:id). Only an Open invoice, with edit permission, can be changed;
 * otherwise the dialog is read-only.
 */
export function InvoiceDialog(props: {
  invoiceId: number | null;
  creating: boolean;
  canEdit: boolean;
  options: Options;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { invoiceId, creating, onClose } = props;
  const opened = creating || invoiceId !== null;
  const query = useQuery({
    queryKey: ['invoice', invoiceId],
    queryFn: () => api.post(`/invoice/${invoiceId}`, {}, { schema: InvoiceResponseSchema }),
    enabled: invoiceId !== null,
    staleTime: 0,
  });
  const invoice = invoiceId !== null ? query.data?.invoice : undefined;
  const editable = props.canEdit && (creating || invoice?.status === 'Open');
  const { form, submit, saving } = useRecordForm({
    initialValues: EMPTY,
    schema: creating ? InvoiceNewBodySchema : InvoiceUpdateBodySchema,
    body: (values) => (creating ? toNewBody(values) : toUpdateBody(values)),
    save: async (body) => {
      // A server error is the spec's 'Saving error'; a refusal (412) or bad input (422) says why.
      if (creating) await api.post('/invoice/new', body, { failure: MSG.savingError });
      else await api.post(`/invoice/update/${invoiceId}`, body, { failure: MSG.savingError });
      return { message: MSG.savingSuccess };
    },
    onSaved: () => {
      props.onSaved();
      onClose();
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog shows another invoice
  useEffect(() => {
    if (!opened) return;
    form.setValues(invoice ? fromInvoice(invoice) : { ...EMPTY, lines: [{ description: '', quantity: 1, amount: 0 }] });
    form.resetDirty();
    form.clearErrors();
  }, [opened, invoice]);

  const total = form.values.lines.reduce((s, l) => s + (Number(l.amount) || 0), 0);
  const title = creating ? 'New invoice' : `${editable ? 'Edit' : 'View'} invoice #${invoiceId ?? ''}`;
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="xl" centered>
      <form onSubmit={submit} data-testid="invoice-dialog">
        <Stack gap="sm">
          {creating ? (
            <Group grow>
              <Select
                label="Customer"
                withAsterisk
                allowDeselect={false}
                searchable
                data={props.options.customers}
                {...form.getInputProps('customer_id')}
              />
              <Select label="Service" clearable data={props.options.services} {...form.getInputProps('service_id')} />
              <DateField label="From" withAsterisk {...form.getInputProps('from')} />
              <DateField label="To" withAsterisk {...form.getInputProps('to')} />
            </Group>
          ) : (
            invoice && (
              <Group gap="xl">
                <Text size="sm">
                  <b>Customer:</b> {invoice.customer}
                </Text>
                <Text size="sm">
                  <b>Period:</b> {invoice.from} — {invoice.to}
                </Text>
                <Text size="sm">
                  <b>Service:</b> {invoice.service ?? 'Manual'}
                </Text>
                <Text size="sm">
                  <b>Status:</b> {invoice.status}
                </Text>
              </Group>
            )
          )}
          <Group grow align="flex-start">
            <Textarea
              label="Description"
              autosize
              minRows={1}
              readOnly={!editable}
              {...form.getInputProps('description')}
            />
            <TextInput label="Payment account" readOnly={!editable} {...form.getInputProps('payment_account')} />
          </Group>
          <Table striped withTableBorder data-testid="invoice-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Description</Table.Th>
                <Table.Th w={90}>Qty</Table.Th>
                <Table.Th w={140}>Amount</Table.Th>
                {editable && <Table.Th w={40} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {form.values.lines.map((line, i) => (
                <Table.Tr key={line.id ?? `new-${i}`}>
                  <Table.Td>
                    <TextInput
                      size="xs"
                      aria-label="Line description"
                      readOnly={!editable}
                      {...form.getInputProps(`lines.${i}.description`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      size="xs"
                      aria-label="Quantity"
                      min={1}
                      readOnly={!editable}
                      {...form.getInputProps(`lines.${i}.quantity`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      size="xs"
                      aria-label="Amount"
                      prefix="$"
                      decimalScale={2}
                      thousandSeparator=","
                      readOnly={!editable}
                      {...form.getInputProps(`lines.${i}.amount`)}
                    />
                  </Table.Td>
                  {editable && (
                    <Table.Td>
                      <DeleteIconButton label="Remove line" onClick={() => form.removeListItem('lines', i)} size="md" />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {form.errors.lines && (
            <Text size="xs" c="red">
              {form.errors.lines}
            </Text>
          )}
          <Group justify="space-between">
            {editable ? (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} />}
                onClick={() => form.insertListItem('lines', { description: '', quantity: 1, amount: 0 })}
              >
                Add line
              </Button>
            ) : (
              <span />
            )}
            <Text fw={600} data-testid="invoice-total">
              Total {formatMoney(total)}
            </Text>
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {editable ? 'Cancel' : 'Close'}
            </Button>
            {editable && (
              <Button type="submit" loading={saving} data-testid="invoice-save">
                Save
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
