import {
  StatementEmailsSchema,
  StatementSendSchema,
  StatementSentSchema,
} from '@backhaul/shared/modules/driver-pay/driver-statements.contract';
import { Button, Group, Modal, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { api } from '../../platform/api-client';
import { ApiError } from '../../platform/api-errors';
import { statementKeys } from './driver-statements.api';

/** Send a statement's PDF by e-mail: to the driver's address, or to one typed here. */
export function StatementSendDialog(props: { id: number | null; onClose: () => void; onSent: () => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // An address the user typed is never overwritten by the driver's address arriving later.
  const [typed, setTyped] = useState(false);
  const query = useQuery({
    queryKey: [...statementKeys.all, 'email', props.id],
    queryFn: () => api.post('/drivers-statements/getEmail', { rows: [props.id] }, { schema: StatementEmailsSchema }),
    enabled: props.id !== null,
    staleTime: 0,
    gcTime: 0,
  });
  const row = query.data?.rows[0];
  useEffect(() => {
    if (!typed) setEmail(row?.email ?? '');
    setError(null);
  }, [row, typed]);
  useEffect(() => {
    if (props.id === null) setTyped(false);
  }, [props.id]);
  const send = async () => {
    const body = { rows: [props.id], ...(email.trim() ? { email: email.trim() } : {}) };
    const checked = StatementSendSchema.safeParse(body);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? null);
    setBusy(true);
    try {
      const res = await api.post('/drivers-statements/send', checked.data, { schema: StatementSentSchema });
      showAlert('success', res.message);
      props.onSent();
      props.onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setError(Object.values(err.fieldErrors).flat().join(' '));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={props.id !== null} onClose={props.onClose} title={`Send statement #${props.id ?? ''}`} centered>
      <Text size="sm" mb="xs">
        The statement goes as a PDF{row ? ` to ${row.driver}` : ''}.
      </Text>
      <TextInput
        label="E-mail"
        placeholder="driver@example.com"
        value={email}
        onChange={(e) => {
          setTyped(true);
          setEmail(e.currentTarget.value);
        }}
        error={error}
        data-testid="send-email"
      />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={props.onClose}>
          Cancel
        </Button>
        <Button loading={busy} onClick={() => void send()} data-testid="send-confirm">
          Send
        </Button>
      </Group>
    </Modal>
  );
}
