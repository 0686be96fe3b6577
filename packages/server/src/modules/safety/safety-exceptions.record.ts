import { MSG, SECTION } from '@backhaul/shared';
import {
  type SafetyExceptionFormOutput,
  SafetyExceptionFormSchema,
  type SafetyExceptionRow,
  SafetyExceptionRowSchema,
} from '@backhaul/shared/modules/safety/safety.contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../platform/errors';
import { defineRecord } from '../../platform/record/define-record';
import { drivers } from '../drivers';
import { safetyExceptions } from './safety.table';

type ExceptionRecord = typeof safetyExceptions.$inferSelect;

const TZ = 'America/Chicago';

/** An exception with its driver, author and comments (oldest first), as the contract answers it. */
export async function toExceptionRow(tx: DbOrTx, e: ExceptionRecord): Promise<SafetyExceptionRow> {
  const [names, comments] = await Promise.all([
    rowsOf<{ driver: string | null; created_by: string | null }>(
      tx,
      sql`select (select name from ${drivers} where id = ${e.driverId}) as driver,
        (select name from users where id = ${e.createdBy}) as created_by`,
    ),
    rowsOf<{ id: number; comment: string; user: string | null; created_at: string }>(
      tx,
      sql`select c.id, c.comment, u.name as "user",
          to_char(c.created_at at time zone ${TZ}, 'YYYY-MM-DD HH24:MI') as created_at
        from safety_exception_comments c left join users u on u.id = c.user_id
        where c.exception_id = ${e.id} order by c.id`,
    ),
  ]);
  return {
    id: e.id,
    name: e.name,
    actions: e.actions,
    date: e.date,
    driver_id: e.driverId,
    driver: names[0]?.driver ?? null,
    status: e.status,
    created_by: names[0]?.created_by ?? null,
    closed_at: e.closedAt ? e.closedAt.toISOString() : null,
    comments,
  };
}

/** A driver named on an exception must be one of the company's. */
async function checkDriver(tx: DbOrTx, companyId: number, driverId: number | null) {
  if (driverId === null) return;
  const [found] = await tx
    .select({ id: drivers.id })
    .from(drivers)
    .where(and(eq(drivers.id, driverId), eq(drivers.companyId, companyId)));
  if (!found) throw AppError.invalidField('driver_id', 'Choose a value from the list.');
}

/** A safety exception (001 §3): open while status is truthy; comments are added beside it. */
export const safetyExceptionRecord = defineRecord({
  table: safetyExceptions,
  section: SECTION.Safety,
  form: SafetyExceptionFormSchema,
  row: SafetyExceptionRowSchema,
  toRow: (e, { tx }) => toExceptionRow(tx, e),
  // Its own fields: a comment is audited as its own row, not as a change of the exception.
  audit: (e) => ({
    id: e.id,
    name: e.name,
    actions: e.actions,
    date: e.date,
    driver_id: e.driverId,
    status: e.status,
    closed_at: e.closedAt,
  }),
  toValues: (form: SafetyExceptionFormOutput, ctx) => ({
    name: form.name,
    driverId: form.driver_id,
    date: form.date,
    actions: form.actions,
    ...(ctx.before ? {} : { createdBy: ctx.user.id, status: 1 }),
  }),
  hooks: {
    beforeSave: ({ tx, user, form }) => checkDriver(tx, user.companyId, form.driver_id),
  },
  messages: { created: MSG.exceptionAdded, updated: MSG.savingSuccess, deleted: MSG.exceptionRemoved },
});
