import { type LoginBody, LoginBodySchema } from '@backhaul/shared/modules/session/session.contract';
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { showAlert } from '../../platform/alerts-store';
import { ApiError } from '../../platform/api-errors';
import { login } from '../../platform/auth-store';
import { toFormErrors, zodValidator } from '../../platform/form-validation';
import { AuthCard } from './auth-card';

export function LoginPage() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<LoginBody>({
    initialValues: { email: '', password: '' },
    validate: zodValidator(LoginBodySchema),
  });

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      const result = await login(values);
      if (!result.ok) {
        setError(result.error);
        showAlert('error', result.error);
        return;
      }
      navigate('/', { replace: true });
    } catch (e) {
      // The API client has already alerted; 422 messages also go next to their fields.
      if (e instanceof ApiError) form.setErrors(toFormErrors(e.fieldErrors));
    } finally {
      setBusy(false);
    }
  });

  return (
    <AuthCard
      title="Sign in"
      subtitle="Welcome back. Sign in with your work e-mail."
      footer={
        <Anchor component={Link} to="/reset" size="sm">
          Forgot your password?
        </Anchor>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {error ? (
            <Alert color="red" variant="light" data-testid="login-error">
              {error}
            </Alert>
          ) : null}
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="username"
            required
            autoFocus
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={busy} fullWidth>
            Sign in
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
