import { addDays, startOfWeek } from '@backhaul/shared/formats/formats';
import {
  PLANNER_FIRST_HOUR,
  PLANNER_HOURS,
  PLANNER_MSG,
  type PlannerBoard,
  type Task,
  type TaskKind,
  taskCells,
} from '@backhaul/shared/modules/planner/planner.contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { dueServiceTasks } from '../service-schedule';
import { WO_SQL, workOrders } from '../work-orders';
import { plannerTasks } from './planner.table';

type Technician = { id: number; name: string };
export type Placement = { date: string; time: number; w: number; technician_id: number };

/** The board's lanes: the Shop department's active people. */
export async function technicians(db: DbOrTx, companyId: number): Promise<Technician[]> {
  const rows = await rowsOf<Technician>(
    db,
    sql`select u.id, u.name from users u join departments d on d.id = u.department_id
      where u.company_id = ${companyId} and u.active and d.name = 'Shop' order by u.name`,
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

/** The tasks of a set of days, as the board answers them (001 §3's task cell). */
async function readTasks(db: DbOrTx, companyId: number, where: ReturnType<typeof sql>, lanes: Technician[]) {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select t.id, t.kind, to_char(t.date, 'YYYY-MM-DD') as date, t.time, t.w, t.technician_id,
        coalesce(t.work_order_id, t.light_order_id, t.day_off_id) as ref_id,
        case t.kind
          when 'work_order' then '#' || w.id || ' ' || w.wo_type
          when 'light_order' then l.customer
          else 'Day off' end as title,
        case t.kind
          when 'work_order' then ${WO_SQL.unit}
          when 'light_order' then l.description
          else d.reason end as subtitle,
        w.status
      from planner_tasks t
        left join ${workOrders} w on w.id = t.work_order_id
        left join light_orders l on l.id = t.light_order_id
        left join day_offs d on d.id = t.day_off_id
      where t.company_id = ${companyId} and ${where}
      order by t.date, t.time, t.id`,
  );
  const lane = new Map(lanes.map((l, i) => [l.id, i]));
  return rows.map(
    (r): Task => ({
      id: Number(r.id),
      kind: r.kind as TaskKind,
      date: String(r.date),
      time: Number(r.time),
      w: Number(r.w),
      position: lane.get(Number(r.technician_id)) ?? -1,
      technician_id: Number(r.technician_id),
      cells: taskCells(String(r.date), Number(r.time), Number(r.w)),
      dayOff: r.kind === 'day_off',
      info: {
        title: String(r.title ?? ''),
        subtitle: (r.subtitle as string | null) ?? null,
        ref_id: Number(r.ref_id),
        status: r.status === null || r.status === undefined ? null : Number(r.status),
      },
    }),
  );
}

export async function readTask(db: DbOrTx, user: AuthUser, id: number): Promise<Task> {
  const lanes = await technicians(db, user.companyId);
  const [task] = await readTasks(db, user.companyId, sql`t.id = ${id}`, lanes);
  if (!task) throw AppError.notFound();
  return task;
}

const UNPLANNED = (companyId: number) => sql`from ${workOrders} w where w.company_id = ${companyId}
  and w.status not in (9, 11) and not exists (select 1 from planner_tasks t where t.work_order_id = w.id)`;

/** GET /planner and POST /planner/list: the week (Sunday to Saturday) of `date`, today's by default. */
export async function board(db: Db, user: AuthUser, date?: string): Promise<PlannerBoard> {
  const first = startOfWeek(date ?? clock.today());
  const dateList = Array.from({ length: 7 }, (_, i) => addDays(first, i));
  const lanes = await technicians(db, user.companyId);
  const last = addDays(first, 6);
  // A task that started up to three days before the week may wrap into it (19 → 7, §9).
  const [tasks, [count]] = await Promise.all([
    readTasks(db, user.companyId, sql`t.date between ${addDays(first, -3)}::date and ${last}::date`, lanes).then(
      (all) => all.filter((t) => t.cells.some((c) => c.date >= first && c.date <= last)),
    ),
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n ${UNPLANNED(user.companyId)}`),
  ]);
  return { dateList, hours: PLANNER_HOURS, technicians: lanes, tasks, newOrder: Number(count?.n ?? 0) };
}

