import { MSG } from '@backhaul/shared';
import type { CheckState } from '@backhaul/shared/modules/account/account.contract';
import { Badge, Button, Group } from '@mantine/core';
import { IconLogin2, IconLogout2 } from '@tabler/icons-react';
import { useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { ApiError } from '../../platform/api-errors';
import { accountApi } from './account.api';

/** The business refusals come back as 412 { error: { mail } }; any other failure is the spec's server text. */
function refusal(e: unknown): string {
  const body = e instanceof ApiError ? (e.body as { error?: { mail?: string } } | null) : null;
  return e instanceof ApiError && e.status === 412 && body?.error?.mail ? body.error.mail : MSG.checkCallFailed;
}

/** Check-in (1) and check-out (2) of the day, with today's times. */
export function CheckButtons({ check, onDone }: { check: CheckState; onDone: () => void }) {
  const [busy, setBusy] = useState<1 | 2 | null>(null);
  const run = async (status: 1 | 2) => {
    setBusy(status);
    try {
      showAlert('success', (await accountApi.check(status)).message);
      onDone();
    } catch (e) {
      showAlert('error', refusal(e));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs" data-testid="check-buttons">
      {check.check_in ? (
        <Badge variant="light" color={check.status === 2 ? 'gray' : 'green'} size="lg" data-testid="check-state">
          In {check.check_in}
          {check.check_out ? ` · Out ${check.check_out}` : ''}
        </Badge>
      ) : (
        <Badge variant="light" color="gray" size="lg" data-testid="check-state">
          Not checked in
        </Badge>
      )}
      <Button
        leftSection={<IconLogin2 size={16} />}
        onClick={() => run(1)}
        loading={busy === 1}
        disabled={check.status !== 0}
      >
        Check in
      </Button>
      <Button
        variant="light"
        leftSection={<IconLogout2 size={16} />}
        onClick={() => run(2)}
        loading={busy === 2}
        disabled={check.status !== 1}
      >
        Check out
      </Button>
    </Group>
  );
}
