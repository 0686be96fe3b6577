import type { PermissionNode } from '@backhaul/shared';
import { STORED_SESSION_MARKER } from '@backhaul/shared';
import {
  IsLoginResponseSchema,
  type LoginBody,
  LoginResponseSchema,
} from '@backhaul/shared/modules/session/session.contract';
import { api } from './api-client';
import { ApiError } from './api-errors';
import { createStore } from './create-store';
import { clearStorage, readStorage, STORAGE_KEY, writeStorage } from './local-storage';
import { loadPreferences, preferencesStore } from './preferences';
import { queryClient } from './query-client';

export type PermissionEntry = { name: string; selected: boolean };

export type SessionState = {
  status: 'idle' | 'checking' | 'authenticated' | 'anonymous';
  role: number | null;
  customers: boolean;
  permissions: PermissionNode[];
  /** The flattened tree: node names with their selected flag (what the guard and menu read). */
  permissionList: PermissionEntry[];
  image: string | null;
  expiresAt: number | null;
  /** The permission section of the current route, set by the guard. */
  section: string | null;
  /** The first-navigation session check has finished (or a login made it unnecessary). */
  initialised: boolean;
};

const ANONYMOUS: SessionState = {
  status: 'anonymous',
  role: null,
  customers: false,
  permissions: [],
  permissionList: [],
  image: null,
  expiresAt: null,
  section: null,
  initialised: true,
};

export const sessionStore = createStore<SessionState>({ ...ANONYMOUS, status: 'idle', initialised: false });

export function flattenPermissions(nodes: readonly PermissionNode[]): PermissionEntry[] {
  return nodes.flatMap((n) => [{ name: n.name, selected: n.selected }, ...flattenPermissions(n.children)]);
}

/** The spec's guard looks for a stored token; what is stored is a marker, the session is an httpOnly cookie. */
export const hasToken = (): boolean => Boolean(readStorage(STORAGE_KEY.token));

let sessionEndHandler: () => void = () => undefined;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;

/** The app registers where the user goes when the session ends (expiry): /auth. */
export function setSessionEndHandler(handler: () => void): void {
  sessionEndHandler = handler;
}

/** Clears the session and local storage (logout, 401, failed session check). */
export function resetSession(): void {
  clearTimeout(expiryTimer);
  clearStorage();
  queryClient.clear();
  preferencesStore.set({ pageSize: null });
  sessionStore.set({ ...ANONYMOUS });
}

let preferencesRead: Promise<void> = Promise.resolve();

/**
 * Settles once the preferences read by the session check under way have arrived (at once when none
 * is under way): a list fetched beside the session check waits for its page size here, not for the
 * whole check.
 */
export const preferencesReady = (): Promise<void> => preferencesRead;

/**
 * The session check (POST /isLogin): sets authenticated, role, permissions and expiry. The lists'
 * page size (the preferences) is read beside it, not after it: both only need the session cookie.
 */
export async function checkSession(): Promise<boolean> {
  if (!hasToken()) {
    sessionStore.set({ ...ANONYMOUS });
    return false;
  }
  if (sessionStore.get().status !== 'authenticated') sessionStore.set((s) => ({ ...s, status: 'checking' }));
  // Started before the first await, so a list prefetch started right after this call finds it.
  const preferences = loadPreferences();
  preferencesRead = preferences;
  try {
    const res = await api.post('/isLogin', {}, { schema: IsLoginResponseSchema });
    // Session time is expires_in × 1000 ms (000 §4); setTimeout cannot wait longer than ~24.8 days.
    const ms = Math.min(res.expires_in * 1000, 2 ** 31 - 1);
    // The lists' page size comes with the session, before the first screen renders.
    await preferences;
    clearTimeout(expiryTimer);
    expiryTimer = setTimeout(() => {
      resetSession();
      sessionEndHandler();
    }, ms);
    sessionStore.set((s) => ({
      ...s,
      status: 'authenticated',
      role: res.role,
      customers: res.customers,
      permissions: res.permissions,
      permissionList: flattenPermissions(res.permissions),
      image: res.image,
      expiresAt: Date.now() + ms,
      initialised: true,
    }));
    return true;
  } catch {
    // A page size arriving after the reset would outlive the session.
    await preferences;
    resetSession();
    return false;
  }
}

let initialisation: Promise<boolean> | null = null;

/** The login/initialisation step that runs once, on the first navigation (000 §2). */
export function initialiseSessionOnce(): Promise<boolean> {
  initialisation ??= checkSession().finally(() => sessionStore.set((s) => ({ ...s, initialised: true })));
  return initialisation;
}

export type LoginResult = { ok: true; customers: boolean } | { ok: false; error: string };

/**
 * POST /login: the server sets the session cookie; local storage gets the "signed in" marker (never the
 * token) and the version info. A response with an error field stores nothing.
 */
export async function login(body: LoginBody): Promise<LoginResult> {
  const res = await api.post<unknown>('/login', body);
  if (typeof res === 'object' && res !== null && 'error' in res && typeof res.error === 'string') {
    return { ok: false, error: res.error };
  }
  const session = LoginResponseSchema.parse(res);
  writeStorage(STORAGE_KEY.token, STORED_SESSION_MARKER);
  writeStorage(STORAGE_KEY.version, session.version);
  writeStorage(STORAGE_KEY.versionShow, String(session.version_show));
  initialisation = Promise.resolve(true);
  const ok = await checkSession();
  if (!ok) return { ok: false, error: 'The session could not be started.' };
  return { ok: true, customers: session.customers };
}

/** POST /logout (the server revokes the session and clears its cookie); local storage is cleared anyway. */
export async function logout(): Promise<void> {
  try {
    await api.post('/logout', {}, { silent: true });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
  } finally {
    resetSession();
  }
}

export function setCurrentSection(section: string | null): void {
  if (sessionStore.get().section !== section) sessionStore.set((s) => ({ ...s, section }));
}
