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
import { rowMenuActions } from './row-actions';
import '../../test/match-media';

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
  priority: 4,
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
  defaults: {},
  kept: [],
  outside: null,
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
/** What the list answers besides its rows, from the request (defaults, kept rows, matches outside). */
let extraFor: (body: Record<string, unknown>) => Partial<ListResponse<Trip>>;

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
  rowsFor = () => ROWS;
  extraFor = () => ({});
  // The network is the one thing replaced: the list endpoint answers like the server does.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
      requests.push({ url, body });
      if (url.endsWith('/settings'))
        return new Response(JSON.stringify({ message: 'Saving Successfully', settings: body.settings ?? null }));
      const search = String(body.search ?? '');
      return new Response(JSON.stringify({ ...answer(rowsFor(search), search), ...extraFor(body) }), { status: 200 });
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
  refreshKey?: unknown;
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
            {...(opts.refreshKey !== undefined ? { refreshKey: opts.refreshKey } : {})}
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

// The rows render in the background once the answer is in (a deferred value): on a busy machine
// that can take longer than findAll's default second.
const rowsShown = () => screen.findAllByTestId('table-row', {}, { timeout: 5000 });

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

  it('puts the actions the permissions allow in the row\'s "⋯" menu, primary ones first', async () => {
    const actions = [
      action('edit', 'Edit', [ACTION.EDIT]),
      action('history', 'Actions history', [ACTION.EDIT, ACTION.VIEW], {
        icon: <IconHistory size={14} />,
        permission: { ...trips([ACTION.EDIT, ACTION.VIEW]), match: 'all' },
      }),
      action('delete', 'Delete', [ACTION.DELETE], { color: 'red', icon: <IconTrash size={14} /> }),
      action('send', 'Send', [ACTION.EDIT], { primary: true }),
    ];
    const { unmount } = renderTable({ grants: [], actions });
    const [bare] = await rowsShown();
    // Nothing granted: no menu at all, and no actions column.
    expect(within(bare as HTMLElement).queryByTestId('row-more')).toBeNull();
    unmount();

    renderTable({ grants: [ACTION.EDIT, ACTION.VIEW, ACTION.DELETE], actions });
    const [full] = await rowsShown();
    // No labelled buttons in the row: one narrow menu button named after the row.
    expect(within(full as HTMLElement).queryByTestId('row-edit')).toBeNull();
    const more = within(full as HTMLElement).getByTestId('row-more');
    expect(more.getAttribute('aria-label')).toBe('Actions: 11');
    expect(screen.getByTestId('th-__actions').style.width).toBe('48px');
    fireEvent.click(more);
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Send', 'Edit', 'Actions history', 'Delete']);
    fireEvent.click(items[3] as HTMLElement);
    expect(actions[2]?.onClick).toHaveBeenCalledWith(ROWS[0]);
  });

  it("a row's menu: primary actions first, each group in declared order, per row visibility", () => {
    const a = (id: string, extra: Partial<RowAction<Trip>> = {}) => action(id, id, [], extra);
    const list = [
      a('view', { primary: true }),
      a('send', { primary: true, visible: (r) => r.id === 12 }),
      a('delete', { color: 'red' }),
      a('paid', { primary: true }),
    ];
    expect(rowMenuActions(list, ROWS[0] as Trip).map((x) => x.id)).toEqual(['view', 'paid', 'delete']);
    expect(rowMenuActions(list, ROWS[1] as Trip).map((x) => x.id)).toEqual(['view', 'send', 'paid', 'delete']);
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

  it('a row click and Enter open the record; a click on the row menu does only that; arrows move rows', async () => {
    const onOpen = vi.fn();
    const send = action('send', 'Send', [ACTION.EDIT]);
    renderTable({ grants: [ACTION.EDIT], actions: [send], onOpen });
    const [first, second] = await rowsShown();
    // One row is in the tab order: the first until another is clicked or reached with the arrows.
    expect(first?.tabIndex).toBe(0);
    expect(second?.tabIndex).toBe(-1);
    fireEvent.click(within(first as HTMLElement).getByText('Lone Star Logistics'));
    expect(onOpen).toHaveBeenCalledWith(ROWS[0]);
    fireEvent.click(within(second as HTMLElement).getByTestId('row-more'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Send' }));
    expect(send.onClick).toHaveBeenCalledWith(ROWS[1]);
    expect(onOpen).toHaveBeenCalledTimes(1);

    act(() => (first as HTMLElement).focus());
    await waitFor(() => expect(first?.tabIndex).toBe(0));
    fireEvent.keyDown(first as HTMLElement, { key: 'ArrowDown' });
    await waitFor(() => expect(second?.tabIndex).toBe(0));
    fireEvent.keyDown(second as HTMLElement, { key: 'Enter' });
    expect(onOpen).toHaveBeenLastCalledWith(ROWS[1]);
  });

  it('is one tab stop with grid semantics: arrows reach the headers and the row menu, Escape leaves', async () => {
    const send = action('send', 'Send', [ACTION.EDIT]);
    renderTable({ grants: [ACTION.EDIT], actions: [send], onOpen: vi.fn() });
    const [first, second] = await rowsShown();
    const grid = screen.getByRole('grid');
    expect(grid.getAttribute('aria-rowcount')).toBe('3');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Trip',
      'Customer',
      'Gross',
      'Delivery',
      'Actions',
    ]);
    expect(screen.getAllByRole('row')).toContain(first);
    expect(first?.getAttribute('aria-rowindex')).toBe('2');
    // Exactly one element inside the grid is tabbable: the row; sort, filter and menu buttons are not.
    const tabbable = [...grid.querySelectorAll<HTMLElement>('[tabindex], button, a[href]')].filter(
      (el) => el.tabIndex >= 0,
    );
    expect(tabbable).toEqual([first]);

    act(() => (second as HTMLElement).focus());
    // → reaches the row's menu button, ← (or Escape) comes back to the row.
    fireEvent.keyDown(second as HTMLElement, { key: 'ArrowRight' });
    const more = within(second as HTMLElement).getByTestId('row-more');
    expect(document.activeElement).toBe(more);
    fireEvent.keyDown(more, { key: 'Escape' });
    expect(document.activeElement).toBe(second);
    // Shift+F10 opens the menu from the row.
    fireEvent.keyDown(second as HTMLElement, { key: 'F10', shiftKey: true });
    expect(await screen.findByRole('menuitem', { name: 'Send' })).toBeTruthy();
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });

    // ↑ from the first row reaches the headers; → moves along them; ↓ comes back to the rows.
    act(() => (first as HTMLElement).focus());
    fireEvent.keyDown(first as HTMLElement, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(screen.getByTestId('sort-id'));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByTestId('filter-id'));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(first));
    // Escape leaves the table for its search box.
    fireEvent.keyDown(first as HTMLElement, { key: 'Escape' });
    expect(document.activeElement).toBe(screen.getByTestId('table-search'));
  });

  it('shows the default filters the list applied as chips; clearing one sends it as null', async () => {
    extraFor = (body) =>
      'customer' in (body.filters as Record<string, unknown>) ? {} : { defaults: { customer: { value: 'star' } } };
    renderTable({ grants: [] });
    const chip = await screen.findByTestId('filter-chip-customer');
    expect(chip.textContent).toContain('Customer: “star” · default');
    // The header's filter button shows the default in force.
    expect(screen.getByTestId('filter-customer').getAttribute('data-variant')).toBe('filled');
    fireEvent.click(screen.getByTestId('filter-chip-clear-customer'));
    await waitFor(() => expect(requests.at(-1)?.body.filters).toEqual({ customer: null }));
    await waitFor(() => expect(screen.queryByTestId('filter-chip-customer')).toBeNull());
  });

  it('keeps a row saved on the page in view, marked, while the filters hide it; Refresh filters lets it go', async () => {
    const saved = {
      row: { id: 99, customer: 'Closed Co', gross: 10, delivered: '2026-03-03 10:00' },
      hidden_by: ['customer'],
    };
    extraFor = (body) => ((body.keep as unknown[]).includes(99) ? { kept: [saved] } : {});
    const refreshKey = { count: 1, saved: [99], toString: () => '1' };
    renderTable({ grants: [], refreshKey, onOpen: vi.fn() });
    const note = await screen.findByTestId('kept-note');
    expect(note.textContent).toBe('Saved — hidden by the Customer filter; it leaves the list on Refresh filters.');
    const rows = await rowsShown();
    expect(rows.map((r) => r.getAttribute('data-row-index'))).toEqual(['0', '1', '2']);
    expect(within(rows[0] as HTMLElement).getByText('Closed Co')).toBeTruthy();
    expect(requests.at(-1)?.body.keep).toEqual([99]);
    fireEvent.click(screen.getByTestId('table-refresh'));
    await waitFor(() => expect(requests.at(-1)?.body.keep).toEqual([]));
    await waitFor(() => expect(screen.queryByTestId('kept-note')).toBeNull());
  });

  it('a search the filters hide entirely says how many rows match outside them, and shows them in one click', async () => {
    rowsFor = (search) => (search ? [] : ROWS);
    extraFor = (body) =>
      body.search && !('customer' in (body.filters as Record<string, unknown>))
        ? { defaults: { customer: { value: 'star' } }, outside: { count: 3, filters: ['customer'] } }
        : {};
    renderTable({ grants: [], entry: '/trips?q=4417' });
    expect((await screen.findByTestId('table-outside')).textContent).toBe(
      '3 rows match the search outside the Customer filter.',
    );
    fireEvent.click(screen.getByTestId('table-show-outside'));
    // (The search stays too in a browser; the memory router here has no address bar to keep it in.)
    await waitFor(() => expect(requests.at(-1)?.body).toMatchObject({ filters: { customer: null } }));
  });

  it('fits the columns to the screen: the least important yield and a hint opens the settings', async () => {
    // 1200 px wide: Trip 106, Customer 160, Gross 114 and Delivery 148 (528 px) and six 160 px notes
    // (960 px) are 288 px too many: two notes of priority 6 yield, the rightmost first.
    const wide = [
      ...COLUMNS.map((c) => (c.id === 'gross' ? { ...c, priority: 2 } : c)),
      ...[1, 2, 3, 4, 5, 6].map((n) => col(`note${n}`, `Note ${n}`, 'text', { priority: n < 4 ? 5 : 6 })),
    ];
    extraFor = () => ({ columns: wide });
    renderTable({ grants: [] });
    await rowsShown();
    await waitFor(() => expect(screen.getByTestId('table-hidden-columns').textContent).toBe('2 columns hidden'));
    expect(screen.queryByTestId('th-note5')).toBeNull();
    expect(screen.queryByTestId('th-note6')).toBeNull();
    expect(screen.getByTestId('th-note4')).toBeTruthy();
    expect(screen.getByTestId('th-note3')).toBeTruthy();
    expect(screen.getByTestId('th-gross')).toBeTruthy();
    fireEvent.click(screen.getByTestId('table-hidden-columns'));
    expect(await screen.findByTestId('settings-yielded-note5')).toBeTruthy();
    // Ticking it keeps it on screen: saved as always shown, and a less important one yields instead.
    fireEvent.click(within(screen.getByTestId('settings-row-note5')).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(requests.at(-1)?.url).toContain('/trips/settings'));
    const saved = (
      (requests.at(-1)?.body.settings ?? { columns: [] }) as { columns: Array<{ id: string; always?: boolean }> }
    ).columns;
    expect(saved.find((c) => c.id === 'note5')?.always).toBe(true);
    expect(saved.find((c) => c.id === 'note6')?.always).toBeFalsy();
    await waitFor(() => expect(screen.getByTestId('th-note5')).toBeTruthy());
    expect(screen.queryByTestId('th-note4')).toBeNull();
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

  it('a figure more precise than its cell shows its exact value in the tooltip, never a rounded one', async () => {
    // A fuel row: PPU $3.899/gal reads "3.9" (up to 2 decimals), a rate of $0.575/mi reads "$0.58".
    const fuel = [
      { ...ROWS[0], ppu: 3.899, rate: 0.575, gallons: 1200.125 },
      { ...ROWS[1], ppu: 3.5, rate: 12.5, gallons: 100 },
    ] as unknown as Trip[];
    rowsFor = () => fuel;
    extraFor = () => ({
      columns: [
        col('id', 'Trip', 'id'),
        col('ppu', 'PPU', 'number'),
        col('rate', 'Rate', 'money'),
        col('gallons', 'Gallons', 'number', { footer: 'sum' }),
      ],
      sum: { gallons: 1300.125 },
    });
    renderTable({ grants: [] });
    await rowsShown();
    const ppu = screen.getByText('3.9');
    fireEvent.mouseEnter(ppu);
    expect(await screen.findByText('3.899')).toBeTruthy();
    fireEvent.mouseEnter(screen.getByText('$0.58'));
    expect(await screen.findByText('$0.575')).toBeTruthy();
    // A figure its cell shows whole has no tooltip.
    fireEvent.mouseEnter(screen.getByText('3.5'));
    fireEvent.mouseEnter(screen.getByText('$12.50'));
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByText('3.50')).toBeNull();
    expect(screen.queryByRole('tooltip', { name: '$12.50' })).toBeNull();
    // The total reads compact; its tooltip has the exact sum, not "1,300.13".
    fireEvent.mouseEnter(screen.getByTestId('total-gallons'));
    expect(await screen.findByText('1,300.125')).toBeTruthy();
    expect(screen.getByTestId('total-gallons').textContent).toBe('Σ 1.3K');
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
