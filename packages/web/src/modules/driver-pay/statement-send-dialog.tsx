import {
  StatementEmailsSchema,
  type StatementSend,
  StatementSendSchema,
  StatementSentSchema,
} from '@backhaul/shared/modules/driver-pay/driver-statements.contract';
import { Button, Group, Modal, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../platform/api-client';
import { useRecordForm } from '../../platform/record/use-record-form';
import { statementKeys } from './driver-statements.api';

/** Send a statement's PDF by e-mail: to the driver's address, or to one typed here. */
export function StatementSendDialog(props: { id: number | null; onClose: () => void; onSent: () => void }) {
  const query = useQuery({
    queryKey: [...statementKeys.all, 'email', props.id],
    queryFn: () => api.post('/drivers-statements/getEmail', { rows: [props.id] }, { schema: StatementEmailsSchema }),
    enabled: props.id !== null,
    staleTime: 0,
    gcTime: 0,
  });
  const row = query.data?.rows[0];
  const { form, submit, saving } = useRecordForm({
    initialValues: { email: '' },
    schema: StatementSendSchema,
    body: ({ email }): StatementSend => ({
      rows: [props.id as number],
      ...(email.trim() ? { email: email.trim() } : {}),
    }),
    save: (body) => api.post('/drivers-statements/send', body, { schema: StatementSentSchema }),
    // One input: every message (the address's, the statement's) shows under it.
    errorField: () => 'email',
    onSaved: () => {
      props.onSent();
      props.onClose();
    },
  });
  // The driver's address fills the input unless the user has typed one (kept when it arrives later).
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the loaded address
  useEffect(() => {
    if (form.isDirty('email')) return;
    const values = { email: row?.email ?? '' };
    form.setValues(values);
    form.resetDirty(values);
  }, [row]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh input for the next statement
  useEffect(() => {
    if (props.id === null) form.reset();
  }, [props.id]);
  return (
    <Modal opened={props.id !== null} onClose={props.onClose} title={`Send statement #${props.id ?? ''}`} centered>
      <form onSubmit={submit} noValidate>
        <Text size="sm" mb="xs">
          The statement goes as a PDF{row ? ` to ${row.driver}` : ''}.
        </Text>
        <TextInput
          label="E-mail"
          placeholder="driver@example.com"
          data-testid="send-email"
          {...form.getInputProps('email')}
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={saving} data-testid="send-confirm">
            Send
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
