import { z } from 'zod';
import { field } from '../../forms/fields';
import { recordRoutes } from '../../http/routes';
import { dateSchema } from '../../schemas/dates';
import { optionalMoneySchema } from '../../schemas/money';
import { SPEC } from '../../spec/constants';
import { phoneField, requiredText, textField } from '../customers/contact-fields';

/**
 * The Shop's planner (001 §3, §4, §7, §9): a week of days by hour, one lane per technician, holding
 * work orders, light orders and days off. A task starts at an hour (`time`), lasts `w` hours, in a
 * technician's lane (`position` is the lane's index); the board's hours run from 7 to 19 and wrap
 * (§9: after 19 comes 7 of the next day), so a task past 19:00 goes on the next morning.
 */
export const PLANNER_FIRST_HOUR: number = SPEC.schedules.planner_hour_wrap.to;
export const PLANNER_LAST_HOUR: number = SPEC.schedules.planner_hour_wrap.from;
export const PLANNER_HOURS = Array.from(
  { length: PLANNER_LAST_HOUR - PLANNER_FIRST_HOUR },
  (_, i) => PLANNER_FIRST_HOUR + i,
);
/** Hours of one board day (7 to 19). */
export const PLANNER_DAY_HOURS = PLANNER_HOURS.length;
/** The longest task: three board days. */
export const PLANNER_MAX_HOURS = PLANNER_DAY_HOURS * 3;
export type TaskCell = { date: string; time: number; w: number };

const DAY_MS = 86_400_000;
const dayShift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The cells a task covers with the hours wrapping from 19 to 7 (§9): from its start hour to 19:00,
 * then from 7:00 of each next day until its hours are used, e.g. 17:00 for 4 hours on the 7th is
 * 17-19 on the 7th and 7-9 on the 8th.
 */
export function taskCells(date: string, time: number, w: number): TaskCell[] {
  const cells: TaskCell[] = [];
  let [day, at, left] = [date, time, w];
  while (left > 0) {
    const here = Math.min(left, PLANNER_LAST_HOUR - at);
    cells.push({ date: day, time: at, w: here });
    left -= here;
    [day, at] = [dayShift(day, 1), PLANNER_FIRST_HOUR];
  }
  return cells;
}

export const TASK_KINDS = ['work_order', 'light_order', 'day_off'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];
export const PLANNER_MSG = {
  dayOffTaken: (name: string) => `${name} is off at that time: choose another cell.`,
  cellTaken: 'That time is already planned for this technician: choose another cell.',
  tooLong: `A task lasts at most ${PLANNER_MAX_HOURS} hours (three days of the board).`,
  planned: 'This work order is already on the board.',
  moved: 'Planner updated',
} as const;

const hour = z.coerce
  .number({ message: 'Choose an hour.' })
  .int('Choose an hour.')
  .min(PLANNER_FIRST_HOUR, `The board starts at ${PLANNER_FIRST_HOUR}:00.`)
  .max(PLANNER_LAST_HOUR - 1, `The last start is ${PLANNER_LAST_HOUR - 1}:00.`);
const width = z.coerce
  .number({ message: 'Enter the hours.' })
  .int('Whole hours.')
  .min(1, 'At least one hour.')
  .max(PLANNER_MAX_HOURS, PLANNER_MSG.tooLong);
const technician = z.preprocess(
  (v) => (v === '' ? null : v),
  z.coerce.number({ message: 'Choose a technician.' }).int().positive('Choose a technician.'),
);

/** Where a task sits: the day, the start hour, the technician, the hours. */
const placement = {
  date: field(dateSchema(), { label: 'Date', kind: 'date' }),
  time: field(hour, {
    label: 'Start',
    kind: 'select',
    options: PLANNER_HOURS.map((h) => ({ value: String(h), label: `${h}:00` })),
  }),
  w: field(width, { label: 'Hours', kind: 'number' }),
  technician_id: field(technician, { label: 'Technician', kind: 'select', options: 'technicians' }),
};
export const PlacementSchema = z.object(placement);

/** POST /planner/drag-and-drop: a task moved or resized, or an unplanned work order put on the board. */
export const DragDropBodySchema = z
  .object({
    id: z.number().int().positive().optional(),
    work_order_id: z.number().int().positive().optional(),
    date: dateSchema(),
    time: hour,
    w: width,
    technician_id: technician,
  })
  .refine((v) => Boolean(v.id) !== Boolean(v.work_order_id), {
    message: 'Move a task (id) or plan a work order (work_order_id).',
    path: ['id'],
  });

/** A task cell (001 §3: id, position, width w, dayOff, time, info). */
export const TaskSchema = z.object({
  id: z.number().int(),
  kind: z.enum(TASK_KINDS),
  date: z.string(),
  time: z.number().int(),
  w: z.number().int(),
  position: z.number().int(),
  technician_id: z.number().int(),
  /** Where it shows: one cell per board day it covers (the hours wrap from 19 to 7, §9). */
  cells: z.array(z.object({ date: z.string(), time: z.number().int(), w: z.number().int() })),
  dayOff: z.boolean(),
  info: z.object({
    title: z.string(),
    subtitle: z.string().nullable(),
    ref_id: z.number().int(),
    status: z.number().int().nullable(),
  }),
});
export type Task = z.infer<typeof TaskSchema>;

