// @vitest-environment happy-dom
import { MSG } from '@backhaul/shared';
import { Button, MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertsStore } from '../alerts-store';
import { useRecordActions } from '../data-table/use-record-actions';
import '../../test/match-media';

beforeEach(() => alertsStore.set([]));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Every call answers `status` with `body`. */
function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A list page's delete of customer 7, as the registry pages wire it. */
function Page(props: { deactivate?: (id: number | string) => Promise<unknown>; refreshed: () => void }) {
  const actions = useRecordActions({
    deleteUrl: (id) => `/customers/${id}`,
    describe: (id) => `customer with Division ID ${id}`,
    ...(props.deactivate ? { deactivate: { update: props.deactivate, as: 'Frozen' } } : {}),
  });
  const refreshed = actions.refreshKey.count;
  if (refreshed > 0) props.refreshed();
  return (
    <>
      <Button onClick={() => actions.askDelete(7)}>Delete row</Button>
      {actions.deleteDialog}
    </>
  );
}

const HELD = {
  error: { mail: 'Deletion error: 12 invoices, 3 trips' },
  held_by: [
    { what: 'invoices', count: 12 },
    { what: 'trips', count: 3 },
  ],
  can_deactivate: true,
};

async function refuse(props: Parameters<typeof Page>[0]) {
  render(
    <MantineProvider>
      <Page {...props} />
    </MantineProvider>,
  );
  fireEvent.click(screen.getByText('Delete row'));
  fireEvent.click(await screen.findByTestId('confirm-delete'));
}

const alerts = () => alertsStore.get().map((a) => [a.type, a.message]);

describe('a refused delete in the confirmation', () => {
  it('shows what holds the record and offers "Make inactive instead", the record’s update, then refreshes', async () => {
    const fetchMock = answer(412, HELD);
    const deactivate = vi.fn(async () => ({ message: MSG.savingSuccess }));
    const refreshed = vi.fn();
    await refuse({ deactivate, refreshed });

    expect((await screen.findByTestId('delete-refused')).textContent).toBe('Deletion error: 12 invoices, 3 trips');
    expect(fetchMock).toHaveBeenCalledWith('/api/customers/7', expect.objectContaining({ method: 'DELETE' }));
    // Not an alert that vanishes: the reason stays in the confirmation.
    expect(alerts()).toEqual([]);
    expect(screen.getByText(/Make customer with Division ID 7 inactive instead \(Frozen\)/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('delete-deactivate'));
    await waitFor(() => expect(alerts()).toEqual([['success', MSG.savingSuccess]]));
    expect(deactivate).toHaveBeenCalledWith(7);
    expect(refreshed).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByTestId('delete-refused')).toBeNull());
  });

  it('offers nothing instead when the record is inactive already, or the page cannot deactivate it', async () => {
    answer(412, { ...HELD, can_deactivate: false });
    await refuse({ deactivate: vi.fn(), refreshed: vi.fn() });
    expect((await screen.findByTestId('delete-refused')).textContent).toBe('Deletion error: 12 invoices, 3 trips');
    expect(screen.queryByTestId('delete-deactivate')).toBeNull();
    cleanup();

    answer(412, HELD);
    await refuse({ refreshed: vi.fn() });
    await screen.findByTestId('delete-refused');
    expect(screen.queryByText('Make inactive instead')).toBeNull();
  });

  it('a rule’s refusal reads after the spec’s words; a refusal with no reason (403) stays the spec’s alert', async () => {
    answer(412, { error: { mail: 'Truck 101 is assigned to Ann Lee; unassign the driver first.' } });
    await refuse({ refreshed: vi.fn() });
    expect((await screen.findByTestId('delete-refused')).textContent).toBe(
      'Deletion error: Truck 101 is assigned to Ann Lee; unassign the driver first.',
    );
    cleanup();

    answer(403, { message: 'You do not have permission to do this.' });
    await refuse({ refreshed: vi.fn() });
    await waitFor(() => expect(alerts()).toEqual([['error', MSG.deletionError]]));
    expect(screen.queryByTestId('delete-refused')).toBeNull();
  });
});
