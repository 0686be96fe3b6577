import { and, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../errors';
import type { RecordTable } from './define-record';
import { isUniqueViolation } from './record.service';

/**
 * Child lines drawn from sources that may be claimed once: a load on one pay statement, a fuel row,
 * an instalment, an invoice line. The line table carries a unique index over its source key, so a
 * source is on at most one owner even when two requests claim it at once (the second waits on the
 * index, then fails); the engine answers that as a 422 on `field`.
 */
export type ClaimSpec = {
  table: RecordTable;
  /** The line's column holding its owner's id (the statement, the invoice). */
  owner: AnyPgColumn;
  /** The form field a refused claim answers on, and its message. */
  field: string;
  message: string;
};

export type Claims = ClaimSpec & { kind: 'claims' };

export const defineClaims = (spec: ClaimSpec): Claims => ({ ...spec, kind: 'claims' });

/** Inserts the owner's lines; a source already claimed (by another owner, or twice here) is a 422. */
export async function claimLines(
  tx: DbOrTx,
  claims: Claims,
  ownerId: number,
  lines: ReadonlyArray<Record<string, unknown>>,
): Promise<Array<Record<string, unknown>>> {
  if (!lines.length) return [];
  const ownerKey = keyOf(claims.table, claims.owner);
  try {
    return (await tx
      .insert(claims.table)
      .values(lines.map((l) => ({ ...l, [ownerKey]: ownerId })))
      .returning()) as Array<Record<string, unknown>>;
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.invalidField(claims.field, claims.message);
    throw err;
  }
}

/** Releases the owner's lines (all, or those `where` selects): their sources may be claimed again. */
export async function releaseLines(tx: DbOrTx, claims: Claims, ownerId: number, where?: SQL): Promise<number> {
  const gone = await tx
    .delete(claims.table)
    .where(and(eq(claims.owner, ownerId), where))
    .returning({ id: claims.table.id });
  return gone.length;
}

function keyOf(table: RecordTable, column: AnyPgColumn): string {
  for (const [key, c] of Object.entries(getTableColumns(table))) if (c === column) return key;
  throw new Error('claims: the owner column is not in its table');
}
