import {
  USER_ACCOUNT_BASE,
  type UserAccountSettings,
  UserAccountSettingsSchema,
} from '@backhaul/shared/modules/settings/settings.contract';
import { api } from './api-client';
import { createStore } from './create-store';
import { readStorage, writeStorage } from './local-storage';

/**
 * The signed-in user's preferences (Settings → User account settings), read with the session:
 * `pageSize` is where every list starts — the user's own choice, else the company's default.
 */
export type Preferences = { pageSize: number | null };
export const preferencesStore = createStore<Preferences>({ pageSize: null });

export const effectivePageSize = (s: Pick<UserAccountSettings, 'page_size' | 'company_page_size'>): number | null =>
  s.page_size ?? s.company_page_size;

/**
 * The page size last read, kept in local storage (cleared with it at logout): on the next visit a
 * screen's first list request starts with it, before the preferences are read again (issue 31).
 */
const STORED_PAGE_SIZE = 'pageSize';

function setPageSize(pageSize: number | null): void {
  preferencesStore.set({ pageSize });
  writeStorage(STORED_PAGE_SIZE, pageSize === null ? 'none' : String(pageSize));
}

/** The page size last read: a number, null for none, undefined when never read here. */
export function storedPageSize(): number | null | undefined {
  const raw = readStorage(STORED_PAGE_SIZE);
  if (raw === 'none') return null;
  const n = Number(raw);
  return raw && Number.isInteger(n) && n > 0 ? n : undefined;
}

export function applyPreferences(s: UserAccountSettings): void {
  setPageSize(effectivePageSize(s));
}

/** Reads the preferences; a failure leaves the lists on their own defaults (never blocks signing in). */
export async function loadPreferences(): Promise<void> {
  try {
    applyPreferences(await api.get(USER_ACCOUNT_BASE, { schema: UserAccountSettingsSchema, silent: true }));
  } catch {
    preferencesStore.set({ pageSize: null });
  }
}
