import { Stack, Title } from '@mantine/core';
import { useCurrentUser } from '../../platform/current-user';
import { QueryState } from '../../platform/query-state';
import { UserCard } from '../../platform/user-card';

export function ProfilePage() {
  const user = useCurrentUser();
  return (
    <Stack gap="lg" data-testid="profile-page">
      <Title order={1}>Profile</Title>
      <QueryState query={user}>
        {(u) => <UserCard user={u} extra={[{ label: 'Customer', value: u.customer }]} />}
      </QueryState>
    </Stack>
  );
}
