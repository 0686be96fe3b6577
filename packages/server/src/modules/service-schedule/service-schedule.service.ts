import { MSG } from '@backhaul/shared';
import { formatMiles, nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import {
  type ProgramAssignment,
  SERVICE_MSG,
  type ServiceScheduleRow,
  type ServiceStatus,
  type ServiceUnitKind,
} from '@backhaul/shared/modules/service-schedule/service-schedule.contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { defineCommand, runCommand } from '../../platform/record/command';
import { refreshOdometers } from '../eld';
import type { DigestItem } from '../expiry-digest';
import { trailers } from '../trailers';
import { trucks } from '../trucks';
import { createPmWorkOrder } from '../work-orders';
import { serviceProgramsResource } from './service-schedule.records';
import { scheduleSql } from './service-schedule.sql';
import { serviceProgramUnits, workOrderServiceTasks } from './service-schedule.table';

/** The audit entity of a unit's place in a program. */

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * The schedule of a company on `today`, most urgent first; `where` narrows it (over alias s). The
 * trucks' odometers are worked out again first (the eld module's `refreshOdometers`).
 */
export async function scheduleRows(
  db: DbOrTx,
  companyId: number,
  today: string,
  where: SQL = sql`true`,
): Promise<ServiceScheduleRow[]> {
  await refreshOdometers(db, { companyId, now: clock.now() });
  return readSchedule(db, companyId, today, where);
}

/** The schedule as scheduleRows answers it, on the odometers as last refreshed. */
async function readSchedule(db: DbOrTx, companyId: number, today: string, where: SQL) {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select * from ${scheduleSql(companyId, today)} s where ${where} order by s.days_left nulls last, s.unit, s.task`,
  );
  return rows.map((r) => ({
    id: String(r.id),
    unit_type: r.unit_type as ServiceUnitKind,
    unit_id: Number(r.unit_id),
    unit: String(r.unit ?? ''),
    program: String(r.program),
    task_id: Number(r.task_id),
    task: String(r.task),
    last_done: (r.last_done as string | null) ?? null,
    due_date: (r.due_date as string | null) ?? null,
    due_miles: num(r.due_miles),
    odometer: num(r.odometer),
    miles_since: num(r.miles_since),
    miles_left: num(r.miles_left),
    days_left: num(r.days_left),
    status: r.status as ServiceStatus,
    work_order_id: num(r.work_order_id),
  }));
}

/** What falls due within 14 days (or is overdue) and has no open work order yet: the planner's unplanned list. */
export function dueServiceTasks(db: DbOrTx, companyId: number, today = clock.today()) {
  return scheduleRows(db, companyId, today, sql`s.status in ('overdue', 'due') and s.work_order_id is null`);
}

/** The digest's source: tasks due on or before `horizon`, with or without a work order. */
export async function serviceDueItems(db: DbOrTx, companyId: number, today: string, horizon: string) {
  const rows = await scheduleRows(db, companyId, today, sql`s.due_date_value <= ${horizon}::date`);
  return rows.map(
    (r): DigestItem => ({
      kind: `PM: ${r.task}`,
      unit: `${r.unit_type === 'truck' ? 'Truck' : 'Trailer'} ${r.unit}`,
      detail:
        [
          r.due_miles !== null ? `due at ${formatMiles(r.due_miles)}` : null,
          r.work_order_id ? `on work order #${r.work_order_id}` : null,
        ]
          .filter(Boolean)
          .join(', ') || null,
      dueOn: r.due_date as string,
      days: r.days_left ?? 0,
      entity: r.unit_type,
      entityId: r.unit_id,
    }),
  );
}

type ServiceItem = { unit_type: ServiceUnitKind; unit_id: number; task_id: number };

/**
 * POST /service-schedule/work-order: one PM work order per unit for the chosen tasks, each task
 * linked with the unit's odometer now (checking the order out resets the task from there). A task
 * not assigned to the unit, or already on an open order, is refused.
 */
const orderService = defineCommand<ServiceItem[], { message: string; work_order_ids: number[] }>({
  action: 'work_order',
  run: async ({ tx, user, input: items }) => {
    const today = nowInCompanyTimeZone(clock.now()).date;
    const byUnit = new Map<string, ServiceScheduleRow[]>();
    await refreshOdometers(tx, { companyId: user.companyId, now: clock.now() });
    for (const item of items) {
      const [row] = await readSchedule(
        tx,
        user.companyId,
        today,
        sql`s.unit_type = ${item.unit_type} and s.unit_id = ${item.unit_id} and s.task_id = ${item.task_id}`,
      );
      if (!row) throw AppError.invalidField('items', SERVICE_MSG.notAssigned);
      if (row.work_order_id)
        throw AppError.precondition(SERVICE_MSG.onOpenOrder(row.task, row.unit, row.work_order_id));
      const key = `${row.unit_type}:${row.unit_id}`;
      byUnit.set(key, [...(byUnit.get(key) ?? []).filter((r) => r.task_id !== row.task_id), row]);
    }
    const ids: number[] = [];
    for (const rows of byUnit.values()) {
      const first = rows[0] as ServiceScheduleRow;
      const id = await createPmWorkOrder(tx, user, {
        unitType: first.unit_type,
        unitId: first.unit_id,
        complaints: rows.map((r) => `${r.task} (${r.program})`),
        arrivalDate: today,
      });
      await tx
        .insert(workOrderServiceTasks)
        .values(rows.map((r) => ({ workOrderId: id, taskId: r.task_id, odometer: r.odometer })));
      ids.push(id);
    }
    return { message: SERVICE_MSG.created(ids.length), work_order_ids: ids };
  },
});

