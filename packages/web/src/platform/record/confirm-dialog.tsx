import { HeldRecordBodySchema, MSG } from '@backhaul/shared';
import { ActionIcon, type ActionIconProps, Alert, Button, Group, Modal, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { showAlert } from '../alerts-store';
import { api } from '../api-client';
import { ApiError } from '../api-errors';

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

/** What a refused delete says in the confirmation: why (the server's words), and whether it can be made inactive instead. */
type Refusal = { message: string; canDeactivate: boolean };

/**
 * A delete the server refused for a reason the user can act on (412), as the confirmation shows it:
 * what holds the record ('Deletion error: 12 invoices, 3 trips') or the rule's own words after the
 * area's error text; null for any other failure (the alert says it).
 */
function refusalOf(err: unknown, areaError: string | undefined): Refusal | null {
  if (!(err instanceof ApiError) || err.status !== 412) return null;
  const held = HeldRecordBodySchema.safeParse(err.body);
  if (held.success) return { message: held.data.error.mail, canDeactivate: held.data.can_deactivate };
  const reason = err.message;
  const prefix = areaError ?? '';
  return {
    message: !prefix || reason.startsWith(prefix) ? reason : `${prefix}: ${reason}`,
    canDeactivate: false,
  };
}

/**
 * The delete asked for; `deactivate` its record's update to inactive, `inactive` what that reads as
 * on the record (Frozen, Left company), `keep` the row's key a list keeps in view after it.
 */
type Pending = {
  url: string;
  what: string;
  deactivate?: (() => Promise<unknown>) | undefined;
  inactive?: string | undefined;
  keep?: unknown;
};

/**
 * Delete behind the confirmation: `ask(url, what, { deactivate, inactive, keep }?)` opens it; on confirm the row goes and
 * the alert is the area's pair of messages (e.g. 'The removal was successful' / 'Deletion error',
 * 000 §8), or without `messages` the server's own answer ('Remove notes item'…). A delete refused
 * for a reason (412: what holds the record, or a rule) keeps the confirmation open with that reason;
 * when the record can be deactivated and `deactivate` is given, it offers "Make inactive instead",
 * the record's existing update that sets it inactive.
 */
export function useConfirmedDelete(opts: {
  /** After a delete, or after "Make inactive instead" with the row's key (the list keeps it in view). */
  onDone: (kept?: unknown) => void;
  messages?: { success: string; error: string };
  /** Without `messages`: the alert of a server error in place of 'Whoops…' (the area's own text). */
  failure?: string;
  testId?: string;
}) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setPending(null);
    setRefusal(null);
  };
  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const res = await api.delete<{ message: string }>(pending.url, { silent: true });
      showAlert('success', opts.messages?.success ?? res.message);
      opts.onDone();
      close();
    } catch (err) {
      const refused = refusalOf(err, opts.messages?.error);
      if (refused) setRefusal(refused);
      else {
        close();
        announce(err, opts);
      }
    } finally {
      setBusy(false);
    }
  };
  const deactivate = async () => {
    if (!pending?.deactivate) return;
    setBusy(true);
    try {
      const saved = await pending.deactivate();
      const message = (saved as { message?: unknown } | null)?.message;
      showAlert('success', typeof message === 'string' && message ? message : MSG.savingSuccess);
      opts.onDone(pending.keep);
      close();
    } catch {
      // The API client has shown the update's failure; the confirmation stays for another try.
    } finally {
      setBusy(false);
    }
  };
  const offer = refusal?.canDeactivate && pending?.deactivate;
  const dialog = refusal ? (
    <Modal opened={pending !== null} onClose={close} title="Delete" centered size="sm">
      <Alert color="red" variant="light" mb="sm" data-testid="delete-refused">
        {refusal.message}
      </Alert>
      {offer && (
        <Text size="sm" mb="md">
          Make {pending?.what} inactive instead{pending?.inactive ? ` (${pending.inactive})` : ''}: it keeps its history
          and can be made active again.
        </Text>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={close}>
          Close
        </Button>
        {offer && (
          <Button loading={busy} onClick={deactivate} data-testid="delete-deactivate">
            Make inactive instead
          </Button>
        )}
      </Group>
    </Modal>
  ) : (
    <ConfirmDialog
      opened={pending !== null}
      message={`Delete ${pending?.what ?? ''}? This cannot be undone.`}
      busy={busy}
      onConfirm={confirm}
      onClose={close}
      {...(opts.testId ? { testId: opts.testId } : {})}
    />
  );
  return {
    ask: (url: string, what: string, instead?: Pick<Pending, 'deactivate' | 'inactive' | 'keep'>) => {
      setRefusal(null);
      setPending({ url, what, ...instead });
    },
    dialog,
  };
}

/** A failed delete's alert: the area's error text, or the server's own words (a server error: `failure`). */
function announce(err: unknown, opts: { messages?: { error: string }; failure?: string }): void {
  const status = err instanceof ApiError ? err.status : 0;
  // A 401 is announced by the API client, which sends the user to sign in.
  if (status === 401) return;
  if (opts.messages) showAlert('error', opts.messages.error);
  else if (opts.failure && (status === 0 || status >= 500)) showAlert('error', opts.failure);
  else showAlert('error', err instanceof Error ? err.message : MSG.whoops);
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
