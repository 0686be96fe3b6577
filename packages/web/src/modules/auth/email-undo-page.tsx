import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { resetSession } from '../../platform/auth-store';
import { undoEmailChange } from './auth.api';
import { AuthCard } from './auth-card';

/**
 * /email/undo/:token, the link mailed to the old address after an e-mail change. Opening it changes
 * nothing; the button sends the token (POST), which restores the address and signs everyone out.
 */
export function EmailUndoPage() {
  const token = useParams().token ?? '';
  // A plain action: the API client alerts a refusal (a used or expired link), shown here as well.
  const undo = useMutation({
    mutationFn: () => undoEmailChange(token),
    // Every session of the account has just ended, this browser's too.
    onSuccess: () => resetSession(),
  });
  const done = undo.data?.message ?? null;
  const refused = undo.error?.message ?? null;

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
          <Button
            onClick={() => undo.mutate()}
            loading={undo.isPending}
            disabled={refused !== null}
            fullWidth
            data-testid="email-undo"
          >
            Put my old address back
          </Button>
        </Stack>
      )}
    </AuthCard>
  );
}
