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
});
