// @vitest-environment happy-dom
import { EMPTY_FUEL_FORM, FuelFormSchema } from '@backhaul/shared/modules/driver-pay/fuel.contract';
import { MantineProvider } from '@mantine/core';
import { useForm } from '@mantine/form';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecordFields, valuesFrom } from '../../platform/record/record-fields';
import '../../test/match-media';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The fuel row's edit answer as GET /fuel/:id/edit gives it: PPU $3.899/gal, 120.125 gallons. */
const FUEL_ROW = { ppu: 3.899, gallons: 120.125, amount: 468.37, cost: 468.37 };

function FuelInputs() {
  const form = useForm({ initialValues: valuesFrom(FuelFormSchema, FUEL_ROW, EMPTY_FUEL_FORM) });
  return <RecordFields schema={FuelFormSchema} form={form} only={['gallons', 'ppu', 'amount']} />;
}

describe('inputs hold the exact figure, never a rounded one (issue 32)', { timeout: 30_000 }, () => {
  it('the fuel row dialog shows PPU 3.899 and 120.125 gallons as saved, money to the cent', () => {
    render(
      <MantineProvider>
        <FuelInputs />
      </MantineProvider>,
    );
    expect((screen.getByTestId('field-ppu') as HTMLInputElement).value).toBe('3.899');
    expect((screen.getByTestId('field-gallons') as HTMLInputElement).value).toBe('120.125');
    expect((screen.getByTestId('field-amount') as HTMLInputElement).value).toBe('$468.37');
  });
});
