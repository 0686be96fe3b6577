// The board's own moves: a task dragged, resized or placed from its dialog, and an unplanned work
// order put on a cell. Each is a command on the task (locked in the caller's company, audited).

import { SECTION } from '@backhaul/shared';
import { PLANNER_MSG } from '@backhaul/shared/modules/planner/planner.contract';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { type CommandContext, defineCommand, runCommand } from '../../platform/record/command';
import { defineRecord } from '../../platform/record/define-record';
import { scheduleWorkOrder } from '../work-orders';
import { checkFree, type Placement, values } from './planner.service';
import { plannerTasks } from './planner.table';

type TaskRow = typeof plannerTasks.$inferSelect;

/** A task on the board; its audit keeps the row as it is. */
export const plannerTaskRecord = defineRecord({
  table: plannerTasks,
  section: SECTION.Planner,
  form: z.object({}),
  row: z.object({ id: z.number() }),
  toRow: (t: TaskRow) => ({ id: t.id }),
  audit: (t: TaskRow) => t,
});

type Move = Placement & { id: number; refuse: 'precondition' | 'time' };

/** Moves a task to a free place; its work order follows to the new technician. */
const moveTask = defineCommand({
  action: 'update',
  target: { record: plannerTaskRecord, id: (m: Move) => m.id },
  run: async ({ tx, user, row, input }: CommandContext<Move, typeof plannerTasks>) => {
    const place: Placement = { date: input.date, time: input.time, w: input.w, technician_id: input.technician_id };
    const refuse =
      input.refuse === 'time'
        ? (m: string) => AppError.invalidField('time', m)
        : (m: string) => AppError.precondition(m);
    await checkFree(tx, user, place, { except: row.id, refuse });
    await tx
      .update(plannerTasks)
      .set({ ...values(place), updatedAt: clock.now() })
      .where(eq(plannerTasks.id, row.id));
    if (row.workOrderId) await scheduleWorkOrder(tx, user, row.workOrderId, place.technician_id);
    return { id: row.id, action: 'updated' };
  },
});

type Plan = Placement & { workOrderId: number };

/** An unplanned work order put on a free cell: a new task, and the order scheduled for the technician. */
const planWorkOrder = defineCommand({
  action: 'create',
  run: async ({ tx, user, input, audit }: CommandContext<Plan, typeof plannerTasks>) => {
    const place: Placement = { date: input.date, time: input.time, w: input.w, technician_id: input.technician_id };
    const [planned] = await tx.select().from(plannerTasks).where(eq(plannerTasks.workOrderId, input.workOrderId));
    if (planned) throw AppError.precondition(PLANNER_MSG.planned);
    await checkFree(tx, user, place, { except: null, refuse: (m) => AppError.precondition(m) });
    await scheduleWorkOrder(tx, user, input.workOrderId, place.technician_id);
    const [created] = await tx
      .insert(plannerTasks)
      .values({ companyId: user.companyId, kind: 'work_order', workOrderId: input.workOrderId, ...values(place) })
      .returning();
    await audit({ entity: plannerTasks, entityId: Number(created?.id), action: 'create', after: created });
    return { id: Number(created?.id), action: 'created' };
  },
});

/**
 * POST /planner/drag-and-drop: a task moved or resized, or an unplanned work order put on a cell.
 * Answers the task as the target cell now holds it; a taken cell or a day off is a 412 with the
 * reason, and the board puts the task back.
 */
export function dragDrop(
  db: DbOrTx,
  user: AuthUser,
  body: Placement & { id?: number | undefined; work_order_id?: number | undefined },
): Promise<{ id: number; action: string }> {
  const place: Placement = { date: body.date, time: body.time, w: body.w, technician_id: body.technician_id };
  if (body.id) return runCommand(db, moveTask, user, { ...place, id: body.id, refuse: 'precondition' });
  return runCommand(db, planWorkOrder, user, { ...place, workOrderId: body.work_order_id as number });
}

/** PUT /planner/:id: a task's placement from its dialog (422 on `time` when the cells are taken). */
export async function updateTask(db: DbOrTx, user: AuthUser, id: number, place: Placement): Promise<void> {
  await runCommand(db, moveTask, user, { ...place, id, refuse: 'time' });
}
