import { ResetBodySchema } from '@backhaul/shared/modules/session/session.contract';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useRecordForm } from '../../platform/record/use-record-form';
import { requestPasswordReset } from './auth.api';
import { AuthCard } from './auth-card';

export function ResetRequestPage() {
  const [sent, setSent] = useState<string | null>(null);
  const { form, submit, saving } = useRecordForm({
    initialValues: { email: '' },
    schema: ResetBodySchema,
    save: ({ email }) => requestPasswordReset(email.trim()),
    onSaved: ({ message }) => setSent(message),
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
            <Button type="submit" loading={saving} fullWidth>
              Send reset link
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
