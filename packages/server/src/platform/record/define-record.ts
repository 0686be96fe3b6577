import { MSG } from '@backhaul/shared';
import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { type AuditName, auditEntity } from '../audit/audit';
import type { AuthUser } from '../auth/access';
import type { References } from '../module-hooks';

/** A table the engine can write: an integer `id` primary key (and usually a `companyId`). */
export type RecordTable = PgTable & { id: AnyPgColumn };

/** The rows a caller may reach, as one condition (undefined: every row). Lists use it as `base`. */
export type RowScope = (user: AuthUser) => SQL | undefined;

export type RecordOf<T extends RecordTable> = T['$inferSelect'];
export type ValuesOf<T extends RecordTable> = Partial<T['$inferInsert']>;

/** What every step of a write sees: the transaction and the caller. */
export type RecordContext = { tx: DbOrTx; user: AuthUser };

export type SaveContext<T extends RecordTable, F> = RecordContext & {
  /** null on create. */
  id: number | null;
  /** The parent's id of a record that lives under another one (null otherwise). */
  parentId: number | null;
  /** The record as it was, read under a row lock (null on create). */
  before: RecordOf<T> | null;
  form: F;
};

export type DeleteContext<T extends RecordTable> = RecordContext & { id: number; before: RecordOf<T> };

/**
 * Business rules around the skeleton, in the write's transaction, with the caller and the record
 * before and after: throw an AppError to refuse (`AppError.validation`, `.precondition`).
 */
export type RecordHooks<T extends RecordTable, F> = {
  beforeSave?: (ctx: SaveContext<T, F>) => Promise<void> | void;
  afterSave?: (ctx: SaveContext<T, F> & { after: RecordOf<T> }) => Promise<void> | void;
  beforeDelete?: (ctx: DeleteContext<T>) => Promise<void> | void;
  afterDelete?: (ctx: DeleteContext<T>) => Promise<void> | void;
};

/**
 * A value that must not repeat (e.g. a city within its state, a year within a unit's values):
 * checked in the transaction within the caller's scope, and on the database's unique index; 422 on `field`.
 */
export type UniqueRule<F> = {
  field: string;
  where: (form: F, ctx: { parentId: number | null }) => SQL | undefined;
  message: (form: F) => string;
};

/**
 * A record that lives under another one (a truck's notes, a work order's lines): the column
 * holding the parent's id, and which parents a caller reaches (`reachable(parentRecord, …)`).
 * It is created with the parent's id from the URL; a parent out of reach is a 404.
 */
export type ParentSpec = { column: AnyPgColumn; reach: (user: AuthUser, id: SQL | AnyPgColumn) => SQL };

/**
 * Rows owned by the record, written in the same transaction after it (notes, inventory items):
 * - `remove`: ids the dialog drafted for deletion; every one must be this record's, else 422 on
 *   `removeField`; all or none, each audited;
 * - `rows`: rows to add (no id) or update (an id of this record's, else 422 on `<field>.<n>.<errorKey>`).
 */
export type ChildSpec<F> = {
  /** Its rows are audited under the table's name. */
  table: RecordTable;
  /** The child's column holding the record's id. */
  owner: AnyPgColumn;
  field: string;
  remove?: (form: F) => readonly number[];
  removeField?: string;
  rows?: (form: F, ctx: RecordContext) => Array<{ id?: number | undefined; values: Record<string, unknown> }>;
  errorKey?: string;
  /** The message of a row id that is not this record's. */
  notOwned?: string;
};

/** `refused`: the start of a refused delete's message, before what holds the record ('Deletion error: 12 invoices'). */
export type RecordMessages = { created: string; updated: string; deleted: string; refused: string };

export type RecordSpec<T extends RecordTable, F, Row> = {
  /** Its rows, audited under the table's name (`record.entity`, read by `defineChangeLog({ record })`). */
  table: T;
  /** The permission section of its routes (create 8, edit 9, view 10, delete 11). */
  section: number;
  /**
   * Company scope comes from `table.companyId` unless `company: false` (reference data shared by
   * every company); `row` narrows it for the caller (a customer user's own customer).
   */
  scope?: { company?: boolean; row?: RowScope };
  parent?: ParentSpec;
  /** The contract's form schema: routes validate bodies with it, the web its dialog. */
  form: z.ZodType<F>;
  /** The contract's schema of `toRow`'s answer (documents the routes). */
  row: z.ZodType<Row>;
  /**
   * The record as the contract answers it (may read names behind ids in the transaction).
   * Default: each key of `row` from the column of the same name (`zip_codes` ← `zipCodes`).
   */
  toRow?: (record: RecordOf<T>, ctx: RecordContext) => Row | Promise<Row>;
  /**
   * The columns a form writes (the engine adds companyId on create and updatedAt on update).
   * Default: each form value into the column of the same name; '' is stored as null.
   */
  toValues?: (form: F, ctx: SaveContext<T, F>) => ValuesOf<T>;
  /** What the audit keeps before and after (default: the row). */
  audit?: (record: RecordOf<T>, ctx: RecordContext) => unknown;
  /** Skip an update's audit row when what the audit keeps is unchanged (a save that changed nothing leaves no history). */
  auditUnchanged?: boolean;
  messages?: Partial<RecordMessages>;
  /** Rules, or a form field's name: that text unique (any case) within the scope. */
  unique?: Array<UniqueRule<F> | (keyof F & string)>;
  children?: ChildSpec<F>[];
  hooks?: RecordHooks<T, F>;
  /**
   * The rows of other records that point at this one (`references()`, each kind registered by the
   * module that owns those rows): a delete while any does is refused (412) with `messages.refused`
   * and what holds it, counted ('Deletion error: 12 invoices, 3 trips'), before `beforeDelete`.
   */
  heldBy?: References;
  /** Whether the record is active: a refused delete says `can_deactivate` when it is (the web offers "Make inactive instead"). */
  active?: (record: RecordOf<T>) => boolean;
};

