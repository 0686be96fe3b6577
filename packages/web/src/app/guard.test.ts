import { describe, expect, it } from 'vitest';
import type { PermissionEntry } from '../platform/auth-store';
import { decideGuard, homePath, isSectionAllowed, type RouteHandle } from './guard';

const h = (section: string | null, access: RouteHandle['access'] = 'protected'): RouteHandle => ({
  title: section ?? 'Page',
  section,
  access,
  crumb: true,
});

const perms: PermissionEntry[] = [
  { name: 'Trips', selected: true },
  { name: 'Settings', selected: false },
  { name: 'Roles', selected: false },
  { name: 'Maintenance', selected: true },
  // A name listed twice is allowed when either entry is selected.
  { name: 'Reports', selected: false },
  { name: 'Reports', selected: true },
];

describe('access guard (000 §2)', () => {
  it('sends a protected route without a token to /auth', () => {
    expect(decideGuard({ handles: [h('Trips')], hasToken: false, permissionList: [] })).toEqual({
      kind: 'redirect',
      to: '/auth',
    });
    expect(decideGuard({ handles: [h(null)], hasToken: false, permissionList: [] })).toEqual({
      kind: 'redirect',
      to: '/auth',
    });
  });
  it('allows a route whose name is selected, or absent from the permission list', () => {
    expect(decideGuard({ handles: [h('Trips')], hasToken: true, permissionList: perms })).toEqual({
      kind: 'allow',
      section: 'Trips',
    });
    expect(decideGuard({ handles: [h('Logbooks')], hasToken: true, permissionList: perms })).toEqual({
      kind: 'allow',
      section: 'Logbooks',
    });
    expect(decideGuard({ handles: [h(null)], hasToken: true, permissionList: perms })).toEqual({
      kind: 'allow',
      section: null,
    });
  });
  it('shows the Error page when the name is listed and not selected', () => {
    expect(decideGuard({ handles: [h('Maintenance'), h('Roles')], hasToken: true, permissionList: perms })).toEqual({
      kind: 'error',
    });
  });
  it('applies a parent route section to its children (/settings/system-settings)', () => {
    expect(decideGuard({ handles: [h('Settings'), h(null)], hasToken: true, permissionList: perms })).toEqual({
      kind: 'error',
    });
  });
  it("opens a user's own page under a section they lack (User account settings), never without a session", () => {
    expect(decideGuard({ handles: [h('Settings'), h(null, 'own')], hasToken: true, permissionList: perms })).toEqual({
      kind: 'allow',
      section: null,
    });
    expect(decideGuard({ handles: [h('Settings'), h(null, 'own')], hasToken: false, permissionList: perms })).toEqual({
      kind: 'redirect',
      to: '/auth',
    });
  });
  it('sends a logged-in user on login or reset to /', () => {
    expect(decideGuard({ handles: [h(null, 'guest')], hasToken: true, permissionList: perms })).toEqual({
      kind: 'redirect',
      to: '/',
    });
    expect(decideGuard({ handles: [h(null, 'guest')], hasToken: false, permissionList: [] })).toEqual({
      kind: 'allow',
      section: null,
    });
  });
  it('lets anyone open public pages, the error page and the no-authentication route', () => {
    expect(decideGuard({ handles: [h(null, 'public')], hasToken: true, permissionList: [] }).kind).toBe('allow');
    expect(decideGuard({ handles: [h(null, 'any')], hasToken: false, permissionList: [] }).kind).toBe('allow');
    expect(
      decideGuard({ handles: [h('Shop'), h('Trucks on the road', 'open')], hasToken: false, permissionList: [] }).kind,
    ).toBe('allow');
    // With a session, the open route is still checked against the permission list.
    const noShop = [{ name: 'Shop', selected: false }];
    expect(
      decideGuard({ handles: [h('Shop'), h('Trucks on the road', 'open')], hasToken: true, permissionList: noShop })
        .kind,
    ).toBe('error');
  });
  it('matches names exactly', () => {
    expect(isSectionAllowed('Reports', perms)).toBe(true);
    expect(isSectionAllowed('Settings', perms)).toBe(false);
    expect(isSectionAllowed('settings', perms)).toBe(true);
  });
  it('sends / to Profile for customer users and to Account for others', () => {
    expect(homePath(true)).toBe('/profile');
    expect(homePath(false)).toBe('/account');
  });
});
