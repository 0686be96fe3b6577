// A list request compiled to SQL: the filters' conditions, the search, the sort, FROM with the
// joins they need. No client text ever becomes SQL; an unknown or malformed part is a 422.
import { type AddressFilter, FILTER_SCHEMAS, type ListQuery, ListRequestSchema } from '@backhaul/shared';
import type { DateFilter, NumberFilter } from '@backhaul/shared/list/list.contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../auth/access';
import { AppError, type FieldErrors } from '../errors';
import { type CompiledList, joinSql, type ListArgs, type ListColumn, type ListDefinition } from './define-list';

const COMPANY_TZ = 'America/Chicago';

/** The parts of a list query every runner shares: FROM, WHERE, ORDER BY and the joins they need. */
export type { CompiledList } from './define-list';

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
      return value.value === 1 ? sql`(${expr}) is true` : (col.offSql ?? sql`(${expr}) is not true`);
    case 'checkbox':
      return value.value ? sql`(${expr}) is true` : (col.offSql ?? sql`(${expr}) is not true`);
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
export function compileList(
  def: ListDefinition,
  user: AuthUser,
  body: unknown,
  opts: { args?: ListArgs; withDefaults?: boolean } = {},
): CompiledList {
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

  const defaults = opts.withDefaults ? defaultFilters(def, user, query) : {};
  const filtered: CompiledList['conditions'] = [];
  for (const [id, raw] of Object.entries({ ...defaults, ...query.filters })) {
    const col = byId.get(id);
    if (!col) {
      errors[`filters.${id}`] = [`Unknown column "${id}".`];
      continue;
    }
    // null: no filter on the column (a default the user cleared).
    if (raw === null) continue;
    const condition = filterCondition(col, raw, errors);
    if (condition) {
      conditions.push(condition);
      filtered.push({ id, where: condition });
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

  const column = sortCol as ListColumn;
  const sortExpr = column.sortSql ?? column.sql;
  use(column);
  const orderBy = sql`${sortExpr} ${DIRECTION[order]}, ${def.rowKey} ${DIRECTION[order]}`;
  const where = conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
  const from = typeof def.from === 'function' ? def.from(user, opts.args ?? {}) : def.from;
  // Only a declared NOT NULL table column, shown and sorted as itself, is known never to be null.
  const sortNullable = !(column.column?.notNull && !column.sortSql);
  return {
    query,
    from,
    where,
    orderBy,
    sort,
    order,
    sortExpr,
    sortNullable,
    joins,
    scope: base ?? sql`true`,
    conditions: filtered,
    searched,
    defaults,
  };
}

/**
 * The list's default filters this request takes: those for columns it sets no filter on (null
 * counts as set: the user cleared it), none at all when it searches a list whose search looks past them.
 */
function defaultFilters(def: ListDefinition, user: AuthUser, query: ListQuery): Record<string, unknown> {
  if (!def.defaults) return {};
  if (def.defaults.searchPast && query.search.trim()) return {};
  const all = def.defaults.filters(user, query.filters);
  return Object.fromEntries(Object.entries(all).filter(([id]) => !(id in query.filters)));
}

export const DIRECTION = { asc: sql`asc`, desc: sql`desc` } as const;

/** A compiled list's FROM with the joins its filters need (and any others named): for a module's own aggregates. */
export const listFrom = (def: ListDefinition, compiled: CompiledList, joins: Iterable<string> = compiled.joins) =>
  fromWith(def, compiled.from, joins);

/** FROM and the named joins, in the order the list declares them: a join may use those declared before it. */
export function fromWith(def: ListDefinition, from: SQL, joins: Iterable<string>): SQL {
  const declared = Object.keys(def.joins ?? {});
  const names = [...new Set(joins)].sort((a, b) => declared.indexOf(a) - declared.indexOf(b));
  if (!names.length) return from;
  return sql`${from} ${sql.join(
    names.map((n) => joinSql(def.joins?.[n] as SQL)),
    sql` `,
  )}`;
}
