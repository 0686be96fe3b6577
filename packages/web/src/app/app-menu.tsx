import { NavLink, Stack } from '@mantine/core';
import {
  IconBuildingWarehouse,
  IconChartBar,
  IconHome,
  IconLogout,
  IconReportMoney,
  IconSettings,
  IconShieldCheck,
  IconTool,
  IconTruckDelivery,
  IconUserCircle,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { logout, sessionStore } from '../platform/auth-store';
import { useStore } from '../platform/create-store';
import { buildMenu } from './menu-model';

const ICONS: Record<string, ComponentType<{ size?: number; stroke?: number }>> = {
  Account: IconUserCircle,
  Dispatch: IconTruckDelivery,
  Safety: IconShieldCheck,
  Statistics: IconChartBar,
  Accounting: IconReportMoney,
  Shop: IconTool,
  Maintenance: IconBuildingWarehouse,
  Settings: IconSettings,
};

/** The navigation menu: groups of 000 §2 filtered by role number and grants, built screens only, then Log out. */
export function AppMenu({ onNavigate }: { onNavigate: () => void }) {
  const { role, permissions, customers } = useStore(sessionStore);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const groups = buildMenu(role, permissions);
  const isActive = (to: string) => pathname === to || pathname.startsWith(`${to}/`);

  const signOut = async () => {
    await logout();
    navigate('/auth', { replace: true });
  };

  return (
    <Stack gap={2} p="sm" component="nav" aria-label="Main menu" data-testid="app-menu">
      <NavLink
        component={Link}
        to="/"
        // Home is the customer user's profile (000 §2: the home entry shows the profile).
        label={customers ? 'Profile' : 'Home'}
        leftSection={<IconHome size={18} />}
        active={pathname === '/'}
        onClick={onNavigate}
      />
      {groups.map((g) => {
        const Icon = ICONS[g.group] ?? IconHome;
        if (g.to) {
          return (
            <NavLink
              key={g.group}
              component={Link}
              to={g.to}
              label={g.group}
              leftSection={<Icon size={18} />}
              active={isActive(g.to)}
              onClick={onNavigate}
            />
          );
        }
        const open = g.items.some((i) => isActive(i.to));
        return (
          <NavLink
            key={g.group}
            label={g.group}
            leftSection={<Icon size={18} />}
            defaultOpened={open}
            childrenOffset={28}
          >
            {g.items.map((i) => (
              <NavLink
                key={i.to}
                component={Link}
                to={i.to}
                label={i.label}
                active={isActive(i.to)}
                onClick={onNavigate}
              />
            ))}
          </NavLink>
        );
      })}
      <NavLink
        component="button"
        label="Log out"
        leftSection={<IconLogout size={18} />}
        onClick={() => void signOut()}
        data-testid="logout"
        c="red.4"
      />
    </Stack>
  );
}
