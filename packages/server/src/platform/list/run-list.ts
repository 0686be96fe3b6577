import { type FilterOption, LIST_ROW_CAP, type ListResponse, listCapNotice, PAGE_SIZE_ALL } from '@backhaul/shared';
import type { KeptRow, ListSettings, OutsideMatches } from '@backhaul/shared/list/list.contract';
import { type SQL, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../auth/access';
import { AppError } from '../errors';
import {
  columnMeta,
  isToOne,
  type ListArgs,
  type ListColumn,
  type ListDefinition,
  mayExport,
  searchFields,
} from './define-list';
import { type CompiledList, compileList, DIRECTION, fromWith } from './list-compile';
import { copyBatchJson } from './list-copy';
import { JsonRows, outputRow, rowsJson } from './list-rows';
import { normalizeSettings } from './list-settings';
import { listSettings } from './list-settings.table';

// The engine's parts live beside it (compiling a request, making answer rows); callers import them from here.
export { type CompiledList, compileList, listFrom, searchCondition } from './list-compile';
export { JsonRows, outputRow } from './list-rows';

const OPTIONS_LIMIT = 500;

/** Pages up to this many rows look registries up row by row; larger ones pick ids, then hash-join. */
export const SCALAR_PAGE_MAX = 100;
/** Rows per keyset batch of 'All' and Export. */
export const STREAM_BATCH = 8000;
/** Batches of 'All' read at once: two cores, two statements. */
const ALL_CONCURRENCY = 2;

/** Where the previous keyset batch ended: the sort value as text (timestamps keep their microseconds) and the row key. */
export type ListCursor = { sort: string | null; key: unknown };

/**
 * The rows after a cursor in the compiled order. PostgreSQL sorts nulls first when descending and
 * last when ascending, so the row comparison (index-friendly) is joined by the null cases around it.
 */
function afterCursor(def: ListDefinition, c: CompiledList, at: ListCursor): SQL {
  const s = c.sortExpr;
  const k = def.rowKey;
  if (c.order === 'desc') {
    if (at.sort === null) return sql`((${s} is null and ${k} < ${at.key}) or ${s} is not null)`;
    return sql`(${s}, ${k}) < (${at.sort}, ${at.key})`;
  }
  if (at.sort === null) return sql`(${s} is null and ${k} > ${at.key})`;
  const after = sql`(${s}, ${k}) > (${at.sort}, ${at.key})`;
  return c.sortNullable ? sql`(${after} or ${s} is null)` : after;
}

/**
 * The select list and the joins a page needs. Up to SCALAR_PAGE_MAX rows, a column over one
 * to-one join the filters do not already bring is a scalar subquery; past it, every join is a
 * LEFT JOIN run once over the page's rows.
 */
function displayOf(def: ListDefinition, compiled: CompiledList, columns: readonly ListColumn[], limit: number) {
  const scalar = limit <= SCALAR_PAGE_MAX;
  const joins = new Set<string>();
  const exprs = columns.map((c) => {
    const names = c.joins ?? [];
    const only = names.length === 1 ? def.joins?.[names[0] as string] : undefined;
    if (scalar && isToOne(only) && !compiled.joins.has(names[0] as string)) {
      return sql`(select ${c.sql} from ${only.table} where ${only.on})`;
    }
    for (const j of names) joins.add(j);
    return c.sql;
  });
  const select = sql.join(
    exprs.map((e, i) => sql`${e} as ${sql.identifier((columns[i] as ListColumn).id)}`),
    sql`, `,
  );
  return { select, joins };
}

type PageOptions = {
  limit: number;
  /** Answer the rows as JSON text (`json`), not objects. */
  asJson?: boolean;
  offset?: number;
  /** Keyset paging: the rows after this cursor; `null` for the first batch. */
  after?: ListCursor | null;
  columns?: readonly ListColumn[];
  /**
   * One statement instead of ids first: a lookup, whose order is its own and not the list's sort.
   * A list page never is: in one statement the planner costs the select list's subqueries for the
   * whole filtered window (an EXISTS over trip notes became a hashed scan of the table for 15 rows:
   * 12-17 ms against 0.8 ms at 1M loads).
   */
  oneQuery?: boolean;
};

/**
 * A large page's plan: joins in the written order (searching the orders of eight joins cost 50-60 ms
 * of planning a batch at 1M loads); nested loops over the registries (memoized), which keep the
 * rows in the index's order so the LIMIT stops the scan, where hash joins read the whole window
 * and sort it; and no parallel workers (their start cost more than they saved on 2 cores).
 */
const LARGE_PAGE_SETTINGS_TEXT =
  "select set_config('join_collapse_limit', '1', true), set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)";
const LARGE_PAGE_SETTINGS = sql.raw(LARGE_PAGE_SETTINGS_TEXT);

/**
 * Runs a large page's statement with the joins in the order written (FROM, then each join): its
 * own transaction with SET LOCAL, so nothing else sees the setting. Inside a caller's transaction
 * the statement runs as it is (a SET LOCAL there would outlive it).
 */
async function inWrittenJoinOrder(db: DbOrTx, query: SQL): Promise<Record<string, unknown>[]> {
  if (db instanceof PgTransaction) return rowsOf(db, query);
  return (db as Db).transaction(async (tx) => {
    await tx.execute(LARGE_PAGE_SETTINGS);
    return rowsOf(tx, query);
  });
}

/**
 * One page in the compiled order, and where it ended. The page's row keys (and sort values) are
 * picked first with only the filters' joins; the display columns and joins run for those rows only.
 */
async function fetchPage(
  db: DbOrTx,
  def: ListDefinition,
  compiled: CompiledList,
  opts: PageOptions,
): Promise<{
  rows: Record<string, unknown>[];
  /** 'All': the rows' JSON at once (row by row), or in pieces as they arrive (COPY). */
  json: string | AsyncIterable<Buffer>;
  count: number;
  end: ListCursor | null;
}> {
  const columns = opts.columns ?? def.columns;
  const { where, orderBy, from } = compiled;
  const offset = opts.offset ?? 0;
  const display = displayOf(def, compiled, columns, opts.limit);
  const keyset = opts.after ? sql` and ${afterCursor(def, compiled, opts.after)}` : sql``;
  const joins = new Set([...compiled.joins, ...display.joins]);
  // One statement for a large numbered page and for 'All''s batches. An export's batches (2,000
  // rows after a cursor) stay ids first: measured at 1M loads, 100k rows in CSV took 3.8 s that
  // way and 4.1-4.4 s in one statement.
  const largePage = opts.limit > SCALAR_PAGE_MAX && (opts.asJson === true || opts.after === undefined);
  let query: SQL;
  if (opts.oneQuery && opts.after === undefined) {
    query = sql`select ${display.select} from ${fromWith(def, from, joins)} where ${where} order by ${orderBy} limit ${opts.limit} offset ${offset}`;
  } else if (largePage && opts.asJson) {
    // A batch of 'All': on PostgreSQL through COPY, straight to JSON bytes (list-copy.ts); else the
    // same statement row by row. Its end is not needed: 'All' reads every batch's start up front
    // (batchCursors), so neither way selects the row key and sort value.
    query = sql`select ${display.select} from ${fromWith(def, from, joins)} where ${where}${keyset} order by ${orderBy} limit ${opts.limit} offset ${offset}`;
    const copied = await copyBatchJson(db, query, { key: def.key, columns, settings: LARGE_PAGE_SETTINGS_TEXT });
    // The count is not known before the pieces are read: nothing that reads COPY's batches needs it.
    if (copied) return { rows: [], json: copied, count: -1, end: null };
  } else if (largePage) {
    // A large page (500 rows, a batch of 'All' or Export) in one statement, its registries joined
    // (LARGE_PAGE_SETTINGS): the window's rows come in index order and the limit stops them.
    query = sql`select ${display.select}, ${def.rowKey} as __k, (${compiled.sortExpr})::text as __t
      from ${fromWith(def, from, joins)} where ${where}${keyset} order by ${orderBy} limit ${opts.limit} offset ${offset}`;
  } else {
    query = sql`with page as (select ${def.rowKey} as __k, ${compiled.sortExpr} as __s from ${fromWith(def, from, compiled.joins)} where ${where}${keyset} order by ${orderBy} limit ${opts.limit} offset ${offset})
        select ${display.select}, page.__k as __k, page.__s::text as __t
        from ${from} join page on page.__k = ${def.rowKey} ${fromWith(def, sql``, display.joins)}
        order by page.__s ${DIRECTION[compiled.order]}, page.__k ${DIRECTION[compiled.order]}`;
  }
  const raw = largePage ? await inWrittenJoinOrder(db, query) : await rowsOf(db, query);
  const last = raw[raw.length - 1];
  return {
    rows: opts.asJson ? [] : raw.map((r) => outputRow(columns, r)),
    json: opts.asJson ? rowsJson(columns, raw) : '',
    count: raw.length,
    end: last && '__k' in last ? { sort: (last.__t as string | null) ?? null, key: last.__k } : null,
  };
}

/** One page of rows in the compiled order (offset paging: numbered pages of the table). */
export async function selectPage(
  db: DbOrTx,
  def: ListDefinition,
  compiled: CompiledList,
  opts: { limit: number; offset: number; columns?: readonly ListColumn[] },
): Promise<Record<string, unknown>[]> {
  // One statement: the caller's order (e.g. the search's exact match first) is kept as compiled.
  return (await fetchPage(db, def, compiled, { ...opts, oneQuery: true })).rows;
}

type Batch = Awaited<ReturnType<typeof fetchPage>>;

/**
 * Every batch in order, up to `max` rows, by keyset (no OFFSET: each batch starts where the one
 * before ended, as fast at row 100,000 as at row 1). The next batch is asked for before this one
 * is handed on, so the database works while the caller writes.
 */
async function* batches(
  db: DbOrTx,
  def: ListDefinition,
  compiled: CompiledList,
  columns: readonly ListColumn[],
  opts: { batch?: number; max?: number },
): AsyncGenerator<Batch> {
  const batch = opts.batch ?? STREAM_BATCH;
  let left = opts.max ?? Number.POSITIVE_INFINITY;
  // Rows, not JSON: each batch starts where the one before ended (its `end`).
  const next = (after: ListCursor | null) =>
    fetchPage(db, def, compiled, { limit: Math.min(batch, left), after, columns });
  let pending: Promise<Batch> | null = next(null);
  while (pending) {
    const page: Batch = await pending;
    left -= page.count;
    pending = page.count === batch && left > 0 && page.end ? next(page.end) : null;
    // A batch abandoned by its reader must not reject unobserved.
    pending?.catch(() => {});
    yield page;
  }
}

/**
 * Where each batch after the first begins: the sort value and key of every `batch`-th row, read
 * from the window's keys alone (an index-only scan on an indexed sort), so the batches need not
 * wait for each other.
 */
async function batchCursors(
  db: DbOrTx,
  def: ListDefinition,
  compiled: CompiledList,
  batch: number,
  max: number,
): Promise<ListCursor[]> {
  const rows = await rowsOf<{ __t: string | null; __k: unknown }>(
    db,
    // The sort value becomes text for the rows kept only (a timestamp's text for every row of the
    // window cost ~5 ms of 15 at 16,000 rows).
    sql`select (__s)::text as __t, __k from (
      select ${compiled.sortExpr} as __s, ${def.rowKey} as __k, row_number() over (order by ${compiled.orderBy}) as __n
      from ${fromWith(def, compiled.from, compiled.joins)} where ${compiled.where} order by ${compiled.orderBy} limit ${max}
    ) q where __n % ${batch} = 0 order by __n`,
  );
  return rows.map((r) => ({ sort: r.__t, key: r.__k }));
}

/**
 * 'All' as JSON: the same batches as `batches`, but each one starts from a cursor read up front, so
 * `concurrency` of them are read at once (on PostgreSQL, on as many connections and cores) from the
 * moment the cursors are known, and handed on in order.
 */
function concurrentBatches(
  db: DbOrTx,
  def: ListDefinition,
  compiled: CompiledList,
  opts: { batch: number; max: number; first: Promise<Batch>; cursors: Promise<ListCursor[]>; concurrency: number },
): AsyncGenerator<Batch> {
  const launched: Array<Promise<Batch>> = [opts.first];
  let starts: Array<() => Promise<Batch>> = [];
  let handed = 0;
  const fill = () => {
    while (launched.length - handed < opts.concurrency && launched.length - 1 < starts.length) {
      const next = (starts[launched.length - 1] as () => Promise<Batch>)();
      // A batch abandoned by its reader must not reject unobserved.
      next.catch(() => {});
      launched.push(next);
    }
  };
  const ready = opts.cursors.then((cursors) => {
    starts = cursors.map(
      (after, i) => () =>
        fetchPage(db, def, compiled, {
          limit: Math.min(opts.batch, opts.max - (i + 1) * opts.batch),
          after,
          asJson: true,
        }),
    );
    fill();
  });
  ready.catch(() => {});
  return (async function* () {
    await ready;
    for (let i = 0; i < launched.length; i++) {
      const page = await (launched[i] as Promise<Batch>);
      handed = i + 1;
      fill();
      yield page;
    }
  })();
}

/** Every filtered row in order, in keyset batches: what Export writes. */
export async function* streamList(
  db: DbOrTx,
  def: ListDefinition,
  compiled: CompiledList,
  columns: readonly ListColumn[],
  opts: { batch?: number; max?: number } = {},
): AsyncGenerator<Record<string, unknown>> {
  for await (const page of batches(db, def, compiled, columns, opts)) yield* page.rows;
}

/** The batches' JSON as pieces to write one after the other, commas between batches included. */
async function* jsonPieces(source: AsyncGenerator<Batch>): AsyncGenerator<string | Buffer> {
  let written = false;
  for await (const page of source) {
    if (typeof page.json === 'string') {
      if (!page.json) continue;
      if (written) yield ',';
      yield page.json;
      written = true;
      continue;
    }
    let first = true;
    for await (const piece of page.json) {
      if (first && written) yield ',';
      first = false;
      yield piece;
      written = true;
    }
  }
}

/** The caller's saved columns for a list, read in the totals' round trip. */
const settingsOf = (def: ListDefinition, userId: number) =>
  sql`(select ${listSettings.settings} from ${listSettings} where ${listSettings.userId} = ${userId} and ${listSettings.section} = ${def.key})`;

/**
 * Row count and footers over the whole filtered set, as one aggregate query (never a window count);
 * with `settingsOf`, that user's column settings ride along in the same statement.
 */
export async function selectTotals(
  db: DbOrTx,
  def: ListDefinition,
  compiled: CompiledList,
  opts: { settingsOf?: number; user?: AuthUser } = {},
): Promise<{ total: number; sum: Record<string, number>; settings: ListSettings | null }> {
  const footed = def.columns.filter((c) => c.footer);
  const kept = opts.user && def.totals ? def.totals(opts.user, compiled) : null;
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
  const settings = opts.settingsOf === undefined ? sql`` : sql`, ${settingsOf(def, opts.settingsOf)} as __settings`;
  const live = (also: SQL) =>
    sql`select count(*) as __total ${sql.join(aggregates, sql``)}${also} from ${fromWith(def, compiled.from, joins)} where ${compiled.where}`;
  let [row] = await rowsOf(db, kept ? sql`select __kept.*${settings} from (${kept}) __kept` : live(settings));
  // A null count: the kept totals declined this request after all (see ListDefinition.totals).
  if (kept && row && row.__total === null) {
    const [summed] = await rowsOf(db, live(sql``));
    row = { ...summed, __settings: row.__settings };
  }
  const sum: Record<string, number> = {};
  for (const c of footed) {
    const v = Number(row?.[c.id] ?? 0);
    sum[c.id] = c.dollar && c.footer === 'sum' ? v / 100 : v;
  }
  const saved = row?.__settings as ListSettings | null | undefined;
  return { total: Number(row?.__total ?? 0), sum, settings: saved ? normalizeSettings(def, saved) : null };
}

/** Options of the list filters: distinct values within the caller's scope (not the filters). */
async function selectOptions(
  db: DbOrTx,
  def: ListDefinition,
  user: AuthUser,
  from: SQL,
): Promise<Record<string, FilterOption[]>> {
  const columns = def.columns.filter((c) => c.filter === 'list');
  const base = def.base(user) ?? sql`true`;
  const entries = await Promise.all(
    columns.map(async (c) => {
      const expr = c.filterSql ?? c.sql;
      const declared = typeof c.options === 'function' ? c.options(user) : c.options;
      const query =
        declared ??
        sql`select distinct ${expr} as value, (${c.sql})::text as label from ${fromWith(def, from, c.joins ?? [])} where ${base} and ${expr} is not null order by 2 limit ${OPTIONS_LIMIT}`;
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

export type RunListOptions = {
  args?: ListArgs;
  /** Rows per batch of a streamed 'All' (STREAM_BATCH); a test asks for small ones. */
  batch?: number;
};

/**
 * A picker's choices from a list (its `lookup`): the caller's scope and the list's filters, the
 * lookup's own match on the typed text and its order, the named columns, at most `limit` rows.
 */
export async function lookupList<Row = Record<string, unknown>>(
  db: DbOrTx,
  def: ListDefinition,
  user: AuthUser,
  opts: { text: string; limit: number; columns: readonly string[]; filters?: Record<string, unknown> },
): Promise<Row[]> {
  if (!def.lookup) throw new Error(`List ${def.key} declares no lookup`);
  const compiled = compileList(def, user, { filters: opts.filters ?? {}, limit: opts.limit, with_options: false });
  const text = opts.text.trim();
  const byId = new Map(def.columns.map((c) => [c.id, c]));
  const columns = opts.columns.map((id) => {
    const c = byId.get(id);
    if (!c) throw new Error(`List ${def.key}: lookup column ${id} unknown`);
    return c;
  });
  const lookup: CompiledList = {
    ...compiled,
    where: text ? sql`${compiled.where} and ${def.lookup.match(text)}` : compiled.where,
    orderBy: sql`${def.lookup.orderBy}, ${def.rowKey} asc`,
  };
  const page = await refuseDataErrors(
    fetchPage(db, def, lookup, { limit: opts.limit, offset: 0, columns, oneQuery: true }),
  );
  return page.rows as Row[];
}

/** A list answer whose rows may still be coming ('All' streamed by the list routes). */
export type ListAnswer<Row = Record<string, unknown>> = Omit<ListResponse<Row>, 'rows'> & {
  rows: Row[] | JsonRows;
};

/** A row key as the request names it: digits are a number (an integer key compares without a cast). */
const rowKeyValue = (key: string | number) => (typeof key === 'string' && /^\d{1,15}$/.test(key) ? Number(key) : key);

/**
 * The rows of `keep` (just saved on the screen) that the filters or the search leave out, each
 * with what hides it: the filters' column ids, and 'search'. Rows the list removes on save
 * (`removedOnSave`) and rows out of the caller's scope are never kept.
 */
async function selectKept(
  db: DbOrTx,
  def: ListDefinition,
  compiled: CompiledList,
  keep: readonly (string | number)[],
): Promise<KeptRow<Record<string, unknown>>[]> {
  const hiding = [
    ...compiled.conditions,
    ...(compiled.searched ? [{ id: 'search', where: compiled.searched.where }] : []),
  ];
  if (!keep.length || !hiding.length) return [];
  const display = displayOf(def, compiled, def.columns, keep.length);
  const flags = sql.join(
    hiding.map((h, i) => sql`coalesce((${h.where}), false) as ${sql.identifier(`__h${i}`)}`),
    sql`, `,
  );
  const keys = sql.join(
    keep.map((k) => sql`${rowKeyValue(k)}`),
    sql`, `,
  );
  const removed = def.removedOnSave ? sql` and not coalesce((${def.removedOnSave}), false)` : sql``;
  const joins = new Set([...compiled.joins, ...display.joins, ...(compiled.searched?.joins ?? [])]);
  const raw = await rowsOf(
    db,
    sql`select ${display.select}, ${flags}, ${def.rowKey} as __k from ${fromWith(def, compiled.from, joins)}
      where ${compiled.scope} and ${def.rowKey} in (${keys})${removed}`,
  );
  const order = keep.map((k) => String(k));
  return raw
    .map((r) => ({
      row: outputRow(def.columns, r),
      hidden_by: hiding.filter((_, i) => !r[`__h${i}`]).map((h) => h.id),
      key: String(r.__k),
    }))
    .filter((k) => k.hidden_by.length > 0)
    .sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key))
    .map(({ row, hidden_by }) => ({ row, hidden_by }));
}

/**
 * A search that finds nothing under the filters: how many rows it matches in the caller's scope
 * without them (null when none, or when nothing was filtered), so the screen can offer to show them.
 */
async function selectOutside(
  db: DbOrTx,
  def: ListDefinition,
  compiled: CompiledList,
  total: number,
): Promise<OutsideMatches | null> {
  if (total > 0 || !compiled.searched || !compiled.conditions.length) return null;
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${fromWith(def, compiled.from, compiled.searched.joins)} where ${compiled.scope} and ${compiled.searched.where}`,
  );
  const count = Number(row?.n ?? 0);
  return count > 0 ? { count, filters: compiled.conditions.map((c) => c.id) } : null;
}

async function answer(
  db: DbOrTx,
  def: ListDefinition,
  user: AuthUser,
  body: unknown,
  opts: RunListOptions & { stream: boolean },
): Promise<ListAnswer> {
  const compiled = compileList(def, user, body, { ...opts, withDefaults: true });
  const { limit, page, with_options } = compiled.query;
  const all = isAllRows(limit);
  const stream = all && opts.stream;
  const batch = opts.batch ?? STREAM_BATCH;
  const firstBatch = stream
    ? fetchPage(db, def, compiled, { limit: Math.min(batch, LIST_ROW_CAP), after: null, asJson: true })
    : fetchPage(db, def, compiled, { limit: all ? LIST_ROW_CAP : limit, offset: all ? 0 : (page - 1) * limit });
  firstBatch.catch(() => {});
  const cursors = stream ? batchCursors(db, def, compiled, batch, LIST_ROW_CAP) : null;
  cursors?.catch(() => {});
  // 'All': the batches after the first start as soon as their cursors are known, while the first
  // batch and the totals are still being read (waiting for the first cost a batch's time).
  const rest =
    stream && cursors
      ? concurrentBatches(db, def, compiled, {
          batch,
          max: LIST_ROW_CAP,
          first: firstBatch,
          cursors: refuseDataErrors(cursors),
          concurrency: ALL_CONCURRENCY,
        })
      : null;
  const [first, totals, filter, kept] = await refuseDataErrors(
    Promise.all([
      firstBatch,
      selectTotals(db, def, compiled, { settingsOf: user.id, user }),
      with_options ? selectOptions(db, def, user, compiled.from) : Promise.resolve({}),
      selectKept(db, def, compiled, compiled.query.keep),
    ]),
  );
  const outside = await refuseDataErrors(selectOutside(db, def, compiled, totals.total));
  return {
    rows: rest ? new JsonRows(jsonPieces(rest)) : first.rows,
    limit,
    order: compiled.order,
    sort: compiled.sort,
    page: all ? 1 : page,
    total: totals.total,
    sum: totals.sum,
    filter,
    settings: totals.settings,
    columns: columnMeta(def),
    notice: all && totals.total > LIST_ROW_CAP ? listCapNotice(totals.total) : null,
    can_export: mayExport(def, user),
    search_fields: searchFields(def),
    defaults: compiled.defaults,
    kept,
    outside,
  };
}

/**
 * The one runner: page, totals (with the caller's column settings) and filter options, in
 * parallel. "All" answers at most LIST_ROW_CAP rows with a notice; Export streams every row.
 */
export async function runList<Row = Record<string, unknown>>(
  db: DbOrTx,
  def: ListDefinition,
  user: AuthUser,
  body: unknown,
  opts: RunListOptions = {},
): Promise<ListResponse<Row>> {
  return (await answer(db, def, user, body, { ...opts, stream: false })) as ListResponse<Row>;
}

/** The same answer for an HTTP route: 'All' comes as keyset batches the route streams out. */
export function runListStreamed(
  db: DbOrTx,
  def: ListDefinition,
  user: AuthUser,
  body: unknown,
  opts: RunListOptions = {},
): Promise<ListAnswer> {
  return answer(db, def, user, body, { ...opts, stream: true });
}
