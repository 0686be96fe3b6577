import { buildPermissionTree, makeGrantSet, type PermissionNode } from '@backhaul/shared';
import { DEMO_ROLES, grantsFor } from '@backhaul/shared/permissions/demo-roles';
import { describe, expect, it } from 'vitest';
import { buildMenu, isBuilt } from './menu-model';

/** The isLogin tree of a seeded demo role (Administrator: every permission). */
const treeOf = (role: string): PermissionNode[] => {
  if (role === 'Administrator') return buildPermissionTree(makeGrantSet([], true));
  const spec = DEMO_ROLES[role];
  if (!spec) throw new Error(`no demo role ${role}`);
  return buildPermissionTree(makeGrantSet(grantsFor(spec)));
};

/** The menu as text: "Group" for a link, "Group: item, item" for a folder. */
const menuOf = (roleNumber: number, role: string) =>
  buildMenu(roleNumber, treeOf(role)).map((g) =>
    g.items.length ? `${g.group}: ${g.items.map((i) => i.label).join(', ')}` : g.group,
  );

// Role numbers of the demo logins (server users.seed.ts): admin 0, accountant and shop 1,
// dispatcher 2, safety 3, customer 4.
describe('the menu of each demo login (000 §2, §6): built screens the grants open, nothing else', () => {
  it('admin@ sees every built screen', () => {
    expect(menuOf(0, 'Administrator')).toEqual([
      'Account',
      'Dispatch: Trips',
      'Safety: Logbooks, Expiring soon',
      'Statistics: Dispatch statistics, Customer reports, Safety RFM statistics',
      'Accounting: Customer invoices, Customer payments, Customer invoice items, Billing, Dispatcher statements, Safety statements, Driver statements, Escrow accounts, Cash advances, Driver hours, Schedules, Short payments, Scheduled payments, Fuel, ELD, Bonus and charges, Employee statements, Company expenses, Manager statements',
      'Shop: Work orders, Work orders statistics, Trucks on the road, Downtime, Service schedule',
      'Maintenance: General, Drivers, Trucks, Trailers, Customers, Employees, Factoring companies, Cities, Brokers, Users, Potential clients, Clients, Roles',
      'Settings: Accounting settings, User account settings, Old system settings, System settings',
    ]);
  });
  it('dispatcher@: trips, dispatch statistics and the registries it may read', () => {
    expect(menuOf(2, 'Dispatcher')).toEqual([
      'Account',
      'Dispatch: Trips',
      'Statistics: Dispatch statistics, Customer reports',
      'Accounting: Dispatcher statements',
      'Maintenance: Drivers, Trucks, Trailers, Customers, Cities, Brokers, Potential clients, Clients',
    ]);
  });
  it('accountant@: accounting, trips to read, customers and factoring', () => {
    expect(menuOf(1, 'Accountant')).toEqual([
      'Account',
      'Dispatch: Trips',
      'Statistics: Dispatch statistics, Customer reports',
      'Accounting: Customer invoices, Customer payments, Customer invoice items, Billing, Dispatcher statements, Safety statements, Driver statements, Escrow accounts, Cash advances, Driver hours, Schedules, Short payments, Scheduled payments, Fuel, ELD, Bonus and charges, Employee statements, Company expenses, Manager statements',
      'Maintenance: Customers, Factoring companies, Brokers, Potential clients, Clients',
    ]);
  });
  it('safety@: safety statistics and the fleet and people registries', () => {
    expect(menuOf(3, 'Safety')).toEqual([
      'Account',
      'Safety: Logbooks, Expiring soon',
      'Statistics: Customer reports, Safety RFM statistics',
      'Accounting: Safety statements',
      'Maintenance: Drivers, Trucks, Trailers, Employees',
      'Settings: Accounting settings, User account settings, Old system settings, System settings',
    ]);
  });
  it('shop@: its work orders, trucks and trailers', () => {
    expect(menuOf(1, 'Shop manager')).toEqual([
      'Account',
      'Shop: Work orders, Work orders statistics, Trucks on the road, Downtime, Service schedule',
      'Maintenance: Trucks, Trailers',
    ]);
  });
  it('customer@: its invoices and payments, nothing internal', () => {
    expect(menuOf(4, 'Customer')).toEqual(['Accounting: Customer invoices, Customer payments']);
  });
  it('role numbers still hide Safety and Settings from role 2', () => {
    const groups = buildMenu(2, treeOf('Administrator')).map((g) => g.group);
    expect(groups).not.toContain('Settings');
    expect(groups).toContain('Maintenance');
  });
  it('routes without a screen are not built; redirects and default children follow their target', () => {
    expect(isBuilt('/trips/list')).toBe(true);
    expect(isBuilt('/dispatch')).toBe(true);
    expect(isBuilt('/accounting')).toBe(true);
    expect(isBuilt('/accounting/fuel')).toBe(true);
    expect(isBuilt('/manager-statements')).toBe(true);
    expect(isBuilt('/shop')).toBe(true);
  });
});
