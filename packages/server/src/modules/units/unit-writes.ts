import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { writeAudit } from '../../platform/audit/audit';
import type { AuthUser } from '../../platform/auth/access';
import type { FieldErrors } from '../../platform/errors';
import { type Assignment, recordAssignment, removeUnitParts, type UnitKind } from './units.service';

/**
 * The write steps trucks and trailers share; each module keeps its own table, form columns and
 * checks, and calls these inside its transaction (the audit goes in the same transaction).
 * The audit entity is the kind's table: 'trucks' or 'trailers'.
 */
const actorOf = (user: AuthUser) => ({ id: user.id, companyId: user.companyId });
const entityOf = (kind: UnitKind) => `${kind.type}s`;

/**
 * The start of a unit form's checks: `exists` says whether an id the form names is the company's
 * (null passes), and the customer must be one of the company's — a customer user's own.
 */
export async function unitFormChecks(
  db: DbOrTx,
  user: AuthUser,
  customerId: number | null,
): Promise<{ errors: FieldErrors; exists: (table: string, value: number | null) => Promise<boolean> }> {
  const errors: FieldErrors = {};
  const exists = async (table: string, value: number | null) => {
    if (value === null) return true;
    const { rows } = (await db.execute(
      sql`select 1 from ${sql.identifier(table)} where id = ${value} and company_id = ${user.companyId}`,
    )) as unknown as { rows: unknown[] };
    return Boolean(rows[0]);
  };
  if (!(await exists('customers', customerId))) errors.customer_id = ['Choose a customer from the list.'];
  if (user.customerId && customerId !== user.customerId) errors.customer_id = ['Choose your own company.'];
  return { errors, exists };
}

/**
 * After a unit's insert or update: the assignment history (when its customer, driver or trailer
 * changed), then the audit with the unit as `read` gives it back; answers that unit.
 */
export async function auditUnitWrite<T>(
  tx: DbOrTx,
  opts: {
    user: AuthUser;
    kind: UnitKind;
    unitId: number;
    action: 'create' | 'update';
    assignment: { before: Assignment; after: Assignment };
    /** The unit before an update (the audit's before). */
    before?: T;
    read: () => Promise<T>;
  },
): Promise<T> {
  await recordAssignment(tx, { user: opts.user, kind: opts.kind, unitId: opts.unitId, ...opts.assignment });
  const unit = await opts.read();
  await writeAudit(tx, {
    actor: actorOf(opts.user),
    entity: entityOf(opts.kind),
    entityId: opts.unitId,
    action: opts.action,
    ...(opts.before === undefined ? {} : { before: opts.before }),
    after: unit,
  });
  return unit;
}

/** …/updateTruckCustomer: the assignment change from a date, audited on the unit only when it changed. */
export async function auditAssignmentChange<T>(
  tx: DbOrTx,
  opts: {
    user: AuthUser;
    kind: UnitKind;
    unitId: number;
    assignment: { before: Assignment; after: Assignment };
    fromDate: string | null;
    before: T;
    read: () => Promise<T>;
  },
): Promise<void> {
  const changed = await recordAssignment(tx, {
    user: opts.user,
    kind: opts.kind,
    unitId: opts.unitId,
    ...opts.assignment,
    fromDate: opts.fromDate,
  });
  if (!changed) return;
  await writeAudit(tx, {
    actor: actorOf(opts.user),
    entity: entityOf(opts.kind),
    entityId: opts.unitId,
    action: 'update',
    before: opts.before,
    after: await opts.read(),
  });
}

/** A unit's delete, after `remove` took its row: its equipment, notes, values and history go too; the audit keeps the record. */
export async function deleteUnitParts(
  tx: DbOrTx,
  opts: { user: AuthUser; kind: UnitKind; unitId: number; before: unknown },
): Promise<void> {
  await removeUnitParts(tx, opts.kind, opts.unitId);
  await writeAudit(tx, {
    actor: actorOf(opts.user),
    entity: entityOf(opts.kind),
    entityId: opts.unitId,
    action: 'delete',
    before: opts.before,
  });
}
