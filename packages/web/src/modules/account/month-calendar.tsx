import type { AccountResponse, CalendarDay } from '@backhaul/shared/modules/account/account.contract';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { hoursOf } from './account.api';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function DayCell({ day, onOpen }: { day: CalendarDay; onOpen?: ((day: CalendarDay) => void) | undefined }) {
  const tone = day.sick ? 'red' : day.vacation ? 'teal' : day.holiday ? 'grape' : undefined;
  return (
    <Paper
      withBorder
      p={6}
      radius="sm"
      mih={86}
      data-testid={`day-${day.date}`}
      onClick={onOpen ? () => onOpen(day) : undefined}
      style={{
        cursor: onOpen ? 'pointer' : undefined,
        borderColor: day.today ? 'var(--mantine-color-blue-5)' : undefined,
        borderWidth: day.today ? 2 : undefined,
      }}
    >
      <Group justify="space-between" gap={4} wrap="nowrap">
        <Text size="sm" fw={700}>
          {Number(day.date.slice(8))}
        </Text>
        {tone ? (
          <Badge size="xs" color={tone} variant="light">
            {day.sick ? 'Sick' : day.vacation ? 'Vacation' : day.holiday}
          </Badge>
        ) : null}
      </Group>
      {day.scheduled_start ? (
        <Text size="xs" c="dimmed">
          Plan {day.scheduled_start}–{day.scheduled_end}
        </Text>
      ) : null}
      {day.check_in ? (
        <Text size="xs">
          {day.check_in}–{day.check_out ?? '…'}
        </Text>
      ) : null}
      {day.worked_minutes > 0 ? (
        <Group gap={4}>
          <Text size="xs" fw={600}>
            {hoursOf(day.worked_minutes)} h
          </Text>
          {day.overtime_minutes > 0 ? (
            <Tooltip label="Overtime">
              <Text size="xs" c="orange">
                +{hoursOf(day.overtime_minutes)}
              </Text>
            </Tooltip>
          ) : null}
        </Group>
      ) : null}
    </Paper>
  );
}

/** The month of scheduled against worked time (001 §3 account): weeks of seven, Sunday first. */
export function MonthCalendar({
  account,
  onOpenDay,
}: {
  account: AccountResponse;
  onOpenDay?: ((day: CalendarDay) => void) | undefined;
}) {
  const byDate = new Map(account.calendar.map((d) => [d.date, d]));
  return (
    <Stack gap={4} data-testid="month-calendar">
      <SimpleGrid cols={7} spacing={4}>
        {WEEKDAYS.map((w) => (
          <Text key={w} size="xs" c="dimmed" ta="center" fw={600}>
            {w}
          </Text>
        ))}
      </SimpleGrid>
      {account.month_calendar.map((week) => (
        <SimpleGrid key={week.join()} cols={7} spacing={4}>
          {week.map((date, i) => {
            const day = date ? byDate.get(date) : undefined;
            // Cells outside the month have no date: their weekday names them.
            const key = date || `${week.join()}-${WEEKDAYS[i]}`;
            return day ? <DayCell key={key} day={day} onOpen={onOpenDay} /> : <div key={key} />;
          })}
        </SimpleGrid>
      ))}
    </Stack>
  );
}

/** The month's totals: scheduled, worked, overtime, and the days by kind. */
export function MonthTotals({ account }: { account: AccountResponse }) {
  const items: [string, string, string][] = [
    ['Scheduled', `${hoursOf(account.total_schedule_time)} h`, 'total-schedule'],
    ['Worked', `${hoursOf(account.total_work_time)} h`, 'total-work'],
    ['Overtime', `${hoursOf(account.overtime)} h`, 'total-overtime'],
    ['Days worked', String(account.month_info.worked_days), 'worked-days'],
    ['Sick days', String(account.month_info.sick_days), 'sick-days'],
    ['Vacation days', String(account.month_info.vacation_days), 'vacation-days'],
    ['Vacation this year', String(account.total_vocation), 'total-vacation'],
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4, xl: 7 }} spacing="xs">
      {items.map(([label, value, id]) => (
        <Paper key={id} withBorder p="xs" radius="sm">
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700} size="sm" data-testid={id} style={{ whiteSpace: 'nowrap' }}>
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