export type RecordDefinition<T extends RecordTable = RecordTable, F = unknown, Row = unknown> = Omit<
  RecordSpec<T, F, Row>,
  'scope' | 'messages' | 'toRow' | 'toValues' | 'unique'
> & {
  /** The audit entity of its rows: the table's name, derived (never spelled by hand). */
  entity: AuditName<T['_']['name']>;
  /** The one row scope of this record; its list declares `base: record.scope`. */
  scope: RowScope;
  messages: RecordMessages;
  toRow: NonNullable<RecordSpec<T, F, Row>['toRow']>;
  toValues: NonNullable<RecordSpec<T, F, Row>['toValues']>;
  unique: UniqueRule<F>[];
};

/** Any record, whatever its table, form and row. */
// biome-ignore lint/suspicious/noExplicitAny: a definition's own types are checked where it is declared
export type AnyRecord = RecordDefinition<any, any, any>;

/** Case-insensitive equality, the usual unique rule on a name. */
export const sameText = (column: AnyPgColumn, value: string): SQL => sql`lower(${column}) = lower(${value})`;

const camel = (key: string) => key.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());

/** The table's column for a contract key (`zip_codes` → `zipCodes`), or an error naming both. */
export function columnOf(table: RecordTable, key: string): AnyPgColumn {
  const column = (getTableColumns(table) as Record<string, AnyPgColumn>)[camel(key)];
  if (!column) throw new Error(`No column ${camel(key)} for ${key}`);
  return column;
}

const companyColumn = (table: RecordTable): AnyPgColumn | undefined =>
  (table as unknown as { companyId?: AnyPgColumn }).companyId;

/**
 * Declares a record once: table, section, scope, form, mapping, messages, rules and children.
 * The operations (`getRecord`, `createRecord`, `updateRecord`, `deleteRecord`) and the routes
 * (`registerRecordRoutes`) do the rest.
 */
export function defineRecord<T extends RecordTable, F, Row>(spec: RecordSpec<T, F, Row>): RecordDefinition<T, F, Row> {
  const entity = auditEntity(spec.table);
  const company = spec.scope?.company ?? true;
  const column = companyColumn(spec.table);
  if (company && !column) throw new Error(`Record ${entity}: the table has no companyId; say scope.company: false`);
  const row = spec.scope?.row;
  const parent = spec.parent;
  const scope: RowScope = (user) =>
    and(
      company && column ? eq(column, user.companyId) : undefined,
      row ? row(user) : undefined,
      parent ? parent.reach(user, parent.column) : undefined,
    );
  const columns = getTableColumns(spec.table) as Record<string, AnyPgColumn>;
  const rowKeys = Object.keys((spec.row as unknown as z.ZodObject).shape ?? {});
  for (const key of spec.toRow ? [] : rowKeys) columnOf(spec.table, key);
  const toRow = (record: RecordOf<T>) =>
    Object.fromEntries(rowKeys.map((k) => [k, (record as Record<string, unknown>)[camel(k)] ?? null])) as Row;
  const toValues = (form: F) =>
    Object.fromEntries(
      Object.entries(form as Record<string, unknown>)
        .filter(([k]) => camel(k) in columns)
        .map(([k, v]) => [camel(k), v === '' ? null : v]),
    ) as ValuesOf<T>;
  const unique = (spec.unique ?? []).map((rule): UniqueRule<F> => {
    if (typeof rule !== 'string') return rule;
    const column = columnOf(spec.table, rule);
    const value = (form: F) => String((form as Record<string, unknown>)[rule] ?? '');
    return {
      field: rule,
      where: (form) => sameText(column, value(form)),
      message: (form) => `${value(form)} is already in the list.`,
    };
  });
  return {
    ...spec,
    entity,
    toRow: spec.toRow ?? toRow,
    toValues: spec.toValues ?? toValues,
    unique,
    scope,
    messages: {
      created: spec.messages?.created ?? MSG.savingSuccess,
      updated: spec.messages?.updated ?? MSG.savingSuccess,
      deleted: spec.messages?.deleted ?? MSG.removalSuccess,
      refused: spec.messages?.refused ?? MSG.deletionError,
    },
  };
}

/** Whether the caller reaches record `id` of `record` (its scope), as a condition other queries embed. */
export const reachable = (
  record: Pick<RecordDefinition, 'table' | 'scope'>,
  user: AuthUser,
  id: SQL | AnyPgColumn,
): SQL => sql`exists (select 1 from ${record.table} where ${and(eq(record.table.id, id), record.scope(user))})`;
