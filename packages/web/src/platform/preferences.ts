import {
  USER_ACCOUNT_BASE,
  type UserAccountSettings,
  UserAccountSettingsSchema,
} from '@backhaul/shared/modules/settings/settings.contract';
import { api } from './api-client';
import { createStore } from './create-store';

/**
 * The signed-in user's preferences (Settings → User account settings), read with the session:
 * `pageSize` is where every list starts — the user's own choice, else the company's default.
 */
export type Preferences = { pageSize: number | null };
export const preferencesStore = createStore<Preferences>({ pageSize: null });

export const effectivePageSize = (s: Pick<UserAccountSettings, 'page_size' | 'company_page_size'>): number | null =>
  s.page_size ?? s.company_page_size;

export function applyPreferences(s: UserAccountSettings): void {
  preferencesStore.set({ pageSize: effectivePageSize(s) });
}

/** Reads the preferences; a failure leaves the lists on their own defaults (never blocks signing in). */
export async function loadPreferences(): Promise<void> {
  try {
    applyPreferences(await api.get(USER_ACCOUNT_BASE, { schema: UserAccountSettingsSchema, silent: true }));
  } catch {
    preferencesStore.set({ pageSize: null });
  }
}
