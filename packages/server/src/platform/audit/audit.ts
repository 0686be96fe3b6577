import type { DbOrTx } from '../../db/client';
import type { Actor } from '../auth/access';
import { auditLog } from './audit.table';

export type AuditActor = Actor | null;

export type AuditEntry = {
  actor: AuditActor;
  entity: string;
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
    entity: entry.entity,
    entityId: String(entry.entityId),
    action: entry.action,
    before: scrub(entry.before ?? null),
    after: scrub(entry.after ?? null),
  });
}
