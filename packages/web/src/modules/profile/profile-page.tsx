import { Stack, Title } from '@mantine/core';
import { sessionStore } from '../../platform/auth-store';
import { useStore } from '../../platform/create-store';
import { useCurrentUser } from '../../platform/current-user';
import { QueryState } from '../../platform/query-state';
import { UserCard } from '../../platform/user-card';
import { CustomerPortal } from './customer-portal';

export function ProfilePage() {
  const user = useCurrentUser();
  const isCustomer = useStore(sessionStore).customers;
  return (
    <Stack gap="lg" data-testid="profile-page">
      <Title order={1}>Profile</Title>
      <QueryState query={user}>
        {(u) => <UserCard user={u} extra={[{ label: 'Customer', value: u.customer }]} />}
      </QueryState>
      {isCustomer && <CustomerPortal />}
    </Stack>
  );
}
