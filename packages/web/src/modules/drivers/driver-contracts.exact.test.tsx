// @vitest-environment happy-dom
import type { DriverContract } from '@backhaul/shared/modules/drivers/drivers.contract';
import { MantineProvider } from '@mantine/core';
import { useForm } from '@mantine/form';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DriverContracts, type DriverDialogValues, formatContractRate, toDraft } from './driver-contracts';
import '../../test/match-media';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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
});
