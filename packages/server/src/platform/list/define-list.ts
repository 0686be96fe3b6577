import { ACTION, can, type ListQuery, SECTION_BY_ID } from '@backhaul/shared';
import type { ColumnFormat, ColumnMeta, FilterKind, Footer } from '@backhaul/shared/list/list.contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../auth/access';

/** How a cell is written to a spreadsheet (the export service's column kinds). */
export type ExportKind = 'text' | 'money' | 'miles' | 'number' | 'date';

/** The SQL of an address filter for one type (PickUp 1 or Delivery 2). */
export type AddressSql = { state: SQL; city: SQL };

/** Options of a list filter: a query answering (value, label) rows, for the caller when it depends on them. */
export type ListOptions = SQL | ((user: AuthUser) => SQL);

export type ListColumn = {
  /** The id the web and the request use; also the output key of the row. */
  id: string;
  title: string;
  /** The select expression. Dollar columns hold integer cents; the runner answers dollars. */
  sql: SQL;
  /**
   * The table column this list column shows, when it is one: `sql` is then that column, a rename
   * fails to compile, and the column's type decides the date filter's kind and whether keyset
   * paging needs to look for nulls.
   */
  column?: AnyPgColumn;
  filter?: FilterKind;
  /** What the filter compares, when not `sql` (e.g. an id behind a name). */
  filterSql?: SQL;
  /**
   * Options and checkbox filters: the Off condition, where `(filter) is not true` would hide an
   * index (e.g. `customer_invoice_id is null`, the predicate of a partial index).
   */
  offSql?: SQL;
  /** Date filters: a `date` column compares days; a `timestamp` column compares company-time days. */
  dateType?: 'date' | 'timestamp';
  /** Address filters: state and city expressions per type (1 PickUp, 2 Delivery). */
  address?: Partial<Record<1 | 2, AddressSql>>;
  /** List filters: (value, label) rows, per caller if a function; default: distinct values of `filterSql`. */
  options?: ListOptions;
  sortable?: boolean;
  sortSql?: SQL;
  footer?: Footer;
  /** What the footer aggregates, when not `sql`: e.g. a base-table id, so totals need no join. */
  footerSql?: SQL;
  dollar?: boolean;
  miles?: boolean;
  /** The search box looks in this column. */
  search?: boolean;
  /** Hidden until a user shows it in the column settings. */
  hidden?: boolean;
  /** Clip the text with an ellipsis after this many characters. */
  clip?: number;
  align?: 'left' | 'center' | 'right';
  /** Names of `joins` this column's expressions need. */
  joins?: readonly string[];
  /** Not part of the table (e.g. colour or frozen flags the web uses to paint rows). */
  data?: boolean;
  /** Overrides the export kind (legacy; prefer `format`). */
  exportKind?: ExportKind;
  /** How values are shown and exported; inferred when absent (see columnFormat). */
  format?: ColumnFormat;
  /**
   * How much the column matters when the table is narrower than its columns (1-9): higher numbers
   * yield first. Inferred when absent (see columnPriority): 1 the first column, 2 money and status,
   * 4 the rest; a list declares 3 for who the row is about (customer, driver) and 5+ for detail.
   */
  priority?: number;
};

/**
 * A column as a module declares it: SQL text, or a drizzle column (`column: loads.bol`) where the
 * list column is one table column.
 */
export type ListColumnSpec = Omit<ListColumn, 'sql'> &
  ({ sql: SQL; column?: AnyPgColumn } | { column: AnyPgColumn; sql?: SQL });

/**
 * A join reaching at most one row per base row (a registry's name for an id on the row). The engine
 * renders it as a scalar subquery for a small page (the planner looks up 15 rows), and as a LEFT
 * JOIN for a large page, after the page's row keys are picked (hash-joining a small registry beats
 * one lookup per row past a few hundred rows).
 */
export type ToOneJoin = { kind: 'to-one'; table: SQL | PgTable; on: SQL };

/** A to-one join: `toOne(customers, eq(customers.id, loads.customerId))`. */
export const toOne = (table: SQL | PgTable, on: SQL): ToOneJoin => ({ kind: 'to-one', table, on });

export const isToOne = (j: SQL | ToOneJoin | undefined): j is ToOneJoin =>
  typeof j === 'object' && j !== null && 'kind' in j && j.kind === 'to-one';

/** A join's SQL in a FROM clause. */
export const joinSql = (j: SQL | ToOneJoin): SQL => (isToOne(j) ? sql`left join ${j.table} on ${j.on}` : j);

/** What a list's FROM depends on besides the caller (e.g. a report's window): given to runList as `args`. */
export type ListArgs = Record<string, unknown>;

