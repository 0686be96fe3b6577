// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RowAction, RowActions } from './row-actions';
import '../../test/match-media';

afterEach(cleanup);

describe('a row’s ⋯ menu', () => {
  it('mounts no menu until it is first opened; then opens, runs an item and gives the focus back', async () => {
    const edit = vi.fn();
    const actions: RowAction<{ id: number }>[] = [
      { id: 'edit', label: 'Edit', icon: null, onClick: edit },
      { id: 'delete', label: 'Delete', icon: null, onClick: () => {} },
    ];
    render(
      <MantineProvider>
        <RowActions actions={actions} row={{ id: 7 }} label="Row 7" />
      </MantineProvider>,
    );
    const more = screen.getByTestId('row-more');
    // Nothing of the menu yet: a table of 500 rows attaches no popover per row.
    expect(more.getAttribute('aria-expanded')).toBeNull();
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(more);
    const item = await screen.findByTestId('row-edit');
    expect(screen.getByTestId('row-delete')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('row-more').getAttribute('aria-expanded')).toBe('true'));
    fireEvent.click(item);
    expect(edit).toHaveBeenCalledWith({ id: 7 });
    await waitFor(() => expect(screen.queryByTestId('row-edit')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('row-more')));
  });
});
