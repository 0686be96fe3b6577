import { addDays, nowInCompanyTimeZone, startOfWeek } from '@backhaul/shared/formats/formats';
import { ActionIcon, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** 'YYYY-MM' moved by `n` months. */
export const shiftMonth = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};
/** 'November 2026'. */
export const monthTitle = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * A month of days in weeks of seven, Sunday first (the company's week), with the previous / next
 * month buttons: each cell shows its day number and what `renderDay` gives; a click (or Enter on
 * a focused cell) selects the day. Today is outlined in company time; the selected day is filled.
 */
export function MonthGrid(props: {
  month: string;
  onMonth: (month: string) => void;
  renderDay: (date: string) => ReactNode;
  selected?: string | null;
  onSelect?: (date: string) => void;
  /** Right of the month's title (counts, totals). */
  aside?: ReactNode;
  cellHeight?: number;
  testId?: string;
}) {
  const { month } = props;
  const today = nowInCompanyTimeZone().date;
  const first = startOfWeek(`${month}-01`);
  const days = Array.from({ length: 42 }, (_, i) => addDays(first, i));
  const weeks = days[35]?.startsWith(month) ? 6 : 5;
  return (
    <Stack gap="xs" data-testid={props.testId ?? 'month-grid'}>
      <Group justify="space-between">
        <Group gap={4}>
          <ActionIcon
            variant="default"
            aria-label="Previous month"
            onClick={() => props.onMonth(shiftMonth(month, -1))}
          >
            <IconChevronLeft size={16} />
          </ActionIcon>
          <ActionIcon variant="default" aria-label="Next month" onClick={() => props.onMonth(shiftMonth(month, 1))}>
            <IconChevronRight size={16} />
          </ActionIcon>
          <Text fw={600} ml="xs" data-testid="calendar-month">
            {monthTitle(month)}
          </Text>
        </Group>
        {props.aside}
      </Group>
      <SimpleGrid cols={7} spacing={4} verticalSpacing={4}>
        {WEEKDAYS.map((w) => (
          <Text key={w} size="xs" c="dimmed" ta="center">
            {w}
          </Text>
        ))}
        {days.slice(0, weeks * 7).map((d) => {
          const selected = d === props.selected;
          const select = props.onSelect;
          return (
            <Paper
              key={d}
              withBorder
              p={4}
              h={props.cellHeight ?? 72}
              onClick={select ? () => select(d) : undefined}
              onKeyDown={select ? (e) => e.key === 'Enter' && select(d) : undefined}
              tabIndex={select ? 0 : undefined}
              role={select ? 'button' : undefined}
              aria-pressed={select ? selected : undefined}
              data-testid={`calendar-day-${d}`}
              bg={selected ? 'var(--mantine-color-blue-light)' : undefined}
              style={{
                cursor: select ? 'pointer' : undefined,
                opacity: d.startsWith(month) ? 1 : 0.45,
                borderColor: d === today || selected ? 'var(--mantine-color-blue-6)' : undefined,
                overflow: 'hidden',
              }}
            >
              <Text size="xs" fw={d === today ? 700 : 400}>
                {Number(d.slice(8))}
              </Text>
              {props.renderDay(d)}
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
