import { SECTION } from '@backhaul/shared';
import { EXPIRING_LIVE_TOPIC } from '@backhaul/shared/modules/safety/qualification.contract';
import { Badge, Box, Button, Group, Menu, Tooltip } from '@mantine/core';
import { IconBell, IconChevronDown } from '@tabler/icons-react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../platform/api-client';
import { allowsButton, usePermissionTree } from '../platform/data-table/permissions';
import { useLiveUpdates } from '../platform/services/use-live-updates';

/**
 * A count is kept: moving between screens never asks again. A count with a live topic is read again
 * (fresh, past the server's kept answer) when the topic tells of a change, and every 5 minutes for
 * what no topic announces (a day passing, a document saved elsewhere); the others every minute.
 */
const REFRESH_MS = 60_000;
const LIVE_REFRESH_MS = 5 * 60_000;

/**
 * A count for a header badge. Background and silent: any failure shows 0 and never raises an alert.
 */
async function fetchCount(path: string, fresh = false): Promise<number> {
  try {
    const res = await api.get<{ count?: unknown }>(path, { silent: true, background: true, fresh });
    return typeof res?.count === 'number' ? res.count : 0;
  } catch {
    return 0;
  }
}

/** One header count: its short label on the badge, the whole one in the tooltip and the accessible name. */
export type HeaderCount = {
  label: string;
  short: string;
  hint?: string;
  path: string;
  to: string;
  testId: string;
  /** The live topic whose changes make the count read again. */
  liveTopic?: string;
};

/** The counts of these badges; undefined while one is not known yet (shown as nothing, never as 0). */
function useCounts(specs: readonly HeaderCount[]): Array<number | undefined> {
  const client = useQueryClient();
  const topics = [...new Set(specs.flatMap((s) => (s.liveTopic ? [s.liveTopic] : [])))];
  useLiveUpdates(topics, (change) => {
    for (const s of specs)
      if (s.liveTopic === change.topic)
        void client.fetchQuery({ queryKey: ['badge', s.path], queryFn: () => fetchCount(s.path, true), staleTime: 0 });
  });
  return useQueries({
    queries: specs.map((s) => ({
      queryKey: ['badge', s.path],
      queryFn: () => fetchCount(s.path),
      staleTime: s.liveTopic ? LIVE_REFRESH_MS : REFRESH_MS,
      refetchInterval: s.liveTopic ? LIVE_REFRESH_MS : REFRESH_MS,
    })),
  }).map((q) => q.data);
}

function CountBadge({ spec, n }: { spec: HeaderCount; n: number }) {
  return (
    <Tooltip label={spec.hint ?? spec.label} openDelay={200}>
      <Badge
        component={Link}
        to={spec.to}
        variant={n > 0 ? 'filled' : 'light'}
        color={n > 0 ? 'orange' : 'gray'}
        style={{ cursor: 'pointer', flexShrink: 0 }}
        data-testid={spec.testId}
        aria-label={`${spec.label}: ${n}`}
      >
        {`${spec.short}: ${n}`}
      </Badge>
    </Tooltip>
  );
}

/**
 * The header's counts: labelled badges on a wide screen; below 1408 px, where they would push the
 * breadcrumb onto two lines, one "Alerts" menu with each count. A count still loading shows nothing.
 */
export function HeaderCounts({ specs }: { specs: readonly HeaderCount[] }) {
  const counts = useCounts(specs);
  const known = specs.flatMap((spec, i) => {
    const n = counts[i];
    return n === undefined ? [] : [{ spec, n }];
  });
  if (!known.length) return null;
  const total = known.reduce((s, k) => s + k.n, 0);
  return (
    <>
      <Group gap={6} wrap="nowrap" visibleFrom="xl" data-testid="header-counts">
        {known.map(({ spec, n }) => (
          <CountBadge key={spec.testId} spec={spec} n={n} />
        ))}
      </Group>
      <Box hiddenFrom="xl" visibleFrom="md">
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              size="compact-sm"
              variant={total > 0 ? 'filled' : 'light'}
              color={total > 0 ? 'orange' : 'gray'}
              leftSection={<IconBell size={14} />}
              rightSection={<IconChevronDown size={12} />}
              aria-label={`Alerts: ${known.map(({ spec, n }) => `${spec.label} ${n}`).join(', ')}`}
              data-testid="header-counts-menu"
            >
              {total}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {known.map(({ spec, n }) => (
              <Menu.Item key={spec.testId} component={Link} to={spec.to}>
                {`${spec.label}: ${n}`}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Box>
    </>
  );
}

/**
 * Role 3 sees the counts of new vacation requests and new user comments (000 §6); every staff user sees the
 * count of unread notes, which goes down as they are read; a Safety holder the count of items expiring
 * within 30 days or overdue.
 */
export function RoleBadges({ role }: { role: number | null }) {
  const safety = allowsButton(usePermissionTree(), { section: SECTION.Safety, ids: [] });
  const specs: HeaderCount[] = [
    ...(role === 3
      ? [
          {
            label: 'Vacation requests',
            short: 'Vacation',
            path: '/info/vacation/count',
            to: '/account#tabVacation',
            testId: 'badge-vacation',
          },
          {
            label: 'New comments',
            short: 'Comments',
            path: '/info/comments/count',
            to: '/account#tabAllUsersComments',
            testId: 'badge-comments',
          },
        ]
      : []),
    // Safety holders: what is overdue or due within 30 days (issue 18).
    ...(safety
      ? [
          {
            label: 'Expiring soon',
            short: 'Expiring',
            hint: 'Expiring soon: overdue or due within 30 days',
            path: '/safety/expiring',
            to: '/safety/expiring',
            testId: 'badge-expiring',
            liveTopic: EXPIRING_LIVE_TOPIC,
          },
        ]
      : []),
    { label: 'Unread notes', short: 'Notes', path: '/info/notes/count', to: '/account', testId: 'badge-notes' },
  ];
  return <HeaderCounts specs={specs} />;
}
