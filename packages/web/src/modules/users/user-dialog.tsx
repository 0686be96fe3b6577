import { ROLE_NUMBER_NAMES } from '@backhaul/shared/modules/roles/roles.contract';
import {
  EMPTY_USER_FORM,
  type UserForm,
  UserFormSchema,
  type UserOptions,
} from '@backhaul/shared/modules/users/users.contract';
import { Checkbox, PasswordInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { showAlert } from '../../platform/alerts-store';
import { RecordDialogFooter, RecordModal } from '../../platform/record/record-dialog';
import { useRecordDialog } from '../../platform/record/use-record-dialog';
import { userFormOf, usersApi } from './users.api';

type Props = {
  id: number | null;
  opened: boolean;
  /** Editing one's own record: the role fields are locked, and more without the edit permission. */
  self: boolean;
  canEdit: boolean;
  onClose: () => void;
  onSaved: () => void;
};

const ROLE_DATA = Object.entries(ROLE_NUMBER_NAMES).map(([value, label]) => ({ value, label: `${value} · ${label}` }));
const toData = (rows: { id: number; name: string }[]) => rows.map((r) => ({ value: String(r.id), label: r.name }));

/** Create or edit a user: a password or a reset link for new users; the own-record rule on locks. */
export function UserDialog({ id, opened, self, canEdit, onClose, onSaved }: Props) {
  const { data, form, loading, submit } = useRecordDialog({
    api: usersApi,
    id,
    opened,
    schema: UserFormSchema,
    empty: EMPTY_USER_FORM as UserForm,
    toValues: userFormOf,
    onSaved: (saved) => {
      if (saved.reset_sent) showAlert('info', 'A link to set the password was sent to the user.');
      onSaved();
    },
    onClose,
  });

  const roleLocked = self;
  const otherLocked = self && !canEdit;
  // One's own password or e-mail changes only with the current password (the server refuses it otherwise).
  const asksCurrent =
    self && Boolean(data?.user) && (form.values.password !== '' || form.values.email.trim() !== data?.user?.email);
  const idSelect = (
    field: 'permission_role_id' | 'department_id' | 'customer_id',
    label: string,
    rows: UserOptions['roles'],
    locked: boolean,
  ) => (
    <Select
      label={label}
      clearable
      searchable
      disabled={locked}
      data={toData(rows)}
      value={form.values[field] ? String(form.values[field]) : null}
      onChange={(v) => form.setFieldValue(field, v ? Number(v) : null)}
      error={form.errors[field]}
      data-testid={`field-${field}`}
    />
  );

  return (
    <RecordModal
      opened={opened}
      onClose={onClose}
      title={id ? 'Edit user' : 'New user'}
      loading={loading || !data}
      size="lg"
    >
      {data && (
        <form onSubmit={submit} noValidate data-testid="user-dialog">
          <Stack gap="sm">
            <SimpleGrid cols={2} spacing="sm">
              <TextInput label="Name" withAsterisk data-testid="field-name" {...form.getInputProps('name')} />
              <TextInput label="E-mail" withAsterisk data-testid="field-email" {...form.getInputProps('email')} />
              <Select
                label="Role"
                disabled={roleLocked}
                data={ROLE_DATA}
                value={String(form.values.role)}
                onChange={(v) => form.setFieldValue('role', Number(v ?? 4))}
                error={form.errors.role}
                data-testid="field-role"
              />
              {idSelect('permission_role_id', 'Permission role', data.roles, roleLocked)}
              {idSelect('department_id', 'Department', data.departments, otherLocked)}
              {idSelect('customer_id', 'Customer (customer users)', data.customers, otherLocked)}
              <PasswordInput
                label={id ? 'New password' : 'Password'}
                description={id ? 'Leave empty to keep the current one' : undefined}
                disabled={!id && form.values.send_reset}
                data-testid="field-password"
                {...form.getInputProps('password')}
              />
              {asksCurrent && (
                <PasswordInput
                  label="Current password"
                  description="Needed to change your own password or e-mail"
                  withAsterisk
                  autoComplete="current-password"
                  data-testid="field-current_password"
                  {...form.getInputProps('current_password')}
                />
              )}
              <Stack gap={6} mt="lg">
                {!id && (
                  <Checkbox
                    label="Send a link to set the password"
                    {...form.getInputProps('send_reset', { type: 'checkbox' })}
                  />
                )}
                <Switch label="Active" disabled={otherLocked} {...form.getInputProps('active', { type: 'checkbox' })} />
              </Stack>
            </SimpleGrid>
            <RecordDialogFooter onClose={onClose} mt="sm" />
          </Stack>
        </form>
      )}
    </RecordModal>
  );
}
