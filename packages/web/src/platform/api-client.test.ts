import { MSG, WEB_CLIENT_HEADER, WEB_CLIENT_VALUE } from '@backhaul/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertsStore } from './alerts-store';
import { api, setUnauthorizedHandler } from './api-client';
import { ApiError } from './api-errors';
import { loadingStore } from './loading-store';

const respond = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

describe('API client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    alertsStore.set([]);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('turns the loading indicator on during a request and off after a failure', async () => {
    let seen = -1;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        seen = loadingStore.get();
        return new Response(JSON.stringify({ message: 'boom' }), { status: 500 });
      }),
    );
    await expect(api.post('/anything')).rejects.toBeInstanceOf(ApiError);
    expect(seen).toBe(1);
    expect(loadingStore.get()).toBe(0);
    expect(alertsStore.get().map((a) => [a.type, a.message])).toEqual([['error', MSG.whoops]]);
  });

  it('sends the web client header and never a credential from storage (the session is an httpOnly cookie)', async () => {
    const stored = new Map([['token', 'Bearer leaked-if-sent']]);
    vi.stubGlobal('window', { localStorage: { getItem: (k: string) => stored.get(k) ?? null } });
    const fetchMock = respond(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    await api.post('/isLogin');
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    const headers = init.headers as Record<string, string>;
    expect(headers[WEB_CLIENT_HEADER]).toBe(WEB_CLIENT_VALUE);
    expect(Object.keys(headers).map((h) => h.toLowerCase())).not.toContain('authorization');
    expect(JSON.stringify(init)).not.toContain('leaked-if-sent');
  });

  it('asks for a fresh answer only when the call says so (Cache-Control: no-cache)', async () => {
    const fetchMock = respond(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    await api.get('/safety/expiring', { fresh: true });
    await api.get('/safety/expiring');
    const sent = fetchMock.mock.calls.map(
      (c) => ((c as unknown as [string, RequestInit])[1].headers ?? {}) as Record<string, string>,
    );
    expect(sent.map((h) => h['Cache-Control'])).toEqual(['no-cache', undefined]);
  });

  it('clears alerts after 4000 ms', async () => {
    vi.stubGlobal('fetch', respond(500, {}));
    await expect(api.get('/x')).rejects.toThrow();
    expect(alertsStore.get()).toHaveLength(1);
    vi.advanceTimersByTime(3999);
    expect(alertsStore.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(alertsStore.get()).toHaveLength(0);
  });

  it('on 401 runs the unauthorized handler and alerts, even for a silent call', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    vi.stubGlobal('fetch', respond(401, { message: 'You are not authorized' }));
    await expect(api.get('/info/notes/count', { silent: true })).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledOnce();
    expect(alertsStore.get().map((a) => a.message)).toEqual([MSG.notAuthorized]);
  });

  it('a silent call raises no alert on 404; a 422 carries field errors', async () => {
    vi.stubGlobal('fetch', respond(404, { error: { mail: 'Not here' } }));
    await expect(api.get('/info/vacation/count', { silent: true })).rejects.toMatchObject({ status: 404 });
    expect(alertsStore.get()).toHaveLength(0);

    vi.stubGlobal('fetch', respond(422, { message: 'Invalid', errors: { password: ['Too short.'] } }));
    const error = await api.post('/restore', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldErrors).toEqual({ password: ['Too short.'] });
    expect(alertsStore.get().map((a) => a.message)).toEqual(['Too short.']);
  });

  it("a call's own failure text replaces 'Whoops' on a server error, not a refusal with its message", async () => {
    vi.stubGlobal('fetch', respond(500, {}));
    await expect(api.post('/check/1', {}, { failure: MSG.checkCallFailed })).rejects.toMatchObject({ status: 500 });
    expect(alertsStore.get().map((a) => a.message)).toEqual([MSG.checkCallFailed]);

    alertsStore.set([]);
    vi.stubGlobal('fetch', respond(412, { error: { mail: 'You already have a checkin today.' } }));
    await expect(api.post('/check/1', {}, { failure: MSG.checkCallFailed })).rejects.toMatchObject({ status: 412 });
    expect(alertsStore.get().map((a) => a.message)).toEqual(['You already have a checkin today.']);
  });

  it('sends JSON to /api with the method asked', async () => {
    const fetchMock = respond(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.post('/feedback', { message: 'hi' })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/feedback');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"message":"hi"}');
  });
});
