// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkSession, preferencesReady, resetSession, sessionStore } from './auth-store';
import { preferencesStore, storedPageSize } from './preferences';

/** A call the test answers when it chooses: the order calls leave in is what is under test. */
type Pending = { path: string; answer: (status: number, body: unknown) => void };
let pending: Pending[];
const waitForCalls = async (n: number) => {
  await vi.waitFor(() => expect(pending.length).toBeGreaterThanOrEqual(n));
};
const call = (path: string) => {
  const found = pending.find((p) => p.path === path);
  if (!found) throw new Error(`no call to ${path}; calls: ${pending.map((p) => p.path).join(', ')}`);
  return found;
};

const IS_LOGIN = { message: 'ok', permissions: [], role: 1, expires_in: 3600, image: null, customers: false };
const PREFERENCES = { page_size: 50, company_page_size: 20, page_sizes: [5, 20, 50] };

beforeEach(() => {
  pending = [];
  localStorage.clear();
  localStorage.setItem('token', 'cookie');
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (url: string) =>
        new Promise<Response>((resolve) =>
          pending.push({
            path: url.replace(/^\/api/, '').replace(/\?.*$/, ''),
            answer: (status, body) => resolve(new Response(JSON.stringify(body), { status })),
          }),
        ),
    ),
  );
});
afterEach(() => {
  resetSession();
  vi.unstubAllGlobals();
});

describe('the session check', () => {
  it('asks for the session and the preferences together, not one after the other', async () => {
    const checked = checkSession();
    await waitForCalls(2);
    // Both left before either answered.
    expect(pending.map((p) => p.path).sort()).toEqual(['/isLogin', '/settings/user-account']);

    // The preferences answer first: a list waiting for its page size goes on, the check still runs.
    let ready = false;
    void preferencesReady().then(() => {
      ready = true;
    });
    call('/settings/user-account').answer(200, PREFERENCES);
    await vi.waitFor(() => expect(ready).toBe(true));
    expect(preferencesStore.get().pageSize).toBe(50);
    expect(sessionStore.get().status).toBe('checking');

    call('/isLogin').answer(200, IS_LOGIN);
    expect(await checked).toBe(true);
    expect(sessionStore.get()).toMatchObject({ status: 'authenticated', role: 1, initialised: true });
  });

  it('keeps the page size read for the next visit, and forgets it with the session', async () => {
    expect(storedPageSize()).toBeUndefined();
    const checked = checkSession();
    await waitForCalls(2);
    call('/settings/user-account').answer(200, { ...PREFERENCES, page_size: null });
    call('/isLogin').answer(200, IS_LOGIN);
    expect(await checked).toBe(true);
    // The user's own choice is none: the company's default is where lists start.
    expect(storedPageSize()).toBe(20);

    resetSession();
    expect(storedPageSize()).toBeUndefined();
  });

  it('a refused session leaves no page size behind, whichever answer comes last', async () => {
    const checked = checkSession();
    await waitForCalls(2);
    call('/isLogin').answer(401, { message: 'Unauthenticated.' });
    // The check waits for the preferences before it resets: a late page size cannot outlive it.
    await new Promise((r) => setTimeout(r, 20));
    call('/settings/user-account').answer(200, PREFERENCES);
    expect(await checked).toBe(false);
    expect(preferencesStore.get().pageSize).toBeNull();
    expect(storedPageSize()).toBeUndefined();
    expect(sessionStore.get().status).toBe('anonymous');
  });
});
