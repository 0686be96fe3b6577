// @vitest-environment happy-dom
import type { ColumnMeta, ListResponse } from '@backhaul/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkSession, resetSession } from '../../platform/auth-store';
import { DataTable } from '../../platform/data-table/data-table';
import { preferencesStore } from '../../platform/preferences';
import { queryClient } from '../../platform/query-client';
import { prefetchTrips, TRIPS_LIST_URL } from './trips-prefetch';
import '../../test/match-media';

type Row = { load_id: number; customer: string };
const COLUMNS: ColumnMeta[] = [
  { id: 'load_id', title: 'Load', format: 'id' },
  { id: 'customer', title: 'Customer', format: 'text' },
].map((c) => ({
  ...c,
  filter: 'note',
  sortable: true,
  footer: null,
  dollar: false,
  miles: false,
  hidden: false,
  clip: null,
  align: 'left',
  priority: 4,
})) as ColumnMeta[];
const ROWS: Row[] = [
  { load_id: 7, customer: 'Lone Star Logistics' },
  { load_id: 8, customer: 'Echo Global' },
];
const LIST: ListResponse<Row> = {
  rows: ROWS,
  limit: 50,
  order: 'desc',
  sort: 'customer',
  page: 1,
  total: 2,
  sum: {},
  filter: {},
  settings: null,
  columns: COLUMNS,
  notice: null,
  can_export: true,
  search_fields: [],
  defaults: {},
  kept: [],
  outside: null,
};

let requests: Array<{ path: string; body: Record<string, unknown> }>;
let preferences: { page_size: number | null; company_page_size: number | null; page_sizes: number[] };

beforeAll(() => {
  // The virtualised body measures its scroll box: give every element a screen-sized box.
  HTMLElement.prototype.getBoundingClientRect = () =>
    ({ x: 0, y: 0, top: 0, left: 0, right: 1200, bottom: 700, width: 1200, height: 700 }) as DOMRect;
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 700 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 700 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1200 });
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get: () => 1200 });
});

beforeEach(() => {
  requests = [];
  preferences = { page_size: 100, company_page_size: 20, page_sizes: [5, 20, 50, 100] };
  localStorage.clear();
  localStorage.setItem('token', 'cookie');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = url.replace(/^\/api/, '');
      requests.push({ path, body: JSON.parse(String(init.body ?? '{}')) as Record<string, unknown> });
      if (path === '/settings/user-account') return new Response(JSON.stringify(preferences));
      if (path === '/isLogin')
        return new Response(
          JSON.stringify({ message: 'ok', permissions: [], role: 1, expires_in: 3600, image: null, customers: false }),
        );
      return new Response(JSON.stringify(LIST));
    }),
  );
});
afterEach(() => {
  cleanup();
  resetSession();
  vi.unstubAllGlobals();
});

const listCalls = () => requests.filter((r) => r.path === TRIPS_LIST_URL);

describe('the trips list fetched with the session check', () => {
  it('asks for the page the trips table will show, and the table shows it without asking again', async () => {
    // The page size read last time (kept with the session): no wait for the preferences.
    localStorage.setItem('pageSize', '50');
    await prefetchTrips('?sort=customer&order=desc');
    expect(requests.map((r) => r.path)).toEqual([TRIPS_LIST_URL]);
    expect(listCalls()[0]?.body).toEqual({
      filters: {},
      search: '',
      sort: 'customer',
      order: 'desc',
      limit: 50,
      page: 1,
      with_options: true,
      keep: [],
    });

    // The session check has read the same page size by the time the page renders.
    preferencesStore.set({ pageSize: 50 });
    render(
      <MantineProvider>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={['/trips/list?sort=customer&order=desc']}>
            <DataTable<Row> url={TRIPS_LIST_URL} listKey="trips" defaultLimit={15} rowId={(r) => r.load_id} />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
    const rows = await screen.findAllByTestId('table-row', {}, { timeout: 5000 });
    expect(rows.map((r) => r.querySelector('td[data-col="customer"]')?.textContent)).toEqual([
      'Lone Star Logistics',
      'Echo Global',
    ]);
    expect(listCalls()).toHaveLength(1);
  });

  it('on a first visit waits for the page size read with the session, not for the whole check', async () => {
    const checked = checkSession();
    await prefetchTrips('');
    expect(listCalls()).toHaveLength(1);
    expect(listCalls()[0]?.body).toMatchObject({ limit: 100, page: 1, sort: null, with_options: true });
    expect(await checked).toBe(true);
  });

  it("without a page size of the user's own, the list's default of 15 applies", async () => {
    localStorage.setItem('pageSize', 'none');
    await prefetchTrips('?page=2');
    expect(listCalls()[0]?.body).toMatchObject({ limit: 15, page: 2 });
  });

  it('asks for nothing without a session', async () => {
    localStorage.clear();
    await prefetchTrips('');
    expect(requests).toEqual([]);
  });
});