export const TechnicianSchema = z.object({ id: z.number().int(), name: z.string() });

/** POST /planner/list (date: any day of the week) and GET /planner (this week). */
export const PlannerListBodySchema = z.object({ date: dateSchema().optional() });
export const PlannerBoardSchema = z.object({
  dateList: z.array(z.string()),
  hours: z.array(z.number().int()),
  technicians: z.array(TechnicianSchema),
  tasks: z.array(TaskSchema),
  /** Unplanned work orders (not closed or canceled, not on the board). */
  newOrder: z.number().int(),
});
export type PlannerBoard = z.infer<typeof PlannerBoardSchema>;

export const DragDropAnswerSchema = z.object({ status: z.boolean(), message: z.string(), row: TaskSchema });

/** POST /planner/create/list: the unplanned work orders (001 §3: filter and list). */
export const UnplannedBodySchema = z.object({ search: z.string().max(100).default('') });
export const UnplannedSchema = z.object({
  filter: z.object({ search: z.string() }),
  list: z.array(
    z.object({
      id: z.number().int(),
      wo_type: z.string(),
      unit: z.string().nullable(),
      priority: z.number().int(),
      status: z.number().int(),
      arrival_date: z.string().nullable(),
    }),
  ),
  /**
   * Preventive maintenance due within 14 days (or overdue) with no work order yet (beyond the spec):
   * the board offers to make the PM work order, which then waits here to be planned.
   */
  service_due: z.array(
    z.object({
      unit_type: z.enum(['truck', 'trailer']),
      unit_id: z.number().int(),
      unit: z.string(),
      task_id: z.number().int(),
      task: z.string(),
      due_date: z.string().nullable(),
      days_left: z.number().int().nullable(),
      status: z.string(),
    }),
  ),
});

/** GET /planner/create: what a new task chooses from. */
export const PlannerOptionsSchema = z.object({
  technicians: z.array(TechnicianSchema),
  hours: z.array(z.number().int()),
});

/** GET /planner/:id/edit and PUT /planner/:id: one task's placement and its note. */
export const PlannerTaskFormSchema = PlacementSchema;
export const PlannerTaskEditSchema = PlannerOptionsSchema.extend({ row: TaskSchema });

// ---------- light orders ----------

export const LIGHT_ORDER_BASE = '/light-order';
export const LIGHT_ORDER_ROUTES = recordRoutes(LIGHT_ORDER_BASE);

/** A quick job for a walk-in customer (a tire patch, a bulb), planned on the board. */
export const LightOrderFormSchema = z.object({
  customer: field(requiredText(160, 'customer'), { label: 'Customer' }),
  phone: field(phoneField(), { label: 'Phone', kind: 'phone' }),
  unit: field(textField(60, 'unit'), { label: 'Unit' }),
  price: field(optionalMoneySchema({ label: 'price', max: 100_000 }), { label: 'Price', kind: 'money' }),
  ...placement,
  // The spec's key, the form's label: its messages name the Job the user sees under it.
  description: field(requiredText(1000, 'job'), { label: 'Job', kind: 'textarea', span: 2 }),
});
export type LightOrderForm = z.input<typeof LightOrderFormSchema>;
export const LightOrderRowSchema = z.object({
  id: z.number().int(),
  customer: z.string(),
  phone: z.string().nullable(),
  unit: z.string().nullable(),
  description: z.string(),
  price: z.number().nullable(),
  date: z.string(),
  time: z.number().int(),
  w: z.number().int(),
  technician_id: z.number().int(),
  client_id: z.number().int().nullable(),
});
export const LightOrderSavedSchema = z.object({ message: z.string(), row: LightOrderRowSchema });
export const ClientFromOrderBodySchema = z.object({ id: z.number().int().positive() });
export const ClientFromOrderSchema = z.object({ message: z.string(), client_id: z.number().int() });

// ---------- day off ----------

export const DAY_OFF_BASE = '/day-off';
/** 001 §7: GET and POST …/create, POST …/:id/edit (POST as written), PUT and DELETE …/:id. */
export const DAY_OFF_ROUTES = recordRoutes(DAY_OFF_BASE, { editForm: `POST ${DAY_OFF_BASE}/:id/edit` });

export const DayOffFormSchema = z.object({
  ...placement,
  reason: field(textField(240, 'reason'), { label: 'Reason', placeholder: 'Vacation, training, sick…' }),
});
export type DayOffForm = z.input<typeof DayOffFormSchema>;
export const DayOffRowSchema = z.object({
  id: z.number().int(),
  reason: z.string().nullable(),
  date: z.string(),
  time: z.number().int(),
  w: z.number().int(),
  technician_id: z.number().int(),
});
export const DayOffSavedSchema = z.object({ message: z.string(), row: DayOffRowSchema });
