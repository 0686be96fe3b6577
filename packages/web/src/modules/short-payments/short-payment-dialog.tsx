import {
  SHORT_PAYMENT_STATUSES,
  type ShortPaymentForm,
  ShortPaymentFormSchema,
} from '@backhaul/shared/modules/short-payments/short-payments.contract';
import { Modal, NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { api } from '../../platform/api-client';
import { DateField } from '../../platform/forms/date-field';
import { RecordDialogFooter } from '../../platform/record/record-dialog';
import { useRecordForm } from '../../platform/record/use-record-form';

export type ShortPaymentEditing = { id: number | null; form: ShortPaymentForm; readOnly: boolean } | null;

/**
 * Create (POST /short/payments) or edit (PUT /short/payments/:id) a short payment; gross and the
 * debt come from the load and its factoring company's fee on the server. View-only holders read it.
 */
export function ShortPaymentDialog(props: { editing: ShortPaymentEditing; onClose: () => void; onSaved: () => void }) {
  const { editing } = props;
  const { form, submit, saving } = useRecordForm<ShortPaymentForm>({
    initialValues: editing?.form ?? {
      load_id: '',
      amount_factoring: '',
      processed_date: '',
      status: 'New',
      actions: '',
    },
    schema: ShortPaymentFormSchema,
    save: (values) =>
      editing?.id
        ? api.put<{ message: string }>(`/short/payments/${editing.id}`, values)
        : api.post<{ message: string }>('/short/payments', values),
    onSaved: () => {
      props.onSaved();
      props.onClose();
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens on a record
  useEffect(() => {
    if (!editing) return;
    form.setValues(editing.form);
    form.resetDirty(editing.form);
    form.clearErrors();
  }, [editing]);

  const ro = editing?.readOnly ?? false;
  const title = ro ? 'Short payment' : editing?.id ? 'Edit short payment' : 'New short payment';

  return (
    <Modal opened={editing !== null} onClose={props.onClose} title={title} centered>
      <form onSubmit={submit} noValidate data-testid="short-payment-dialog">
        <Stack gap="sm">
          <TextInput
            label="Load"
            withAsterisk
            readOnly={ro}
            data-testid="field-load_id"
            {...form.getInputProps('load_id')}
          />
          <NumberInput
            label="Paid by factoring"
            withAsterisk
            readOnly={ro}
            prefix="$"
            decimalScale={2}
            thousandSeparator=","
            data-testid="field-amount_factoring"
            {...form.getInputProps('amount_factoring')}
          />
          <DateField
            label="Processed date"
            withAsterisk
            readOnly={ro}
            data-testid="field-processed_date"
            {...form.getInputProps('processed_date')}
          />
          <Select
            label="Status"
            withAsterisk
            readOnly={ro}
            data={[...SHORT_PAYMENT_STATUSES]}
            allowDeselect={false}
            data-testid="field-status"
            {...form.getInputProps('status')}
          />
          <Textarea
            label="Actions"
            autosize
            minRows={2}
            readOnly={ro}
            data-testid="field-actions"
            {...form.getInputProps('actions')}
          />
          <RecordDialogFooter onClose={props.onClose} readOnly={ro} loading={saving} mt="sm" />
        </Stack>
      </form>
    </Modal>
  );
}
