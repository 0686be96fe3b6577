import {
  type AddressFilter,
  FILTER_SCHEMAS,
  type FilterOption,
  LIST_ROW_CAP,
  type ListQuery,
  ListRequestSchema,
  type ListResponse,
  listCapNotice,
  PAGE_SIZE_ALL,
} from '@backhaul/shared';
import type { DateFilter, NumberFilter } from '@backhaul/shared/list/list.contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../auth/access';
import { AppError, type FieldErrors } from '../errors';
import { columnMeta, type ListColumn, type ListDefinition, mayExport, searchFields } from './define-list';
import { loadSettings } from './list-settings';

const COMPANY_TZ = 'America/Chicago';
const OPTIONS_LIMIT = 500;

/** The parts of a list query every runner shares: WHERE, ORDER BY and the joins they need. */
export type CompiledList = {
  query: ListQuery;
  where: SQL;
  orderBy: SQL;
  sort: string;
  order: 'asc' | 'desc';
  /** Joins the WHERE and ORDER BY need (the page's ids query and the totals). */
  joins: Set<string>;
};

const like = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const cents = (dollars: number) => Math.round(dollars * 100);
const list = (values: readonly unknown[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

function numberCondition(col: ListColumn, f: NumberFilter): SQL {
  const expr = col.filterSql ?? col.sql;
  const v = (n: number) => (col.dollar ? cents(n) : n);
  switch (f.op) {
    case 'lte':
      return sql`${expr} <= ${v(f.value)}`;
    case 'gte':
      return sql`${expr} >= ${v(f.value)}`;
    case 'eq':
      return sql`${expr} = ${v(f.value)}`;
    case 'between':
      return sql`${expr} between ${v(f.from)} and ${v(f.to)}`;
  }
}

function dateCondition(col: ListColumn, f: DateFilter): SQL {
  const expr = col.filterSql ?? col.sql;
  const conditions: SQL[] = [];
  const from = f.from ?? f.to;
  const to = f.to ?? f.from;
  if (from && to) {
    conditions.push(
      col.dateType === 'timestamp'
        ? // A company-time day, written so an index on the timestamp still serves it.
          sql`(${expr} >= (${from}::date)::timestamp at time zone ${COMPANY_TZ} and ${expr} < ((${to}::date + 1)::timestamp at time zone ${COMPANY_TZ}))`
        : sql`${expr} between ${from}::date and ${to}::date`,
    );
  }
  if (f.empty) conditions.push(sql`${expr} is null`);
  return conditions.length === 1 ? (conditions[0] as SQL) : sql`(${sql.join(conditions, sql` or `)})`;
}

function addressCondition(col: ListColumn, f: AddressFilter): SQL | null {
  const target = col.address?.[f.type];
  if (!target) return null;
  const parts: SQL[] = [];
  if (f.states?.length) parts.push(sql`${target.state} in (${list(f.states)})`);
  if (f.cities?.length) parts.push(sql`lower(${target.city}) in (${list(f.cities.map((c) => c.toLowerCase()))})`);
  return sql.join(parts, sql` and `);
}

/** One column's filter as SQL, or field errors. The value is parsed against the column's kind. */
function filterCondition(col: ListColumn, raw: unknown, errors: FieldErrors): SQL | null {
  const field = `filters.${col.id}`;
  if (!col.filter) {
    errors[field] = ['This column has no filter.'];
    return null;
  }
  const parsed = FILTER_SCHEMAS[col.filter].safeParse(raw);
  if (!parsed.success) {
    errors[field] = [...new Set(parsed.error.issues.map((i) => i.message))];
    return null;
  }
  const expr = col.filterSql ?? col.sql;
  const value = parsed.data as Record<string, unknown>;
  switch (col.filter) {
    case 'list': {
      const values = value.values as Array<string | number>;
      return values.length ? sql`${expr} in (${list(values)})` : null;
    }
    case 'address': {
      const condition = addressCondition(col, parsed.data as AddressFilter);
      if (!condition) errors[field] = ['This column has no such address type.'];
      return condition;
    }
    case 'number':
      return numberCondition(col, parsed.data as NumberFilter);
    case 'date':
      return dateCondition(col, parsed.data as DateFilter);
    case 'note':
    case 'text':
      return sql`lower((${expr})::text) like ${like(value.value as string)}`;
    case 'options':
      if (value.value === -1) return null;
      return value.value === 1 ? sql`(${expr}) is true` : sql`(${expr}) is not true`;
    case 'checkbox':
      return value.value ? sql`(${expr}) is true` : sql`(${expr}) is not true`;
  }
}

/**
 * The search box's condition: any searched column or search target matches the text (LIKE on the
 * lower-cased text, the pattern a parameter); null when the text is empty or nothing is searched.
 */
export function searchCondition(def: ListDefinition, text: string): { where: SQL; joins: Set<string> } | null {
  const search = text.trim();
  const searched = def.columns.filter((c) => c.search);
  const targets = def.search ?? [];
  if (!search || (!searched.length && !targets.length)) return null;
  const pattern = like(search);
  const joins = new Set<string>();
  for (const c of searched) for (const j of c.joins ?? []) joins.add(j);
  for (const t of targets) for (const j of t.joins ?? []) joins.add(j);
  const where = sql`(${sql.join(
    [
      ...searched.map((c) => sql`lower((${c.sql})::text) like ${pattern}`),
      ...targets.map((t) => t.where(pattern, search.toLowerCase())),
    ],
    sql` or `,
  )})`;
  return { where, joins };
}

/**
 * Validates a request against the definition and builds WHERE and ORDER BY. Anything unknown or
 * malformed is a 422 naming the field; no client text ever becomes SQL (values are parameters).
 */
export function compileList(def: ListDefinition, user: AuthUser, body: unknown): CompiledList {
  const parsed = ListRequestSchema.safeParse(body ?? {});
  if (!parsed.success) {
    const errors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path.join('.') || 'body';
      errors[field] = [...(errors[field] ?? []), issue.message];
    }
    throw AppError.validation(errors);
  }
  const query = parsed.data;
  const byId = new Map(def.columns.map((c) => [c.id, c]));
  const errors: FieldErrors = {};
  const conditions: SQL[] = [];
  const joins = new Set<string>();
  const use = (col: ListColumn) => {
    for (const j of col.joins ?? []) joins.add(j);
  };

  const base = def.base(user);
  if (base) conditions.push(base);

  for (const [id, raw] of Object.entries(query.filters)) {
    const col = byId.get(id);
    if (!col) {
      errors[`filters.${id}`] = [`Unknown column "${id}".`];
      continue;
    }
    const condition = filterCondition(col, raw, errors);
    if (condition) {
      conditions.push(condition);
      use(col);
    }
  }

  const searched = searchCondition(def, query.search);
  if (searched) {
    conditions.push(searched.where);
    for (const j of searched.joins) joins.add(j);
  }

  const sort = query.sort ?? def.defaultSort.sort;
  const order = query.order ?? (query.sort ? 'asc' : def.defaultSort.order);
  const sortCol = byId.get(sort);
  if (!sortCol) errors.sort = [`Unknown column "${sort}".`];
  else if (sortCol.sortable === false) errors.sort = [`The column "${sort}" cannot be sorted.`];
  if (Object.keys(errors).length) throw AppError.validation(errors);

  const direction = order === 'desc' ? sql`desc` : sql`asc`;
  const sortExpr = (sortCol as ListColumn).sortSql ?? (sortCol as ListColumn).sql;
  use(sortCol as ListColumn);
  const orderBy = sql`${sortExpr} ${direction}, ${def.rowKey} ${direction}`;
  const where = conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
  return { query, where, orderBy, sort, order, joins };
}

const fromWith = (def: ListDefinition, joins: Iterable<string>) => {
  const names = [...joins];
  if (!names.length) return def.from;
  return sql`${def.from} ${sql.join(
    names.map((n) => def.joins?.[n] as SQL),
    sql` `,
  )}`;
};

const selectList = (columns: readonly ListColumn[]) =>
  sql.join(
    columns.map((c) => sql`${c.sql} as ${sql.identifier(c.id)}`),
    sql`, `,
  );

/** Database values to JSON: cents to dollars, timestamps to ISO text. */
export function outputRow(columns: readonly ListColumn[], raw: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const c of columns) {
    const v = raw[c.id];
    if (v instanceof Date) row[c.id] = v.toISOString();
    else if (c.dollar && v !== null && v !== undefined) row[c.id] = Number(v) / 100;
    else if (typeof v === 'bigint') row[c.id] = Number(v);
    else row[c.id] = v ?? null;
  }
  return row;
}

