import { nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import { type CalendarDay, DayTimesBodySchema } from '@backhaul/shared/modules/account/account.contract';
import { Button, Grid, Group, Modal, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { showAlert } from '../../platform/alerts-store';
import { QueryState } from '../../platform/query-state';
import { useRecordForm } from '../../platform/record/use-record-form';
import { accountApi, accountKeys } from './account.api';
import { AccountMonth } from './account-month';
import { MyInfoCard } from './my-info-card';

function DayDialog({
  userId,
  day,
  onClose,
  onSaved,
}: {
  userId: number;
  day: CalendarDay;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { form, submit, saving } = useRecordForm({
    initialValues: { check_in: day.check_in ?? '', check_out: day.check_out ?? '' },
    schema: DayTimesBodySchema,
    save: (times) => accountApi.dayTimes(userId, day.date, times),
    onSaved: () => {
      onSaved();
      onClose();
    },
  });
  const toggleSick = async (sick: boolean) => {
    showAlert('success', (await accountApi.sick(userId, day.date, sick)).message);
    onSaved();
    onClose();
  };
  return (
    <Modal opened onClose={onClose} title={`Day ${day.date}`} centered size="sm">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {day.scheduled_start ? `Shift ${day.scheduled_start}–${day.scheduled_end}` : 'No shift scheduled'}
          </Text>
          <Switch
            label="Sick day"
            checked={day.sick}
            onChange={(e) => toggleSick(e.currentTarget.checked)}
            data-testid="day-sick"
          />
          <Group grow>
            <TextInput label="Check-in" placeholder="HH:mm" {...form.getInputProps('check_in')} />
            <TextInput label="Check-out" placeholder="HH:mm" {...form.getInputProps('check_out')} />
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save times
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** /account/user/:user_id: that user's month (info/users/:id/edit), its days corrected by those allowed. */
export function AccountUserPage() {
  const userId = Number(useParams().user_id);
  const client = useQueryClient();
  const [month, setMonth] = useState(() => nowInCompanyTimeZone().date.slice(0, 7));
  const [day, setDay] = useState<CalendarDay | null>(null);
  const account = useQuery({
    queryKey: accountKeys.month(userId, month),
    queryFn: () => accountApi.userMonth(userId, month),
  });
  const refresh = () => void client.invalidateQueries({ queryKey: accountKeys.month(userId, month) });
  return (
    <Stack gap="md" data-testid="account-user-page">
      <QueryState query={account}>
        {(a) => (
          <>
            <Title order={1}>{a.user.name}</Title>
            <Grid gap="md">
              <Grid.Col span={{ base: 12, lg: 8 }}>
                <AccountMonth
                  account={a}
                  month={month}
                  onMonth={setMonth}
                  {...(a.can_edit_days ? { onOpenDay: setDay } : {})}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, lg: 4 }}>
                <MyInfoCard account={a} onSaved={refresh} own={false} />
              </Grid.Col>
            </Grid>
            {day ? <DayDialog userId={userId} day={day} onClose={() => setDay(null)} onSaved={refresh} /> : null}
          </>
        )}
      </QueryState>
    </Stack>
  );
}
