import { formatPhone } from '@backhaul/shared/formats/formats';
import {
  type AccountResponse,
  MyInformationFormSchema,
  PasswordChangeBodySchema,
} from '@backhaul/shared/modules/account/account.contract';
import { Button, Card, Group, Modal, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { RecordDialogFooter } from '../../platform/record/record-dialog';
import { RecordFields } from '../../platform/record/record-fields';
import { useRecordForm } from '../../platform/record/use-record-form';
import { accountApi } from './account.api';

function EditInformation({
  account,
  onClose,
  onSaved,
}: {
  account: AccountResponse;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { form, submit, saving } = useRecordForm({
    initialValues: {
      phone: formatPhone(account.user.phone),
      location: account.user.location ?? '',
      duties: account.duties,
    },
    schema: MyInformationFormSchema,
    save: (values) => accountApi.saveMyInformation(account.user.id, values),
    onSaved: () => {
      onSaved();
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title="Edit my information" centered>
      <form onSubmit={submit} noValidate>
        <RecordFields schema={MyInformationFormSchema} form={form} />
        <RecordDialogFooter onClose={onClose} loading={saving} />
      </form>
    </Modal>
  );
}

function ChangePassword({ onClose }: { onClose: () => void }) {
  const { form, submit, saving } = useRecordForm({
    initialValues: { current_password: '', password: '', password_confirmation: '' },
    schema: PasswordChangeBodySchema,
    save: (values) => accountApi.changePassword(values),
    onSaved: onClose,
  });
  return (
    <Modal opened onClose={onClose} title="Change password" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordInput label="Current password" {...form.getInputProps('current_password')} />
          <PasswordInput label="New password" {...form.getInputProps('password')} />
          <PasswordInput label="Repeat the new password" {...form.getInputProps('password_confirmation')} />
          <Text size="xs" c="dimmed">
            At least 8 characters, not your e-mail. Your other sessions will be signed out.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** My information: contact, department, managers, duties; edit it and change the password. */
export function MyInfoCard({ account, onSaved, own }: { account: AccountResponse; onSaved: () => void; own: boolean }) {
  const [dialog, setDialog] = useState<'edit' | 'password' | null>(null);
  const row = (label: string, value: string | null | undefined) => (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={90}>
        {label}
      </Text>
      <Text size="sm" style={{ flex: 1 }}>
        {value || '—'}
      </Text>
    </Group>
  );
  return (
    <Card withBorder padding="md" data-testid="my-info">
      <Title order={4} mb="xs">
        {own ? 'My information' : account.user.name}
      </Title>
      <Stack gap={4}>
        {row('E-mail', account.user.email)}
        {row('Phone', formatPhone(account.user.phone))}
        {row('Department', account.department?.name)}
        {row('Position', account.user.position)}
        {row('Office', account.user.office)}
        {row('Location', account.user.location)}
        {row('Managers', account.managers.map((m) => m.name).join(', '))}
        {row('Duties', account.duties)}
      </Stack>
      {own ? (
        <Group mt="sm" gap="xs">
          <Button size="xs" variant="light" onClick={() => setDialog('edit')}>
            Edit my information
          </Button>
          <Button size="xs" variant="subtle" onClick={() => setDialog('password')}>
            Change password
          </Button>
        </Group>
      ) : null}
      {dialog === 'edit' ? (
        <EditInformation account={account} onClose={() => setDialog(null)} onSaved={onSaved} />
      ) : null}
      {dialog === 'password' ? <ChangePassword onClose={() => setDialog(null)} /> : null}
    </Card>
  );
}
