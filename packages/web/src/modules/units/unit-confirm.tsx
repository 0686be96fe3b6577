import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { api } from '../../platform/api-client';

/**
 * Delete of an equipment item, note or value behind a confirmation; the server's message
 * ('Remove equipment item', 'Remove notes item'…) is the alert.
 */
export function useItemDelete(onDone: () => void) {
  const [pending, setPending] = useState<{ url: string; what: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const res = await api.delete<{ message: string }>(pending.url);
      showAlert('success', res.message);
      onDone();
    } catch {
      // The API client has shown the error.
    } finally {
      setBusy(false);
      setPending(null);
    }
  };
  const dialog = (
    <Modal opened={pending !== null} onClose={() => setPending(null)} title="Delete" centered size="sm">
      <Text size="sm" mb="md" data-testid="confirm-text">
        Delete {pending?.what}? This cannot be undone.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => setPending(null)}>
          Cancel
        </Button>
        <Button color="red" loading={busy} onClick={confirm} data-testid="confirm-item-delete">
          Delete
        </Button>
      </Group>
    </Modal>
  );
  return { ask: (url: string, what: string) => setPending({ url, what }), dialog };
}
