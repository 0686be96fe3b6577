import { MSG } from '@backhaul/shared';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { showAlert } from '../alerts-store';
import { api } from '../api-client';

/**
 * Delete behind a confirmation, with the spec's texts: 'The removal was successful' or
 * 'Deletion error' (000 §8), or an area's own pair (payments: 'The record has been successfully
 * deleted.' / 'Remove error'). `refreshKey` changes after every successful write.
 */
export function useRecordActions(opts: {
  deleteUrl: (id: number | string) => string;
  describe: (id: number | string) => string;
  messages?: { success: string; error: string };
}) {
  const [refreshKey, setRefreshKey] = useState(0);
  const [pending, setPending] = useState<number | string | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => setRefreshKey((k) => k + 1);

  const confirmDelete = async () => {
    if (pending === null) return;
    setBusy(true);
    try {
      await api.delete(opts.deleteUrl(pending), { silent: true });
      showAlert('success', opts.messages?.success ?? MSG.removalSuccess);
      refresh();
    } catch {
      showAlert('error', opts.messages?.error ?? MSG.deletionError);
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  const dialog = (
    <Modal opened={pending !== null} onClose={() => setPending(null)} title="Delete" centered size="sm">
      <Text size="sm" mb="md" data-testid="confirm-text">
        Delete {pending !== null ? opts.describe(pending) : ''}? This cannot be undone.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => setPending(null)}>
          Cancel
        </Button>
        <Button color="red" loading={busy} onClick={confirmDelete} data-testid="confirm-delete">
          Delete
        </Button>
      </Group>
    </Modal>
  );

  return { refreshKey, refresh, askDelete: setPending, deleteDialog: dialog };
}
