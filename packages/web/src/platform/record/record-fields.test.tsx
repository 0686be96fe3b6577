// @vitest-environment happy-dom
import { field } from '@backhaul/shared/forms/fields';
import { MantineProvider } from '@mantine/core';
import { useForm } from '@mantine/form';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RecordFields } from './record-fields';
import '../../test/match-media';

beforeAll(() => {
  // Mantine's combobox scrolls the chosen option into view; happy-dom has no layout.
  Element.prototype.scrollIntoView ??= () => undefined;
});
afterEach(cleanup);

// A work order's required type (an enum) beside an optional customer (null when none).
const Schema = z.object({
  wo_type: field(z.enum(['Repair', 'Inspection']), {
    label: 'Type',
    kind: 'select',
    options: ['Repair', 'Inspection'],
  }),
  customer_id: field(z.string().nullable(), {
    label: 'Customer',
    kind: 'select',
    options: [{ value: '7', label: 'Acme Freight' }],
  }),
});

function Fields() {
  const form = useForm({ initialValues: { wo_type: 'Repair', customer_id: '7' as string | null } });
  return (
    <>
      <RecordFields schema={Schema} form={form} />
      <output data-testid="values">{JSON.stringify(form.getValues())}</output>
    </>
  );
}

const values = () => JSON.parse(screen.getByTestId('values').textContent ?? '{}');

/** Opens a select and clicks one of its options (in its own listbox: happy-dom keeps closed ones in the page). */
function choose(input: HTMLElement, option: string) {
  fireEvent.click(input);
  const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '') as HTMLElement;
  fireEvent.click(within(listbox).getByRole('option', { name: option, hidden: true }));
}

describe('RecordFields selects', { timeout: 30_000 }, () => {
  it('a required select keeps its choice when the chosen option is clicked again; an optional one may be cleared', async () => {
    render(
      <MantineProvider>
        <Fields />
      </MantineProvider>,
    );
    const type = screen.getByTestId('field-wo_type');
    choose(type, 'Repair');
    await waitFor(() => expect(values().wo_type).toBe('Repair'));
    expect((type as HTMLInputElement).value).toBe('Repair');
    // Another option is still taken.
    choose(type, 'Inspection');
    await waitFor(() => expect(values().wo_type).toBe('Inspection'));
    choose(type, 'Inspection');
    await waitFor(() => expect((type as HTMLInputElement).value).toBe('Inspection'));
    expect(values().wo_type).toBe('Inspection');
    // Not required: clicking the chosen customer again clears it, as Mantine does by default.
    choose(screen.getByTestId('field-customer_id'), 'Acme Freight');
    await waitFor(() => expect(values().customer_id).toBe(null));
  });
});
