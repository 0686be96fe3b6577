import { MSG } from '@backhaul/shared';
import {
  SAFETY_ACTION_KINDS,
  type SafetyRow,
  type SafetySaveBodySchema,
} from '@backhaul/shared/modules/safety/safety.contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { users } from '../../platform/auth/auth.table';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { runList } from '../../platform/list/run-list';
import { type CommandContext, defineCommand, runCommand } from '../../platform/record/command';
import { customers } from '../customers';
import { drivers } from '../drivers';
import { safetyList } from './safety.list';
import { safetyDrivers } from './safety.table';
import { findDriver } from './safety-actions.service';
import { safetyDriverRecord, safetyDriverView } from './safety-drivers.record';
import { openExceptionCount } from './safety-exceptions.service';

type SaveBody = z.output<typeof SafetySaveBodySchema>;

/** One driver's row of the safety table, through the list itself (same scope and columns). */
export async function safetyRow(db: DbOrTx, user: AuthUser, driverId: number): Promise<SafetyRow | null> {
  const answer = await runList(db, safetyList, user, {
    filters: { id: { op: 'eq', value: driverId } },
    with_options: false,
  }).catch(() => null);
  return (answer?.rows[0] as SafetyRow | undefined) ?? null;
}

type Changes = Partial<Omit<SaveBody, 'driver_id'>>;

/** The driver's safety row, made with the defaults the first time, locked; the changes; one audit row under the driver's id. */
const writeSafetyDriver = defineCommand({
  action: 'update',
  run: async ({
    tx,
    user,
    lock,
    audit,
    input,
  }: CommandContext<{ driverId: number; changes: Changes }, typeof safetyDrivers>) => {
    const { driverId, changes } = input;
    await findDriver(tx, user, driverId);
    await tx
      .insert(safetyDrivers)
      .values({ companyId: user.companyId, driverId })
      .onConflictDoNothing({ target: safetyDrivers.driverId });
    const [found] = await tx
      .select({ id: safetyDrivers.id })
      .from(safetyDrivers)
      .where(eq(safetyDrivers.driverId, driverId));
    if (!found) throw AppError.notFound();
    const before = await lock(safetyDriverRecord, found.id);
    if (changes.employee_id) {
      const [employee] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(eq(users.id, changes.employee_id), eq(users.companyId, user.companyId), sql`${users.customerId} is null`),
        );
      if (!employee) throw AppError.invalidField('employee_id', 'Choose a value from the list.');
    }
    const [after] = await tx
      .update(safetyDrivers)
      .set({
        ...(changes.status !== undefined ? { status: changes.status } : {}),
        ...(changes.hours !== undefined ? { hoursTenths: Math.round(changes.hours * 10) } : {}),
        ...(changes.eld_count !== undefined ? { eldCount: changes.eld_count } : {}),
        ...(changes.employee_id !== undefined ? { employeeId: changes.employee_id } : {}),
        updatedAt: clock.now(),
      })
      .where(eq(safetyDrivers.id, before.id))
      .returning();
    await audit({
      entity: safetyDriverRecord.entity,
      entityId: driverId,
      action: 'update',
      before: safetyDriverView(before),
      after: after ? safetyDriverView(after) : null,
    });
  },
});

/** Writes part of a driver's safety row (status, hours, or the whole row), audited as the driver's change. */
export async function saveSafetyDriver(
  db: Db,
  user: AuthUser,
  driverId: number,
  changes: Changes,
): Promise<{ message: string; row: SafetyRow }> {
  await runCommand(db, writeSafetyDriver, user, { driverId, changes });
  const row = await safetyRow(db, user, driverId);
  if (!row) throw AppError.precondition('The driver is not on the safety service.');
  return { message: MSG.savingSuccess, row };
}

/** The company's staff users: who may watch a driver. */
export async function employeeChoices(db: DbOrTx, user: AuthUser) {
  return db
    .select({ value: users.id, label: users.name })
    .from(users)
    .where(and(eq(users.companyId, user.companyId), eq(users.active, true), sql`${users.customerId} is null`))
    .orderBy(asc(users.name));
}

/** GET /safety/access/:id: whether the driver is on safety, its row and who may watch it. */
export async function safetyAccess(db: Db, user: AuthUser, driverId: number) {
  const [driver] = await rowsOf<{ id: number; name: string; safety: boolean }>(
    db,
    sql`select id, name, safety from ${drivers} where id = ${driverId} and company_id = ${user.companyId}${
      user.customerId === null ? sql`` : sql` and customer_id = ${user.customerId}`
    }`,
  );
  if (!driver) throw AppError.notFound();
  const row = driver.safety ? await safetyRow(db, user, driverId) : null;
  return { access: driver.safety, driver, row, employees: await employeeChoices(db, user) };
}

/** POST /safety/customerFilter: the customers that have drivers on safety. */
export async function safetyCustomers(db: Db, user: AuthUser) {
  const rows = await rowsOf<{ id: number; name: string }>(
    db,
    sql`select distinct c.id, c.name from ${drivers} join ${customers} c on c.id = ${drivers.customerId}
      where ${safetyList.base(user)} order by c.name`,
  );
  return { customers: rows };
}

/** POST /safety/statistics: a month of driver actions by kind, drivers on safety, open exceptions. */
export async function safetyMonthStatistics(db: Db, user: AuthUser, month: string) {
  const [kinds, [onSafety], open] = await Promise.all([
    rowsOf<{ kind: string; count: number }>(
      db,
      sql`select a.kind, count(*)::int as count from safety_actions a join ${drivers} on ${drivers.id} = a.driver_id
        where a.company_id = ${user.companyId} and a.status <> 0 and ${safetyList.base(user)}
          and a.date >= ${`${month}-01`}::date and a.date < (${`${month}-01`}::date + interval '1 month')
        group by a.kind`,
    ),
    rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${drivers} where ${safetyList.base(user)} and ${drivers.active}`,
    ),
    openExceptionCount(db, user),
  ]);
  const count = new Map(kinds.map((k) => [k.kind, k.count]));
  return {
    month,
    drivers: onSafety?.n ?? 0,
    open_exceptions: open,
    actions: kinds.reduce((s, k) => s + k.count, 0),
    kinds: Object.entries(SAFETY_ACTION_KINDS).map(([kind, label]) => ({ kind, label, count: count.get(kind) ?? 0 })),
  };
}
