// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CustomerServiceRates } from './customer-service-rates';
import '../../test/match-media';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('inputs hold the exact figure, never a rounded one (issue 32)', { timeout: 30_000 }, () => {
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
