import { recordRoutes } from '@backhaul/shared';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { caller } from '../auth/guard';
import type { App, AppDeps } from '../http/types';
import { defineList, type ListColumn, type ListDefinition } from '../list/define-list';
import { registerListRoute } from '../list/list.routes';
import { runList } from '../list/run-list';
import { defineRecord, type RecordDefinition, type RecordSpec, type RecordTable } from './define-record';
import { type RecordRoutesOptions, registerRecordRoutes } from './record.routes';

/** A list column over one of the table's own columns (a renamed column fails to compile). */
export type ResourceColumn = Omit<ListColumn, 'sql'> & { column: AnyPgColumn };

export type ResourceSpec<E extends string, T extends RecordTable, F, Row> = RecordSpec<E, T, F, Row> & {
  /** Where its calls live, e.g. '/info/company': GET list, GET create, GET :id/edit, POST, PUT :id, DELETE :id. */
  base: `/${string}`;
  /** The list key (settings, export) and title. */
  key: string;
  title: string;
  columns: ResourceColumn[];
  defaultSort: ListDefinition['defaultSort'];
};

export type Resource<E extends string, T extends RecordTable, F, Row> = {
  base: `/${string}`;
  record: RecordDefinition<E, T, F, Row>;
  list: ListDefinition;
};

/**
 * A small list in one declaration: the record (scope, form, messages, rules) and its list over the
 * same table and the same scope. `registerResource` mounts both.
 */
export function defineResource<E extends string, T extends RecordTable, F, Row>(
  spec: ResourceSpec<E, T, F, Row>,
): Resource<E, T, F, Row> {
  const { base, key, title, columns, defaultSort, ...recordSpec } = spec;
  const record = defineRecord(recordSpec);
  const list = defineList({
    key,
    title,
    section: spec.section,
    from: sql`${spec.table}`,
    rowKey: sql`${spec.table.id}`,
    base: record.scope,
    defaultSort,
    columns: columns.map(({ column, ...c }) => ({ ...c, sql: sql`${column}` })),
  });
  return { base, record, list };
}

/**
 * GET base (the first page) and POST base/list (any page, filters, sort) answered by the list
 * engine, plus the record's calls under base; the record answers under `item` unless `key` says.
 */
export function registerResource<E extends string, T extends RecordTable, F, Row>(
  app: App,
  deps: Pick<AppDeps, 'database'>,
  resource: Resource<E, T, F, Row>,
  opts: Omit<RecordRoutesOptions<Row>, 'routes' | 'key'> & { key?: string | null },
): void {
  const { db } = deps.database;
  const { base, list, record } = resource;
  const access = opts.access?.get ?? { section: record.section };
  registerListRoute(app, db, list, { url: `${base}/list`, tags: opts.tags, access });
  app.get(base, {
    config: { access },
    schema: { tags: opts.tags },
    handler: (req) => runList(db, list, caller(req).user, {}),
  });
  registerRecordRoutes(app, deps, record, {
    ...opts,
    routes: recordRoutes(base),
    key: opts.key === undefined ? 'item' : opts.key,
  });
}
