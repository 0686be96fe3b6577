import { recordRoutes } from '@backhaul/shared';
import { type FieldKind, formFields } from '@backhaul/shared/forms/fields';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { App, AppDeps } from '../http/types';
import { defineList, type ListColumn, type ListDefinition } from '../list/define-list';
import { registerListRoute } from '../list/list.routes';
import { columnOf, defineRecord, type RecordDefinition, type RecordSpec, type RecordTable } from './define-record';
import { type RecordRoutesOptions, registerRecordRoutes } from './record.routes';

/**
 * A list column over one of the table's own columns (a renamed column fails to compile), or an
 * expression over the resource's `joins` (a name behind an id).
 */
export type ResourceColumn = Omit<ListColumn, 'sql'> & ({ column: AnyPgColumn } | { sql: SQL });

export type ResourceSpec<T extends RecordTable, F, Row> = RecordSpec<T, F, Row> & {
  /** Where its calls live, e.g. '/info/company': GET list, GET create, GET :id/edit, POST, PUT :id, DELETE :id. */
  base: `/${string}`;
  /** The list key (settings, export) and title. */
  key: string;
  title: string;
  /** Default: the id, then each field the form declares, titled by its label, filtered by its kind. */
  columns?: ResourceColumn[];
  /** Default: the first field, ascending. */
  defaultSort?: ListDefinition['defaultSort'];
  /** LEFT JOINs its columns may name (see ListDefinition.joins). */
  joins?: ListDefinition['joins'];
};

const FILTER_OF: Record<FieldKind, Partial<ListColumn>> = {
  text: { filter: 'note', search: true },
  phone: { filter: 'note', search: true },
  textarea: { filter: 'note', search: true, clip: 40 },
  number: { filter: 'number' },
  money: { filter: 'number' },
  date: { filter: 'date', dateType: 'date' },
  select: { filter: 'list' },
  checkbox: { filter: 'checkbox' },
};

/** The list a form implies: its id, then its declared fields. */
function columnsOfForm(table: RecordTable, form: z.ZodType): ResourceColumn[] {
  return [
    { id: 'id', title: 'ID', column: table.id, filter: 'number', footer: 'count', align: 'left' },
    ...formFields(form).map((f) => ({
      id: f.name,
      title: f.label,
      column: columnOf(table, f.name),
      ...FILTER_OF[f.kind],
    })),
  ];
}

export type Resource<T extends RecordTable, F, Row> = {
  base: `/${string}`;
  record: RecordDefinition<T, F, Row>;
  list: ListDefinition;
};

/**
 * A small list in one declaration: the record (scope, form, messages, rules) and its list over the
 * same table and the same scope. `registerResource` mounts both.
 */
export function defineResource<T extends RecordTable, F, Row>(spec: ResourceSpec<T, F, Row>): Resource<T, F, Row> {
  const { base, key, title, joins, ...recordSpec } = spec;
  const record = defineRecord(recordSpec);
  const columns = spec.columns ?? columnsOfForm(spec.table, spec.form);
  const defaultSort = spec.defaultSort ?? { sort: columns[1]?.id ?? 'id', order: 'asc' as const };
  const list = defineList({
    key,
    title,
    section: spec.section,
    from: sql`${spec.table}`,
    rowKey: sql`${spec.table.id}`,
    base: record.scope,
    defaultSort,
    ...(joins ? { joins } : {}),
    columns: columns.map((c) => {
      if ('sql' in c) return c;
      const { column, ...rest } = c;
      return { ...rest, sql: sql`${column}` };
    }),
  });
  return { base, record, list };
}

/**
 * GET base (the first page) and POST base/list (any page, filters, sort) answered by the list
 * engine, plus the record's calls under base; the record answers under `item` unless `key` says.
 */
export function registerResource<T extends RecordTable, F, Row>(
  app: App,
  deps: Pick<AppDeps, 'database' | 'files'>,
  resource: Resource<T, F, Row>,
  opts: Omit<RecordRoutesOptions<Row>, 'routes' | 'key'> & {
    key?: string | null;
    /** The action every write needs where the section offers no create or delete (e.g. Settings: edit 9). */
    writeAction?: number;
  },
): void {
  const { db } = deps.database;
  const { base, list, record } = resource;
  const write = opts.writeAction === undefined ? null : { section: record.section, action: opts.writeAction };
  const writes = write ? { createForm: write, create: write, update: write, remove: write } : {};
  const access = opts.access?.get ?? { section: record.section };
  registerListRoute(app, db, list, { url: `${base}/list`, tags: opts.tags, access });
  registerListRoute(app, db, list, { url: base, method: 'GET', tags: opts.tags, access });
  registerRecordRoutes(app, deps, record, {
    ...opts,
    access: { ...writes, ...opts.access },
    routes: recordRoutes(base),
    key: opts.key === undefined ? 'item' : opts.key,
  });
}
