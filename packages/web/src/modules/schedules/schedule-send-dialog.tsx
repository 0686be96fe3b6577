import { type ScheduleSendBody, ScheduleSendBodySchema } from '@backhaul/shared/modules/schedules/schedules.contract';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { api } from '../../platform/api-client';
import { ApiError } from '../../platform/api-errors';
import { toFormErrors, zodValidator } from '../../platform/form-validation';

/** Errors of single addresses (emails.0, emails.1…) shown under the one e-mails field. */
const onEmailsField = (errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [k.startsWith('emails') ? 'emails' : k, v]));
const validate = zodValidator(ScheduleSendBodySchema);

export type ScheduleSending = { id: number; email: string | null } | null;

/** POST /schedules/send/:id: the schedule PDF and the loads' PPW to the chosen addresses. */
export function ScheduleSendDialog(props: { sending: ScheduleSending; onClose: () => void; onSent: () => void }) {
  const { sending } = props;
  const [busy, setBusy] = useState(false);
  const form = useForm<{ emails: string; message: string }>({
    initialValues: { emails: '', message: '' },
    validate: (values) => onEmailsField(validate(values)),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when opened on a schedule
  useEffect(() => {
    if (!sending) return;
    form.setValues({ emails: sending.email ?? '', message: '' });
    form.clearErrors();
  }, [sending]);
  const submit = form.onSubmit(async (values) => {
    if (!sending) return;
    setBusy(true);
    try {
      const res = await api.post<{ message: string }>(
        `/schedules/send/${sending.id}`,
        values satisfies ScheduleSendBody,
      );
      showAlert('success', res.message);
      props.onSent();
      props.onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) form.setErrors(onEmailsField(toFormErrors(err.fieldErrors)));
    } finally {
      setBusy(false);
    }
  });
  return (
    <Modal opened={sending !== null} onClose={props.onClose} title={`Send schedule #${sending?.id ?? ''}`} centered>
      <form onSubmit={submit} noValidate data-testid="schedule-send">
        <Stack gap="sm">
          <TextInput
            label="E-mails"
            description="Separate addresses with commas"
            withAsterisk
            data-testid="field-emails"
            {...form.getInputProps('emails')}
          />
          <Textarea
            label="Message"
            autosize
            minRows={3}
            data-testid="field-message"
            {...form.getInputProps('message')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} data-testid="schedule-send-submit">
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
