import { SPEC } from '@backhaul/shared';
import type { PermissionEntry } from '../platform/auth-store';
import { isSectionAllowed } from './guard';
import { ROUTE_BY_PATH } from './route-table';

export type MenuItem = { label: string; to: string };
export type MenuGroup = { group: string; to: string | null; items: MenuItem[] };

type GroupDefinition = { group: string; section: string; to?: string; items: string[] };

const childrenOf = (path: string): string[] =>
  (ROUTE_BY_PATH.get(path)?.node.children ?? []).filter((c) => !c.path.includes(':')).map((c) => `${path}/${c.path}`);

// The menu groups of 000 §2, in order; items are route paths (labels come from the route table).
const GROUPS: GroupDefinition[] = [
  { group: 'Account', section: 'Account', to: '/account', items: [] },
  { group: 'Dispatch', section: 'Dispatch', items: ['/trips/list'] },
  { group: 'Safety', section: 'Safety', items: ['/logbooks', '/employee-work-schedule'] },
  { group: 'Statistics', section: 'Statistics', items: childrenOf('/statistics') },
  { group: 'Accounting', section: 'Accounting', items: [...childrenOf('/accounting'), '/manager-statements'] },
  { group: 'Shop', section: 'Shop', items: childrenOf('/shop') },
  { group: 'Maintenance', section: 'Maintenance', items: childrenOf('/maintenance') },
  { group: 'Settings', section: 'Settings', items: childrenOf('/settings') },
];

const MENU_ROLES = SPEC.roles.menu_roles as Record<string, readonly number[] | 'all'>;

export function groupAllowedForRole(group: string, role: number | null): boolean {
  const roles = MENU_ROLES[group] ?? 'all';
  return roles === 'all' || (role !== null && roles.includes(role));
}

/** The navigation menu for a user: groups by role (000 §6), groups and items by the permission list. */
export function buildMenu(role: number | null, permissionList: readonly PermissionEntry[]): MenuGroup[] {
  return GROUPS.filter((g) => groupAllowedForRole(g.group, role) && isSectionAllowed(g.section, permissionList))
    .map((g) => ({
      group: g.group,
      to: g.to ?? null,
      items: g.items.flatMap((path) => {
        const route = ROUTE_BY_PATH.get(path);
        if (!route) return [];
        const section = route.node.section;
        return section && !isSectionAllowed(section, permissionList) ? [] : [{ label: route.node.title, to: path }];
      }),
    }))
    .filter((g) => g.to !== null || g.items.length > 0);
}
