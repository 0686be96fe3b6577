// @vitest-environment happy-dom
import { ACTION, type ColumnMeta, type ListResponse, type PermissionNode, SECTION } from '@backhaul/shared';
import { MantineProvider } from '@mantine/core';
import { IconHistory, IconPencil, IconTrash } from '@tabler/icons-react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../auth-store';
import { DataTable, type RowAction } from './data-table';
import { splitRowActions } from './row-actions';

type Trip = { id: number; customer: string; gross: number; delivered: string };

const col = (id: string, title: string, format: ColumnMeta['format'], extra: Partial<ColumnMeta> = {}): ColumnMeta => ({
  id,
  title,
  filter: 'note',
  sortable: true,
  footer: null,
  dollar: format === 'money',
  miles: false,
  hidden: false,
  clip: null,
  align: format === 'money' ? 'right' : 'left',
  format,
  ...extra,
});
const COLUMNS = [
  col('id', 'Trip', 'id'),
  col('customer', 'Customer', 'text'),
  col('gross', 'Gross', 'money', { footer: 'sum' }),
  col('delivered', 'Delivery', 'datetime'),
];
const ROWS: Trip[] = [
  { id: 11, customer: 'Lone Star Logistics', gross: 2450.5, delivered: '2026-03-01T05:30:00.000Z' },
  { id: 12, customer: 'Echo Global', gross: 1100, delivered: '2026-03-02 14:30' },
];

const answer = (rows: Trip[], search: string): ListResponse<Trip> => ({
  rows,
  limit: 20,
  order: 'asc',
  sort: 'id',
  page: 1,
  total: rows.length,
  sum: { gross: rows.reduce((s, r) => s + r.gross, 0) },
  filter: {},
  settings: null,
  columns: COLUMNS,
  notice: null,
  can_export: true,
  search_fields: search === '' ? ['Customer', 'BOL'] : ['Customer', 'BOL'],
});

/** The Trips section with the given actions granted. */
const tree = (actions: number[]): PermissionNode[] => [
  {
    name: 'Dispatch',
    id: SECTION.Dispatch,
    selected: true,
    children: [
      {
        name: 'Trips',
        id: SECTION.Trips,
        selected: true,
        children: [ACTION.EDIT, ACTION.VIEW, ACTION.DELETE].map((id) => ({
          name: String(id),
          id,
          selected: actions.includes(id),
          children: [],
        })),
      },
    ],
  },
];
const trips = (ids: number[]) => ({ section: SECTION.Trips, ids });

let requests: Array<{ url: string; body: Record<string, unknown> }>;
let rowsFor: (search: string) => Trip[];

