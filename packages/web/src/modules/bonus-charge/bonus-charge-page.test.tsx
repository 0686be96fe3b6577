// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { useForm } from '@mantine/form';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BonusChargeFields } from './bonus-charge-page';
import '../../test/match-media';

beforeAll(() => {
  // Mantine's combobox scrolls the chosen option into view; happy-dom has no layout.
  Element.prototype.scrollIntoView ??= () => undefined;
  // The description's autosize listens to the page's fonts, which happy-dom lacks.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
});
afterEach(cleanup);

const DATA = {
  employees: [
    { id: 5, name: 'Pat Payee', department_id: 3 },
    { id: 6, name: 'Nora Nodept', department_id: null },
  ],
  departments: [
    { id: 3, name: 'Dispatch' },
    { id: 4, name: 'Safety' },
  ],
  department_id: null,
};

function Dialog() {
  const form = useForm({
    initialValues: { employee: null, department: null, salary_month: '2026-11', additional: false, description: '' },
  });
  return (
    <>
      <BonusChargeFields form={form} data={DATA} />
      <output data-testid="values">{JSON.stringify(form.getValues())}</output>
    </>
  );
}

const values = () => JSON.parse(screen.getByTestId('values').textContent ?? '{}');

function choose(input: HTMLElement, option: string) {
  fireEvent.click(input);
  const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '') as HTMLElement;
  fireEvent.click(within(listbox).getByRole('option', { name: option, hidden: true }));
}

describe('the bonus form', { timeout: 30_000 }, () => {
  it('fills the department from the chosen employee and shows the salary month as a month', async () => {
    render(
      <MantineProvider>
        <Dialog />
      </MantineProvider>,
    );
    choose(screen.getByTestId('field-employee'), 'Pat Payee');
    await waitFor(() => expect(values()).toMatchObject({ employee: '5', department: '3' }));
    // An employee without a department leaves the one chosen.
    choose(screen.getByTestId('field-employee'), 'Nora Nodept');
    await waitFor(() => expect(values()).toMatchObject({ employee: '6', department: '3' }));
    // The month picker shows the form's month (YYYY-MM), not a typed text field.
    expect(screen.getByTestId('field-salary_month').textContent).toContain('2026-11');
  });
});
