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
import { writeAudit } from '../../platform/audit/audit';
import type { AuthUser } from '../../platform/auth/access';
import { AppError } from '../../platform/errors';
import { inTransaction } from '../../platform/record/record.service';
import { drivers } from '../drivers';
import { safetyActions } from './safety.table';

const TZ = 'America/Chicago';

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

const actionColumns = sql`a.id, a.driver_id, to_char(a.date, 'YYYY-MM-DD') as date, a.kind, a.note, a.status,
  to_char(a.created_at at time zone ${TZ}, 'YYYY-MM-DD HH24:MI') as "dateTime", u.name as created_by`;

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

async function readAction(db: DbOrTx, id: number): Promise<SafetyAction> {
  const [row] = await rowsOf<SafetyAction>(
    db,
    sql`select ${actionColumns} from safety_actions a left join users u on u.id = a.created_by where a.id = ${id}`,
  );
  if (!row) throw AppError.notFound();
  return row;
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
  return inTransaction(db, async (tx) => {
    await findDriver(tx, user, opts.driverId);
    if (op === ACTION.CREATE) {
      const [created] = await tx
        .insert(safetyActions)
        .values({
          companyId: user.companyId,
          driverId: opts.driverId,
          date: opts.date,
          kind: body.kind,
          note: body.note,
          createdBy: user.id,
        })
        .returning();
      const action = await readAction(tx, created?.id ?? 0);
      await writeAudit(tx, {
        actor: user,
        entity: 'safety_action',
        entityId: action.id,
        action: 'create',
        after: action,
      });
      return { message: APP_MSG.safetyActionAdded, action };
    }
    const id = body.id as number;
    const [locked] = await tx
      .select({ id: safetyActions.id })
      .from(safetyActions)
      .where(
        and(
          eq(safetyActions.id, id),
          eq(safetyActions.companyId, user.companyId),
          eq(safetyActions.driverId, opts.driverId),
          eq(safetyActions.date, opts.date),
          sql`${safetyActions.status} <> 0`,
        ),
      )
      .for('update');
    if (!locked) throw AppError.notFound();
    const before = await readAction(tx, id);
    await tx
      .update(safetyActions)
      .set(
        op === ACTION.DELETE
          ? { status: 0, updatedAt: new Date() }
          : { kind: body.kind, note: body.note, updatedAt: new Date() },
      )
      .where(eq(safetyActions.id, id));
    const action = await readAction(tx, id);
    await writeAudit(tx, {
      actor: user,
      entity: 'safety_action',
      entityId: id,
      action: op === ACTION.DELETE ? 'delete' : 'update',
      before,
      after: action,
    });
    return { message: op === ACTION.DELETE ? MSG.recordDeleted : MSG.savingSuccess, action };
  });
}

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
