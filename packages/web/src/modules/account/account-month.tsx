import type { AccountResponse, CalendarDay } from '@backhaul/shared/modules/account/account.contract';
import { ActionIcon, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { MonthCalendar, MonthTotals } from './month-calendar';

/** YYYY-MM moved by n months. */
export function shiftMonth(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

const monthName = (month: string) =>
  new Date(`${month}-01T12:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A month of one account: the switcher, the totals and the calendar. */
export function AccountMonth(props: {
  account: AccountResponse;
  month: string;
  onMonth: (month: string) => void;
  onOpenDay?: (day: CalendarDay) => void;
}) {
  const { account, month, onMonth } = props;
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>Scheduled and worked time</Title>
          <Group gap={4}>
            <ActionIcon variant="subtle" aria-label="Previous month" onClick={() => onMonth(shiftMonth(month, -1))}>
              <IconChevronLeft size={16} />
            </ActionIcon>
            <Text fw={600} w={170} ta="center" data-testid="account-month" style={{ whiteSpace: 'nowrap' }}>
              {monthName(month)}
            </Text>
            <ActionIcon variant="subtle" aria-label="Next month" onClick={() => onMonth(shiftMonth(month, 1))}>
              <IconChevronRight size={16} />
            </ActionIcon>
          </Group>
        </Group>
        <MonthTotals account={account} />
        <MonthCalendar account={account} onOpenDay={props.onOpenDay} />
        <Text size="xs" c="dimmed">
          Times in America/Chicago. Overtime is time worked beyond the day's shift.
        </Text>
      </Stack>
    </Card>
  );
}
