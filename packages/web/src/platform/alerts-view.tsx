import { Notification, Stack } from '@mantine/core';
import { type AlertType, alertsStore, dismissAlert } from './alerts-store';
import { useStore } from './create-store';

const COLOR: Record<AlertType, string> = { success: 'teal', info: 'blue', warning: 'yellow', error: 'red' };
const TITLE: Record<AlertType, string> = { success: 'Success', info: 'Info', warning: 'Warning', error: 'Error' };

/** The alert stack (top right); each alert clears itself after 4000 ms (alerts-store). */
export function AlertsView() {
  const alerts = useStore(alertsStore);
  return (
    <Stack gap="xs" pos="fixed" top={72} right={16} w={380} style={{ zIndex: 1000 }} aria-live="polite">
      {alerts.map((a) => (
        <Notification
          key={a.id}
          color={COLOR[a.type]}
          title={TITLE[a.type]}
          onClose={() => dismissAlert(a.id)}
          data-testid="alert"
          data-alert-type={a.type}
          role={a.type === 'error' ? 'alert' : 'status'}
          withBorder
        >
          <span style={{ whiteSpace: 'pre-line' }}>{a.message}</span>
        </Notification>
      ))}
    </Stack>
  );
}
