// The local storage keys the spec names (constants.json local_storage_keys), in one place.
export const STORAGE_KEY = {
  token: 'token',
  version: 'version',
  versionShow: 'version_show',
  versionShowPopup: 'versionShowPopup',
  lastActiveTab: 'lastActiveTab',
} as const;

// Keys a theme switcher may have written; the spec removes any stored theme at start-up.
const THEME_KEYS = ['mantine-color-scheme-value', 'theme', 'colorScheme', 'color-scheme'];

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota); the app keeps working in memory.
  }
}

export function removeStorage(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // See writeStorage.
  }
}

export function clearStorage(): void {
  try {
    window.localStorage.clear();
  } catch {
    // See writeStorage.
  }
}

export function removeStoredTheme(): void {
  for (const key of THEME_KEYS) removeStorage(key);
}
