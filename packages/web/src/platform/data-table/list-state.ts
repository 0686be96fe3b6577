import { type ListRequest, PAGE_SIZE_ALL, PAGE_SIZES, type SortOrder, TABLE_DEFAULT_PAGE_SIZE } from '@backhaul/shared';

/** What a table asks the server for; it lives in the URL so a filtered view can be shared. */
export type ListState = {
  page: number;
  limit: number;
  sort: string | null;
  order: SortOrder | null;
  search: string;
  filters: Record<string, unknown>;
};

export const DEFAULT_LIST_STATE: ListState = {
  page: 1,
  limit: TABLE_DEFAULT_PAGE_SIZE,
  sort: null,
  order: null,
  search: '',
  filters: {},
};

export const PAGE_SIZE_OPTIONS: readonly number[] = [...PAGE_SIZES, PAGE_SIZE_ALL];

/** The size choices of a table whose default is not one of the spec's (trips: 15). */
export const pageSizeOptions = (defaultLimit: number = TABLE_DEFAULT_PAGE_SIZE): readonly number[] =>
  PAGE_SIZE_OPTIONS.includes(defaultLimit)
    ? PAGE_SIZE_OPTIONS
    : [...new Set([...PAGE_SIZES, defaultLimit])].sort((a, b) => a - b).concat(PAGE_SIZE_ALL);

const KEYS = { page: 'page', limit: 'size', sort: 'sort', order: 'order', search: 'q', filters: 'f' } as const;

const positiveInt = (v: string | null): number | null => {
  const n = Number(v);
  return v && Number.isInteger(n) && n >= 1 ? n : null;
};

function parseFilters(raw: string | null): Record<string, unknown> {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Reads a table's state from the URL; anything malformed falls back to the default. */
export function readListState(
  params: URLSearchParams,
  prefix = '',
  defaultLimit: number = TABLE_DEFAULT_PAGE_SIZE,
): ListState {
  const get = (k: string) => params.get(prefix + k);
  const limit = positiveInt(get(KEYS.limit));
  const order = get(KEYS.order);
  return {
    page: positiveInt(get(KEYS.page)) ?? 1,
    limit: limit !== null && pageSizeOptions(defaultLimit).includes(limit) ? limit : defaultLimit,
    sort: get(KEYS.sort) || null,
    order: order === 'asc' || order === 'desc' ? order : null,
    search: get(KEYS.search) ?? '',
    filters: parseFilters(get(KEYS.filters)),
  };
}

/** Writes a table's state into the URL, leaving defaults (and other params) out. */
export function writeListState(
  params: URLSearchParams,
  state: ListState,
  prefix = '',
  defaultLimit: number = TABLE_DEFAULT_PAGE_SIZE,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (k: string, v: string | null) => (v === null ? next.delete(prefix + k) : next.set(prefix + k, v));
  set(KEYS.page, state.page > 1 ? String(state.page) : null);
  set(KEYS.limit, state.limit !== defaultLimit ? String(state.limit) : null);
  set(KEYS.sort, state.sort);
  set(KEYS.order, state.sort ? state.order : null);
  set(KEYS.search, state.search || null);
  set(KEYS.filters, Object.keys(state.filters).length ? JSON.stringify(state.filters) : null);
  return next;
}

export const toListRequest = (state: ListState, withOptions: boolean): ListRequest => ({
  filters: state.filters,
  search: state.search,
  sort: state.sort,
  order: state.order,
  limit: state.limit,
  page: state.page,
  with_options: withOptions,
});

/** A filter, sort, search or size change goes back to page 1 (000 §4). */
export function changeListState(state: ListState, patch: Partial<ListState>): ListState {
  const keepsPage = Object.keys(patch).every((k) => k === 'page');
  return { ...state, ...patch, page: keepsPage ? (patch.page ?? state.page) : 1 };
}

/** Refresh filters: sort, page 1, size 20 (the table's default), search and filters all reset (000 §4). */
export const refreshListState = (defaultLimit: number = TABLE_DEFAULT_PAGE_SIZE): ListState => ({
  ...DEFAULT_LIST_STATE,
  limit: defaultLimit,
});

/** The page input is clamped between 1 and the page count (000 §5). */
export function clampPage(value: number, pages: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(Math.max(1, Math.trunc(value)), Math.max(1, pages));
}

export const pageSizeLabel = (size: number) => (size >= PAGE_SIZE_ALL ? 'All' : String(size));

export function setFilter(filters: Record<string, unknown>, id: string, value: unknown | null) {
  const next = { ...filters };
  if (value === null || value === undefined) delete next[id];
  else next[id] = value;
  return next;
}
