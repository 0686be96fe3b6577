import { describe, expect, it } from 'vitest';
import { buildMenu } from './menu-model';

const groups = (role: number | null, list: { name: string; selected: boolean }[] = []) =>
  buildMenu(role, list).map((g) => g.group);

describe('navigation menu (000 §2, §6)', () => {
  it('shows every group in the spec order to role 0 with all permissions', () => {
    expect(groups(0)).toEqual([
      'Account',
      'Dispatch',
      'Safety',
      'Statistics',
      'Accounting',
      'Shop',
      'Maintenance',
      'Settings',
    ]);
  });
  it('hides Safety and Settings from role 2, and keeps Account for every role', () => {
    expect(groups(2)).toEqual(['Account', 'Dispatch', 'Statistics', 'Accounting', 'Shop', 'Maintenance']);
    for (const role of [0, 1, 3, 4]) expect(groups(role)).toContain('Settings');
    for (const role of [0, 1, 2, 3, 4, 7]) expect(groups(role)).toContain('Account');
  });
  it('drops groups and items whose section is listed and not selected', () => {
    const list = [
      { name: 'Accounting', selected: false },
      { name: 'Trips', selected: false },
      { name: 'Drivers', selected: false },
      { name: 'Maintenance', selected: true },
    ];
    const menu = buildMenu(0, list);
    expect(menu.map((g) => g.group)).not.toContain('Accounting');
    // Dispatch has only Trips: with Trips refused the empty group goes away.
    expect(menu.map((g) => g.group)).not.toContain('Dispatch');
    const maintenance = menu.find((g) => g.group === 'Maintenance');
    expect(maintenance?.items.map((i) => i.label)).not.toContain('Drivers');
    expect(maintenance?.items.map((i) => i.label)).toContain('Trucks');
  });
  it('labels items from the route table', () => {
    const statistics = buildMenu(0, []).find((g) => g.group === 'Statistics');
    expect(statistics?.items).toEqual([
      { label: 'Dispatch statistics', to: '/statistics/dispatch-statistics' },
      { label: 'Customer reports', to: '/statistics/customer-reports' },
      { label: 'Safety RFM statistics', to: '/statistics/safety-statistics' },
    ]);
    expect(
      buildMenu(0, [])
        .find((g) => g.group === 'Safety')
        ?.items.map((i) => i.label),
    ).toEqual(['Logbooks', 'Employee work schedule']);
  });
});