/**
 * One page of rows in the compiled order. With joins, the page's ids are selected first (only
 * the joins the filters and sort need) and the display joins run for those rows only.
 */
export async function selectPage(
  db: DbOrTx,
  def: ListDefinition,
  compiled: CompiledList,
  opts: { limit: number; offset: number; columns?: readonly ListColumn[] },
): Promise<Record<string, unknown>[]> {
  const columns = opts.columns ?? def.columns;
  const allJoins = new Set(compiled.joins);
  for (const c of columns) for (const j of c.joins ?? []) allJoins.add(j);
  const { where, orderBy } = compiled;
  const query =
    allJoins.size === compiled.joins.size
      ? sql`select ${selectList(columns)} from ${fromWith(def, allJoins)} where ${where} order by ${orderBy} limit ${opts.limit} offset ${opts.offset}`
      : sql`select ${selectList(columns)} from ${fromWith(def, allJoins)} where ${def.rowKey} in (select ${def.rowKey} from ${fromWith(def, compiled.joins)} where ${where} order by ${orderBy} limit ${opts.limit} offset ${opts.offset}) order by ${orderBy}`;
  const raw = await rowsOf(db, query);
  return raw.map((r) => outputRow(columns, r));
}

/** Row count and footers over the whole filtered set, as one aggregate query (never a window count). */
export async function selectTotals(
  db: DbOrTx,
  def: ListDefinition,
  compiled: CompiledList,
): Promise<{ total: number; sum: Record<string, number> }> {
  const footed = def.columns.filter((c) => c.footer);
  const joins = new Set(compiled.joins);
  for (const c of footed) if (!c.footerSql) for (const j of c.joins ?? []) joins.add(j);
  const aggregates = footed.map((c) => {
    const expr = c.footerSql ?? c.sql;
    const agg =
      c.footer === 'sum'
        ? sql`coalesce(sum(${expr}), 0)`
        : c.footer === 'count'
          ? sql`count(${expr})`
          : sql`count(distinct ${expr})`;
    return sql`, ${agg} as ${sql.identifier(c.id)}`;
  });
  const [row] = await rowsOf(
    db,
    sql`select count(*) as __total ${sql.join(aggregates, sql``)} from ${fromWith(def, joins)} where ${compiled.where}`,
  );
  const sum: Record<string, number> = {};
  for (const c of footed) {
    const v = Number(row?.[c.id] ?? 0);
    sum[c.id] = c.dollar && c.footer === 'sum' ? v / 100 : v;
  }
  return { total: Number(row?.__total ?? 0), sum };
}

