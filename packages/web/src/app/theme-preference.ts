import { createStore } from '../platform/create-store';

// The theme setting cycles auto → light → dark → auto (000 §1), yet the dark theme stays enforced:
// the choice lives in memory only, because any stored theme value is removed at start-up.
export type ThemePreference = 'auto' | 'light' | 'dark';

const CYCLE: readonly ThemePreference[] = ['auto', 'light', 'dark'];

export const themePreferenceStore = createStore<ThemePreference>('auto');

export const nextThemePreference = (current: ThemePreference): ThemePreference =>
  CYCLE[(CYCLE.indexOf(current) + 1) % CYCLE.length] ?? 'auto';

export function cycleThemePreference(): void {
  themePreferenceStore.set(nextThemePreference);
}