export const createServiceWorkOrders = (db: Db, user: AuthUser, items: ServiceItem[]) =>
  runCommand(db, orderService, user, items);

type Assignment = {
  programId: number;
  unit_type: ServiceUnitKind;
  unit_id: number;
  start_date: string;
  start_odometer?: number | null | undefined;
};

/** POST /service-programs/:id/units: the program applies to the unit from `start_date` and its odometer now. */
const assignUnit = defineCommand<Assignment, { message: string; id: number }>({
  action: 'assign',
  run: async ({ tx, user, input: body, lock, audit }) => {
    await lock(serviceProgramsResource.record, body.programId);
    const table = body.unit_type === 'truck' ? sql`trucks` : sql`trailers`;
    const [unit] = await rowsOf<{ odometer: number | null }>(
      tx,
      sql`select odometer from ${table} where id = ${body.unit_id} and company_id = ${user.companyId}`,
    );
    if (!unit) throw AppError.invalidField('unit_id', 'Choose a unit of the fleet.');
    // A truck starts from its odometer now (the eld module's readings and routed miles).
    const now =
      body.unit_type === 'truck'
        ? (await refreshOdometers(tx, { companyId: user.companyId, truckIds: [body.unit_id], now: clock.now() })).get(
            body.unit_id,
          )?.odometer
        : null;
    const odometer = body.start_odometer ?? now ?? (unit.odometer === null ? null : Number(unit.odometer));
    const [row] = await tx
      .insert(serviceProgramUnits)
      .values({
        companyId: user.companyId,
        programId: body.programId,
        unitType: body.unit_type,
        unitId: body.unit_id,
        startDate: body.start_date,
        startOdometer: odometer,
      })
      .onConflictDoUpdate({
        target: [serviceProgramUnits.programId, serviceProgramUnits.unitType, serviceProgramUnits.unitId],
        set: { startDate: body.start_date, startOdometer: odometer },
      })
      .returning();
    await audit({ entity: serviceProgramUnits, entityId: Number(row?.id), action: 'create', after: row });
    return { message: MSG.itemSaved, id: Number(row?.id) };
  },
});

export const assignProgram = (db: Db, user: AuthUser, programId: number, body: Omit<Assignment, 'programId'>) =>
  runCommand(db, assignUnit, user, { ...body, programId });

/** GET /service-programs/assignments: every unit's programs, with the programs, trucks and trailers to pick from. */
export async function programAssignments(db: DbOrTx, user: AuthUser) {
  const [assignments, programs, truckRows, trailerRows] = await Promise.all([
    rowsOf<ProgramAssignment>(
      db,
      sql`select a.id, a.program_id, p.name as program, a.unit_type, a.unit_id,
          coalesce(case a.unit_type when 'truck' then (select 'Truck ' || truck_number from ${trucks} where id = a.unit_id)
            else (select 'Trailer ' || trailer_number from ${trailers} where id = a.unit_id) end, '?') as unit,
          a.start_date::text as start_date, a.start_odometer
        from service_program_units a join service_programs p on p.id = a.program_id
        where a.company_id = ${user.companyId} order by p.name, a.unit_type, unit`,
    ),
    rowsOf<{ value: number; label: string }>(
      db,
      sql`select id as value, name as label from service_programs where company_id = ${user.companyId} order by name`,
    ),
    rowsOf<{ value: number; label: string }>(
      db,
      sql`select id as value, truck_number as label from ${trucks} where company_id = ${user.companyId} order by truck_number`,
    ),
    rowsOf<{ value: number; label: string }>(
      db,
      sql`select id as value, trailer_number as label from ${trailers} where company_id = ${user.companyId} order by trailer_number`,
    ),
  ]);
  const opts = (rows: { value: number; label: string }[]) =>
    rows.map((r) => ({ value: Number(r.value), label: r.label }));
  return {
    assignments: assignments.map((a) => ({
      ...a,
      id: Number(a.id),
      program_id: Number(a.program_id),
      unit_id: Number(a.unit_id),
      start_odometer: a.start_odometer === null ? null : Number(a.start_odometer),
    })),
    programs: opts(programs),
    trucks: opts(truckRows),
    trailers: opts(trailerRows),
  };
}

/** DELETE /service-programs/assignments/:id: the unit leaves the program (its completed work orders stay). */
const leaveProgram = defineCommand<number, void>({
  action: 'delete',
  run: async ({ tx, user, input: id, audit }) => {
    const [row] = await tx
      .delete(serviceProgramUnits)
      .where(sql`${serviceProgramUnits.id} = ${id} and ${serviceProgramUnits.companyId} = ${user.companyId}`)
      .returning();
    if (!row) throw AppError.notFound();
    await audit({ entity: serviceProgramUnits, entityId: id, action: 'delete', before: row });
  },
});

export async function removeAssignment(db: Db, user: AuthUser, id: number) {
  await runCommand(db, leaveProgram, user, id);
  return { message: MSG.itemDeleted };
}
