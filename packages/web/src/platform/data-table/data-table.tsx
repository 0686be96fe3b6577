import {
  type ColumnMeta,
  type ColumnSetting,
  type ExportBody,
  ExportResponseSchema,
  type FilterOption,
  type ListResponse,
  type ListSettings,
  PAGE_SIZE_ALL,
  SaveSettingsResponseSchema,
} from '@backhaul/shared';
import { cellText, formatCellValue } from '@backhaul/shared/formats/formats';
import { Box, Paper, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ColumnDef,
  type ColumnSizingState,
  columnOrderingFeature,
  columnResizingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  startTransition,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { showAlert } from '../alerts-store';
import './data-table.css';
import { api } from '../api-client';
import { prefetchedStaleTime } from '../query-client';
import { fitColumns } from './column-fit';
import { contentWidth, defaultWidth, effectiveSettings, minWidth } from './column-layout';
import { ColumnSettingsPanel } from './column-settings-panel';
import { downloadLink } from './download';
import { clipText } from './filter-rules';
import { pageSizeOptions, refreshListState, setFilter, toListRequest } from './list-state';
import { usePermissionTree } from './permissions';
import { FOCUSABLE, focusablesIn } from './roving-focus';
import { ACTIONS_WIDTH, allowedActions, type Row, type RowAction, RowActions } from './row-actions';
import { inferLegend, type LegendItem, rowBackground } from './row-colors';
import { TablePager } from './table-pager';
import { EmptyState, HeaderCell, PINNED_BACKGROUND, pinnedStyle, TableSkeleton } from './table-parts';
import { FilterChips, filterChips, TableLegend } from './table-status';
import { TableToolbar, type ToolbarActions } from './table-toolbar';
import { TotalsCell } from './totals-cell';
import { useListUrlState } from './use-list-url-state';
import { isTableRefresh } from './use-record-actions';

export type { Row, RowAction } from './row-actions';

export type DataTableProps<R extends Row> = {
  /** The list endpoint, e.g. '/cities/list'. */
  url: string;
  /** The list key: POST /:key/settings and /:key/export. */
  listKey: string;
  rowId: (row: R) => string | number;
  /**
   * What a row click (or Enter on a focused row) does: open the record in its dialog or detail
   * view. Default: the row's own "edit", "view" or "details" action, when the caller may use it.
   */
  onOpen?: (row: R) => void;
  /** Custom cells by column id; the others are formatted from the column metadata (format). */
  cells?: Partial<Record<string, (row: R) => ReactNode>>;
  /** Default widths (px) for custom cells wider than their format's default (a user's saved width wins). */
  widths?: Partial<Record<string, number>>;
  /** Row actions, in the row's "⋯" menu (`primary` ones first). */
  actions?: RowAction<R>[];
  toolbar?: ToolbarActions;
  /** What the empty state says when no filter is set (default "Nothing here yet."). */
  emptyText?: string;
  /**
   * Changing it reloads and goes back to page 1 (000 §4). A `TableRefresh` (useRecordActions,
   * useRegistryActions) also names the rows just saved: those the filters now
   * hide stay in view, marked, until Refresh filters.
   */
  refreshKey?: unknown;
  /** The grid's name for screen readers (default: the list key in words). */
  title?: string;
  /** What the row colours mean, when the table cannot tell (a row's own `color`); see inferLegend. */
  legend?: readonly LegendItem[];
  /** Prefix of the URL parameters, when a page shows two tables. */
  urlPrefix?: string;
  /** Rows per page until the user picks another size (trips: 15; 000 §9); the size menu offers it. */
  defaultLimit?: number;
  height?: string;
  /** A row that opens a panel under itself (a trip showing its loads): open rule, height and content. */
  expansion?: { isOpen: (row: R) => boolean; height: number | ((row: R) => number); render: (row: R) => ReactNode };
};

const features = tableFeatures({
  columnVisibilityFeature,
  columnOrderingFeature,
  columnSizingFeature,
  columnResizingFeature,
});
const ROW_HEIGHT = 36;
/** The line over a row kept in view after its save, saying which filter hides it. */
const KEPT_NOTE_HEIGHT = 22;
const ACTIONS_ID = '__actions';
const noKeys: readonly (string | number)[] = [];
/** Under a screen-high table: the pager, the gaps and the page's bottom padding. */
const PAGER_SPACE = 78;
/** The row-colour legend's line. */
const LEGEND_SPACE = 26;
/** Actions whose id says "open this record", used for a row click when the page gives no onOpen. */
const OPEN_ACTION_IDS = ['edit', 'view', 'details'];
const emptyRows: Row[] = [];

/** A click on a button, link, input or menu inside a row is that control's, not "open the row". */
const INTERACTIVE =
  'button, a, input, textarea, select, label, [role="menuitem"], [role="checkbox"], [data-row-actions]';

/**
 * A cell's text and what its tooltip shows: the whole text when the column clips it, or the exact
 * figure when the display (up to 2 decimals) rounds it (a fuel price $3.899 shown "3.9").
 */
function formatCell(meta: ColumnMeta, value: unknown): { text: string; full: string | null } {
  const { text: raw, exact } = cellText(meta.format, value);
  const clipped = clipText(raw, meta.clip);
  return { text: clipped.text, full: clipped.clipped ? raw : exact };
}

/** Clears a column's filter: a default one (the list named it) is sent as null, the others dropped. */
export function clearColumnFilter(
  filters: Readonly<Record<string, unknown>>,
  id: string,
  defaultIds: ReadonlySet<string>,
): Record<string, unknown> {
  return defaultIds.has(id) ? { ...filters, [id]: null } : setFilter({ ...filters }, id, null);
}

/** The first visible column's text of a row: what its menu button is named after. */
const rowLabel = (meta: ColumnMeta | undefined, row: Row) => (meta ? formatCellValue(meta.format, row[meta.id]) : '');

/**
 * The one table of the app (conventions §4): renders any list from the server's column metadata,
 * with filters per column kind (the list's defaults shown as chips one can clear), sorting, search,
 * paging, totals, column settings and export. Its request state lives in the URL, so a filtered
 * view can be bookmarked and shared. Columns fit the screen: the least important yield first (the
 * list's priorities) and a hint brings them back; row actions sit in a narrow "⋯" menu. A row just
 * saved that the filters now hide stays in view, marked. The table is one tab stop (a grid): ↑/↓,
 * Home/End and PgUp/PgDn move between rows, Enter opens one, → reaches its controls, ↑ from the
 * first row the headers, Escape leaves; `?open=<id>` in the URL opens that row once it is on the page.
 */
export function DataTable<R extends Row>(props: DataTableProps<R>) {
  const { url, listKey, urlPrefix = '' } = props;
  const { state, defaultLimit, current, setState, update, openParam, forgetOpen } = useListUrlState(
    urlPrefix,
    props.defaultLimit,
  );

  // Rows saved on this page since the last Refresh filters: kept in view while the filters hide them.
  const savedRows = isTableRefresh(props.refreshKey) ? props.refreshKey.saved : noKeys;
  const [keepFrom, setKeepFrom] = useState(0);
  const keep = useMemo(() => savedRows.slice(keepFrom), [savedRows, keepFrom]);

  // List filter options come with the first answer and are kept for later pages.
  const [options, setOptions] = useState<Record<string, FilterOption[]> | null>(null);
  const queryClient = useQueryClient();
  const query = useQuery({
    // The key and body a route's prefetch uses too (list-query.ts).
    queryKey: ['list', url, state, keep],
    queryFn: ({ signal }) =>
      api.post<ListResponse<R>>(url, { ...toListRequest(state, options === null), keep: [...keep] }, { signal }),
    placeholderData: keepPreviousData,
    // A page its route fetched before the table mounted is shown without a second request.
    staleTime: prefetchedStaleTime,
  });
  // A new answer renders in the background, in slices the browser can paint and take input between
  // (a page of 500 rows is one long task otherwise): until then the table shows what it showed.
  const data = useDeferredValue(query.data ?? null, null) ?? undefined;
  // Set while rendering the answer (React renders again at once, before the rows): from an effect it
  // would be a second render of every row.
  if (data && Object.keys(data.filter).length && data.filter !== options) setOptions(data.filter);

  // The refresh key (a create, edit or delete elsewhere) reloads and goes back to page 1.
  const firstKey = useRef(props.refreshKey);
  useEffect(() => {
    if (firstKey.current === props.refreshKey) return;
    firstKey.current = props.refreshKey;
    setState({ ...current(), page: 1 });
    void queryClient.invalidateQueries({ queryKey: ['list', url] });
  }, [props.refreshKey, queryClient, url, setState, current]);

  // The list's default filters (the server names those it applied); a cleared one is sent as null.
  const defaults = data?.defaults ?? {};
  const defaultIds = useRef(new Set<string>());
  for (const id of Object.keys(defaults)) defaultIds.current.add(id);
  const inForce: Record<string, unknown> = { ...defaults, ...state.filters };
  const setColumnFilter = (id: string, value: unknown | null) =>
    update({
      filters:
        value === null || value === undefined
          ? clearColumnFilter(state.filters, id, defaultIds.current)
          : setFilter(state.filters, id, value),
    });
  const noFilters = () => Object.fromEntries([...defaultIds.current].map((id) => [id, null]));

  // Every answer carries the column metadata and settings; keep their identity while they are the
  // same so a new page does not reset widths dragged in the header.
  const metaJson = JSON.stringify(data?.columns ?? []);
  const meta = useMemo(() => JSON.parse(metaJson) as ColumnMeta[], [metaJson]);
  const metaById = useMemo(() => new Map(meta.map((m) => [m.id, m])), [meta]);
  const [saved, setSaved] = useState<ListSettings | null | undefined>(undefined);
  const settingsJson = JSON.stringify(saved === undefined ? (data?.settings ?? null) : saved);
  const layout = useMemo(
    () => effectiveSettings(meta, JSON.parse(settingsJson) as ListSettings | null),
    [meta, settingsJson],
  );

  const tree = usePermissionTree();
  const actions = useMemo(() => allowedActions(props.actions ?? [], tree), [props.actions, tree]);
  const { onOpen } = props;
  const openRow = useMemo(() => {
    if (onOpen) return onOpen;
    const opener = (row: R) =>
      OPEN_ACTION_IDS.map((id) => actions.find((a) => a.id === id && (!a.visible || a.visible(row)))).find(Boolean);
    return actions.some((a) => OPEN_ACTION_IDS.includes(a.id)) ? (row: R) => opener(row)?.onClick(row) : null;
  }, [onOpen, actions]);

  const kept = data?.kept ?? [];

  // A numeric column is as wide as its longest figure on the page: money is never cut. Every cell
  // of the page is formatted for it: once an answer, not on every render.
  const pageRows = data?.rows;
  const keptAnswer = data?.kept;
  const widthsJson = useMemo(() => {
    const all = [...(pageRows ?? []), ...(keptAnswer ?? []).map((k) => k.row)];
    return JSON.stringify(
      Object.fromEntries(
        meta.map((m) => [
          m.id,
          contentWidth(
            m,
            all.map((r) => formatCellValue(m.format, r[m.id])),
          ),
        ]),
      ),
    );
  }, [meta, pageRows, keptAnswer]);
  const columns = useMemo<ColumnDef<typeof features, R>[]>(() => {
    const needed = JSON.parse(widthsJson) as Record<string, number>;
    const defs: ColumnDef<typeof features, R>[] = meta.map((m) => ({
      id: m.id,
      accessorFn: (row: R) => row[m.id],
      header: m.title,
      size: Math.max(props.widths?.[m.id] ?? 0, defaultWidth(m), needed[m.id] ?? 0),
      minSize: minWidth(m),
    }));
    if (actions.length) defs.push({ id: ACTIONS_ID, header: '', size: ACTIONS_WIDTH, enableResizing: false });
    return defs;
  }, [meta, actions, props.widths, widthsJson]);

  // Saved widths apply whenever the layout changes (widths dragged since are dropped); set while
  // rendering, not from an effect, so a new answer does not render every row twice.
  const [sizing, setSizing] = useState<ColumnSizingState>({});
  const [sizedLayout, setSizedLayout] = useState<typeof layout | null>(null);
  if (sizedLayout !== layout) {
    setSizedLayout(layout);
    setSizing(Object.fromEntries(layout.filter((c) => c.width).map((c) => [c.id, c.width as number])));
  }

  // The width the columns have: the scroll box's, less the row menu.
  const scrollRef = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(0);
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    // The first width in the background: the table mounts before its rows (they are deferred), and a
    // re-render set from here would run at once, in the commit's task.
    const width = el.clientWidth;
    startTransition(() => setBoxWidth(width));
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setBoxWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const sizeOf = (id: string) => sizing[id] ?? columns.find((c) => c.id === id)?.size ?? 0;
  const fit = fitColumns(
    layout
      .filter((c) => c.visible && metaById.has(c.id))
      .map((c) => ({ id: c.id, width: sizeOf(c.id), priority: metaById.get(c.id)?.priority ?? 4, always: c.always })),
    boxWidth ? boxWidth - (actions.length ? ACTIONS_WIDTH : 0) : Number.POSITIVE_INFINITY,
  );
  const fitted = fit.hidden;
  const columnOrder = useMemo(() => [...layout.map((c) => c.id), ACTIONS_ID], [layout]);
  const fittedKey = fitted.join(',');
  const columnVisibility = useMemo(() => {
    const yielded = new Set(fittedKey ? fittedKey.split(',') : []);
    return Object.fromEntries(layout.map((c) => [c.id, c.visible && !yielded.has(c.id)]));
  }, [layout, fittedKey]);
  const firstColumn = layout.find((c) => c.visible)?.id ?? null;
  const pinOf = (id: string) => (id === firstColumn ? 'left' : id === ACTIONS_ID ? 'right' : null);

  const table = useTable({
    features,
    columns,
    data: data?.rows ?? (emptyRows as R[]),
    getRowId: (row: R) => String(props.rowId(row)),
    state: { columnOrder, columnVisibility, columnSizing: sizing },
    onColumnSizingChange: setSizing,
    columnResizeMode: 'onChange',
  });

  const rows = table.getRowModel().rows;
  const expandedHeight = (row: R) => {
    const h = props.expansion?.height ?? 0;
    return typeof h === 'function' ? h(row) : h;
  };
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => {
      const row = rows[i];
      return ROW_HEIGHT + (row && props.expansion?.isOpen(row.original) ? expandedHeight(row.original) : 0);
    },
    overscan: 12,
  });
  const openRows = props.expansion ? rows.filter((r) => props.expansion?.isOpen(r.original)).map((r) => r.id) : [];
  const openKey = openRows.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure when a row opens or closes
  useEffect(() => virtualizer.measure(), [openKey, virtualizer]);

  // Keyboard. Rows are numbered kept rows first, then the page's rows; one row is in the tab order
  // (the one used last, or the first on screen when it scrolled away).
  const keptCount = kept.length;
  const rowCount = keptCount + rows.length;
  const [focused, setFocused] = useState(0);
  const virtualItems = virtualizer.getVirtualItems();
  const rendered = new Set([...kept.keys(), ...virtualItems.map((v) => v.index + keptCount)]);
  const tabRow = rendered.has(focused) ? focused : (Math.min(...rendered) as number);
  const tableRef = useRef<HTMLTableElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const rowElement = (index: number) =>
    tableRef.current?.querySelector<HTMLElement>(`tr[data-row-index="${index}"]`) ?? null;
  const focusRow = (index: number) => {
    const next = Math.max(0, Math.min(rowCount - 1, index));
    setFocused(next);
    if (next >= keptCount) virtualizer.scrollToIndex(next - keptCount, { align: 'auto' });
    requestAnimationFrame(() => rowElement(next)?.focus({ preventScroll: next >= keptCount }));
  };
  const headerControls = () => focusablesIn(tableRef.current?.querySelector('thead') ?? null);
  /** Escape leaves the table: back to its search box (or its first toolbar button). */
  const leaveTable = () =>
    (
      rootRef.current?.querySelector<HTMLElement>('[data-testid="table-search"]') ?? focusablesIn(rootRef.current)[0]
    )?.focus();
  const page = Math.max(1, Math.floor(((scrollRef.current?.clientHeight ?? 400) - 80) / ROW_HEIGHT));
  const onRowKey = (e: KeyboardEvent<HTMLTableRowElement>, index: number, row: R) => {
    const rowEl = e.currentTarget;
    // Keys in the row's menu (a portal elsewhere in the page) are the menu's.
    if (!rowEl.contains(e.target as Node)) return;
    const controls = focusablesIn(rowEl);
    if (e.target !== rowEl) {
      // Inside the row (its menu button, a link): ←/→ between its controls, ↑/↓ to other rows, Escape back.
      const at = controls.indexOf(e.target as HTMLElement);
      if (e.key === 'Escape' || (e.key === 'ArrowLeft' && at <= 0)) {
        e.preventDefault();
        rowEl.focus();
      } else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
        e.preventDefault();
        controls[Math.min(controls.length - 1, at + (e.key === 'ArrowRight' ? 1 : -1))]?.focus();
      } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        focusRow(index + (e.key === 'ArrowDown' ? 1 : -1));
      }
      return;
    }
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: rowCount - 1,
      PageDown: index + page,
      PageUp: index - page,
    };
    if (e.key === 'ArrowUp' && index === 0) {
      e.preventDefault();
      headerControls()[0]?.focus();
    } else if (e.key in moves) {
      e.preventDefault();
      focusRow(moves[e.key] as number);
    } else if (e.key === 'Enter' && openRow) {
      e.preventDefault();
      openRow(row);
    } else if (e.key === 'ArrowRight' && controls.length) {
      e.preventDefault();
      controls[0]?.focus();
    } else if (e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) {
      e.preventDefault();
      rowEl.querySelector<HTMLElement>('[data-testid="row-more"]')?.click();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      leaveTable();
    }
  };
  const onHeaderKey = (e: KeyboardEvent<HTMLTableSectionElement>) => {
    // Keys in a filter's menu (a portal elsewhere in the page) are the menu's.
    if (!e.currentTarget.contains(e.target as Node)) return;
    const controls = headerControls();
    const at = controls.indexOf(e.target as HTMLElement);
    if (at < 0) return;
    const moves: Record<string, number> = {
      ArrowRight: Math.min(controls.length - 1, at + 1),
      ArrowLeft: Math.max(0, at - 1),
      Home: 0,
      End: controls.length - 1,
    };
    if (e.key in moves) {
      e.preventDefault();
      controls[moves[e.key] as number]?.focus();
    } else if ((e.key === 'ArrowDown' || e.key === 'Escape') && rowCount) {
      e.preventDefault();
      focusRow(tabRow);
    }
  };
  const onRowClick = (e: MouseEvent<HTMLTableRowElement>, index: number, row: R) => {
    setFocused(index);
    if (!openRow || (e.target as Element).closest(INTERACTIVE)) return;
    if (window.getSelection()?.toString()) return;
    openRow(row);
  };
  // The table is one tab stop: every control inside it (headers' sort and filter buttons, a row's
  // menu, links in cells) is reached with the arrows, not Tab. The empty state's buttons stay tabbable.
  useLayoutEffect(() => {
    const root = tableRef.current;
    if (!root) return;
    for (const el of root.querySelectorAll<HTMLElement>(FOCUSABLE)) {
      if (!el.closest('[data-free-focus]')) el.tabIndex = -1;
    }
    // With no rows the first header control is the table's tab stop.
    if (!rowCount) {
      const first = headerControls()[0];
      if (first) first.tabIndex = 0;
    }
  });

  // ?open=<id>: the global search's link opens that row once it is on the page, then forgets it.
  useEffect(() => {
    if (!openParam || !data || !openRow) return;
    const row = data.rows.find((r) => String(props.rowId(r)) === openParam);
    forgetOpen();
    if (row) openRow(row);
  }, [openParam, data, openRow, props.rowId, forgetOpen]);

  const [panel, setPanel] = useState(false);
  const saveSettings = async (next: ColumnSetting[]) => {
    const res = await api.post(
      `/${listKey}/settings`,
      { settings: { columns: next } },
      { schema: SaveSettingsResponseSchema },
    );
    setSaved(res.settings);
    showAlert('success', res.message);
  };
  const resetSettings = async () => {
    const res = await api.post(`/${listKey}/settings`, { reset: true }, { schema: SaveSettingsResponseSchema });
    setSaved(null);
    setSizing({});
    showAlert('success', res.message);
  };
  // Widths dragged in the header join the saved settings on the next Save.
  const currentSettings = layout.map((c) => ({ ...c, width: sizing[c.id] ?? c.width ?? null }));

  const exportList = async () => {
    const body: ExportBody = {
      filters: state.filters,
      search: state.search,
      sort: state.sort,
      order: state.order,
      columns: currentSettings.filter((c) => c.visible).map((c) => c.id),
      format: 'xlsx',
    };
    const res = await api.post(`/${listKey}/export`, body, { schema: ExportResponseSchema });
    if (res.link) await downloadLink(res.link);
    else showAlert('info', 'The export is being prepared; it will be in your files when it is ready.');
  };

  const toggleSort = (id: string) => {
    if (state.sort !== id) return update({ sort: id, order: 'asc' });
    update(state.order === 'asc' ? { sort: id, order: 'desc' } : { sort: null, order: null });
  };

  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const totalWidth = table.getTotalSize();
  const pages = data ? Math.max(1, Math.ceil(data.total / Math.max(1, data.limit))) : 1;
  const chips = filterChips({ filters: state.filters, defaults, meta, options: options ?? {} });
  const filtered = Boolean(state.search) || chips.length > 0;
  const clearFilters = () => update({ search: '', filters: noFilters() });
  const outside = data?.outside
    ? {
        count: data.outside.count,
        titles: data.outside.filters.map((id) => metaById.get(id)?.title ?? id),
        onShow: () =>
          update({
            filters: (data.outside?.filters ?? []).reduce(
              (f, id) => clearColumnFilter(f, id, defaultIds.current),
              state.filters,
            ),
          }),
      }
    : null;
  const stale = query.isFetching && query.isPlaceholderData;
  const legend =
    props.legend ?? inferLegend({ rows: data?.rows ?? [], columns: meta, statusOptions: options?.status ?? [] });

  // A page past the end (rows deleted, filter narrowed elsewhere) clamps to the last page.
  useEffect(() => {
    if (data && state.page > pages && data.limit < PAGE_SIZE_ALL) setState({ ...state, page: pages });
  }, [data, pages, state, setState]);

  const cellBox = (id: string, width: number) => ({
    display: 'flex',
    width,
    flex: id === ACTIONS_ID ? '1 0 auto' : undefined,
    ...(id === ACTIONS_ID ? { justifyContent: 'flex-end' } : {}),
  });
  const firstMeta = firstColumn ? metaById.get(firstColumn) : undefined;

  // Without a height of its own the table fills the screen down to the pager (and the legend):
  // where its box starts depends on the page's title and how the toolbar wraps.
  const [fillTop, setFillTop] = useState(270);
  const belowTable = PAGER_SPACE + (legend.length ? LEGEND_SPACE : 0);
  useLayoutEffect(() => {
    if (props.height) return;
    const top = (scrollRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
    const next = Math.round(top + belowTable);
    // A transition: set from a layout effect it would re-render every row at once, in the same task.
    if (top > 0 && Math.abs(next - fillTop) > 2) startTransition(() => setFillTop(next));
  });

  const renderRow = (opts: {
    original: R;
    key: string;
    index: number;
    cells: Array<{ id: string; width: number }>;
    style: object;
  }) => {
    const { original, index } = opts;
    const tint = rowBackground(original);
    return (
      <tr
        key={opts.key}
        data-row-index={index}
        data-testid="table-row"
        tabIndex={index === tabRow ? 0 : -1}
        aria-rowindex={index + 2}
        onClick={(e) => onRowClick(e, index, original)}
        onKeyDown={(e) => onRowKey(e, index, original)}
        onFocus={(e) => e.target === e.currentTarget && setFocused(index)}
        className="dt-row"
        style={{
          display: 'flex',
          width: '100%',
          height: ROW_HEIGHT,
          background: tint,
          borderBottom: '1px solid var(--mantine-color-dark-5)',
          cursor: openRow ? 'pointer' : undefined,
          ...opts.style,
        }}
      >
        {opts.cells.map(({ id, width }) => {
          const m = metaById.get(id);
          let content: ReactNode = null;
          if (id === ACTIONS_ID) {
            content = <RowActions actions={actions} row={original} label={rowLabel(firstMeta, original)} />;
          } else if (props.cells?.[id]) {
            content = props.cells[id]?.(original);
          } else if (m) {
            const { text, full } = formatCell(m, original[id]);
            // A text cut by the column's width keeps its whole value in the tooltip, a rounded figure its exact one.
            content = full ? (
              <Tooltip label={full} openDelay={200} multiline maw={420}>
                <Text span size="sm" truncate>
                  {text}
                </Text>
              </Tooltip>
            ) : (
              <Text span size="sm" truncate title={m.format === 'text' && text.length > 12 ? text : undefined}>
                {text}
              </Text>
            );
          }
          return (
            <td
              key={id}
              data-col={id}
              data-pinned={pinOf(id) ?? undefined}
              style={{
                ...cellBox(id, width),
                alignItems: 'center',
                justifyContent:
                  id === ACTIONS_ID
                    ? 'flex-end'
                    : m?.align === 'right'
                      ? 'flex-end'
                      : m?.align === 'center'
                        ? 'center'
                        : 'flex-start',
                padding: id === ACTIONS_ID ? '0 6px' : '0 10px',
                overflow: 'hidden',
                whiteSpace: 'nowrap',
                ...pinnedStyle(pinOf(id), 'body', tint),
              }}
            >
              {content}
            </td>
          );
        })}
      </tr>
    );
  };
  const visibleCells = headers.map((h) => ({ id: h.column.id, width: h.getSize() }));
  const hiddenByText = (ids: readonly string[]) =>
    ids.map((id) => (id === 'search' ? 'the search' : `the ${metaById.get(id)?.title ?? id} filter`)).join(' and ');

  return (
    <Stack gap="xs" data-testid={`data-table-${listKey}`} ref={rootRef}>
      <TableToolbar
        // The server answers whether this caller may export (EXPORT 72); the button follows it.
        actions={{ ...props.toolbar, export: Boolean(props.toolbar?.export) && data?.can_export !== false }}
        search={state.search}
        searchFields={data?.search_fields ?? []}
        onSearch={(search) => update({ search })}
        onRefresh={() => {
          setKeepFrom(savedRows.length);
          setState(refreshListState(defaultLimit));
        }}
        onSettings={() => setPanel(true)}
        onExport={exportList}
        chips={<FilterChips chips={chips} onClear={(id) => setColumnFilter(id, null)} />}
        hiddenColumns={fitted.length}
      />
      {data?.notice && (
        <Text size="sm" c="yellow" data-testid="list-notice">
          {data.notice}
        </Text>
      )}
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <Box
          ref={scrollRef}
          style={{
            overflow: 'auto',
            height: props.height ?? `calc(100vh - ${fillTop}px)`,
            minHeight: 260,
            position: 'relative',
          }}
          data-testid="table-scroll"
        >
          {!data ? (
            <TableSkeleton />
          ) : (
            <table
              ref={tableRef}
              // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a data grid (WAI-ARIA APG): one tab stop, arrows between rows
              role="grid"
              aria-label={props.title ?? listKey.replace(/[-_]/g, ' ')}
              aria-rowcount={data.total + keptCount + 1}
              aria-colcount={headers.length}
              style={{ display: 'grid', width: totalWidth, minWidth: '100%', borderCollapse: 'collapse' }}
            >
              <thead
                onKeyDown={onHeaderKey}
                style={{ display: 'grid', position: 'sticky', top: 0, zIndex: 2, background: PINNED_BACKGROUND }}
              >
                <tr aria-rowindex={1} style={{ display: 'flex', width: '100%' }}>
                  {headers.map((header) => {
                    const id = header.column.id;
                    const m = metaById.get(id);
                    return (
                      <th
                        key={header.id}
                        style={{
                          ...cellBox(id, header.getSize()),
                          alignItems: 'center',
                          gap: 4,
                          minHeight: 40,
                          padding: id === ACTIONS_ID ? '6px 6px' : '6px 10px',
                          position: 'relative',
                          fontSize: 13,
                          fontWeight: 600,
                          borderBottom: '1px solid var(--mantine-color-dark-4)',
                          textAlign: 'left',
                          ...pinnedStyle(pinOf(id), 'head'),
                        }}
                        data-testid={`th-${id}`}
                        data-pinned={pinOf(id) ?? undefined}
                        // The sort this column shows, for screen readers (and a test waiting for it).
                        aria-sort={
                          state.sort === id ? (state.order === 'desc' ? 'descending' : 'ascending') : undefined
                        }
                      >
                        {m ? (
                          <>
                            <HeaderCell
                              meta={m}
                              sort={state.sort === m.id ? (state.order ?? 'asc') : null}
                              onSort={() => toggleSort(m.id)}
                              filterValue={inForce[m.id] ?? undefined}
                              filterOptions={options?.[m.id] ?? []}
                              onFilter={(v) => setColumnFilter(m.id, v)}
                            />
                            {/* biome-ignore lint/a11y/noStaticElementInteractions: a pointer-only resize grip */}
                            <div
                              onMouseDown={header.getResizeHandler()}
                              onTouchStart={header.getResizeHandler()}
                              style={{
                                position: 'absolute',
                                right: 0,
                                top: 0,
                                height: '100%',
                                width: 5,
                                cursor: 'col-resize',
                                background: header.column.getIsResizing()
                                  ? 'var(--mantine-color-teal-6)'
                                  : 'transparent',
                              }}
                            />
                          </>
                        ) : id === ACTIONS_ID ? (
                          <VisuallyHidden>Actions</VisuallyHidden>
                        ) : null}
                      </th>
                    );
                  })}
                </tr>
              </thead>
              {keptCount > 0 && (
                <tbody data-testid="table-kept" style={{ display: 'grid' }}>
                  {kept.map((k, i) => [
                    <tr
                      key={`note-${String(props.rowId(k.row))}`}
                      style={{
                        display: 'flex',
                        width: '100%',
                        height: KEPT_NOTE_HEIGHT,
                        background: 'rgba(250, 176, 5, 0.14)',
                      }}
                    >
                      <td style={{ position: 'sticky', left: 0, padding: '2px 10px', whiteSpace: 'nowrap' }}>
                        <Text size="xs" c="yellow.3" data-testid="kept-note">
                          Saved — hidden by {hiddenByText(k.hidden_by)}; it leaves the list on Refresh filters.
                        </Text>
                      </td>
                    </tr>,
                    renderRow({
                      original: k.row,
                      key: `kept-${String(props.rowId(k.row))}`,
                      index: i,
                      cells: visibleCells,
                      style: { boxShadow: 'inset 3px 0 0 var(--mantine-color-yellow-5)' },
                    }),
                  ])}
                </tbody>
              )}
              <tbody
                style={{
                  display: 'grid',
                  height: rows.length ? virtualizer.getTotalSize() : undefined,
                  position: 'relative',
                  opacity: stale ? 0.55 : 1,
                  transition: 'opacity 120ms',
                }}
              >
                {rows.length === 0 && (
                  <tr style={{ display: 'flex' }}>
                    <td
                      data-free-focus
                      style={{
                        position: 'sticky',
                        left: 0,
                        width: scrollRef.current?.clientWidth ?? '100%',
                        display: 'block',
                      }}
                    >
                      <EmptyState filtered={filtered} onClear={clearFilters} outside={outside}>
                        {props.emptyText}
                      </EmptyState>
                    </td>
                  </tr>
                )}
                {virtualItems.map((item) => {
                  const row = rows[item.index];
                  if (!row) return null;
                  const original = row.original;
                  const open = props.expansion?.isOpen(original) ?? false;
                  return [
                    renderRow({
                      original,
                      key: row.id,
                      index: item.index + keptCount,
                      cells: row
                        .getVisibleCells()
                        .map((cell) => ({ id: cell.column.id, width: cell.column.getSize() })),
                      style: { position: 'absolute', transform: `translateY(${item.start}px)` },
                    }),
                    open && props.expansion ? (
                      <tr
                        key={`${row.id}-open`}
                        data-testid="table-row-expanded"
                        style={{
                          display: 'flex',
                          position: 'absolute',
                          transform: `translateY(${item.start + ROW_HEIGHT}px)`,
                          width: '100%',
                          height: expandedHeight(original),
                          borderBottom: '1px solid var(--mantine-color-dark-4)',
                          background: 'var(--mantine-color-dark-8)',
                        }}
                      >
                        <td
                          data-free-focus
                          style={{
                            position: 'sticky',
                            left: 0,
                            width: 'min(100%, calc(100vw - 300px))',
                            overflow: 'auto',
                            padding: '6px 10px',
                          }}
                        >
                          {props.expansion.render(original)}
                        </td>
                      </tr>
                    ) : null,
                  ];
                })}
              </tbody>
              <tfoot
                style={{ display: 'grid', position: 'sticky', bottom: 0, zIndex: 2, background: PINNED_BACKGROUND }}
              >
                <tr
                  style={{ display: 'flex', width: '100%', borderTop: '1px solid var(--mantine-color-dark-4)' }}
                  data-testid="totals-row"
                >
                  {headers.map((header) => {
                    const id = header.column.id;
                    const m = metaById.get(id);
                    return (
                      <td
                        key={header.id}
                        style={{
                          ...cellBox(id, header.getSize()),
                          padding: '6px 10px',
                          justifyContent: m?.align === 'right' ? 'flex-end' : 'flex-start',
                          ...pinnedStyle(pinOf(id), 'head'),
                        }}
                      >
                        {m?.footer && data.sum[m.id] !== undefined && (
                          <TotalsCell meta={m} value={data.sum[m.id] as number} />
                        )}
                      </td>
                    );
                  })}
                </tr>
              </tfoot>
            </table>
          )}
        </Box>
      </Paper>
      <TableLegend items={legend} />
      <TablePager
        state={state}
        total={data?.total ?? 0}
        pages={pages}
        loading={query.isFetching}
        onPage={(page) => update({ page })}
        onSize={(limit) => update({ limit })}
        sizes={pageSizeOptions(defaultLimit)}
      />
      <ColumnSettingsPanel
        opened={panel}
        onClose={() => setPanel(false)}
        meta={meta}
        current={currentSettings}
        fitted={fitted}
        onSave={saveSettings}
        onReset={resetSettings}
      />
    </Stack>
  );
}
