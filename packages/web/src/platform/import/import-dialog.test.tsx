// @vitest-environment happy-dom
import { defineImport } from '@backhaul/shared/import/import.contract';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ImportDialog } from './import-dialog';
import '../../test/match-media';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// A fuel-like import: a required unit and gallons as a number, many columns after them.
const DEFINITION = defineImport({
  unit: { label: 'Unit', required: true, schema: z.string().trim().min(1, 'Enter the unit.') },
  gallons: {
    label: 'Gallons',
    required: true,
    schema: z.coerce.number({ message: 'Enter the gallons as a number.' }),
  },
  location: { label: 'Location', schema: z.string() },
  city: { label: 'City', schema: z.string() },
  state: { label: 'State', schema: z.string() },
});

const ROWS = [
  { row: 2, unit: 'K101', gallons: '70', location: 'Pilot', city: 'Effingham', state: 'IL' },
  // The server found no truck with this unit (an error the shared rules cannot see).
  { row: 3, unit: 'NOPE-9', gallons: '80', location: "Love's", city: 'Joplin', state: 'MO' },
  // The shared rules refuse this one as it is shown.
  { row: 4, unit: 'K102', gallons: 'lots', location: 'TA', city: 'Tulsa', state: 'OK' },
  { row: 5, unit: 'K103', gallons: '55.5', location: 'Flying J', city: 'Amarillo', state: 'TX' },
];

/** The server: the preview answers the rows and one unit error; the save answers how many it saved. */
function server() {
  const saved: unknown[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    if (String(url).endsWith('/fuel/import'))
      return json({
        rows: ROWS,
        errors: [{ row: 3, field: 'unit', message: 'No truck has this unit number.' }],
        ignored: [],
      });
    const body = JSON.parse(String(init?.body)) as { rows: unknown[] };
    saved.push(body);
    return json({ message: 'Saving Successfully', saved: body.rows.length });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { saved };
}

async function openPreview() {
  const onSaved = vi.fn();
  render(
    <MantineProvider>
      <ImportDialog
        definition={DEFINITION}
        base="/fuel"
        title="Fuel"
        opened
        onClose={() => undefined}
        onSaved={onSaved}
        testId="fuel-import"
      />
    </MantineProvider>,
  );
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['x'], 'comdata.csv', { type: 'text/csv' })] } });
  await screen.findByTestId('import-row-2');
  return { onSaved };
}

const saveButton = () => screen.getByTestId('import-save') as HTMLButtonElement;

describe('ImportDialog preview', { timeout: 30_000 }, () => {
  it("starts each row with Skip and its status; the status names a bad row's errors", async () => {
    server();
    await openPreview();
    const cells = (row: number) => within(screen.getByTestId(`import-row-${row}`)).getAllByRole('cell');
    // One pinned cell first: Skip and the status; then the row number and the file's columns.
    const first = cells(3)[0] as HTMLElement;
    expect(within(first).getByLabelText('Skip row 3')).toBeTruthy();
    expect(within(first).getByTestId('status-3')).toBeTruthy();
    expect(first.style.position).toBe('sticky');
    expect(cells(3)[1]?.textContent).toBe('3');
    expect(screen.getByTestId('status-2').textContent).toBe('Ready');
    expect(screen.getByTestId('status-3').textContent).toBe('1 errorUnit: No truck has this unit number.');
    expect(screen.getByTestId('status-4').textContent).toBe('1 errorGallons: Enter the gallons as a number.');
    const headings = within(screen.getByTestId('fuel-import'))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headings.slice(0, 3)).toEqual(['SkipStatus', 'Row', 'Unit']);
    expect(screen.getByTestId('import-summary').textContent).toBe('4 rows · 2 with errors · 0 skipped');
  });

  it('Save saves the good rows while others have errors, and says the others are left out', async () => {
    const { saved } = server();
    const { onSaved } = await openPreview();
    expect(saveButton().disabled).toBe(false);
    expect(saveButton().textContent).toBe('Save 2 rows');
    expect(screen.getByTestId('import-save-note').textContent).toBe('2 rows with errors will not be saved.');
    fireEvent.click(saveButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(saved).toEqual([{ rows: [ROWS[0], ROWS[3]] }]);
  });

  it('"Skip rows with errors" skips every row with an error; a fixed cell brings its row back', async () => {
    const { saved } = server();
    const { onSaved } = await openPreview();
    fireEvent.change(screen.getByTestId('cell-4-gallons'), { target: { value: '61' } });
    expect(screen.getByTestId('status-4').textContent).toBe('Ready');
    expect(saveButton().textContent).toBe('Save 3 rows');
    fireEvent.click(screen.getByTestId('import-skip-errors'));
    expect(screen.getByTestId('status-3').textContent).toBe('Skipped');
    expect((screen.getByTestId('skip-3') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('import-summary').textContent).toBe('4 rows · 0 with errors · 1 skipped');
    expect(screen.queryByTestId('import-save-note')).toBeNull();
    fireEvent.click(saveButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(saved).toEqual([{ rows: [ROWS[0], { ...ROWS[2], gallons: '61' }, ROWS[3]] }]);
  });
});
