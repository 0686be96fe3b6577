import type { Profile } from '@backhaul/shared/modules/session/session.contract';
import { Avatar, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';

const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text>{value || '—'}</Text>
    </div>
  );
}

/** The signed-in user's card: photo, name, role, department (Profile and Account landings). */
export function UserCard({
  user,
  extra = [],
}: {
  user: Profile;
  extra?: Array<{ label: string; value: string | null }>;
}) {
  return (
    <Paper withBorder p="lg" radius="md" data-testid="user-card">
      <Group align="flex-start" gap="lg" wrap="nowrap">
        <Avatar src={user.image} alt={user.name} size={96} radius={96} color="teal">
          {initials(user.name)}
        </Avatar>
        <Stack gap="md" style={{ flex: 1 }}>
          <div>
            <Title order={2} data-testid="user-name">
              {user.name}
            </Title>
            <Group gap="xs" mt={4}>
              <Badge variant="light" data-testid="user-role">
                {user.role_name}
              </Badge>
              {user.permission_role && user.permission_role !== user.role_name ? (
                <Badge variant="outline">{user.permission_role}</Badge>
              ) : null}
            </Group>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <Field label="Department" value={user.department} />
            <Field label="E-mail" value={user.email} />
            {extra.map((f) => (
              <Field key={f.label} label={f.label} value={f.value} />
            ))}
          </SimpleGrid>
        </Stack>
      </Group>
    </Paper>
  );
}
