import { MessageBodySchema, MSG } from '@backhaul/shared';
import { ActionIcon, Button, Group, Modal, Stack, Textarea, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMessageCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { showAlert } from '../platform/alerts-store';
import { api } from '../platform/api-client';

/** The header's feedback dialog: POST /feedback, then the spec's thank-you alert. */
export function FeedbackButton() {
  const [opened, { open, close }] = useDisclosure(false);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  const send = async () => {
    setBusy(true);
    try {
      const res = await api.post('/feedback', { message: message.trim() }, { schema: MessageBodySchema });
      showAlert('success', res.message || MSG.feedbackThanks);
      setMessage('');
      close();
    } catch {
      // The API client has shown the alert; the dialog stays open with the text.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Tooltip label="Send feedback" openDelay={200}>
        <ActionIcon variant="subtle" size="lg" aria-label="Send feedback" onClick={open} data-testid="feedback-open">
          <IconMessageCircle size={20} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={opened} onClose={close} title="Feedback" centered>
        <Stack>
          <Textarea
            label="Your feedback"
            placeholder="What works, what does not, what you miss…"
            minRows={4}
            autosize
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button onClick={() => void send()} loading={busy} disabled={message.trim() === ''}>
              Send
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