export type ListDefinition = {
  /** The list's section path: POST /:key/settings and /:key/export use it. */
  key: string;
  title: string;
  /** The permission section a caller needs to read the list, its settings and its export. */
  section: number;
  /**
   * The base table (FROM), e.g. sql`brokers`; a function when it depends on the caller or on the
   * request's `args` (a report over a window), so one definition serves every request.
   */
  from: SQL | ((user: AuthUser, args: ListArgs) => SQL);
  /** A unique row key: paging ties break on it; "page ids first" selects it. */
  rowKey: SQL;
  /**
   * LEFT JOIN fragments (or to-one joins) by name; a query adds only those its columns need, in the
   * order declared here, so a join may use one declared before it (a column then names both).
   */
  joins?: Record<string, SQL | ToOneJoin>;
  columns: readonly ListColumn[];
  defaultSort: { sort: string; order: 'asc' | 'desc' };
  /** Row scoping (company, a customer user's own customer): always ANDed in. */
  base: (user: AuthUser) => SQL | undefined;
  /**
   * Search targets besides the `search: true` columns: each `sql` is a condition built from the
   * pattern (lower-cased, %-wrapped), e.g. an EXISTS over child rows.
   */
  search?: readonly ListSearch[];
  /**
   * A picker's lookup over the list (POST /cities, /filterBrockers): what the typed text matches
   * (the caller's text, untouched) and the order the choices come in (ties broken by the row key).
   */
  lookup?: { match: (text: string) => SQL; orderBy: SQL };
  /**
   * Filters a list view applies when its request sets none for those columns (the work orders'
   * open statuses, the trips' four weeks): the answer names them (`defaults`) so the screen shows
   * them, and a request clears one by sending that filter as null.
   */
  defaults?: ListDefaults;
  /**
   * Totals kept ahead of time (the trips' per-day totals): for a request they can answer, a query
   * giving the live aggregate's one row (`__total` and each footed column's id) from them; null to
   * sum live; a row whose `__total` is null declines at run time (the live sum follows). Both must
   * give the same figures: the answer is the same JSON either way.
   */
  totals?: (user: AuthUser, compiled: CompiledList) => SQL | null;
  /**
   * Rows a save takes off the list whatever the filters (the spec removes a Canceled work order):
   * never kept in view after their save.
   */
  removedOnSave?: SQL;
};

export type ListDefaults = {
  filters: (user: AuthUser, requested: Readonly<Record<string, unknown>>) => Record<string, unknown>;
  /**
   * A search looks past the defaults (a work order's number finds it whatever its status). False
   * where the default bounds a large table (the trips' window): a search that finds nothing there
   * answers how many rows match outside it (`outside`).
   */
  searchPast: boolean;
};

export type ListSpec = Omit<ListDefinition, 'columns'> & { columns: readonly ListColumnSpec[] };

/** A search target that is not a column (e.g. a load's intermediate stops), named for the placeholder. */
export type ListSearch = {
  label: string;
  /** The condition for a search: `pattern` is lower-cased and %-wrapped for LIKE, `text` lower-cased. */
  where: (pattern: string, text: string) => SQL;
  joins?: readonly string[];
};

const REGISTRY = new Map<string, ListDefinition>();
const SPECS = new WeakMap<ListDefinition, ListSpec>();

/** Every list defined so far (the date-format test walks them). */
export const definedLists = (): ListDefinition[] => [...REGISTRY.values()];

const DATE_TYPES: Record<string, ListColumn['dateType']> = {
  PgTimestamp: 'timestamp',
  PgTimestampString: 'timestamp',
  PgDate: 'date',
  PgDateString: 'date',
};

/** A declared column with its SQL: the drizzle column's, and its date kind read from its type. */
export function listColumn(c: ListColumnSpec): ListColumn {
  if (!c.column) return c as ListColumn;
  const dateType = c.dateType ?? (c.filter === 'date' ? DATE_TYPES[c.column.columnType] : undefined);
  return { ...c, sql: c.sql ?? sql`${c.column}`, ...(dateType ? { dateType } : {}) };
}

/**
 * Declares a list once. Column ids, SQL and flags come from the module, never from the client.
 * The definition is registered by key so the generic settings and export routes can find it.
 */
export function defineList(spec: ListSpec): ListDefinition {
  const known = REGISTRY.get(spec.key);
  if (known && SPECS.get(known) === spec) return known;
  const def: ListDefinition = { ...spec, columns: spec.columns.map(listColumn) };
  const ids = new Set<string>();
  for (const c of def.columns) {
    if (ids.has(c.id)) throw new Error(`List ${def.key}: column ${c.id} is declared twice`);
    ids.add(c.id);
    if (c.filter === 'address' && !c.address) throw new Error(`List ${def.key}: column ${c.id} needs address SQL`);
    for (const j of c.joins ?? []) {
      if (!def.joins?.[j]) throw new Error(`List ${def.key}: column ${c.id} needs unknown join ${j}`);
    }
  }
  for (const c of def.columns) {
    if (c.priority !== undefined && !(Number.isInteger(c.priority) && c.priority >= 1 && c.priority <= 9))
      throw new Error(`List ${def.key}: column ${c.id} has priority ${c.priority} (1-9)`);
  }
  if (!ids.has(def.defaultSort.sort)) throw new Error(`List ${def.key}: default sort ${def.defaultSort.sort} unknown`);
  if (known) throw new Error(`List ${def.key} is defined twice`);
  REGISTRY.set(def.key, def);
  SPECS.set(def, spec);
  return def;
}

