// @vitest-environment happy-dom
import { ACTION, type PermissionNode, SECTION, SECTION_BY_ID } from '@backhaul/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../platform/auth-store';
import { DriverPayPanel } from './driver-pay-panel';
import '../../test/match-media';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The Driver statements section with the given actions granted. */
const grant = (actions: number[]): PermissionNode[] => [
  {
    name: SECTION_BY_ID.get(SECTION.DriverStatements)?.name ?? '',
    id: SECTION.DriverStatements,
    selected: actions.length > 0,
    children: [ACTION.VIEW, ACTION.EDIT, ACTION.CREATE].map((id) => ({
      name: String(id),
      id,
      selected: actions.includes(id),
      children: [],
    })),
  },
];

const BALANCES = {
  advances: { given: 275.5, recovered: 200, outstanding: 75.5 },
  escrow: { balance: 500, target: 500, deposit: 300 },
  final_statement: {
    terminated_on: '2026-03-16',
    due_by: '2026-04-30',
    date_from: '2026-03-15',
    date_to: '2026-03-16',
    escrow_return: 500,
  },
};

function show(actions: number[]) {
  sessionStore.set((s) => ({ ...s, permissions: grant(actions) }));
  const fetch = vi.fn(
    async (_url: string) =>
      new Response(JSON.stringify(BALANCES), { status: 200, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <DriverPayPanel driverId={42} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return fetch;
}

describe("the driver card's pay panel", () => {
  it('shows the advances outstanding, the escrow and the final statement due, with its button for who may create', async () => {
    const fetch = show([ACTION.VIEW, ACTION.CREATE]);
    expect((await screen.findByTestId('driver-advances-outstanding')).textContent).toContain('$75.50');
    expect(String(fetch.mock.calls[0]?.[0])).toContain('/drivers-statements/balances/42');
    expect(screen.getByTestId('driver-advances-given').textContent).toContain('$275.50 / $200.00');
    expect(screen.getByTestId('driver-escrow-balance').textContent).toContain('$500.00 of $500.00');
    expect(screen.getByTestId('driver-final-statement').textContent).toContain(
      'The lease ended on 2026-03-16: the escrow of $500.00 is due back by 2026-04-30',
    );
    expect(screen.getByTestId('driver-make-final').textContent).toBe('Make final statement');
  });

  it('hides the button from a viewer, and the panel from whoever may not open driver statements', async () => {
    show([ACTION.VIEW]);
    expect((await screen.findByTestId('driver-advances-outstanding')).textContent).toContain('$75.50');
    expect(screen.queryByTestId('driver-make-final')).toBeNull();
    cleanup();
    const fetch = show([]);
    expect(screen.queryByTestId('driver-pay-panel')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
