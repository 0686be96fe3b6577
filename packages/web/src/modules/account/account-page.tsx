import { nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import { Badge, Card, Grid, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ACCOUNT_TABS, type AccountTab } from '../../app/route-table';
import { STORAGE_KEY, writeStorage } from '../../platform/local-storage';
import { QueryState } from '../../platform/query-state';
import { accountApi, accountKeys } from './account.api';
import { AccountMonth } from './account-month';
import { CheckButtons } from './check-buttons';
import { MyInfoCard } from './my-info-card';
import { NotesPanel } from './notes-panel';
import { TodayPanel } from './today-panel';

// Below the day's panels: the salaries card and the tabs load with their own chunk (the tables of
// people and comments bring the DataTable), so the account screen's first paint carries none of it.
const SalariesCard = lazy(() => import('../salaries').then((m) => ({ default: m.SalariesCard })));
const UsersTab = lazy(() => import('./users-tab').then((m) => ({ default: m.UsersTab })));
const VacationTab = lazy(() => import('./vacation-tab').then((m) => ({ default: m.VacationTab })));
const CommentsTab = lazy(() => import('./comments-tab').then((m) => ({ default: m.CommentsTab })));

const TAB_LABEL: Record<AccountTab, string> = {
  tabUsers: 'Users',
  tabVacation: 'Vacation',
  tabAllUsersComments: 'All users comments',
};

const isTab = (v: string): v is AccountTab => (ACCOUNT_TABS as readonly string[]).includes(v);

export function AccountPage() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const fromHash = hash.replace(/^#/, '');
  const active: AccountTab = isTab(fromHash) ? fromHash : 'tabUsers';
  const [month, setMonth] = useState(() => nowInCompanyTimeZone().date.slice(0, 7));
  const account = useQuery({ queryKey: accountKeys.month('me', month), queryFn: () => accountApi.myMonth(month) });
  const refresh = () => void client.invalidateQueries({ queryKey: accountKeys.all });

  // Tabs are selected by the URL hash; the last one is kept for the user page's Back button.
  const select = (value: string | null) => {
    if (!value || !isTab(value)) return;
    writeStorage(STORAGE_KEY.lastActiveTab, value);
    navigate({ hash: value }, { replace: true });
  };

  return (
    <Stack gap="md" data-testid="account-page">
      <TodayPanel />
      <QueryState query={account}>
        {(a) => (
          <>
            <Group justify="space-between">
              <Group gap="sm">
                <Title order={1}>Account</Title>
                <Text c="dimmed" data-testid="user-name">
                  {a.user.name}
                </Text>
              </Group>
              <CheckButtons check={a.check} onDone={refresh} />
            </Group>
            <Grid gap="md">
              <Grid.Col span={{ base: 12, lg: 8 }}>
                <AccountMonth account={a} month={month} onMonth={setMonth} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, lg: 4 }}>
                <Stack gap="md">
                  <MyInfoCard account={a} onSaved={refresh} own />
                  <NotesPanel />
                  <Card withBorder padding="md" data-testid="events">
                    <Title order={4} mb="xs">
                      Upcoming events
                    </Title>
                    {a.events.length === 0 ? (
                      <Text size="sm" c="dimmed">
                        No events ahead.
                      </Text>
                    ) : null}
                    <Stack gap={6}>
                      {a.events.map((e) => (
                        <Group key={e.id} gap="xs" wrap="nowrap" align="flex-start">
                          <Badge variant="light" style={{ flexShrink: 0 }}>
                            {e.date}
                          </Badge>
                          <div>
                            <Text size="sm" fw={600}>
                              {e.title}
                            </Text>
                            {e.description ? (
                              <Text size="xs" c="dimmed">
                                {e.description}
                              </Text>
                            ) : null}
                          </div>
                        </Group>
                      ))}
                    </Stack>
                  </Card>
                </Stack>
              </Grid.Col>
            </Grid>
          </>
        )}
      </QueryState>
      <Suspense fallback={null}>
        <SalariesCard />
      </Suspense>
      <Tabs value={active} onChange={select} keepMounted={false}>
        <Tabs.List>
          {ACCOUNT_TABS.map((t) => (
            <Tabs.Tab key={t} value={t}>
              {TAB_LABEL[t]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="tabUsers">
          <Suspense fallback={<Loader size="sm" m="md" />}>
            <UsersTab month={month} />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="tabVacation">
          <Suspense fallback={<Loader size="sm" m="md" />}>
            <VacationTab month={month} />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="tabAllUsersComments">
          <Suspense fallback={<Loader size="sm" m="md" />}>
            <CommentsTab />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
