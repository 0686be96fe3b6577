import { and, eq, getTableColumns, getTableName, inArray, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { writeAudit } from '../audit/audit';
import type { AuthUser } from '../auth/access';
import { clock } from '../clock';
import { AppError } from '../errors';
import { applyDraftedDeletions } from '../registry/drafted-deletions';
import type {
  ChildSpec,
  RecordContext,
  RecordDefinition,
  RecordOf,
  RecordTable,
  SaveContext,
  ValuesOf,
} from './define-record';
import { refuseIfHeld } from './held-by';

// biome-ignore lint/suspicious/noExplicitAny: operations accept any record; its own types flow through the generics
type Rec<T extends RecordTable = any, F = any, Row = any> = RecordDefinition<T, F, Row>;
type Values = Record<string, unknown>;

/** Runs `fn` in a transaction, or in a savepoint when `db` already is one (composition from a service). */
export function inTransaction<R>(db: DbOrTx, fn: (tx: DbOrTx) => Promise<R>): Promise<R> {
  return (db as Db).transaction(fn);
}

const columnKey = (table: RecordTable, name: 'companyId' | 'updatedAt') =>
  name in getTableColumns(table) ? name : null;

/** The key of `column` in `table` (inserts name columns by key). */
const keyOf = (table: RecordTable, column: AnyPgColumn, what: string) => {
  const entry = Object.entries(getTableColumns(table)).find(([, c]) => c === column);
  if (!entry) throw new Error(`${what}: column not in its table`);
  return entry[0];
};

/** One record in the caller's scope (company, then the record's row scope); 404 when missing or out of scope. */
export async function findRecord<T extends RecordTable>(
  db: DbOrTx,
  record: Rec<T>,
  user: AuthUser,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<RecordOf<T>> {
  const query = db
    .select()
    .from(record.table as RecordTable)
    .where(and(eq(record.table.id, id), record.scope(user)));
  const [row] = opts.lock ? await query.for('update') : await query;
  if (!row) throw AppError.notFound();
  return row as RecordOf<T>;
}

/** The record as the contract answers it. */
export async function getRecord<T extends RecordTable, F, Row>(
  db: DbOrTx,
  record: Rec<T, F, Row>,
  user: AuthUser,
  id: number,
): Promise<Row> {
  return record.toRow(await findRecord(db, record, user, id), { tx: db, user });
}

const snapshot = <T extends RecordTable>(record: Rec<T>, row: RecordOf<T>, ctx: RecordContext) =>
  record.audit ? record.audit(row, ctx) : record.toRow(row, ctx);

/** A write refused by a unique index (SQLSTATE 23505), on either driver. */
export const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return (e.cause?.code ?? e.code) === '23505';
};

async function checkUnique<T extends RecordTable, F>(
  tx: DbOrTx,
  record: Rec<T>,
  user: AuthUser,
  form: F,
  ids: { id: number | null; parentId: number | null },
): Promise<void> {
  for (const rule of record.unique) {
    const { id, parentId } = ids;
    const [clash] = await tx
      .select({ id: record.table.id })
      .from(record.table as RecordTable)
      .where(and(record.scope(user), rule.where(form, { parentId }), id === null ? undefined : ne(record.table.id, id)))
      .limit(1);
    if (clash) throw AppError.invalidField(rule.field, rule.message(form));
  }
}

/** Drafted deletions first, then rows added or changed; each audited under the child's entity. */
async function writeChildren<F>(tx: DbOrTx, record: Rec, user: AuthUser, ownerId: number, form: F): Promise<void> {
  for (const child of (record.children ?? []) as ChildSpec<F>[]) {
    const drafted = child.remove?.(form) ?? [];
    if (drafted.length) {
      await applyDraftedDeletions(tx, {
        actor: user,
        table: child.table,
        ids: drafted,
        ownerColumn: child.owner,
        ownerId,
        field: child.removeField ?? child.field,
      });
    }
    const rows = child.rows?.(form, { tx, user }) ?? [];
    if (!rows.length) continue;
    const ids = rows.flatMap((r) => (r.id ? [r.id] : []));
    const existing = ids.length
      ? ((await tx
          .select()
          .from(child.table)
          .where(and(inArray(child.table.id, ids), eq(child.owner, ownerId)))) as Values[])
      : [];
    const byId = new Map(existing.map((r) => [r.id, r]));
    for (const [n, row] of rows.entries()) {
      if (!row.id) {
        const [created] = await tx
          .insert(child.table)
          .values({ [keyOf(child.table, child.owner, `Child ${getTableName(child.table)}`)]: ownerId, ...row.values })
          .returning();
        await writeAudit(tx, {
          actor: user,
          entity: child.table,
          entityId: String((created as Values).id),
          action: 'create',
          after: created,
        });
        continue;
      }
      const before = byId.get(row.id);
      if (!before) {
        throw AppError.invalidField(
          `${child.field}.${n}.${child.errorKey ?? 'id'}`,
          child.notOwned ?? 'One of the selected records does not belong here.',
        );
      }
      if (!Object.entries(row.values).some(([k, v]) => before[k] !== v)) continue;
      const [after] = await tx.update(child.table).set(row.values).where(eq(child.table.id, row.id)).returning();
      await writeAudit(tx, {
        actor: user,
        entity: child.table,
        entityId: String(row.id),
        action: 'update',
        before,
        after,
      });
    }
  }
}

/** The parent of a record that lives under another: the before-image's, or on create the one given, reachable (else 404). */
async function parentOf(
  tx: DbOrTx,
  record: Rec,
  user: AuthUser,
  before: Values | null,
  given: number | undefined,
): Promise<{ key: string; id: number } | null> {
  const { parent } = record;
  if (!parent) return null;
  const key = keyOf(record.table, parent.column, `Record ${record.entity}: parent`);
  if (before) return { key, id: Number(before[key]) };
  if (given === undefined) throw new Error(`Record ${record.entity} is created under a parent: give parentId`);
  const [reached] = await rowsOf<{ ok: boolean }>(tx, sql`select ${parent.reach(user, sql`${given}`)} as ok`);
  if (!reached?.ok) throw AppError.notFound();
  return { key, id: given };
}

/**
 * Creates (id null) or updates one record in one transaction: the before-image under a row lock
 * (404 out of scope), unique rules (422), `beforeSave`, the write, children, `afterSave`, and the
 * audit row with before and after. Answers the record as `toRow` gives it. A record that lives
 * under another is created with `opts.parentId`.
 */
export async function saveRecord<T extends RecordTable, F, Row>(
  db: DbOrTx,
  record: Rec<T, F, Row>,
  user: AuthUser,
  id: number | null,
  form: F,
  opts: { parentId?: number } = {},
): Promise<Row> {
  const { table } = record;
  return inTransaction(db, async (tx) => {
    const base: RecordContext = { tx, user };
    const before = id === null ? null : await findRecord(tx, record, user, id, { lock: true });
    const parent = await parentOf(tx, record, user, before as Values | null, opts.parentId);
    const parentId = parent?.id ?? null;
    const auditBefore = before ? await snapshot(record, before, base) : null;
    const ctx: SaveContext<T, F> = { ...base, id, parentId, before, form };
    await checkUnique(tx, record, user, form, { id, parentId });
    await record.hooks?.beforeSave?.(ctx);
    const values: ValuesOf<T> = record.toValues(form, ctx);
    const company = columnKey(table, 'companyId');
    const stamped = columnKey(table, 'updatedAt');
    let saved: Values | undefined;
    try {
      [saved] = (
        before
          ? await tx
              .update(table as RecordTable)
              .set({ ...values, ...(stamped ? { [stamped]: clock.now() } : {}) })
              .where(eq(table.id, id))
              .returning()
          : await tx
              .insert(table as RecordTable)
              .values({
                ...(company ? { [company]: user.companyId } : {}),
                ...(parent ? { [parent.key]: parent.id } : {}),
                ...values,
              })
              .returning()
      ) as Values[];
    } catch (err) {
      const rule = record.unique[0];
      if (rule && isUniqueViolation(err)) throw AppError.invalidField(rule.field, rule.message(form));
      throw err;
    }
    const savedId = Number(saved?.id);
    await writeChildren(tx, record, user, savedId, form);
    await record.hooks?.afterSave?.({ ...ctx, after: saved as RecordOf<T> });
    // Read again: children and hooks may have changed what the answer shows.
    const after = await findRecord(tx, record, user, savedId);
    const row = await record.toRow(after, base);
    const auditAfter = record.audit ? await record.audit(after, base) : row;
    if (before && record.auditUnchanged && JSON.stringify(auditBefore) === JSON.stringify(auditAfter)) return row;
    await writeAudit(tx, {
      actor: user,
      entity: record.entity,
      entityId: savedId,
      action: before ? 'update' : 'create',
      before: auditBefore,
      after: auditAfter,
    });
    return row;
  });
}

export const createRecord = <T extends RecordTable, F, Row>(
  db: DbOrTx,
  record: Rec<T, F, Row>,
  user: AuthUser,
  form: F,
  opts: { parentId?: number } = {},
): Promise<Row> => saveRecord(db, record, user, null, form, opts);

export const updateRecord = <T extends RecordTable, F, Row>(
  db: DbOrTx,
  record: Rec<T, F, Row>,
  user: AuthUser,
  id: number,
  form: F,
): Promise<Row> => saveRecord(db, record, user, id, form);

/** A batch row's errors under `<field>.<index>.` (a 404 of its id names the row's `id`). */
function prefixErrors(err: unknown, prefix: string): unknown {
  if (!(err instanceof AppError)) return err;
  if (err.kind === 'not_found') return AppError.invalidField(`${prefix}.id`, err.message);
  if (err.kind !== 'validation' || !err.fields) return err;
  const fields = Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [`${prefix}.${k}`, v]));
  return AppError.validation(fields, err.message);
}

