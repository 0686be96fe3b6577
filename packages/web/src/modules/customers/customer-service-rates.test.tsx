// @vitest-environment happy-dom
import { ACTION, type PermissionNode, SECTION, SECTION_BY_ID } from '@backhaul/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../platform/auth-store';
import { CustomerCardDrawer } from './customer-card';
import '../../test/match-media';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The Customers section with the given actions granted. */
const grant = (actions: number[]): PermissionNode[] => [
  {
    name: SECTION_BY_ID.get(SECTION.Customers)?.name ?? '',
    id: SECTION.Customers,
    selected: actions.length > 0,
    children: [ACTION.VIEW, ACTION.EDIT].map((id) => ({
      name: String(id),
      id,
      selected: actions.includes(id),
      children: [],
    })),
  },
];

const CARD = {
  customer: {
    id: 7,
    name: 'Prairie Grain Co-op',
    created_at: '2026-01-05 09:00',
    sale_manager: null,
    email: null,
    phone: null,
    frozen: 0,
    services: 'Dispatch',
    balance: 0,
    find_us: null,
    mc_number: null,
    dot_number: null,
    address: null,
    city: null,
    state: null,
    zip: null,
    sale_manager_id: null,
    factoring_company_id: null,
    factoring_company: null,
    services_list: ['Dispatch'],
    updated_at: '2026-01-05 09:00',
    contacts: [],
  },
  exceptions: [],
  files: [],
  counts: { drivers: 0, trucks: 0, trailers: 0 },
};

/** The customer's rates: a percent of the gross at its own 4.555 %, and a per-driver-week service at its default. */
const rates = (dispatch: number | null) => ({
  rates: [
    {
      service_id: 1,
      service: 'Dispatch',
      billing_method: 'percent_of_gross',
      unit: 'percent',
      default_rate: 5,
      rate: dispatch,
    },
    {
      service_id: 2,
      service: 'Safety',
      billing_method: 'per_driver_week',
      unit: 'dollars',
      default_rate: 35,
      rate: null,
    },
  ],
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The card with a server that keeps the customer's rates; `refuse` answers the next PUT with a 422. */
function show(actions: number[], refuse?: Record<string, string[]>) {
  sessionStore.set((s) => ({ ...s, permissions: grant(actions) }));
  let dispatch: number | null = 4.555;
  const puts: unknown[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const path = String(url);
    if (path.endsWith('/customers/7/service-rates') && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { rates: { service_id: number; rate: number | null }[] };
      puts.push(body);
      if (refuse) return json({ message: 'The given data was invalid.', errors: refuse }, 422);
      dispatch = body.rates.find((r) => r.service_id === 1)?.rate ?? null;
      return json({ ...rates(dispatch), message: 'Saved.' });
    }
    if (path.endsWith('/customers/7/service-rates')) return json(rates(dispatch));
    if (path.endsWith('/customers/7')) return json(CARD);
    return json({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <CustomerCardDrawer id={7} onClose={() => {}} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { fetch, puts };
}

const rateInput = async (service: string) => (await screen.findByLabelText(`${service} rate`)) as HTMLInputElement;

describe("the customer card's service rates", () => {
  it('shows a percent to the thousandth as saved and saves a new one to the thousandth', async () => {
    const { puts } = show([ACTION.VIEW, ACTION.EDIT]);
    const panel = await screen.findByTestId('customer-service-rates');
    expect(within(await screen.findByTestId('customer-card')).getByTestId('customer-service-rates')).toBe(panel);
    // The customer's own 4.555 % as saved (thousandths of a percent on the server: 4,555), never rounded to 4.56.
    await waitFor(async () => expect((await rateInput('Dispatch')).value).toBe('4.555 %'));
    expect(within(panel).getByText('5 %')).toBeTruthy();
    expect((await rateInput('Safety')).value).toBe('');

    fireEvent.change(await rateInput('Dispatch'), { target: { value: '3.125 %' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save rates' }));
    // 3.125 % goes to the server as 3.125 (kept as 3,125 thousandths); the empty Safety rate is the default (null).
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      rates: [
        { service_id: 1, rate: 3.125 },
        { service_id: 2, rate: null },
      ],
    });
    // Read back after the save: 3.125 %.
    await waitFor(async () => expect((await rateInput('Dispatch')).value).toBe('3.125 %'));
  });

  it("puts the server's refusal of a rate under its field", async () => {
    const message = 'The rate has at most 3 decimals.';
    const { puts } = show([ACTION.VIEW, ACTION.EDIT], { 'rates.0.rate': [message] });
    const panel = await screen.findByTestId('customer-service-rates');
    await waitFor(async () => expect((await rateInput('Dispatch')).value).toBe('4.555 %'));
    fireEvent.click(within(panel).getByRole('button', { name: 'Save rates' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(await within(panel).findByText(message)).toBeTruthy();
  });

  it('a viewer reads the rates and cannot change or save them', async () => {
    show([ACTION.VIEW]);
    const panel = await screen.findByTestId('customer-service-rates');
    await waitFor(async () => expect((await rateInput('Dispatch')).value).toBe('4.555 %'));
    expect((await rateInput('Dispatch')).disabled).toBe(true);
    expect(within(panel).queryByRole('button', { name: 'Save rates' })).toBeNull();
  });
});
