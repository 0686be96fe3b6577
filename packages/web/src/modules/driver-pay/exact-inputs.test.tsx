// @vitest-environment happy-dom
import { EMPTY_FUEL_FORM, FuelFormSchema } from '@backhaul/shared/modules/driver-pay/fuel.contract';
import type { DriverContract } from '@backhaul/shared/modules/drivers/drivers.contract';
import { MantineProvider } from '@mantine/core';
import { useForm } from '@mantine/form';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecordFields, valuesFrom } from '../../platform/record/record-fields';
import { CustomerServiceRates } from '../customers/customer-service-rates';
import { DriverContracts, type DriverDialogValues, formatContractRate, toDraft } from '../drivers/driver-contracts';
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

const CONTRACT: DriverContract = {
  id: 4,
  driver_id: 9,
  contract_type: 'per_mile',
  rate: 0.575,
  fuel_paid_by: null,
  pay_basis: 'loaded',
  fsc_pass_through: false,
  starts_on: '2026-01-01',
  ends_on: null,
  terms: null,
  file_id: null,
  file: null,
  created_at: '2026-01-01 09:00',
};

function ContractInputs() {
  const form = useForm<DriverDialogValues>({
    initialValues: { contracts: [toDraft(CONTRACT)] } as unknown as DriverDialogValues,
  });
  return <DriverContracts form={form} drafted={new Set()} readOnly={false} onToggleDelete={() => undefined} />;
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

  it('a driver’s per-mile contract rate reads $0.575 in its input and its text', () => {
    render(
      <MantineProvider>
        <ContractInputs />
      </MantineProvider>,
    );
    const rate = within(screen.getByTestId('driver-contracts')).getByLabelText('Rate') as HTMLInputElement;
    expect(rate.value).toBe('0.575');
    expect(formatContractRate('per_mile', 0.575)).toBe('$0.575/mi');
    expect(formatContractRate('percent', 88.5)).toBe('88.5%');
  });

  it('a customer’s service rate of $12.125 reads whole in its input, the default $0.125 beside it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              rates: [
                {
                  service_id: 3,
                  service: 'Dispatch per mile',
                  billing_method: 'per_driver_week',
                  unit: 'dollars',
                  default_rate: 0.125,
                  rate: 12.125,
                },
              ],
            }),
            { status: 200, headers: { 'content-type': 'application/json' } },
          ),
      ),
    );
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <CustomerServiceRates customerId={7} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    const input = (await screen.findByLabelText('Dispatch per mile rate')) as HTMLInputElement;
    expect(input.value).toBe('$12.125');
    expect(screen.getByText('$0.125')).toBeTruthy();
  });
});