/**
 * Saves several rows of one record in one transaction, all or none (a bulk edit, a month's
 * statements): each row through `saveRecord` (create when `id` is null), so scope, locks, rules and
 * audit are the same as one at a time; a row's errors answer as `<field>.<index>.<key>`.
 */
export async function saveRecords<T extends RecordTable, F, Row>(
  db: DbOrTx,
  record: Rec<T, F, Row>,
  user: AuthUser,
  rows: ReadonlyArray<{ id: number | null; form: F }>,
  opts: { field?: string; parentId?: number } = {},
): Promise<Row[]> {
  const field = opts.field ?? 'rows';
  return inTransaction(db, async (tx) => {
    const saved: Row[] = [];
    for (const [i, r] of rows.entries()) {
      try {
        saved.push(
          await saveRecord(
            tx,
            record,
            user,
            r.id,
            r.form,
            opts.parentId === undefined ? {} : { parentId: opts.parentId },
          ),
        );
      } catch (err) {
        throw prefixErrors(err, `${field}.${i}`);
      }
    }
    return saved;
  });
}

/**
 * Deletes one record in the caller's scope: lock, what holds it (412 naming it, counted, see
 * held-by.ts), `beforeDelete` (other rules), delete, `afterDelete`, audit.
 */
export async function deleteRecord<T extends RecordTable>(
  db: DbOrTx,
  record: Rec<T>,
  user: AuthUser,
  id: number,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const before = await findRecord(tx, record, user, id, { lock: true });
    await refuseIfHeld(tx, record, before as RecordOf<T> & { id: number });
    const auditBefore = await snapshot(record, before, { tx, user });
    const ctx = { tx, user, id, before };
    await record.hooks?.beforeDelete?.(ctx);
    await tx.delete(record.table as RecordTable).where(eq(record.table.id, id));
    await record.hooks?.afterDelete?.(ctx);
    await writeAudit(tx, { actor: user, entity: record.entity, entityId: id, action: 'delete', before: auditBefore });
  });
}

