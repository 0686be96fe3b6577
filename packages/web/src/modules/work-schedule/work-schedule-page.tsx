import { addDays, nowInCompanyTimeZone, startOfWeek } from '@backhaul/shared/formats/formats';
import type { ScheduleResponse } from '@backhaul/shared/modules/work-schedule/work-schedule.contract';
import { ActionIcon, Badge, Card, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { DateField } from '../../platform/forms/date-field';
import { QueryState } from '../../platform/query-state';
import { DayShiftsDialog } from './day-shifts-dialog';
import { scheduleApi, scheduleKeys } from './work-schedule.api';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const hours = (m: number) => `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;

function Weeks({ data, onOpen }: { data: ScheduleResponse; onOpen?: ((day: string) => void) | undefined }) {
  const today = nowInCompanyTimeZone().date;
  return (
    <Stack gap={4}>
      <SimpleGrid cols={7} spacing={4}>
        {WEEKDAYS.map((w) => (
          <Text key={w} size="xs" c="dimmed" ta="center" fw={600}>
            {w}
          </Text>
        ))}
      </SimpleGrid>
      {data.weeks.map((week) => (
        <SimpleGrid key={week[0]?.date} cols={7} spacing={4}>
          {week.map((day) => (
            <Paper
              key={day.date}
              withBorder
              p={6}
              mih={110}
              data-testid={`schedule-day-${day.date}`}
              onClick={onOpen ? () => onOpen(day.date) : undefined}
              style={{
                cursor: onOpen ? 'pointer' : undefined,
                borderColor: day.date === today ? 'var(--mantine-color-blue-5)' : undefined,
              }}
            >
              <Group justify="space-between" gap={4}>
                <Text size="sm" fw={700}>
                  {day.date.slice(5)}
                </Text>
                {day.shifts.length ? (
                  <Badge size="xs" variant="light">
                    {day.shifts.length} on shift
                  </Badge>
                ) : null}
              </Group>
              {day.holiday ? (
                <Badge size="xs" color="grape" variant="light" mb={2} data-testid="schedule-holiday">
                  {day.holiday}
                </Badge>
              ) : null}
              {day.shifts.slice(0, 4).map((s) => (
                <Text key={s.user_id} size="xs" truncate>
                  {s.start}–{s.end} {s.name}
                </Text>
              ))}
              {day.shifts.length > 4 ? (
                <Text size="xs" c="dimmed">
                  +{day.shifts.length - 4} more
                </Text>
              ) : null}
            </Paper>
          ))}
        </SimpleGrid>
      ))}
    </Stack>
  );
}

/** Employee work schedule: four weeks of seven days from date_start; a day opens its shifts for editing. */
export function WorkSchedulePage() {
  const [dateStart, setDateStart] = useState(() => startOfWeek(nowInCompanyTimeZone().date));
  const [day, setDay] = useState<string | null>(null);
  const canEdit = allowsButton(usePermissionTree(), { section: 91, ids: [9] });
  const weeks = useQuery({ queryKey: scheduleKeys.weeks(dateStart), queryFn: () => scheduleApi.weeks(dateStart) });
  const move = (days: number) => setDateStart(addDays(dateStart, days));
  return (
    <Stack gap="md" data-testid="work-schedule-page">
      <Group justify="space-between">
        <Title order={1}>Employee work schedule</Title>
        <Group gap="xs">
          <ActionIcon variant="subtle" aria-label="Previous four weeks" onClick={() => move(-28)}>
            <IconChevronLeft size={16} />
          </ActionIcon>
          <DateField
            aria-label="First day"
            value={dateStart}
            onChange={(v) => v && setDateStart(startOfWeek(v))}
            w={160}
            clearable={false}
          />
          <ActionIcon variant="subtle" aria-label="Next four weeks" onClick={() => move(28)}>
            <IconChevronRight size={16} />
          </ActionIcon>
        </Group>
      </Group>
      <QueryState query={weeks}>
        {(data) => (
          <>
            <Card withBorder padding="md">
              <Weeks data={data} onOpen={canEdit ? setDay : undefined} />
            </Card>
            <Card withBorder padding="md">
              <Title order={4} mb="xs">
                Scheduled in these four weeks
              </Title>
              {data.scheduleEmployees.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Nobody is scheduled yet.
                </Text>
              ) : (
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Employee</Table.Th>
                      <Table.Th>Days</Table.Th>
                      <Table.Th>Hours</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.scheduleEmployees.map((e) => (
                      <Table.Tr key={e.user_id}>
                        <Table.Td>{e.name}</Table.Td>
                        <Table.Td>{e.days}</Table.Td>
                        <Table.Td>{hours(e.minutes)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Card>
          </>
        )}
      </QueryState>
      {day ? <DayShiftsDialog day={day} schedule={dateStart} onClose={() => setDay(null)} /> : null}
    </Stack>
  );
}
