import { formatPhone } from '@backhaul/shared/formats/formats';
import type { AccountResponse } from '@backhaul/shared/modules/account/account.contract';
import { Button, Card, Group, Modal, PasswordInput, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { ApiError } from '../../platform/api-errors';
import { accountApi } from './account.api';

type Errors = Record<string, string[]>;
const errorsOf = (e: unknown): Errors => (e instanceof ApiError ? e.fieldErrors : {});

function EditInformation({
  account,
  onClose,
  onSaved,
}: {
  account: AccountResponse;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form, setForm] = useState({
    phone: formatPhone(account.user.phone),
    location: account.user.location ?? '',
    duties: account.duties,
  });
  const [errors, setErrors] = useState<Errors>({});
  const save = async () => {
    try {
      showAlert('success', (await accountApi.saveMyInformation(account.user.id, form)).message);
      onSaved();
      onClose();
    } catch (e) {
      setErrors(errorsOf(e));
    }
  };
  return (
    <Modal opened onClose={onClose} title="Edit my information" centered>
      <Stack>
        <TextInput
          label="Phone"
          value={form.phone}
          error={errors.phone?.[0]}
          onChange={(e) => setForm({ ...form, phone: e.currentTarget.value })}
        />
        <TextInput
          label="Location"
          placeholder="City, ST"
          value={form.location}
          error={errors.location?.[0]}
          onChange={(e) => setForm({ ...form, location: e.currentTarget.value })}
        />
        <Textarea
          label="Duties"
          autosize
          minRows={3}
          value={form.duties}
          error={errors.duties?.[0]}
          onChange={(e) => setForm({ ...form, duties: e.currentTarget.value })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save}>Save</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ChangePassword({ onClose }: { onClose: () => void }) {
  const [form, setForm] = useState({ current_password: '', password: '', password_confirmation: '' });
  const [errors, setErrors] = useState<Errors>({});
  const save = async () => {
    try {
      showAlert('success', (await accountApi.changePassword(form)).message);
      onClose();
    } catch (e) {
      setErrors(errorsOf(e));
    }
  };
  const input = (key: keyof typeof form, label: string) => (
    <PasswordInput
      label={label}
      value={form[key]}
      error={errors[key]?.[0]}
      onChange={(e) => setForm({ ...form, [key]: e.currentTarget.value })}
    />
  );
  return (
    <Modal opened onClose={onClose} title="Change password" centered>
      <Stack>
        {input('current_password', 'Current password')}
        {input('password', 'New password')}
        {input('password_confirmation', 'Repeat the new password')}
        <Text size="xs" c="dimmed">
          At least 8 characters, not your e-mail. Your other sessions will be signed out.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save}>Change password</Button>
        </Group>
      </Stack>
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
