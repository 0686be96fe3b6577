import { z } from 'zod';
import { field, rowSchema } from '../../forms/fields';
import { dateSchema } from '../../schemas/dates';
import { optionalInt, requiredText } from '../units/units.contract';

/**
 * Preventive maintenance (beyond the spec, issue 17): service tasks (an interval in miles, in days,
 * or both, whichever comes first) grouped into service programs assigned to units; each unit's next
 * due per task counts from its last completed (checked-out) work order of that task.
 */
export const SERVICE_PROGRAMS_BASE = '/service-programs';
export const SERVICE_TASKS_BASE = '/service-tasks';
export const SERVICE_SCHEDULE_BASE = '/service-schedule';
/** Due within this many days: "Due soon", on the planner's unplanned list. */
export const SERVICE_DUE_SOON_DAYS = 14;
export const SERVICE_UNIT_KINDS = { truck: 'Truck', trailer: 'Trailer' } as const;
export type ServiceUnitKind = keyof typeof SERVICE_UNIT_KINDS;
export const SERVICE_STATUSES = { overdue: 'Overdue', due: 'Due soon', ok: 'Scheduled' } as const;
export type ServiceStatus = keyof typeof SERVICE_STATUSES;

export const ServiceProgramFormSchema = z.object({
  name: field(requiredText(120, 'name'), { label: 'Program' }),
});
export const ServiceProgramSchema = rowSchema(ServiceProgramFormSchema);

export const ServiceTaskFormSchema = z
  .object({
    program_id: field(
      z.preprocess(
        (v) => (v === '' ? null : v),
        z.coerce.number({ message: 'Choose a program.' }).int().positive('Choose a program.'),
      ),
      { label: 'Program', kind: 'select', options: 'programs' },
    ),
    name: field(requiredText(120, 'name'), { label: 'Task' }),
    unit_kind: field(z.enum(['truck', 'trailer'], { message: 'Choose truck or trailer.' }), {
      label: 'Unit',
      kind: 'select',
      options: Object.entries(SERVICE_UNIT_KINDS).map(([value, label]) => ({ value, label })),
    }),
    interval_miles: field(optionalInt('interval in miles', 100, 1_000_000), {
      label: 'Every (miles)',
      kind: 'number',
      thousands: true,
    }),
    interval_days: field(optionalInt('interval in days', 1, 3660), { label: 'Every (days)', kind: 'number' }),
  })
  .refine((v) => v.interval_miles !== null || v.interval_days !== null, {
    message: 'Give an interval in miles, in days, or both.',
    path: ['interval_days'],
  });
export const ServiceTaskSchema = z.object({
  id: z.number().int(),
  program_id: z.number().int(),
  name: z.string(),
  unit_kind: z.string(),
  interval_miles: z.number().int().nullable(),
  interval_days: z.number().int().nullable(),
});
export const ServiceTaskOptionsSchema = z.object({
  programs: z.array(z.object({ value: z.string(), label: z.string() })),
});

/** One row of POST /service-schedule/list: a unit's task and when it falls due. */
export type ServiceScheduleRow = {
  id: string;
  unit_type: ServiceUnitKind;
  unit_id: number;
  unit: string;
  program: string;
  task_id: number;
  task: string;
  last_done: string | null;
  due_date: string | null;
  due_miles: number | null;
  odometer: number | null;
  /** Miles run since the last service (odometer − the odometer it was done at), and miles until due. */
  miles_since: number | null;
  miles_left: number | null;
  days_left: number | null;
  status: ServiceStatus;
  work_order_id: number | null;
};

/** POST /service-schedule/work-order: the chosen rows become one PM work order per unit. */
export const ServiceWorkOrderBodySchema = z.object({
  items: z
    .array(
      z.object({
        unit_type: z.enum(['truck', 'trailer']),
        unit_id: z.number().int().positive(),
        task_id: z.number().int().positive(),
      }),
    )
    .min(1, 'Choose at least one task.')
    .max(200),
});
export const ServiceWorkOrderAnswerSchema = z.object({
  message: z.string(),
  work_order_ids: z.array(z.number().int()),
});
export const SERVICE_MSG = {
  created: (n: number) => `${n} preventive maintenance work order${n === 1 ? '' : 's'} created.`,
  onOpenOrder: (task: string, unit: string, id: number) => `${task} for ${unit} is already on open work order #${id}.`,
  notAssigned: 'That task is not in a program of this unit.',
} as const;

/** POST /service-programs/:id/units: assign the program to a unit, counting from `start_date` and `start_odometer`. */
export const AssignProgramBodySchema = z.object({
  unit_type: z.enum(['truck', 'trailer'], { message: 'Choose truck or trailer.' }),
  unit_id: z.number().int().positive('Choose a unit.'),
  start_date: dateSchema(),
  /** Default: the unit's odometer now. */
  start_odometer: z.number().int().min(0).nullable().optional(),
});
export const AssignProgramAnswerSchema = z.object({ message: z.string(), id: z.number().int() });

const UnitOption = z.object({ value: z.number().int(), label: z.string() });
/** GET /service-programs/assignments: which unit follows which program, and what the form picks from. */
export const ProgramAssignmentSchema = z.object({
  id: z.number().int(),
  program_id: z.number().int(),
  program: z.string(),
  unit_type: z.enum(['truck', 'trailer']),
  unit_id: z.number().int(),
  unit: z.string(),
  start_date: z.string(),
  start_odometer: z.number().int().nullable(),
});
export type ProgramAssignment = z.infer<typeof ProgramAssignmentSchema>;
export const ProgramAssignmentsSchema = z.object({
  assignments: z.array(ProgramAssignmentSchema),
  programs: z.array(UnitOption),
  trucks: z.array(UnitOption),
  trailers: z.array(UnitOption),
});
