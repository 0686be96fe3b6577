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
  TABLE_DEFAULT_PAGE_SIZE,
} from '@backhaul/shared';
import { formatMiles, formatMoney } from '@backhaul/shared/formats/formats';
import { ActionIcon, Box, Group, Loader, Paper, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
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
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { showAlert } from '../alerts-store';
import { api } from '../api-client';
import { defaultWidth, effectiveSettings } from './column-layout';
import { ColumnSettingsPanel } from './column-settings-panel';
import { downloadLink } from './download';
import { FilterMenu } from './filter-menu';
import { clipText } from './filter-rules';
import {
  changeListState,
  type ListState,
  pageSizeOptions,
  readListState,
  refreshListState,
  setFilter,
  toListRequest,
  writeListState,
} from './list-state';
import { allowsButton, type ButtonPermission, usePermissionTree } from './permissions';
import { rowBackground } from './row-colors';
import { TablePager } from './table-pager';
import { TableToolbar, type ToolbarActions } from './table-toolbar';
import { TotalsCell } from './totals-cell';

export type Row = Record<string, unknown>;

/** A row button: shown when the caller holds its permission ids (any-of or all-of) or has none. */
export type RowAction<R extends Row> = {
  id: string;
  label: string;
  icon: ReactNode;
  color?: string;
  permission?: ButtonPermission;
  /** Per-row rule on top of the permission (e.g. one's own record, a closed statement). */
  visible?: (row: R) => boolean;
  onClick: (row: R) => void;
};

export type DataTableProps<R extends Row> = {
  /** The list endpoint, e.g. '/cities/list'. */
  url: string;
  /** The list key: POST /:key/settings and /:key/export. */
  listKey: string;
  rowId: (row: R) => string | number;
  /** Custom cells by column id; the others are formatted from the column metadata. */
  cells?: Partial<Record<string, (row: R) => ReactNode>>;
  actions?: RowAction<R>[];
  toolbar?: ToolbarActions;
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
const emptyRows: Row[] = [];

function formatCell(meta: ColumnMeta, value: unknown): { text: string; full: string | null } {
  if (value === null || value === undefined || value === '') return { text: '', full: null };
  const raw = meta.dollar ? formatMoney(value as number) : meta.miles ? formatMiles(value as number) : String(value);
  const clipped = clipText(raw, meta.clip);
  return { text: clipped.text, full: clipped.clipped ? raw : null };
}

/**
 * The one table of the app (conventions §4): renders any list from the server's column metadata,
 * with filters per column kind, sorting, search, paging, totals, column settings and export. Its
 * request state lives in the URL, so a filtered view can be bookmarked and shared.
 */
export function DataTable<R extends Row>(props: DataTableProps<R>) {
  const { url, listKey, urlPrefix = '', defaultLimit = TABLE_DEFAULT_PAGE_SIZE } = props;
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params, urlPrefix, defaultLimit), [params, urlPrefix, defaultLimit]);
  const setState = useCallback(
    (next: ListState) => setParams((p) => writeListState(p, next, urlPrefix, defaultLimit), { replace: true }),
    [setParams, urlPrefix, defaultLimit],
  );
  const update = (patch: Partial<ListState>) => setState(changeListState(state, patch));

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
    setState({ ...readListState(new URLSearchParams(window.location.search), urlPrefix, defaultLimit), page: 1 });
    void queryClient.invalidateQueries({ queryKey: ['list', url] });
  }, [props.refreshKey, queryClient, url, setState, urlPrefix, defaultLimit]);

  // Every answer carries the column metadata and settings; keep their identity while they are the
  // same so a new page does not reset widths dragged in the header.
  const metaJson = JSON.stringify(data?.columns ?? []);
  const meta = useMemo(() => JSON.parse(metaJson) as ColumnMeta[], [metaJson]);
  const [saved, setSaved] = useState<ListSettings | null | undefined>(undefined);
  const settingsJson = JSON.stringify(saved === undefined ? (data?.settings ?? null) : saved);
  const layout = useMemo(
    () => effectiveSettings(meta, JSON.parse(settingsJson) as ListSettings | null),
    [meta, settingsJson],
  );

  const tree = usePermissionTree();
  const actions = useMemo(
    () => (props.actions ?? []).filter((a) => allowsButton(tree, a.permission)),
    [props.actions, tree],
  );

  const columns = useMemo<ColumnDef<typeof features, R>[]>(() => {
    const defs: ColumnDef<typeof features, R>[] = meta.map((m) => ({
      id: m.id,
      accessorFn: (row: R) => row[m.id],
      header: m.title,
      size: defaultWidth(m),
      minSize: 60,
    }));
    if (actions.length)
      defs.push({ id: ACTIONS_ID, header: '', size: 40 + actions.length * 30, enableResizing: false });
    return defs;
  }, [meta, actions.length]);

  const [sizing, setSizing] = useState<ColumnSizingState>({});
  useEffect(() => {
    setSizing(Object.fromEntries(layout.filter((c) => c.width).map((c) => [c.id, c.width as number])));
  }, [layout]);
  const columnOrder = useMemo(() => [...layout.map((c) => c.id), ACTIONS_ID], [layout]);
  const columnVisibility = useMemo(() => Object.fromEntries(layout.map((c) => [c.id, c.visible])), [layout]);

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

  // A page past the end (rows deleted, filter narrowed elsewhere) clamps to the last page.
  useEffect(() => {
    if (data && state.page > pages && data.limit < PAGE_SIZE_ALL) setState({ ...state, page: pages });
  }, [data, pages, state, setState]);

  return (
    <Stack gap="xs" data-testid={`data-table-${listKey}`}>
      <TableToolbar
        // The server answers whether this caller may export (EXPORT 72); the button follows it.
        actions={{ ...props.toolbar, export: Boolean(props.toolbar?.export) && data?.can_export !== false }}
        search={state.search}
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
            <Group justify="center" py="xl">
              <Loader size="sm" />
            </Group>
          ) : (
            <table style={{ display: 'grid', width: totalWidth, minWidth: '100%', borderCollapse: 'collapse' }}>
              <thead
                style={{
                  display: 'grid',
                  position: 'sticky',
                  top: 0,
                  zIndex: 2,
                  background: 'var(--mantine-color-dark-7)',
                }}
              >
                <tr style={{ display: 'flex', width: '100%' }}>
                  {headers.map((header) => {
                    const m = meta.find((x) => x.id === header.column.id);
                    return (
                      <th
                        key={header.id}
                        style={{
                          display: 'flex',
                          width: header.getSize(),
                          flex: header.column.id === ACTIONS_ID ? '1 0 auto' : undefined,
                          alignItems: 'center',
                          gap: 4,
                          padding: '8px 10px',
                          position: 'relative',
                          fontSize: 13,
                          fontWeight: 600,
                          borderBottom: '1px solid var(--mantine-color-dark-4)',
                          textAlign: 'left',
                        }}
                        data-testid={`th-${header.column.id}`}
                      >
                        {m ? (
                          <>
                            {m.sortable ? (
                              <UnstyledButton
                                onClick={() => toggleSort(m.id)}
                                style={{
                                  display: 'flex',
                                  alignItems: 'center',
                                  gap: 4,
                                  minWidth: 0,
                                  fontWeight: 600,
                                  fontSize: 13,
                                }}
                                data-testid={`sort-${m.id}`}
                              >
                                <Text span inherit truncate>
                                  {m.title}
                                </Text>
                                {state.sort === m.id ? (
                                  state.order === 'desc' ? (
                                    <IconArrowDown size={14} />
                                  ) : (
                                    <IconArrowUp size={14} />
                                  )
                                ) : (
                                  <IconArrowsSort size={13} opacity={0.4} />
                                )}
                              </UnstyledButton>
                            ) : (
                              <Text span inherit truncate>
                                {m.title}
                              </Text>
                            )}
                            {m.filter && (
                              <Box ml="auto">
                                <FilterMenu
                                  column={m}
                                  value={state.filters[m.id]}
                                  options={options?.[m.id] ?? []}
                                  onChange={(v) => update({ filters: setFilter(state.filters, m.id, v) })}
                                />
                              </Box>
                            )}
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
                        ) : null}
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody style={{ display: 'grid', height: virtualizer.getTotalSize(), position: 'relative' }}>
                {rows.length === 0 && (
                  <tr style={{ display: 'flex' }}>
                    <td style={{ padding: 16 }}>
                      <Text c="dimmed" size="sm" data-testid="table-empty">
                        No rows match.
                      </Text>
                    </td>
                  </tr>
                )}
                {virtualizer.getVirtualItems().map((item) => {
                  const row = rows[item.index];
                  if (!row) return null;
                  const original = row.original;
                  const open = props.expansion?.isOpen(original) ?? false;
                  return [
                    <tr
                      key={row.id}
                      data-index={item.index}
                      data-testid="table-row"
                      style={{
                        display: 'flex',
                        position: 'absolute',
                        transform: `translateY(${item.start}px)`,
                        width: '100%',
                        height: ROW_HEIGHT,
                        background: rowBackground(original),
                        borderBottom: '1px solid var(--mantine-color-dark-5)',
                      }}
                    >
                      {row.getVisibleCells().map((cell) => {
                        const id = cell.column.id;
                        const m = meta.find((x) => x.id === id);
                        let content: ReactNode = null;
                        if (id === ACTIONS_ID) {
                          content = (
                            <Group gap={4} wrap="nowrap">
                              {actions
                                .filter((a) => !a.visible || a.visible(original))
                                .map((a) => (
                                  <Tooltip key={a.id} label={a.label} openDelay={200}>
                                    <ActionIcon
                                      size="sm"
                                      variant="subtle"
                                      color={a.color ?? 'gray'}
                                      aria-label={a.label}
                                      onClick={() => a.onClick(original)}
                                      data-testid={`row-${a.id}`}
                                    >
                                      {a.icon}
                                    </ActionIcon>
                                  </Tooltip>
                                ))}
                            </Group>
                          );
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
                            style={{
                              display: 'flex',
                              alignItems: 'center',
                              justifyContent:
                                m?.align === 'right' ? 'flex-end' : m?.align === 'center' ? 'center' : 'flex-start',
                              width: cell.column.getSize(),
                              flex: id === ACTIONS_ID ? '1 0 auto' : undefined,
                              padding: '0 10px',
                              overflow: 'hidden',
                              whiteSpace: 'nowrap',
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
                style={{
                  display: 'grid',
                  position: 'sticky',
                  bottom: 0,
                  zIndex: 2,
                  background: 'var(--mantine-color-dark-7)',
                }}
              >
                <tr
                  style={{ display: 'flex', width: '100%', borderTop: '1px solid var(--mantine-color-dark-4)' }}
                  data-testid="totals-row"
                >
                  {headers.map((header) => {
                    const m = meta.find((x) => x.id === header.column.id);
                    return (
                      <td
                        key={header.id}
                        style={{
                          display: 'flex',
                          width: header.getSize(),
                          flex: header.column.id === ACTIONS_ID ? '1 0 auto' : undefined,
                          padding: '6px 10px',
                          justifyContent: m?.align === 'right' ? 'flex-end' : 'flex-start',
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
