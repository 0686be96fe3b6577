import { ActionIcon, type ActionIconProps, Button, Group, Modal, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { showAlert } from '../alerts-store';
import { api } from '../api-client';

/**
 * The one confirmation of a destructive action: its text, Cancel and the action's button; `children`
 * holds what the action needs besides (a reason to write off a balance).
 */
export function ConfirmDialog(props: {
  opened: boolean;
  message: string;
  children?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
  title?: string;
  confirmLabel?: string;
  busy?: boolean;
  testId?: string;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title ?? 'Delete'} centered size="sm">
      <Text size="sm" mb="md" data-testid="confirm-text">
        {props.message}
      </Text>
      {props.children}
      <Group justify="flex-end" mt={props.children ? 'md' : undefined}>
        <Button variant="default" onClick={props.onClose}>
          Cancel
        </Button>
        <Button
          color="red"
          loading={props.busy}
          onClick={props.onConfirm}
          data-testid={props.testId ?? 'confirm-delete'}
        >
          {props.confirmLabel ?? 'Delete'}
        </Button>
      </Group>
    </Modal>
  );
}

/**
 * Delete behind the confirmation: `ask(url, what)` opens it; on confirm the row goes and the alert
 * is the area's pair of messages (e.g. 'The removal was successful' / 'Deletion error', 000 §8),
 * or without `messages` the server's own answer ('Remove notes item'…).
 */
export function useConfirmedDelete(opts: {
  onDone: () => void;
  messages?: { success: string; error: string };
  /** Without `messages`: the alert of a server error in place of 'Whoops…' (the area's own text). */
  failure?: string;
  testId?: string;
}) {
  const [pending, setPending] = useState<{ url: string; what: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const res = await api.delete<{ message: string }>(pending.url, {
        silent: Boolean(opts.messages),
        ...(opts.failure ? { failure: opts.failure } : {}),
      });
      showAlert('success', opts.messages?.success ?? res.message);
      opts.onDone();
    } catch {
      // Without messages of its own the API client has shown the server's.
      if (opts.messages) showAlert('error', opts.messages.error);
    } finally {
      setBusy(false);
      setPending(null);
    }
  };
  const dialog = (
    <ConfirmDialog
      opened={pending !== null}
      message={`Delete ${pending?.what ?? ''}? This cannot be undone.`}
      busy={busy}
      onConfirm={confirm}
      onClose={() => setPending(null)}
      {...(opts.testId ? { testId: opts.testId } : {})}
    />
  );
  return { ask: (url: string, what: string) => setPending({ url, what }), dialog };
}

/**
 * A row's delete (or remove) button: the red trash icon of every table and panel. `label` names it
 * for screen readers and tests; `onClick` usually asks `useConfirmedDelete`.
 */
export function DeleteIconButton({
  label,
  onClick,
  size = 'sm',
  ...rest
}: { label: string; onClick: () => void } & Omit<ActionIconProps, 'children' | 'color' | 'variant'>) {
  return (
    <ActionIcon variant="subtle" color="red" size={size} aria-label={label} onClick={onClick} {...rest}>
      <IconTrash size={14} />
    </ActionIcon>
  );
}
