import { formatMoney } from '@backhaul/shared/formats/formats';
import {
  LostPaymentFormSchema,
  type NewPaymentResponse,
  NewPaymentResponseSchema,
  PaymentFormSchema,
} from '@backhaul/shared/modules/payments/payments.contract';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../platform/api-client';
import { DateField } from '../../platform/forms/date-field';
import { LabelledValue } from '../../platform/labelled-value';
import { useRecordForm } from '../../platform/record/use-record-form';

/** What the dialog records: money received, or what will not be collected (000 §3 Lost payment). */
const ENTRY_KINDS = [
  { value: 'payment', label: 'Payment' },
  { value: 'mistake', label: 'Mistake' },
  { value: 'loss', label: 'Loss' },
] as const;
type EntryKind = (typeof ENTRY_KINDS)[number]['value'];

type Values = {
  amount: number | string;
  date: string;
  payment_method: string;
  payment_account: string;
  note: string;
  overpayment: boolean;
};

const EMPTY: Values = {
  amount: '',
  date: '',
  payment_method: 'ACH',
  payment_account: '',
  note: '',
  overpayment: false,
};

function Summary({ data }: { data: NewPaymentResponse }) {
  const i = data.invoice;
  const cell = (label: string, value: string, testId?: string) => (
    <LabelledValue label={label} value={value} testId={testId} />
  );
  return (
    <SimpleGrid cols={4} spacing="xs" data-testid="payment-invoice">
      {cell('Customer', i.customer)}
      {cell('Service', i.service ?? '—')}
      {cell('Period', `${i.from} – ${i.to}`)}
      {cell('Status', i.invoice_status, 'payment-invoice-status')}
      {cell('Total', formatMoney(i.total))}
      {cell('Paid', formatMoney(i.paid))}
      {cell('Mistake and loss', formatMoney(i.mistake + i.loss))}
      {cell('Need pay', formatMoney(i.need_pay), 'payment-need-pay')}
    </SimpleGrid>
  );
}

/**
 * Payment entry for one invoice (the invoices list's "pay" action opens it): GET /payments/new/:id
 * for what is due, then POST /payments/:id, or POST /lost-payment for a mistake or a loss. An
 * amount over what is due needs "Overpayment"; the server checks it again under the invoice lock.
 */
export function PaymentDialog(props: { invoiceId: number | null; onClose: () => void; onPosted?: () => void }) {
  const { invoiceId, onClose } = props;
  const [kind, setKind] = useState<EntryKind>('payment');
  const query = useQuery({
    queryKey: ['payments', 'new', invoiceId],
    queryFn: () => api.get(`/payments/new/${invoiceId}`, { schema: NewPaymentResponseSchema }),
    enabled: invoiceId !== null,
    staleTime: 0,
  });
  const data = query.data;
  const schema = kind === 'payment' ? PaymentFormSchema : LostPaymentFormSchema.omit({ invoice_id: true, kind: true });
  const { form, submit, saving } = useRecordForm({
    initialValues: EMPTY,
    schema,
    save: (values) =>
      kind === 'payment'
        ? api.post<{ message: string }>(`/payments/${invoiceId}`, values)
        : api.post<{ message: string }>('/lost-payment', {
            invoice_id: invoiceId,
            kind,
            amount: values.amount,
            date: values.date,
            note: values.note,
          }),
    invalidate: ['list'],
    onSaved: () => {
      props.onPosted?.();
      onClose();
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens on an invoice
  useEffect(() => {
    if (!data || invoiceId === null) return;
    const values = {
      ...EMPTY,
      amount: data.due > 0 ? data.due : '',
      date: data.today,
      payment_account: data.invoice.payment_account ?? data.accounts[0] ?? '',
    };
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    setKind('payment');
  }, [data, invoiceId]);

  const amount = Number(form.values.amount);
  const over = data !== undefined && Number.isFinite(amount) && amount > data.due;

  return (
    <Modal
      opened={invoiceId !== null}
      onClose={onClose}
      title={invoiceId !== null ? `Invoice #${invoiceId}: payment` : 'Payment'}
      size="lg"
      centered
    >
      {!data ? (
        <Group justify="center" py="xl">
          <Loader size="sm" />
        </Group>
      ) : (
        <form onSubmit={submit} noValidate data-testid="payment-dialog">
          <Stack gap="sm">
            <Summary data={data} />
            <SegmentedControl
              value={kind}
              onChange={(v) => {
                setKind(v as EntryKind);
                form.clearErrors();
              }}
              data={ENTRY_KINDS.map((k) => ({ ...k }))}
              data-testid="payment-kind"
            />
            <Group grow align="flex-start">
              <NumberInput
                label="Amount"
                withAsterisk
                prefix="$"
                decimalScale={2}
                thousandSeparator=","
                min={0}
                hideControls
                data-testid="payment-amount"
                {...form.getInputProps('amount')}
              />
              <DateField label="Date" withAsterisk data-testid="payment-date" {...form.getInputProps('date')} />
            </Group>
            {kind === 'payment' && (
              <Group grow align="flex-start">
                <Select
                  label="Payment method"
                  withAsterisk
                  data={data.methods}
                  allowDeselect={false}
                  data-testid="payment-method"
                  {...form.getInputProps('payment_method')}
                />
                <Select
                  label="Payment account"
                  data={data.accounts}
                  clearable
                  data-testid="payment-account"
                  {...form.getInputProps('payment_account')}
                  onChange={(v) => form.setFieldValue('payment_account', v ?? '')}
                />
              </Group>
            )}
            <Textarea label="Note" autosize minRows={2} data-testid="payment-note" {...form.getInputProps('note')} />
            {kind === 'payment' && over && (
              <Alert color="yellow" variant="light" p="xs" data-testid="payment-over">
                <Checkbox
                  label={`Overpayment: post ${formatMoney(amount)} although ${formatMoney(data.due)} is due (the rest is the customer's credit)`}
                  {...form.getInputProps('overpayment', { type: 'checkbox' })}
                  data-testid="payment-overpayment"
                />
              </Alert>
            )}
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={saving} data-testid="payment-save">
                {kind === 'payment' ? 'Post payment' : `Record ${kind}`}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
