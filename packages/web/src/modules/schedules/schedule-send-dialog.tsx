import { type ScheduleSendBody, ScheduleSendBodySchema } from '@backhaul/shared/modules/schedules/schedules.contract';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { api } from '../../platform/api-client';
import { useRecordForm } from '../../platform/record/use-record-form';

export type ScheduleSending = { id: number; email: string | null } | null;

/** POST /schedules/send/:id: the schedule PDF and the loads' PPW to the chosen addresses. */
export function ScheduleSendDialog(props: { sending: ScheduleSending; onClose: () => void; onSent: () => void }) {
  const { sending } = props;
  const { form, submit, saving } = useRecordForm<{ emails: string; message: string }>({
    initialValues: { emails: '', message: '' },
    schema: ScheduleSendBodySchema,
    save: (values) =>
      api.post<{ message: string }>(`/schedules/send/${sending?.id}`, values satisfies ScheduleSendBody),
    onSaved: () => {
      props.onSent();
      props.onClose();
    },
    // Errors of single addresses (emails.0, emails.1…) show under the one e-mails field.
    errorField: (name) => (name.startsWith('emails') ? 'emails' : name),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when opened on a schedule
  useEffect(() => {
    if (!sending) return;
    form.setValues({ emails: sending.email ?? '', message: '' });
    form.clearErrors();
  }, [sending]);
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
            <Button type="submit" loading={saving} data-testid="schedule-send-submit">
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
