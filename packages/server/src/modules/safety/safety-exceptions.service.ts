import { MSG } from '@backhaul/shared';
import type {
  SafetyExceptionFormOutput,
  SafetyExceptionRow,
  SafetyExceptionUpdateBodySchema,
} from '@backhaul/shared/modules/safety/safety.contract';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import type { AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { type CommandContext, defineCommand, runCommand } from '../../platform/record/command';
import { createRecord, getRecord, updateRecord } from '../../platform/record/record.service';
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

/** A comment under the exception (locked, unchanged itself): only the comment is audited. */
const addComment = defineCommand({
  action: 'comment',
  auditUnchanged: true,
  target: { record: safetyExceptionRecord, id: (input: { id: number; comment: string }) => input.id },
  run: async ({ tx, user, row, input, audit }) => {
    const [c] = await tx
      .insert(safetyExceptionComments)
      .values({ exceptionId: row.id, userId: user.id, comment: input.comment })
      .returning();
    await audit({
      entity: safetyExceptionComments,
      entityId: c?.id ?? 0,
      action: 'create',
      after: { exception_id: row.id, comment: input.comment },
    });
  },
});

/** Closed (status 0) or reopened, with who closed it and when. */
const setStatus = (action: 'close' | 'reopen') =>
  defineCommand({
    action,
    target: { record: safetyExceptionRecord, id: (input: { id: number; status: number }) => input.id },
    run: async ({ tx, user, row, input }) => {
      const closing = input.status === 0;
      await tx
        .update(safetyExceptions)
        .set({
          status: input.status,
          closedAt: closing ? clock.now() : null,
          closedBy: closing ? user.id : null,
          updatedAt: clock.now(),
        })
        .where(eq(safetyExceptions.id, row.id));
    },
  });
const closeException = setStatus('close');
const reopenException = setStatus('reopen');

export async function addException(db: Db, user: AuthUser, form: SafetyExceptionFormOutput) {
  const exception = await createRecord(db, safetyExceptionRecord, user, form);
  return { message: MSG.exceptionAdded, exception, open: await openExceptionCount(db, user) };
}

export async function commentException(db: Db, user: AuthUser, id: number, comment: string) {
  await runCommand(db, addComment, user, { id, comment });
  const exception = await getRecord(db, safetyExceptionRecord, user, id);
  return { message: MSG.exceptionCommentAdded, exception, open: await openExceptionCount(db, user) };
}

type UpdateBody = z.output<typeof SafetyExceptionUpdateBodySchema>;

/** The exception locked first, then its fields (a record update), its status, and a comment: all or none. */
const reviseException = defineCommand({
  action: 'update',
  run: async ({
    tx,
    user,
    lock,
    input: { id, body },
  }: CommandContext<{ id: number; body: UpdateBody }, typeof safetyExceptions>) => {
    const before = await lock(safetyExceptionRecord, id);
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
      await runCommand(tx, body.status === 0 ? closeException : reopenException, user, { id, status: body.status });
    }
    if (body.comment) await runCommand(tx, addComment, user, { id, comment: body.comment });
  },
});

/**
 * PUT /safety-exception/:id: edits the fields it names, closes (status 0) or reopens, and adds a
 * comment when one is given, all in one transaction.
 */
export async function updateException(db: Db, user: AuthUser, id: number, body: UpdateBody) {
  await runCommand(db, reviseException, user, { id, body });
  const exception: SafetyExceptionRow = await getRecord(db, safetyExceptionRecord, user, id);
  const message = body.comment ? MSG.exceptionCommentAdded : MSG.savingSuccess;
  return { message, exception, open: await openExceptionCount(db, user) };
}
