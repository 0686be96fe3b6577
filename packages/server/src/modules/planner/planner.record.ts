import { MSG, SECTION, toDollars } from '@backhaul/shared';
import {
  DayOffFormSchema,
  DayOffRowSchema,
  LightOrderFormSchema,
  LightOrderRowSchema,
} from '@backhaul/shared/modules/planner/planner.contract';
import { eq } from 'drizzle-orm';
import { defineRecord } from '../../platform/record/define-record';
import { placementOf, placeRecord } from './planner.service';
import { dayOffs, lightOrders, plannerTasks } from './planner.table';

const placement = (form: { date: string; time: number; w: number; technician_id: number }) => ({
  date: form.date,
  time: form.time,
  w: form.w,
  technician_id: form.technician_id,
});

/** A light order and its task on the board, saved together (a taken cell is a 422 on `time`). */
export const lightOrderRecord = defineRecord({
  table: lightOrders,
  section: SECTION.Planner,
  form: LightOrderFormSchema,
  row: LightOrderRowSchema,
  toRow: async (l, { tx }) => ({
    id: l.id,
    customer: l.customer,
    phone: l.phone,
    unit: l.unit,
    description: l.description,
    price: l.priceCents === null ? null : toDollars(l.priceCents),
    client_id: l.clientId,
    ...(await placementOf(tx, 'light_order', l.id)),
  }),
  toValues: (form, { before, user }) => ({
    customer: form.customer,
    phone: form.phone || null,
    unit: form.unit || null,
    description: form.description,
    priceCents: form.price,
    ...(before ? {} : { createdBy: user.id }),
  }),
  messages: { created: MSG.itemAdded, updated: MSG.itemSaved, deleted: MSG.itemDeleted },
  hooks: {
    afterSave: ({ tx, user, after, form }) => placeRecord(tx, user, 'light_order', after.id, placement(form)),
    afterDelete: async ({ tx, id }) => {
      await tx.delete(plannerTasks).where(eq(plannerTasks.lightOrderId, id));
    },
  },
});

/** A technician's day off and the hours it blocks on the board (001 §8: 'Edit day off', 'Remove item day off'). */
export const dayOffRecord = defineRecord({
  table: dayOffs,
  section: SECTION.Planner,
  form: DayOffFormSchema,
  row: DayOffRowSchema,
  toRow: async (d, { tx }) => ({ id: d.id, reason: d.reason, ...(await placementOf(tx, 'day_off', d.id)) }),
  toValues: (form, { before, user }) => ({ reason: form.reason || null, ...(before ? {} : { createdBy: user.id }) }),
  messages: { created: MSG.itemAdded, updated: MSG.editDayOff, deleted: MSG.removeItemDayOff },
  hooks: {
    afterSave: ({ tx, user, after, form }) => placeRecord(tx, user, 'day_off', after.id, placement(form)),
    afterDelete: async ({ tx, id }) => {
      await tx.delete(plannerTasks).where(eq(plannerTasks.dayOffId, id));
    },
  },
});