export const findList = (key: string): ListDefinition | undefined => REGISTRY.get(key);

/**
 * Takes a list out of the registry: for a test that declares a fixture list over a table of its own
 * database, so the next test file in the same worker does not walk it.
 */
export function forgetList(key: string): void {
  REGISTRY.delete(key);
}

export const tableColumns = (def: ListDefinition) => def.columns.filter((c) => !c.data);

const PHONE_ID = /(^|_)phone\d*$/;

/**
 * A column's format: declared, or read from what the column already says — cents are money, miles
 * are miles, a date filter is a date (a timestamp one a date-time), ids and number filters are
 * numbers, phone ids are phones.
 */
export function columnFormat(c: ListColumn): ColumnFormat {
  if (c.format) return c.format;
  if (c.dollar) return 'money';
  if (c.miles) return 'miles';
  if (c.filter === 'date') return c.dateType === 'timestamp' ? 'datetime' : 'date';
  if (c.id === 'id' || c.id.endsWith('_id')) return 'id';
  if (c.filter === 'number' || c.exportKind === 'number') return 'number';
  if (PHONE_ID.test(c.id)) return 'phone';
  return 'text';
}

/** The spreadsheet kind of a column: its format, unless the column names a numeric export kind. */
export const exportKindOf = (c: ListColumn): ColumnFormat =>
  c.exportKind && c.exportKind !== 'text' ? c.exportKind : columnFormat(c);

/** What the search box covers, by title: the searched columns, then the list's other targets. */
export const searchFields = (def: ListDefinition): string[] => [
  ...new Set([...def.columns.filter((c) => c.search).map((c) => c.title), ...(def.search ?? []).map((s) => s.label)]),
];

const STATUS_ID = /(^|_)status$/;

/** A column's priority: declared, else 1 for the first column, 2 for money and status, 4 for the rest. */
export function columnPriority(c: ListColumn, index: number): number {
  if (c.priority) return c.priority;
  if (index === 0) return 1;
  if (c.dollar || STATUS_ID.test(c.id)) return 2;
  return 4;
}

/** The column metadata the web renders a table from. */
export function columnMeta(def: ListDefinition): ColumnMeta[] {
  return tableColumns(def).map((c, i) => ({
    id: c.id,
    title: c.title,
    filter: c.filter ?? null,
    sortable: c.sortable !== false,
    footer: c.footer ?? null,
    dollar: Boolean(c.dollar),
    miles: Boolean(c.miles),
    hidden: Boolean(c.hidden),
    clip: c.clip ?? null,
    align: c.align ?? (c.dollar || c.miles ? 'right' : 'left'),
    format: columnFormat(c),
    priority: columnPriority(c, i),
  }));
}

/**
 * Export needs EXPORT (72) on the list's section when the catalogue offers it there (000 §6: the
 * export button is disabled without export permission); sections without that action need the section.
 */
export function mayExport(def: ListDefinition, user: AuthUser): boolean {
  const offers = SECTION_BY_ID.get(def.section)?.actions.includes(ACTION.EXPORT) ?? false;
  if (!user.grants) return false;
  return can(user.grants, offers ? { section: def.section, action: ACTION.EXPORT } : { section: def.section });
}

/** A request compiled against a list (list-compile.ts): what the runner and a list's `totals` read. */
export type CompiledList = {
  query: ListQuery;
  from: SQL;
  where: SQL;
  orderBy: SQL;
  sort: string;
  order: 'asc' | 'desc';
  /** The sort's expression and whether it may be null (keyset paging then looks for nulls). */
  sortExpr: SQL;
  sortNullable: boolean;
  /** Joins the WHERE and ORDER BY need (the page's ids query and the totals). */
  joins: Set<string>;
  /** The caller's scope alone (base), without the filters or the search. */
  scope: SQL;
  /** Each filter's condition by column id (a default one too), and the search's: what may hide a row. */
  conditions: Array<{ id: string; where: SQL }>;
  /** The search's condition and joins, when the request searches. */
  searched: { where: SQL; joins: Set<string> } | null;
  /** The list's default filters this request took (it set none for those columns). */
  defaults: Record<string, unknown>;
};
