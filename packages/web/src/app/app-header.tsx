import { ActionIcon, Anchor, Avatar, Breadcrumbs, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconAdjustments, IconArrowLeft, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useMatch, useMatches } from 'react-router';
import { sessionStore } from '../platform/auth-store';
import { useStore } from '../platform/create-store';
import { useCurrentUser } from '../platform/current-user';
import { readStorage, STORAGE_KEY } from '../platform/local-storage';
import { FeedbackButton } from './feedback-dialog';
import type { RouteHandle } from './guard';
import { RoleBadges } from './role-badges';
import { SearchPalette } from './search-palette';
import { ThemeToggle } from './theme-toggle';
import { VersionButton } from './version-button';

type Crumb = { title: string; to: string };

/** Breadcrumbs from route metadata: every matched route that has a title. */
export function useCrumbs(): Crumb[] {
  return useMatches().flatMap((m) => {
    const h = m.handle as RouteHandle | undefined;
    return h?.crumb ? [{ title: h.title, to: m.pathname }] : [];
  });
}

function UserPageButtons() {
  // Back is hidden when the user came from the all-users-comments tab (000 §2).
  const showBack = readStorage(STORAGE_KEY.lastActiveTab) !== 'tabAllUsersComments';
  return (
    <Group gap="xs">
      {showBack ? (
        <Button
          component={Link}
          to="/account#tabUsers"
          variant="subtle"
          size="xs"
          leftSection={<IconArrowLeft size={14} />}
        >
          Back
        </Button>
      ) : null}
      <Button component={Link} to="/account" variant="light" size="xs" leftSection={<IconUser size={14} />}>
        My Account
      </Button>
    </Group>
  );
}

export function AppHeader({ burger }: { burger: ReactNode }) {
  const crumbs = useCrumbs();
  const onUserPage = useMatch('/account/user/:user_id') !== null;
  const { role, image, customers } = useStore(sessionStore);
  const user = useCurrentUser();
  const name = user.data?.name ?? '';

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" data-testid="app-header">
      <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
        {burger}
        <Anchor component={Link} to="/" underline="never" c="gray.0" fw={700} fz="lg">
          Backhaul
        </Anchor>
        {/* One line whatever the header holds: a long trail is cut with an ellipsis, never wrapped. */}
        <Breadcrumbs
          separator="›"
          data-testid="breadcrumbs"
          visibleFrom="sm"
          style={{ flexWrap: 'nowrap', minWidth: 0, overflow: 'hidden', whiteSpace: 'nowrap' }}
        >
          {crumbs.map((c, i) =>
            i === crumbs.length - 1 ? (
              <Text key={c.to} size="sm" truncate title={c.title}>
                {c.title}
              </Text>
            ) : (
              <Anchor key={c.to} component={Link} to={c.to} size="sm" style={{ whiteSpace: 'nowrap' }}>
                {c.title}
              </Anchor>
            ),
          )}
        </Breadcrumbs>
        {onUserPage ? <UserPageButtons /> : null}
      </Group>
      <Group gap="sm" wrap="nowrap">
        <SearchPalette />
        {customers ? null : <RoleBadges role={role} />}
        <VersionButton />
        <ThemeToggle />
        {customers ? null : (
          <Tooltip label="My preferences">
            <ActionIcon
              component={Link}
              to="/settings/user-account-settings"
              variant="subtle"
              color="gray"
              aria-label="My preferences"
              data-testid="header-preferences"
            >
              <IconAdjustments size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        <FeedbackButton />
        <Text size="sm" fw={500} visibleFrom="sm" style={{ whiteSpace: 'nowrap' }} data-testid="header-user-name">
          {name}
        </Text>
        <Anchor component={Link} to="/" aria-label="Home" data-testid="header-photo">
          <Avatar src={user.data?.image ?? image} alt={name || 'User photo'} radius="xl" size={34} color="teal">
            {name.slice(0, 1).toUpperCase() || null}
          </Avatar>
        </Anchor>
      </Group>
    </Group>
  );
}
