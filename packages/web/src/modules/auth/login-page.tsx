import { type LoginBody, LoginBodySchema } from '@backhaul/shared/modules/session/session.contract';
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { showAlert } from '../../platform/alerts-store';
import { login } from '../../platform/auth-store';
import { useRecordForm } from '../../platform/record/use-record-form';
import { AuthCard } from './auth-card';

export function LoginPage() {
  const navigate = useNavigate();
  // A refused sign-in (wrong e-mail or password) is the page's own message, above the fields.
  const [refused, setRefused] = useState<string | null>(null);
  const { form, submit, saving } = useRecordForm<LoginBody, Awaited<ReturnType<typeof login>>>({
    initialValues: { email: '', password: '' },
    schema: LoginBodySchema,
    save: (values) => {
      setRefused(null);
      return login(values);
    },
    onSaved: (result) => {
      if (result.ok) return navigate('/', { replace: true });
      setRefused(result.error);
      showAlert('error', result.error);
    },
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
          {refused ? (
            <Alert color="red" variant="light" data-testid="login-error">
              {refused}
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
          <Button type="submit" loading={saving} fullWidth>
            Sign in
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
