import { TruckRoadSendBodySchema } from '@backhaul/shared/modules/truck-road/truck-road.contract';
import { Button, Group, Modal, Stack, TagsInput, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRecordForm } from '../../platform/record/use-record-form';
import { truckRoadApi } from './truck-road.api';

/** Send the day's report: the recipients (kept as the company's list) get the PDF and a signed link. */
export function TruckRoadSendDialog({ date, opened, onClose }: { date: string; opened: boolean; onClose: () => void }) {
  const recipients = useQuery({
    queryKey: ['truck-road', 'send'],
    queryFn: truckRoadApi.sendForm,
    enabled: opened,
    gcTime: 0,
  });
  const { form, submit, saving } = useRecordForm({
    initialValues: { emails: [] as string[] },
    schema: TruckRoadSendBodySchema,
    body: (values) => ({ emails: values.emails.map((e) => e.replace(/[,;\s]+$/, '').trim()).filter(Boolean) }),
    save: (body) => truckRoadApi.send(date, body.emails),
    onSaved: onClose,
    // A bad address (emails.2) shows under the one recipients field.
    errorField: (name) => (name.startsWith('emails') ? 'emails' : name),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a closed dialog starts again from the saved list
  useEffect(() => {
    if (!opened) form.reset();
  }, [opened]);
  // Recipients the user already typed are never replaced by the saved list arriving later.
  // biome-ignore lint/correctness/useExhaustiveDependencies: when the saved list arrives
  useEffect(() => {
    if (opened && recipients.data && !form.isDirty('emails')) form.setValues({ emails: recipients.data.emails });
  }, [recipients.data, opened]);
  return (
    <Modal opened={opened} onClose={onClose} title={`Send the report of ${date}`} centered>
      <Stack gap="sm" data-testid="truck-road-send">
        <TagsInput
          label="Recipients"
          placeholder="name@company.com"
          splitChars={[',', ' ', ';']}
          {...form.getInputProps('emails')}
        />
        <Text size="xs" c="dimmed">
          They get the report as a PDF and a link that opens it for 7 days without signing in.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => submit()} loading={saving} disabled={form.values.emails.length === 0}>
            Send
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
