import { APP_MSG } from '@backhaul/shared';
import { RestoreBodySchema } from '@backhaul/shared/modules/session/session.contract';
import { Alert, Anchor, Button, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { showAlert } from '../../platform/alerts-store';
import { ApiError } from '../../platform/api-errors';
import { toFormErrors, zodValidator } from '../../platform/form-validation';
import { checkResetToken, restorePassword } from './auth.api';
import { AuthCard } from './auth-card';

export function NewPasswordPage() {
  const token = useParams().token ?? '';
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const check = useQuery({ queryKey: ['restore', token], queryFn: () => checkResetToken(token), gcTime: 0 });
  const form = useForm({
    initialValues: { token, password: '', password_confirmation: '' },
    validate: zodValidator(RestoreBodySchema),
  });

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      const { message } = await restorePassword(values);
      showAlert('success', message || APP_MSG.passwordChanged);
      navigate('/auth', { replace: true });
    } catch (e) {
      if (e instanceof ApiError) form.setErrors(toFormErrors(e.fieldErrors));
    } finally {
      setBusy(false);
    }
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
          <Button type="submit" loading={busy} fullWidth>
            Save password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
