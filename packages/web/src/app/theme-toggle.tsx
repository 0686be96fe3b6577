import { ActionIcon, Tooltip } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useStore } from '../platform/create-store';
import { cycleThemePreference, type ThemePreference, themePreferenceStore } from './theme-preference';

const ICON = { auto: IconDeviceDesktop, light: IconSun, dark: IconMoon } satisfies Record<ThemePreference, unknown>;

/** Cycles auto → light → dark; the theme itself stays dark (forced in MantineProvider). */
export function ThemeToggle() {
  const preference = useStore(themePreferenceStore);
  const Icon = ICON[preference];
  const label = `Theme: ${preference} (dark theme enforced)`;
  return (
    <Tooltip label={label} openDelay={200}>
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={label}
        onClick={cycleThemePreference}
        data-testid="theme-toggle"
        data-theme-preference={preference}
      >
        <Icon size={20} />
      </ActionIcon>
    </Tooltip>
  );
}
