import { ResetBodySchema } from '@backhaul/shared/modules/session/session.contract';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { showAlert } from '../../platform/alerts-store';
import { ApiError } from '../../platform/api-errors';
import { toFormErrors, zodValidator } from '../../platform/form-validation';
import { requestPasswordReset } from './auth.api';
import { AuthCard } from './auth-card';

export function ResetRequestPage() {
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({ initialValues: { email: '' }, validate: zodValidator(ResetBodySchema) });

  const submit = form.onSubmit(async ({ email }) => {
    setBusy(true);
    try {
      const { message } = await requestPasswordReset(email.trim());
      setSent(message);
      showAlert('success', message);
    } catch (e) {
      if (e instanceof ApiError) form.setErrors(toFormErrors(e.fieldErrors));
    } finally {
      setBusy(false);
    }
  });

  return (
    <AuthCard
      title="Reset password"
      subtitle="Enter your e-mail and we will send you a link to choose a new password."
      footer={
        <Anchor component={Link} to="/auth" size="sm">
          Back to sign in
        </Anchor>
      }
    >
      {sent ? (
        <Alert color="teal" variant="light" data-testid="reset-sent">
          {sent}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label="E-mail"
              type="email"
              autoComplete="email"
              required
              autoFocus
              {...form.getInputProps('email')}
            />
            <Button type="submit" loading={busy} fullWidth>
              Send reset link
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
