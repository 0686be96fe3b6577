import type { CheckState } from '@backhaul/shared/modules/account/account.contract';
import { Badge, Button, Group } from '@mantine/core';
import { IconLogin2, IconLogout2 } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { showAlert } from '../../platform/alerts-store';
import { accountApi } from './account.api';

/** Check-in (1) and check-out (2) of the day, with today's times. */
export function CheckButtons({ check, onDone }: { check: CheckState; onDone: () => void }) {
  // The business refusals (412 { error: { mail } }) and the spec's server text are the API client's alerts.
  const checking = useMutation({
    mutationFn: (status: 1 | 2) => accountApi.check(status),
    onSuccess: (res) => {
      showAlert('success', res.message);
      onDone();
    },
  });
  const busy = checking.isPending ? checking.variables : null;
  const run = (status: 1 | 2) => checking.mutate(status);
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