/** POST /planner/create/list: the unplanned work orders, most urgent first. */
export async function unplanned(db: Db, user: AuthUser, search: string) {
  const text = search.trim().toLowerCase();
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select w.id, w.wo_type, ${WO_SQL.unit} as unit, w.dispatch_request as priority, w.status,
        to_char(w.arrival_date, 'YYYY-MM-DD') as arrival_date
      ${UNPLANNED(user.companyId)}
      ${text ? sql`and (lower(${WO_SQL.unit}) like ${`%${text}%`} or w.id::text = ${text})` : sql``}
      order by w.dispatch_request desc, w.arrival_date nulls last, w.id limit 200`,
  );
  const due = (await dueServiceTasks(db, user.companyId)).filter(
    (d) => !text || d.unit.toLowerCase().includes(text) || d.task.toLowerCase().includes(text),
  );
  return {
    filter: { search },
    service_due: due.map((d) => ({
      unit_type: d.unit_type,
      unit_id: d.unit_id,
      unit: d.unit,
      task_id: d.task_id,
      task: d.task,
      due_date: d.due_date,
      days_left: d.days_left,
      status: d.status,
    })),
    list: rows.map((r) => ({
      id: Number(r.id),
      wo_type: String(r.wo_type),
      unit: (r.unit as string | null) ?? null,
      priority: Number(r.priority),
      status: Number(r.status),
      arrival_date: (r.arrival_date as string | null) ?? null,
    })),
  };
}

/**
 * A placement's start and end on the lane's continuous board hours: the hours wrap from 19 to 7
 * (§9), so board day n holds hours n × 12 … n × 12 + 11, and a task's cells are one interval.
 */
const boardHour = (date: SQL, time: SQL) =>
  sql`((${date} - date '2000-01-01') * ${PLANNER_HOURS.length} + ${time} - ${PLANNER_FIRST_HOUR})`;

/**
 * The cells must be free: a technician's lane holds one task at a time, and a day off refuses
 * everything; a task past 19:00 needs the next morning's cells too. Checked under a per-lane
 * advisory lock, so two moves onto one cell at once cannot both succeed. `refuse` makes the error
 * (422 on a form's field, 412 for a drag).
 */
export async function checkFree(
  tx: DbOrTx,
  user: AuthUser,
  place: Placement,
  opts: { except: number | null; refuse: (message: string) => AppError },
): Promise<void> {
  const lanes = await technicians(tx, user.companyId);
  const technician = lanes.find((l) => l.id === place.technician_id);
  if (!technician) throw AppError.invalidField('technician_id', 'Choose a technician of the Shop.');
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`planner:${user.companyId}:${place.technician_id}`}))`);
  const start = boardHour(sql`${place.date}::date`, sql`${place.time}`);
  const [clash] = await rowsOf<{ kind: string }>(
    tx,
    sql`select kind from planner_tasks where company_id = ${user.companyId} and technician_id = ${place.technician_id}
      and date between ${place.date}::date - 4 and ${place.date}::date + 4
      and ${boardHour(sql`date`, sql`time`)} < ${start} + ${place.w}
      and ${boardHour(sql`date`, sql`time`)} + w > ${start}
      ${opts.except === null ? sql`` : sql`and id <> ${opts.except}`}
      order by (kind = 'day_off') desc limit 1`,
  );
  if (clash)
    throw opts.refuse(clash.kind === 'day_off' ? PLANNER_MSG.dayOffTaken(technician.name) : PLANNER_MSG.cellTaken);
}

export const values = (p: Placement) => ({ date: p.date, time: p.time, w: p.w, technicianId: p.technician_id });

/** A light order's or day off's own task, written in its record's transaction (422 on `time` when taken). */
export async function placeRecord(
  tx: DbOrTx,
  user: AuthUser,
  kind: Exclude<TaskKind, 'work_order'>,
  refId: number,
  place: Placement,
): Promise<void> {
  const column = kind === 'light_order' ? plannerTasks.lightOrderId : plannerTasks.dayOffId;
  const [existing] = await tx.select().from(plannerTasks).where(eq(column, refId));
  await checkFree(tx, user, place, {
    except: existing?.id ?? null,
    refuse: (message) => AppError.invalidField('time', message),
  });
  if (existing) {
    await tx
      .update(plannerTasks)
      .set({ ...values(place), updatedAt: clock.now() })
      .where(eq(plannerTasks.id, existing.id));
    return;
  }
  await tx.insert(plannerTasks).values({
    companyId: user.companyId,
    kind,
    ...(kind === 'light_order' ? { lightOrderId: refId } : { dayOffId: refId }),
    ...values(place),
  });
}

/** The placement of a light order or day off, for its row. */
export async function placementOf(tx: DbOrTx, kind: 'light_order' | 'day_off', refId: number): Promise<Placement> {
  const column = kind === 'light_order' ? plannerTasks.lightOrderId : plannerTasks.dayOffId;
  const [t] = await rowsOf<{ date: string; time: number; w: number; technician_id: number }>(
    tx,
    sql`select to_char(date, 'YYYY-MM-DD') as date, time, w, technician_id from planner_tasks where ${column} = ${refId}`,
  );
  if (!t) return { date: '', time: 0, w: 0, technician_id: 0 };
  return { date: t.date, time: Number(t.time), w: Number(t.w), technician_id: Number(t.technician_id) };
}
