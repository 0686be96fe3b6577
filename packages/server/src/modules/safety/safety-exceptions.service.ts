import { MSG } from '@backhaul/shared';
import type {
  SafetyExceptionFormOutput,
  SafetyExceptionRow,
  SafetyExceptionUpdateBodySchema,
} from '@backhaul/shared/modules/safety/safety.contract';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../platform/audit/audit';
import type { AuthUser } from '../../platform/auth/access';
import { createRecord, findRecord, inTransaction, updateRecord } from '../../platform/record/record.service';
import { drivers } from '../drivers';
import { safetyExceptionComments, safetyExceptions } from './safety.table';
import { safetyExceptionRecord, toExceptionRow } from './safety-exceptions.record';

/** The number of open exceptions (001 §4: open while status is truthy). */
export async function openExceptionCount(db: DbOrTx, user: AuthUser): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(safetyExceptions)
    .where(and(eq(safetyExceptions.companyId, user.companyId), sql`${safetyExceptions.status} <> 0`));
  return Number(row?.n ?? 0);
}

/** GET /safety-exception: open, closed or all exceptions (newest first) with their comments. */
export async function listExceptions(
  db: Db,
  user: AuthUser,
  query: { status: 'open' | 'closed' | 'all'; driver_id?: number | undefined },
) {
  const where = and(
    eq(safetyExceptions.companyId, user.companyId),
    query.status === 'open'
      ? sql`${safetyExceptions.status} <> 0`
      : query.status === 'closed'
        ? eq(safetyExceptions.status, 0)
        : undefined,
    query.driver_id ? eq(safetyExceptions.driverId, query.driver_id) : undefined,
  );
  const found = await db
    .select()
    .from(safetyExceptions)
    .where(where)
    .orderBy(desc(safetyExceptions.date), desc(safetyExceptions.id))
    .limit(500);
  const rows = await Promise.all(found.map((e) => toExceptionRow(db, e)));
  return { rows, open: await openExceptionCount(db, user), total: rows.length };
}

/** The company's drivers for the exception form. */
export async function driverChoices(db: DbOrTx, user: AuthUser) {
  return db
    .select({ value: drivers.id, label: drivers.name })
    .from(drivers)
    .where(and(eq(drivers.companyId, user.companyId), eq(drivers.active, true)))
    .orderBy(asc(drivers.name));
}

/** Adds a comment under the exception's row lock, audited in the same transaction. */
async function insertComment(tx: DbOrTx, user: AuthUser, exceptionId: number, comment: string) {
  const [row] = await tx.insert(safetyExceptionComments).values({ exceptionId, userId: user.id, comment }).returning();
  await writeAudit(tx, {
    actor: user,
    entity: 'safety_exception_comment',
    entityId: row?.id ?? 0,
    action: 'create',
    after: { exception_id: exceptionId, comment },
  });
}

export async function addException(db: Db, user: AuthUser, form: SafetyExceptionFormOutput) {
  const exception = await createRecord(db, safetyExceptionRecord, user, form);
  return { message: MSG.exceptionAdded, exception, open: await openExceptionCount(db, user) };
}

export async function commentException(db: Db, user: AuthUser, id: number, comment: string) {
  const exception = await inTransaction(db, async (tx) => {
    await findRecord(tx, safetyExceptionRecord, user, id, { lock: true });
    await insertComment(tx, user, id, comment);
    return toExceptionRow(tx, await findRecord(tx, safetyExceptionRecord, user, id));
  });
  return { message: MSG.exceptionCommentAdded, exception, open: await openExceptionCount(db, user) };
}

/**
 * PUT /safety-exception/:id: edits the fields it names, closes (status 0) or reopens, and adds a
 * comment when one is given, all in one transaction.
 */
export async function updateException(
  db: Db,
  user: AuthUser,
  id: number,
  body: z.output<typeof SafetyExceptionUpdateBodySchema>,
) {
  const exception: SafetyExceptionRow = await inTransaction(db, async (tx) => {
    const before = await findRecord(tx, safetyExceptionRecord, user, id, { lock: true });
    const edits =
      body.name !== undefined || body.driver_id !== undefined || body.date !== undefined || body.actions !== undefined;
    if (edits) {
      await updateRecord(tx, safetyExceptionRecord, user, id, {
        name: body.name ?? before.name,
        driver_id: body.driver_id === undefined ? before.driverId : body.driver_id,
        date: body.date ?? before.date,
        actions: body.actions ?? before.actions,
      });
    }
    if (body.status !== undefined && body.status !== before.status) {
      const closing = body.status === 0;
      await tx
        .update(safetyExceptions)
        .set({
          status: body.status,
          closedAt: closing ? new Date() : null,
          closedBy: closing ? user.id : null,
          updatedAt: new Date(),
        })
        .where(eq(safetyExceptions.id, id));
      await writeAudit(tx, {
        actor: user,
        entity: 'safety_exception',
        entityId: id,
        action: closing ? 'close' : 'reopen',
        before: { status: before.status },
        after: { status: body.status },
      });
    }
    if (body.comment) await insertComment(tx, user, id, body.comment);
    return toExceptionRow(tx, await findRecord(tx, safetyExceptionRecord, user, id));
  });
  const message = body.comment ? MSG.exceptionCommentAdded : MSG.savingSuccess;
  return { message, exception, open: await openExceptionCount(db, user) };
}