/** Options of the list filters: distinct values within the caller's scope (not the filters). */
async function selectOptions(db: DbOrTx, def: ListDefinition, user: AuthUser): Promise<Record<string, FilterOption[]>> {
  const columns = def.columns.filter((c) => c.filter === 'list');
  const base = def.base(user) ?? sql`true`;
  const entries = await Promise.all(
    columns.map(async (c) => {
      const expr = c.filterSql ?? c.sql;
      const query =
        c.options ??
        sql`select distinct ${expr} as value, (${c.sql})::text as label from ${fromWith(def, c.joins ?? [])} where ${base} and ${expr} is not null order by 2 limit ${OPTIONS_LIMIT}`;
      const rows = await rowsOf<{ value: string | number; label: string | null }>(db, query);
      return [c.id, rows.map((r) => ({ value: r.value, label: r.label ?? String(r.value) }))] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/**
 * A value that passed its filter's schema but does not fit the column (text in an id list, a number
 * out of the column's range) makes PostgreSQL raise a data exception (SQLSTATE class 22): a 422.
 */
export async function refuseDataErrors<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    const e = err as { code?: unknown; cause?: { code?: unknown } };
    const code = String(e.code ?? e.cause?.code ?? '');
    if (code.startsWith('22')) throw AppError.validation({ filters: ['A filter value does not fit its column.'] });
    throw err;
  }
}

/** True when the request asks for every row ("All", 99999999). */
export const isAllRows = (limit: number) => limit >= PAGE_SIZE_ALL;

/**
 * The one runner: page, totals, filter options and settings, in parallel. "All" answers at most
 * LIST_ROW_CAP rows with a notice; Export streams every row.
 */
export async function runList<Row = Record<string, unknown>>(
  db: DbOrTx,
  def: ListDefinition,
  user: AuthUser,
  body: unknown,
): Promise<ListResponse<Row>> {
  const compiled = compileList(def, user, body);
  const { limit, page, with_options } = compiled.query;
  const all = isAllRows(limit);
  const take = all ? LIST_ROW_CAP : limit;
  const offset = all ? 0 : (page - 1) * limit;
  const [rows, totals, filter, settings] = await refuseDataErrors(
    Promise.all([
      selectPage(db, def, compiled, { limit: take, offset }),
      selectTotals(db, def, compiled),
      with_options ? selectOptions(db, def, user) : Promise.resolve({}),
      loadSettings(db, def, user.id),
    ]),
  );
  return {
    rows: rows as Row[],
    limit,
    order: compiled.order,
    sort: compiled.sort,
    page: all ? 1 : page,
    total: totals.total,
    sum: totals.sum,
    filter,
    settings,
    columns: columnMeta(def),
    notice: all && totals.total > LIST_ROW_CAP ? listCapNotice(totals.total) : null,
    can_export: mayExport(def, user),
    search_fields: searchFields(def),
  };
}

/** Every filtered row in order, in batches: what Export writes. */
export async function* streamList(
  db: DbOrTx,
  def: ListDefinition,
  compiled: CompiledList,
  columns: readonly ListColumn[],
  batch = 5000,
): AsyncGenerator<Record<string, unknown>> {
  for (let offset = 0; ; offset += batch) {
    const rows = await selectPage(db, def, compiled, { limit: batch, offset, columns });
    yield* rows;
    if (rows.length < batch) return;
  }
}
