import { APP_MSG } from '@backhaul/shared';
import { RestoreBodySchema } from '@backhaul/shared/modules/session/session.contract';
import { Alert, Anchor, Button, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../platform/api-errors';
import { useRecordForm } from '../../platform/record/use-record-form';
import { checkResetToken, restorePassword } from './auth.api';
import { AuthCard } from './auth-card';

export function NewPasswordPage() {
  const token = useParams().token ?? '';
  const navigate = useNavigate();
  const check = useQuery({ queryKey: ['restore', token], queryFn: () => checkResetToken(token), gcTime: 0 });
  const { form, submit, saving } = useRecordForm({
    initialValues: { token, password: '', password_confirmation: '' },
    schema: RestoreBodySchema,
    save: async (values) => {
      const { message } = await restorePassword(values);
      return { message: message || APP_MSG.passwordChanged };
    },
    onSaved: () => navigate('/auth', { replace: true }),
  });

  const footer = (
    <Anchor component={Link} to="/auth" size="sm">
      Back to sign in
    </Anchor>
  );

  if (check.isPending) {
    return (
      <AuthCard title="New password" footer={footer}>
        <Loader size="sm" />
      </AuthCard>
    );
  }
  if (check.isError) {
    return (
      <AuthCard title="New password" footer={footer}>
        <Alert color="red" variant="light" data-testid="reset-invalid">
          {check.error instanceof ApiError ? check.error.message : APP_MSG.resetInvalid}
        </Alert>
        <Text size="sm">
          <Anchor component={Link} to="/reset">
            Request a new link
          </Anchor>
        </Text>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="New password" subtitle="Choose a new password for your account." footer={footer}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="E-mail" value={check.data.email} readOnly autoComplete="username" />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            autoFocus
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            {...form.getInputProps('password_confirmation')}
          />
          <Button type="submit" loading={saving} fullWidth>
            Save password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