/**
 * A drafted deletion of children sent in its own call (…/deleteExceptions, …/destroyDescription):
 * every id must belong to one record the caller may edit, else 422 on `ids`; all or none, audited.
 */
export async function deleteDraftedChildren(
  db: DbOrTx,
  record: Rec,
  user: AuthUser,
  opts: { table: RecordTable; ids: readonly number[] },
): Promise<number> {
  const child = record.children?.find((c: ChildSpec<unknown>) => c.table === opts.table) as
    | ChildSpec<unknown>
    | undefined;
  if (!child) throw new Error(`Record ${record.entity} has no child ${getTableName(opts.table)}`);
  const refuse = () => AppError.invalidField('ids', 'One of the selected records does not belong here.');
  return inTransaction(db, async (tx) => {
    const owners = await tx
      .selectDistinct({ owner: child.owner })
      .from(child.table)
      .where(inArray(child.table.id, [...opts.ids]));
    const [first] = owners;
    if (owners.length !== 1 || !first) throw refuse();
    const ownerId = Number(first.owner);
    await findRecord(tx, record, user, ownerId, { lock: true }).catch(() => {
      throw refuse();
    });
    return applyDraftedDeletions(tx, {
      actor: user,
      table: child.table,
      ids: opts.ids,
      ownerColumn: child.owner,
      ownerId,
    });
  });
}
