import type { PermissionEntry } from '../platform/auth-store';
import type { RouteAccess } from './route-table';

/** Route metadata the router keeps in each route's `handle`. */
export type RouteHandle = { title: string; section: string | null; access: RouteAccess | 'any'; crumb: boolean };

export type GuardInput = {
  /** Handles of the matched routes, outermost first. */
  handles: readonly RouteHandle[];
  hasToken: boolean;
  permissionList: readonly PermissionEntry[];
};

export type GuardDecision =
  | { kind: 'allow'; section: string | null }
  | { kind: 'redirect'; to: string }
  | { kind: 'error' };

/** The route's access: the innermost match that states one (a child may open up its parent). */
export function routeAccess(handles: readonly RouteHandle[]): RouteHandle['access'] {
  for (let i = handles.length - 1; i >= 0; i--) {
    const access = handles[i]?.access;
    if (access && access !== 'protected') return access;
  }
  return 'protected';
}

/**
 * A section name is allowed when it is absent from the permission list or one of its entries is
 * selected (000 §2 "Access guard").
 */
export function isSectionAllowed(section: string, permissionList: readonly PermissionEntry[]): boolean {
  const entries = permissionList.filter((p) => p.name === section);
  return entries.length === 0 || entries.some((p) => p.selected);
}

/**
 * The access guard of 000 §2: no token on a protected route → /auth; a token on login or reset → /;
 * a protected route whose section (or a parent route's section) is listed and not selected → Error.
 */
export function decideGuard({ handles, hasToken, permissionList }: GuardInput): GuardDecision {
  const access = routeAccess(handles);
  const sections = handles.map((h) => h.section).filter((s): s is string => Boolean(s));
  const section = sections.at(-1) ?? null;
  if (access === 'any' || access === 'public') return { kind: 'allow', section };
  if (access === 'guest') return hasToken ? { kind: 'redirect', to: '/' } : { kind: 'allow', section };
  if (!hasToken) return access === 'open' ? { kind: 'allow', section } : { kind: 'redirect', to: '/auth' };
  if (access === 'own') return { kind: 'allow', section: null };
  return sections.every((s) => isSectionAllowed(s, permissionList)) ? { kind: 'allow', section } : { kind: 'error' };
}

/** Where / goes: Profile for customer users, Account for the others (000 §2). */
export const homePath = (customers: boolean): string => (customers ? '/profile' : '/account');
