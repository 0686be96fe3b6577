// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type HeaderCount, HeaderCounts } from './role-badges';
import '../test/match-media';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SPECS: HeaderCount[] = [
  {
    label: 'Expiring soon',
    short: 'Expiring',
    path: '/safety/expiring',
    to: '/safety/expiring',
    testId: 'badge-expiring',
  },
  { label: 'Unread notes', short: 'Notes', path: '/info/notes/count', to: '/account', testId: 'badge-notes' },
];

/** Answers each count when `release` is called, until then the request hangs. */
function heldCounts(counts: Record<string, number>) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      await gate;
      const key = Object.keys(counts).find((p) => String(url).includes(p)) ?? '';
      return new Response(JSON.stringify({ count: counts[key] }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return () => release();
}

function show() {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <HeaderCounts specs={SPECS} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('header counts', () => {
  it('shows nothing while the counts load (never "0"), then each badge with its label', async () => {
    const release = heldCounts({ '/safety/expiring': 177, '/info/notes/count': 2 });
    show();
    expect(screen.queryByTestId('badge-expiring')).toBeNull();
    expect(screen.queryByText(/: 0$/)).toBeNull();
    release();
    expect((await screen.findByTestId('badge-expiring')).textContent).toBe('Expiring: 177');
    expect(screen.getByTestId('badge-expiring').getAttribute('aria-label')).toBe('Expiring soon: 177');
    expect(screen.getByTestId('badge-notes').textContent).toBe('Notes: 2');
    // Where the badges do not fit, one menu carries the total and says what it counts.
    expect(screen.getByTestId('header-counts-menu').textContent).toBe('179');
    expect(screen.getByTestId('header-counts-menu').getAttribute('aria-label')).toBe(
      'Alerts: Expiring soon 177, Unread notes 2',
    );
  });

  it('asks once while screens change, and again (fresh) when the live channel tells of a change', async () => {
    const calls: Array<{ url: string; cacheControl: string | null }> = [];
    let expiring = 5;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url: String(url), cacheControl: new Headers(init?.headers).get('Cache-Control') });
        const count = String(url).includes('/safety/expiring') ? expiring : 1;
        return new Response(JSON.stringify({ count }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    // The one stream of the tab; the test plays the server's side.
    const streams: FakeEventSource[] = [];
    class FakeEventSource {
      static CLOSED = 2;
      readyState = 1;
      onerror: (() => void) | null = null;
      private handlers: Array<(e: MessageEvent<string>) => void> = [];
      constructor(readonly url: string) {
        streams.push(this);
      }
      addEventListener(_type: string, fn: (e: MessageEvent<string>) => void) {
        this.handlers.push(fn);
      }
      close() {
        this.readyState = 2;
      }
      emit(data: unknown) {
        for (const fn of this.handlers) fn({ data: JSON.stringify(data) } as MessageEvent<string>);
      }
    }
    vi.stubGlobal('EventSource', FakeEventSource);
    const client = new QueryClient();
    const specs: HeaderCount[] = [{ ...(SPECS[0] as HeaderCount), liveTopic: 'expiring' }, SPECS[1] as HeaderCount];
    const page = () => (
      <MantineProvider>
        <QueryClientProvider client={client}>
          <MemoryRouter>
            <HeaderCounts specs={specs} />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    );
    const first = render(page());
    expect((await screen.findByTestId('badge-expiring')).textContent).toBe('Expiring: 5');
    expect(calls.filter((c) => c.url.includes('/safety/expiring'))).toHaveLength(1);
    // Another screen: the header is drawn again, the count is not asked for again.
    first.unmount();
    render(page());
    expect((await screen.findByTestId('badge-expiring')).textContent).toBe('Expiring: 5');
    expect(calls.filter((c) => c.url.includes('/safety/expiring'))).toHaveLength(1);
    // Another topic changes nothing; an 'expiring' change reads again, past the server's kept answer.
    expiring = 6;
    streams.at(-1)?.emit({ topic: 'trips', id: 1, action: 'updated' });
    streams.at(-1)?.emit({ topic: 'expiring', id: 41, action: 'created' });
    expect(await screen.findByText('Expiring: 6')).toBeTruthy();
    const asked = calls.filter((c) => c.url.includes('/safety/expiring'));
    expect(asked).toHaveLength(2);
    expect(asked[1]?.cacheControl).toBe('no-cache');
    expect(calls.filter((c) => c.url.includes('/info/notes/count'))).toHaveLength(1);
  });
});
