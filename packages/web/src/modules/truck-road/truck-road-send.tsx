import { Button, Group, Modal, Stack, TagsInput, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { ApiError } from '../../platform/api-errors';
import { truckRoadApi } from './truck-road.api';

/** Send the day's report: the recipients (kept as the company's list) get the PDF and a signed link. */
export function TruckRoadSendDialog({ date, opened, onClose }: { date: string; opened: boolean; onClose: () => void }) {
  const form = useQuery({
    queryKey: ['truck-road', 'send'],
    queryFn: truckRoadApi.sendForm,
    enabled: opened,
    gcTime: 0,
  });
  const [emails, setEmails] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // Recipients the user already typed are never replaced by the saved list arriving later.
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (form.data && !touched) setEmails(form.data.emails);
  }, [form.data, touched]);
  useEffect(() => {
    if (!opened) setTouched(false);
  }, [opened]);
  const send = async () => {
    setSending(true);
    setError(null);
    try {
      const list = emails.map((e) => e.replace(/[,;\s]+$/, '').trim()).filter(Boolean);
      showAlert('success', (await truckRoadApi.send(date, list)).message);
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setError(Object.values(err.fieldErrors).flat().join(' '));
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={`Send the report of ${date}`} centered>
      <Stack gap="sm" data-testid="truck-road-send">
        <TagsInput
          label="Recipients"
          value={emails}
          onChange={(next) => {
            setTouched(true);
            setEmails(next);
          }}
          error={error}
          placeholder="name@company.com"
          splitChars={[',', ' ', ';']}
        />
        <Text size="xs" c="dimmed">
          They get the report as a PDF and a link that opens it for 7 days without signing in.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={send} loading={sending} disabled={emails.length === 0}>
            Send
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
