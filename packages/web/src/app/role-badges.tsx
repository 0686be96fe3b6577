import { SECTION } from '@backhaul/shared';
import { Badge, Group, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { api } from '../platform/api-client';
import { allowsButton, usePermissionTree } from '../platform/data-table/permissions';

const REFRESH_MS = 60_000;

/**
 * A count for a header badge. Background and silent: any failure shows 0 and never raises an alert.
 */
async function fetchCount(path: string): Promise<number> {
  try {
    const res = await api.get<{ count?: unknown }>(path, { silent: true, background: true });
    return typeof res?.count === 'number' ? res.count : 0;
  } catch {
    return 0;
  }
}

function CountBadge({
  label,
  path,
  to,
  testId,
  hint,
  icon,
}: {
  label: string;
  path: string;
  to: string;
  testId: string;
  hint?: string;
  /** Shown instead of the label (which stays the tooltip and the accessible name). */
  icon?: ReactNode;
}) {
  const count = useQuery({
    queryKey: ['badge', path],
    queryFn: () => fetchCount(path),
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  const n = count.data ?? 0;
  return (
    <Tooltip label={hint ?? label} openDelay={200}>
      <Badge
        component={Link}
        to={to}
        variant={n > 0 ? 'filled' : 'light'}
        color={n > 0 ? 'orange' : 'gray'}
        style={{ cursor: 'pointer', flexShrink: 0 }}
        data-testid={testId}
        aria-label={`${label}: ${n}`}
        {...(icon ? { leftSection: icon } : {})}
      >
        {icon ? n : `${label}: ${n}`}
      </Badge>
    </Tooltip>
  );
}

/**
 * Role 3 sees the counts of new vacation requests and new user comments (000 §6); every staff user sees the
 * count of unread notes, which goes down as they are read; a Safety holder the count of items expiring
 * within 30 days or overdue.
 */
export function RoleBadges({ role }: { role: number | null }) {
  const safety = allowsButton(usePermissionTree(), { section: SECTION.Safety, ids: [] });
  return (
    <Group gap={6} wrap="nowrap" visibleFrom="md">
      {role === 3 ? (
        <>
          <CountBadge
            label="Vacation requests"
            path="/info/vacation/count"
            to="/account#tabVacation"
            testId="badge-vacation"
          />
          <CountBadge
            label="New comments"
            path="/info/comments/count"
            to="/account#tabAllUsersComments"
            testId="badge-comments"
          />
        </>
      ) : null}
      {/* Safety holders: what is overdue or due within 30 days (issue 18). */}
      {safety ? (
        <CountBadge
          label="Expiring"
          hint="Expiring soon: overdue or due within 30 days"
          icon={<IconAlertTriangle size={12} />}
          path="/safety/expiring"
          to="/safety/expiring"
          testId="badge-expiring"
        />
      ) : null}
      <CountBadge label="Unread notes" path="/info/notes/count" to="/account" testId="badge-notes" />
    </Group>
  );
}
