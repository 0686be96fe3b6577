import { and, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../audit/audit';
import type { AuthUser } from '../auth/access';
import { AppError } from '../errors';

type OwnedTable = PgTable & { id: AnyPgColumn };

/**
 * Deletions a dialog drafted and sends in one call on save (…/destroyFiles, …/deleteExceptions):
 * all or nothing, in one transaction (a savepoint inside the caller's), each audited. Every id
 * must belong to the owner, else 422; `refuse` may veto a row with a message (e.g. a contract file is never deleted).
 */
export async function applyDraftedDeletions<Row extends Record<string, unknown>>(
  db: DbOrTx,
  opts: {
    actor: AuthUser;
    /** Its rows, each deletion audited under the table's name. */
    table: OwnedTable;
    ids: readonly number[];
    ownerColumn: AnyPgColumn;
    ownerId: number;
    field?: string;
    refuse?: (row: Row) => string | null;
  },
): Promise<number> {
  const field = opts.field ?? 'ids';
  const ids = [...new Set(opts.ids)];
  if (ids.length === 0) return 0;
  return (db as Db).transaction(async (tx) => {
    const rows = (await tx
      .select()
      .from(opts.table)
      .where(and(inArray(opts.table.id, ids), eq(opts.ownerColumn, opts.ownerId)))
      .for('update')) as unknown as Row[];
    if (rows.length !== ids.length)
      throw AppError.invalidField(field, 'One of the selected records does not belong here.');
    for (const row of rows) {
      const reason = opts.refuse?.(row);
      if (reason) throw AppError.invalidField(field, reason);
    }
    await tx.delete(opts.table).where(inArray(opts.table.id, ids));
    for (const row of rows) {
      await writeAudit(tx, {
        actor: opts.actor,
        entity: opts.table,
        entityId: String(row.id),
        action: 'delete',
        before: row,
      });
    }
    return rows.length;
  });
}
