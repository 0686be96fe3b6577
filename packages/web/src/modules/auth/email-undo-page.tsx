import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../platform/api-errors';
import { resetSession } from '../../platform/auth-store';
import { undoEmailChange } from './auth.api';
import { AuthCard } from './auth-card';

/**
 * /email/undo/:token, the link mailed to the old address after an e-mail change. Opening it changes
 * nothing; the button sends the token (POST), which restores the address and signs everyone out.
 */
export function EmailUndoPage() {
  const token = useParams().token ?? '';
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);

  const submit = async () => {
    setBusy(true);
    try {
      const { message } = await undoEmailChange(token);
      // Every session of the account has just ended, this browser's too.
      resetSession();
      setDone(message);
    } catch (e) {
      if (e instanceof ApiError) setRefused(e.message);
    } finally {
      setBusy(false);
    }
  };

  const footer = (
    <Anchor component={Link} to="/auth" size="sm">
      Back to sign in
    </Anchor>
  );
  return (
    <AuthCard title="Undo the e-mail change" footer={footer}>
      {done ? (
        <Stack gap="md" data-testid="email-undo-done">
          <Alert color="teal" variant="light">
            {done}
          </Alert>
          <Button component={Link} to="/reset" fullWidth>
            Reset the password
          </Button>
        </Stack>
      ) : (
        <Stack gap="md">
          {refused ? (
            <Alert color="red" variant="light" data-testid="email-undo-refused">
              {refused}
            </Alert>
          ) : null}
          <Text size="sm">
            If you did not change the e-mail address of your account, put the old one back. Everyone signed in to the
            account, you included, is signed out and its password is cleared; then choose a new password.
          </Text>
          <Button onClick={submit} loading={busy} disabled={refused !== null} fullWidth data-testid="email-undo">
            Put my old address back
          </Button>
        </Stack>
      )}
    </AuthCard>
  );
}
