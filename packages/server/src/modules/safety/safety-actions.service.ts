import { ACTION, APP_MSG, can, type GrantSet, MSG, type Requirement, SECTION } from '@backhaul/shared';
import {
  SAFETY_ACTION_KINDS,
  type SafetyAction,
  type SafetyActionBody,
  type SafetyOptions,
} from '@backhaul/shared/modules/safety/safety.contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { defineCommand, runCommand } from '../../platform/record/command';
import { createRecord, updateRecord } from '../../platform/record/record.service';
import { drivers } from '../drivers';
import { safetyActions } from './safety.table';
import { actionColumns, readAction, safetyActionRecord } from './safety-actions.record';

/** 403 unless the caller holds the requirement (a call whose body decides the action it needs). */
export function requireGrant(grants: GrantSet, req: Requirement): void {
  if (!can(grants, req)) throw AppError.forbidden();
}

/** The caller may do `action` on driver actions through Safety or through Logbooks (001 §6). */
export function mayAct(user: AuthUser, action: number): boolean {
  const grants = user.grants;
  if (!grants) return false;
  return can(grants, { section: SECTION.Safety, action }) || can(grants, { section: SECTION.Logbooks, action });
}

/** The company's driver, or a 404. */
export async function findDriver(db: DbOrTx, user: AuthUser, driverId: number) {
  const scope = user.customerId === null ? undefined : eq(drivers.customerId, user.customerId);
  const [driver] = await db
    .select({ id: drivers.id, name: drivers.name })
    .from(drivers)
    .where(and(eq(drivers.id, driverId), eq(drivers.companyId, user.companyId), scope));
  if (!driver) throw AppError.notFound();
  return driver;
}

/** GET /safety/:id/:date: a driver's actions on a date (deleted ones hidden). */
export async function dayActions(db: Db, user: AuthUser, driverId: number, date: string) {
  const driver = await findDriver(db, user, driverId);
  const actions = await rowsOf<SafetyAction>(
    db,
    sql`select ${actionColumns} from safety_actions a left join users u on u.id = a.created_by
      where a.company_id = ${user.companyId} and a.driver_id = ${driverId} and a.date = ${date} and a.status <> 0
      order by a.id`,
  );
  return { driver, date, actions };
}

/** POST /safety/action: a driver's actions of a month (the calendar), deleted ones hidden. */
export async function monthActions(db: Db, user: AuthUser, driverId: number, month: string) {
  const driver = await findDriver(db, user, driverId);
  const actions = await rowsOf<SafetyAction>(
    db,
    sql`select ${actionColumns} from safety_actions a left join users u on u.id = a.created_by
      where a.company_id = ${user.companyId} and a.driver_id = ${driverId} and a.status <> 0
        and a.date >= ${`${month}-01`}::date and a.date < (${`${month}-01`}::date + interval '1 month')
      order by a.date, a.id`,
  );
  return { driver, month, actions };
}

/**
 * POST /safety/:driver_id/:date: add an action (8), edit one by id (9) or delete it (11, status 0).
 * An edited or deleted action must be this driver's on this date and still shown, else 404.
 */
export async function saveDayAction(
  db: Db,
  user: AuthUser,
  opts: { driverId: number; date: string; body: SafetyActionBody & { kind: string; note: string } },
): Promise<{ message: string; action: SafetyAction }> {
  const { body } = opts;
  const op = body.delete ? ACTION.DELETE : body.id ? ACTION.EDIT : ACTION.CREATE;
  if (!mayAct(user, op)) throw AppError.forbidden();
  if (op === ACTION.DELETE && !body.id) throw AppError.invalidField('id', 'Choose the action to delete.');
  if (op === ACTION.CREATE && !body.note.trim()) throw AppError.invalidField('note', 'The note is required.');
  await findDriver(db, user, opts.driverId);
  const form = { driver_id: opts.driverId, date: opts.date, kind: body.kind, note: body.note };
  if (op === ACTION.CREATE) {
    return { message: APP_MSG.safetyActionAdded, action: await createRecord(db, safetyActionRecord, user, form) };
  }
  const id = body.id as number;
  if (op === ACTION.EDIT) {
    return { message: MSG.savingSuccess, action: await updateRecord(db, safetyActionRecord, user, id, form) };
  }
  await runCommand(db, removeAction, user, { id, driverId: opts.driverId, date: opts.date });
  return { message: MSG.recordDeleted, action: await readAction(db, id) };
}

/** An action is deleted by hiding it (status 0), under the driver and date it was made for. */
const removeAction = defineCommand({
  action: 'delete',
  target: { record: safetyActionRecord, id: (input: { id: number; driverId: number; date: string }) => input.id },
  run: async ({ tx, row, input }) => {
    if (row.driverId !== input.driverId || row.date !== input.date) throw AppError.notFound();
    await tx.update(safetyActions).set({ status: 0, updatedAt: clock.now() }).where(eq(safetyActions.id, row.id));
  },
});

/** GET /safety/create: the company's active drivers (a customer user's own), safety drivers first. */
export async function safetyOptions(db: Db, user: AuthUser): Promise<SafetyOptions> {
  const rows = await db
    .select({ value: drivers.id, label: drivers.name, safety: drivers.safety })
    .from(drivers)
    .where(
      and(
        eq(drivers.companyId, user.companyId),
        eq(drivers.active, true),
        user.customerId === null ? undefined : eq(drivers.customerId, user.customerId),
      ),
    )
    .orderBy(desc(drivers.safety), asc(drivers.name));
  return { drivers: rows, kinds: Object.entries(SAFETY_ACTION_KINDS).map(([value, label]) => ({ value, label })) };
}
