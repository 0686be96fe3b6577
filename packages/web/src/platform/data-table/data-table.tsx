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
import { formatCellValue } from '@backhaul/shared/formats/formats';
import { Box, Paper, Stack, Text, Tooltip } from '@mantine/core';
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
import { type KeyboardEvent, type MouseEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { showAlert } from '../alerts-store';
import './data-table.css';
import { api } from '../api-client';
import { defaultWidth, effectiveSettings, minWidth } from './column-layout';
import { ColumnSettingsPanel } from './column-settings-panel';
import { downloadLink } from './download';
import { clipText } from './filter-rules';
import { pageSizeOptions, refreshListState, setFilter, toListRequest } from './list-state';
import { usePermissionTree } from './permissions';
import { actionsWidth, allowedActions, type Row, type RowAction, RowActions } from './row-actions';
import { rowBackground } from './row-colors';
import { TablePager } from './table-pager';
import { EmptyState, HeaderCell, PINNED_BACKGROUND, pinnedStyle, TableSkeleton } from './table-parts';
import { TableToolbar, type ToolbarActions } from './table-toolbar';
import { TotalsCell } from './totals-cell';
import { useListUrlState } from './use-list-url-state';

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
  /** Row actions: up to three `primary` ones as labelled buttons, the rest in the "…" menu. */
  actions?: RowAction<R>[];
  toolbar?: ToolbarActions;
  /** What the empty state says when no filter is set (default "Nothing here yet."). */
  emptyText?: string;
  /** Changing it reloads and goes back to page 1 (000 §4). */
  refreshKey?: unknown;
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
const ACTIONS_ID = '__actions';
/** Actions whose id says "open this record", used for a row click when the page gives no onOpen. */
const OPEN_ACTION_IDS = ['edit', 'view', 'details'];
const emptyRows: Row[] = [];

/** A click on a button, link, input or menu inside a row is that control's, not "open the row". */
const INTERACTIVE =
  'button, a, input, textarea, select, label, [role="menuitem"], [role="checkbox"], [data-row-actions]';

function formatCell(meta: ColumnMeta, value: unknown): { text: string; full: string | null } {
  const raw = formatCellValue(meta.format, value);
  const clipped = clipText(raw, meta.clip);
  return { text: clipped.text, full: clipped.clipped ? raw : null };
}

/**
 * The one table of the app (conventions §4): renders any list from the server's column metadata,
 * with filters per column kind, sorting, search, paging, totals, column settings and export. Its
 * request state lives in the URL, so a filtered view can be bookmarked and shared. The first column
 * and the actions are pinned; a row opens on click or Enter; arrows move between rows; `?open=<id>`
 * in the URL opens that row once it is on the page (the global search links there).
 */
export function DataTable<R extends Row>(props: DataTableProps<R>) {
  const { url, listKey, urlPrefix = '' } = props;
  const { state, defaultLimit, current, setState, update, openParam, forgetOpen } = useListUrlState(
    urlPrefix,
    props.defaultLimit,
  );

  // List filter options come with the first answer and are kept for later pages.
  const [options, setOptions] = useState<Record<string, FilterOption[]> | null>(null);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['list', url, state],
    queryFn: ({ signal }) => api.post<ListResponse<R>>(url, toListRequest(state, options === null), { signal }),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  useEffect(() => {
    if (data && Object.keys(data.filter).length) setOptions(data.filter);
  }, [data]);

  // The refresh key (a create, edit or delete elsewhere) reloads and goes back to page 1.
  const firstKey = useRef(props.refreshKey);
  useEffect(() => {
    if (firstKey.current === props.refreshKey) return;
    firstKey.current = props.refreshKey;
    setState({ ...current(), page: 1 });
    void queryClient.invalidateQueries({ queryKey: ['list', url] });
  }, [props.refreshKey, queryClient, url, setState, current]);

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

  const columns = useMemo<ColumnDef<typeof features, R>[]>(() => {
    const defs: ColumnDef<typeof features, R>[] = meta.map((m) => ({
      id: m.id,
      accessorFn: (row: R) => row[m.id],
      header: m.title,
      size: Math.max(props.widths?.[m.id] ?? 0, defaultWidth(m)),
      minSize: minWidth(m),
    }));
    if (actions.length) defs.push({ id: ACTIONS_ID, header: '', size: actionsWidth(actions), enableResizing: false });
    return defs;
  }, [meta, actions, props.widths]);

  const [sizing, setSizing] = useState<ColumnSizingState>({});
  useEffect(() => {
    setSizing(Object.fromEntries(layout.filter((c) => c.width).map((c) => [c.id, c.width as number])));
  }, [layout]);
  const columnOrder = useMemo(() => [...layout.map((c) => c.id), ACTIONS_ID], [layout]);
  const columnVisibility = useMemo(() => Object.fromEntries(layout.map((c) => [c.id, c.visible])), [layout]);
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
  const scrollRef = useRef<HTMLDivElement>(null);
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

  // Keyboard: one row is in the tab order; arrows, Home and End move it, Enter opens it.
  const [focused, setFocused] = useState(0);
  const focusRow = (index: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, index));
    setFocused(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
    requestAnimationFrame(() =>
      scrollRef.current?.querySelector<HTMLElement>(`tr[data-row-index="${next}"]`)?.focus({ preventScroll: true }),
    );
  };
  const onRowKey = (e: KeyboardEvent<HTMLTableRowElement>, index: number, row: R) => {
    if (e.target !== e.currentTarget) return;
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: rows.length - 1 };
    if (e.key in moves) {
      e.preventDefault();
      focusRow(moves[e.key] as number);
    } else if (e.key === 'Enter' && openRow) {
      e.preventDefault();
      openRow(row);
    }
  };
  const onRowClick = (e: MouseEvent<HTMLTableRowElement>, index: number, row: R) => {
    setFocused(index);
    if (!openRow || (e.target as Element).closest(INTERACTIVE)) return;
    if (window.getSelection()?.toString()) return;
    openRow(row);
  };

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
  const filtered = Boolean(state.search) || Object.keys(state.filters).length > 0;
  const clearFilters = () => update({ search: '', filters: {} });
  const stale = query.isFetching && query.isPlaceholderData;

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

  return (
    <Stack gap="xs" data-testid={`data-table-${listKey}`}>
      <TableToolbar
        // The server answers whether this caller may export (EXPORT 72); the button follows it.
        actions={{ ...props.toolbar, export: Boolean(props.toolbar?.export) && data?.can_export !== false }}
        search={state.search}
        searchFields={data?.search_fields ?? []}
        onSearch={(search) => update({ search })}
        onRefresh={() => setState(refreshListState(defaultLimit))}
        onSettings={() => setPanel(true)}
        onExport={exportList}
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
            height: props.height ?? 'calc(100vh - 270px)',
            minHeight: 260,
            position: 'relative',
          }}
          data-testid="table-scroll"
        >
          {!data ? (
            <TableSkeleton />
          ) : (
            <table
              aria-rowcount={data.total}
              style={{ display: 'grid', width: totalWidth, minWidth: '100%', borderCollapse: 'collapse' }}
            >
              <thead style={{ display: 'grid', position: 'sticky', top: 0, zIndex: 2, background: PINNED_BACKGROUND }}>
                <tr style={{ display: 'flex', width: '100%' }}>
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
                          padding: '6px 10px',
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
                              filterValue={state.filters[m.id]}
                              filterOptions={options?.[m.id] ?? []}
                              onFilter={(v) => update({ filters: setFilter(state.filters, m.id, v) })}
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
                          <Text span inherit c="dimmed">
                            Actions
                          </Text>
                        ) : null}
                      </th>
                    );
                  })}
                </tr>
              </thead>
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
                      style={{
                        position: 'sticky',
                        left: 0,
                        width: scrollRef.current?.clientWidth ?? '100%',
                        display: 'block',
                      }}
                    >
                      <EmptyState filtered={filtered} onClear={clearFilters}>
                        {props.emptyText}
                      </EmptyState>
                    </td>
                  </tr>
                )}
                {virtualizer.getVirtualItems().map((item) => {
                  const row = rows[item.index];
                  if (!row) return null;
                  const original = row.original;
                  const open = props.expansion?.isOpen(original) ?? false;
                  const tint = rowBackground(original);
                  return [
                    <tr
                      key={row.id}
                      data-index={item.index}
                      data-row-index={item.index}
                      data-testid="table-row"
                      tabIndex={item.index === Math.min(focused, rows.length - 1) ? 0 : -1}
                      aria-rowindex={item.index + 1}
                      onClick={(e) => onRowClick(e, item.index, original)}
                      onKeyDown={(e) => onRowKey(e, item.index, original)}
                      onFocus={(e) => e.target === e.currentTarget && setFocused(item.index)}
                      className="dt-row"
                      style={{
                        display: 'flex',
                        position: 'absolute',
                        transform: `translateY(${item.start}px)`,
                        width: '100%',
                        height: ROW_HEIGHT,
                        background: tint,
                        borderBottom: '1px solid var(--mantine-color-dark-5)',
                        cursor: openRow ? 'pointer' : undefined,
                      }}
                    >
                      {row.getVisibleCells().map((cell) => {
                        const id = cell.column.id;
                        const m = metaById.get(id);
                        let content: ReactNode = null;
                        if (id === ACTIONS_ID) {
                          content = <RowActions actions={actions} row={original} />;
                        } else if (props.cells?.[id]) {
                          content = props.cells[id]?.(original);
                        } else if (m) {
                          const { text, full } = formatCell(m, original[id]);
                          content = full ? (
                            <Tooltip label={full} openDelay={200} multiline maw={420}>
                              <Text span size="sm" truncate>
                                {text}
                              </Text>
                            </Tooltip>
                          ) : (
                            <Text span size="sm" truncate>
                              {text}
                            </Text>
                          );
                        }
                        return (
                          <td
                            key={cell.id}
                            data-col={id}
                            data-pinned={pinOf(id) ?? undefined}
                            style={{
                              ...cellBox(id, cell.column.getSize()),
                              alignItems: 'center',
                              justifyContent:
                                id === ACTIONS_ID
                                  ? 'flex-end'
                                  : m?.align === 'right'
                                    ? 'flex-end'
                                    : m?.align === 'center'
                                      ? 'center'
                                      : 'flex-start',
                              padding: '0 10px',
                              overflow: 'hidden',
                              whiteSpace: 'nowrap',
                              ...pinnedStyle(pinOf(id), 'body', tint),
                            }}
                          >
                            {content}
                          </td>
                        );
                      })}
                    </tr>,
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
        onSave={saveSettings}
        onReset={resetSettings}
      />
    </Stack>
  );
}
