import { getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../auth/access';
import { auditLog } from './audit.table';

export type AuditActor = Actor | null;

declare const auditNameBrand: unique symbol;

/**
 * The audit entity of a row: its table's SQL name (`trucks`), one name per table. Only
 * `auditEntity(table)` makes one, so no write and no reader spells a name by hand.
 */
export type AuditName<N extends string = string> = N & { readonly [auditNameBrand]: true };

/** What an audit row is about: the table of the row that changed (or its name, from `auditEntity`). */
export type AuditSubject = PgTable | AuditName;

/** The audit entity of `table`'s rows: its SQL name, typed as that name (`AuditName<'trucks'>`). */
export const auditEntity = <T extends PgTable>(table: T): AuditName<T['_']['name']> =>
  getTableName(table) as AuditName<T['_']['name']>;

const nameOf = (subject: AuditSubject): string => (typeof subject === 'string' ? subject : getTableName(subject));

export type AuditEntry = {
  actor: AuditActor;
  /** The table of the row that changed; the row is stored under the table's name. */
  entity: AuditSubject;
  entityId: string | number;
  action: 'create' | 'update' | 'delete' | string;
  before?: unknown;
  after?: unknown;
};

const SECRET_KEYS = /password|token|secret/i;

/** Drops secrets so the audit trail never stores a hash or a token. */
function scrub(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(scrub);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([k]) => !SECRET_KEYS.test(k))
        .map(([k, v]) => [k, scrub(v)]),
    );
  }
  return value;
}

/** The one audit writer. Call it with the transaction that makes the change. */
export async function writeAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    companyId: entry.actor?.companyId ?? null,
    userId: entry.actor?.id ?? null,
    entity: nameOf(entry.entity),
    entityId: String(entry.entityId),
    action: entry.action,
    before: scrub(entry.before ?? null),
    after: scrub(entry.after ?? null),
  });
}
