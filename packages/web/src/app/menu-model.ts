import {
  ACTION,
  can,
  type GrantSet,
  grantsFromTree,
  makeGrantSet,
  type PermissionNode,
  type Requirement,
  SECTION,
  SECTION_BY_ID,
  SPEC,
} from '@backhaul/shared';
import { ROUTE_BY_PATH, type RouteNode } from './route-table';

export type MenuItem = { label: string; to: string };
export type MenuGroup = { group: string; to: string | null; items: MenuItem[] };

/** What opening a menu entry needs: one requirement, or any of several. */
type Need = Requirement | { anyOf: Requirement[] };
type GroupDefinition = { group: string; section: number; to?: string; items: string[] };

const childrenOf = (path: string): string[] =>
  (ROUTE_BY_PATH.get(path)?.node.children ?? []).filter((c) => !c.path.includes(':')).map((c) => `${path}/${c.path}`);

// The menu groups of 000 §2, in order; items are route paths (labels come from the route table).
const GROUPS: GroupDefinition[] = [
  { group: 'Account', section: SECTION.Account, to: '/account', items: [] },
  { group: 'Dispatch', section: SECTION.Dispatch, items: ['/trips/list'] },
  { group: 'Safety', section: SECTION.Safety, items: ['/logbooks', '/safety/expiring', '/employee-work-schedule'] },
  { group: 'Statistics', section: SECTION.Statistics, items: childrenOf('/statistics') },
  {
    group: 'Accounting',
    section: SECTION.Accounting,
    items: [...childrenOf('/accounting'), '/manager-statements'],
  },
  { group: 'Shop', section: SECTION.Shop, items: childrenOf('/shop') },
  { group: 'Maintenance', section: SECTION.Maintenance, items: childrenOf('/maintenance') },
  { group: 'Settings', section: SECTION.Settings, items: childrenOf('/settings') },
];

const VIEW = ACTION.VIEW;
const invoices: Requirement = { section: SECTION.CustomerNotPaidInvoices, action: VIEW };

/**
 * What each screen's data needs on the server, where the route's own section name does not say it
 * (routes.json leaves some routes without one). The menu offers an entry only to callers the
 * server would answer.
 */
const NEEDS: Record<string, Need> = {
  '/statistics/dispatch-statistics': { section: SECTION.DispatchStatistics, action: VIEW },
  '/statistics/customer-reports': { section: SECTION.Statistics, action: VIEW },
  '/statistics/safety-statistics': {
    anyOf: [{ section: SECTION.Analytics, action: VIEW }, { section: SECTION.Safety }],
  },
  '/accounting/customer-invoices': invoices,
  '/accounting/customer-payments': invoices,
  // Payments against invoice lines: the people who enter payments.
  '/accounting/customer-invoice-items': { section: SECTION.CustomerNotPaidInvoices, action: ACTION.PAID },
  '/maintenance/potential-client': { section: SECTION.Customers },
  '/maintenance/clients': { section: SECTION.Customers },
  // Staff pay (issue 16): the spec names no section for these routes.
  '/accounting/bonus-charge': { section: 94, action: VIEW },
  '/accounting/employee-statements': { section: 96, action: VIEW },
  // Every user may open their own preferences; the Settings group lists them for those who see it
  // (the others reach them from the header's user menu).
  '/settings/user-account-settings': { section: SECTION.Settings },
};

const SECTION_BY_NAME = new Map([...SECTION_BY_ID.values()].map((s) => [s.name, s.id]));

function needOf(path: string, node: RouteNode): Need | null {
  const explicit = NEEDS[path];
  if (explicit) return explicit;
  const id = node.section ? SECTION_BY_NAME.get(node.section) : undefined;
  return id === undefined ? null : { section: id };
}

const allows = (grants: GrantSet, need: Need) =>
  'anyOf' in need ? need.anyOf.some((r) => can(grants, r)) : can(grants, need);

/** A route has a screen: a page of its own, or a redirect to a route that has one. */
export function isBuilt(path: string): boolean {
  const node = ROUTE_BY_PATH.get(path)?.node;
  if (!node) return false;
  if (node.page) return true;
  if (node.defaultChild) return isBuilt(`${path}/${node.defaultChild}`);
  return node.redirect ? isBuilt(node.redirect) : false;
}

const MENU_ROLES = SPEC.roles.menu_roles as Record<string, readonly number[] | 'all'>;

export function groupAllowedForRole(group: string, role: number | null): boolean {
  const roles = MENU_ROLES[group] ?? 'all';
  return roles === 'all' || (role !== null && roles.includes(role));
}

/** The caller's grants as the session's permission tree (isLogin) states them. */
export const grantsOfTree = (tree: readonly PermissionNode[]): GrantSet => makeGrantSet(grantsFromTree(tree));

/**
 * The navigation menu for a user: groups by role number (000 §6); groups and items by the caller's
 * grants, exactly (a screen with no grant behind it is not offered); screens not built are left out.
 */
export function buildMenu(role: number | null, tree: readonly PermissionNode[]): MenuGroup[] {
  const grants = grantsOfTree(tree);
  return GROUPS.filter((g) => groupAllowedForRole(g.group, role) && can(grants, { section: g.section }))
    .map((g) => ({
      group: g.group,
      to: g.to && isBuilt(g.to) ? g.to : null,
      items: g.items.flatMap((path) => {
        const route = ROUTE_BY_PATH.get(path);
        if (!route || !isBuilt(path)) return [];
        const need = needOf(path, route.node);
        return need && allows(grants, need) ? [{ label: route.node.title, to: path }] : [];
      }),
    }))
    .filter((g) => g.to !== null || g.items.length > 0);
}