beforeAll(() => {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
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
  rowsFor = () => ROWS;
  // The network is the one thing replaced: the list endpoint answers like the server does.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
      requests.push({ url, body });
      const search = String(body.search ?? '');
      return new Response(JSON.stringify(answer(rowsFor(search), search)), { status: 200 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

let location = '';
function Where() {
  const l = useLocation();
  location = `${l.pathname}${l.search}`;
  return null;
}

function renderTable(opts: {
  grants: number[];
  actions?: RowAction<Trip>[];
  onOpen?: (row: Trip) => void;
  entry?: string;
}) {
  sessionStore.set((s) => ({ ...s, permissions: tree(opts.grants) }));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[opts.entry ?? '/trips']}>
          <Where />
          <DataTable<Trip>
            url="/trips/list"
            listKey="trips"
            rowId={(r) => r.id}
            actions={opts.actions ?? []}
            {...(opts.onOpen ? { onOpen: opts.onOpen } : {})}
          />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const action = (id: string, label: string, ids: number[], extra: Partial<RowAction<Trip>> = {}): RowAction<Trip> => ({
  id,
  label,
  icon: <IconPencil size={14} />,
  permission: trips(ids),
  onClick: vi.fn(),
  ...extra,
});

const rowsShown = () => screen.findAllByTestId('table-row');

describe('DataTable', { timeout: 30_000 }, () => {
  it('pins the first column and the actions column, and shows whole header titles', async () => {
    renderTable({ grants: [ACTION.EDIT], actions: [action('edit', 'Edit', [ACTION.EDIT])] });
    const [first] = await rowsShown();
    const idCell = first?.querySelector('td[data-col="id"]') as HTMLElement;
    expect(idCell.dataset.pinned).toBe('left');
    expect(idCell.style.position).toBe('sticky');
    expect(idCell.style.left).toBe('0px');
    const actionsCell = first?.querySelector('td[data-col="__actions"]') as HTMLElement;
    expect(actionsCell.dataset.pinned).toBe('right');
    expect(actionsCell.style.right).toBe('0px');
    expect(screen.getByTestId('th-id').dataset.pinned).toBe('left');
    expect(screen.getByTestId('th-customer').dataset.pinned).toBeUndefined();
    // The title is all there (wrapped, not clipped) and cells are formatted from the column's format.
    expect(screen.getByTestId('title-delivered').textContent).toBe('Delivery');
    expect(within(first as HTMLElement).getByText('$2,450.50')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('2026-02-28 23:30')).toBeTruthy();
    expect(screen.getByTestId('table-total').textContent).toBe('2 rows');
    expect(screen.getByTestId('table-search').getAttribute('placeholder')).toBe('Search customer or BOL');
  });

  it('shows the actions the permissions allow: one labelled button, the rest in the "…" menu', async () => {
    const actions = [
      action('edit', 'Edit', [ACTION.EDIT]),
      action('history', 'Actions history', [ACTION.EDIT, ACTION.VIEW], {
        icon: <IconHistory size={14} />,
        permission: { ...trips([ACTION.EDIT, ACTION.VIEW]), match: 'all' },
      }),
      action('delete', 'Delete', [ACTION.DELETE], { color: 'red', icon: <IconTrash size={14} /> }),
    ];
    const { unmount } = renderTable({ grants: [ACTION.EDIT], actions });
    const [row] = await rowsShown();
    // Only Edit is granted: a labelled button and no menu.
    expect(within(row as HTMLElement).getByTestId('row-edit').textContent).toBe('Edit');
    expect(within(row as HTMLElement).queryByTestId('row-more')).toBeNull();
    unmount();

    renderTable({ grants: [ACTION.EDIT, ACTION.VIEW, ACTION.DELETE], actions });
    const [full] = await rowsShown();
    expect(within(full as HTMLElement).getByTestId('row-edit').textContent).toBe('Edit');
    expect(within(full as HTMLElement).queryByTestId('row-delete')).toBeNull();
    fireEvent.click(within(full as HTMLElement).getByTestId('row-more'));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Actions history', 'Delete']);
    fireEvent.click(items[1] as HTMLElement);
    expect(actions[2]?.onClick).toHaveBeenCalledWith(ROWS[0]);
  });

  it('at most three primary actions are buttons, in declared order, per row visibility', () => {
    const a = (id: string, extra: Partial<RowAction<Trip>> = {}) => action(id, id, [], { primary: true, ...extra });
    const list = [
      a('view'),
      a('send', { visible: (r) => r.id === 12 }),
      a('paid'),
      a('pay'),
      a('delete', { primary: false }),
    ];
    const forFirst = splitRowActions(list, ROWS[0] as Trip);
    expect(forFirst.primary.map((x) => x.id)).toEqual(['view', 'paid', 'pay']);
    expect(forFirst.menu.map((x) => x.id)).toEqual(['delete']);
    const forSecond = splitRowActions(list, ROWS[1] as Trip);
    expect(forSecond.primary.map((x) => x.id)).toEqual(['view', 'send', 'paid']);
    expect(forSecond.menu.map((x) => x.id)).toEqual(['pay', 'delete']);
  });

  it('an empty answer says so above the totals, with Clear filters when filters are set', async () => {
    rowsFor = (search) => (search ? [] : ROWS);
    renderTable({ grants: [], entry: '/trips?q=atlantis&f=%7B%22customer%22%3A%7B%22value%22%3A%22x%22%7D%7D' });
    const empty = await screen.findByTestId('table-empty');
    expect(empty.textContent).toContain('No rows match your search and filters.');
    // In the body, before the totals row (which no longer covers it).
    expect(empty.closest('tbody')).not.toBeNull();
    expect(screen.getByTestId('table-total').textContent).toBe('0 rows');
    fireEvent.click(screen.getByTestId('table-clear-filters'));
    await waitFor(() => expect(requests.at(-1)?.body).toMatchObject({ search: '', filters: {} }));
    expect(location).toBe('/trips');
    expect(await rowsShown()).toHaveLength(2);
  });

  it('with nothing filtered, the empty state has no Clear filters', async () => {
    rowsFor = () => [];
    renderTable({ grants: [] });
    const empty = await screen.findByTestId('table-empty');
    expect(empty.textContent).toContain('Nothing here yet.');
    expect(screen.queryByTestId('table-clear-filters')).toBeNull();
  });

  it('a row click and Enter open the record; a click on a row button does only that; arrows move rows', async () => {
    const onOpen = vi.fn();
    const edit = action('send', 'Send', [ACTION.EDIT], { primary: true });
    renderTable({ grants: [ACTION.EDIT], actions: [edit], onOpen });
    const [first, second] = await rowsShown();
    // One row is in the tab order: the first until another is clicked or reached with the arrows.
    expect(first?.tabIndex).toBe(0);
    expect(second?.tabIndex).toBe(-1);
    fireEvent.click(within(first as HTMLElement).getByText('Lone Star Logistics'));
    expect(onOpen).toHaveBeenCalledWith(ROWS[0]);
    fireEvent.click(within(second as HTMLElement).getByTestId('row-send'));
    expect(edit.onClick).toHaveBeenCalledWith(ROWS[1]);
    expect(onOpen).toHaveBeenCalledTimes(1);

    act(() => (first as HTMLElement).focus());
    await waitFor(() => expect(first?.tabIndex).toBe(0));
    fireEvent.keyDown(first as HTMLElement, { key: 'ArrowDown' });
    await waitFor(() => expect(second?.tabIndex).toBe(0));
    fireEvent.keyDown(second as HTMLElement, { key: 'Enter' });
    expect(onOpen).toHaveBeenLastCalledWith(ROWS[1]);
  });

  it('without onOpen a row opens with its own edit action; ?open=<id> opens that row once', async () => {
    const edit = action('edit', 'Edit', [ACTION.EDIT]);
    renderTable({ grants: [ACTION.EDIT], actions: [edit], entry: '/trips?open=12' });
    await rowsShown();
    await waitFor(() => expect(edit.onClick).toHaveBeenCalledWith(ROWS[1]));
    await waitFor(() => expect(location).toBe('/trips'));
    fireEvent.click(screen.getByText('Echo Global'));
    expect(edit.onClick).toHaveBeenCalledTimes(2);
  });

  it('shows skeleton rows until the first answer', async () => {
    let release: (r: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((r) => (release = r))),
    );
    renderTable({ grants: [] });
    expect(screen.getByTestId('table-skeleton')).toBeTruthy();
    await act(async () => release(new Response(JSON.stringify(answer(ROWS, '')), { status: 200 })));
    expect(await rowsShown()).toHaveLength(2);
    expect(screen.queryByTestId('table-skeleton')).toBeNull();
  });
});
