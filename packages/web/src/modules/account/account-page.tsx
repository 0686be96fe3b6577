import { Stack, Tabs, Title } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { ACCOUNT_TABS, type AccountTab } from '../../app/route-table';
import { useCurrentUser } from '../../platform/current-user';
import { STORAGE_KEY, writeStorage } from '../../platform/local-storage';
import { NotAvailablePage } from '../../platform/not-available-page';
import { QueryState } from '../../platform/query-state';
import { UserCard } from '../../platform/user-card';

const TAB_LABEL: Record<AccountTab, string> = {
  tabUsers: 'Users',
  tabVacation: 'Vacation',
  tabAllUsersComments: 'All users comments',
};

const isTab = (v: string): v is AccountTab => (ACCOUNT_TABS as readonly string[]).includes(v);

export function AccountPage() {
  const user = useCurrentUser();
  const { hash } = useLocation();
  const navigate = useNavigate();
  const fromHash = hash.replace(/^#/, '');
  const active: AccountTab = isTab(fromHash) ? fromHash : 'tabUsers';

  // Tabs are selected by the URL hash; the last one is kept for the user page's Back button.
  const select = (value: string | null) => {
    if (!value || !isTab(value)) return;
    writeStorage(STORAGE_KEY.lastActiveTab, value);
    navigate({ hash: value }, { replace: true });
  };

  return (
    <Stack gap="lg" data-testid="account-page">
      <Title order={1}>Account</Title>
      <QueryState query={user}>{(u) => <UserCard user={u} />}</QueryState>
      <Tabs value={active} onChange={select} keepMounted={false}>
        <Tabs.List>
          {ACCOUNT_TABS.map((t) => (
            <Tabs.Tab key={t} value={t}>
              {TAB_LABEL[t]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {ACCOUNT_TABS.map((t) => (
          <Tabs.Panel key={t} value={t}>
            <NotAvailablePage title={TAB_LABEL[t]} inline />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
