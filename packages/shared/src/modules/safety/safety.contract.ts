import { z } from 'zod';
import { field } from '../../forms/fields';
import type { RecordRoutes } from '../../http/routes';
import { dateSchema, monthSchema } from '../../schemas/dates';

const requiredText = (max: number, label: string) =>
  z
    .string({ error: `The ${label} is required.` })
    .trim()
    .min(1, `The ${label} is required.`)
    .max(max, `The ${label} may not be greater than ${max} characters.`);
const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `The ${label} may not be greater than ${max} characters.`);

/** A select's value: '' or null means none. */
const optionalId = z
  .union([z.string(), z.number(), z.null()])
  .transform((v) => (v === null || v === '' ? null : Number(v)))
  .pipe(z.number().int().positive('Choose a value from the list.').nullable());

export const DriverOptionSchema = z.object({ value: z.number().int(), label: z.string() });

// ——— Safety exceptions (001 §3 "Safety exception": status, name, actions, comments) ———

/** 1 open, 0 closed (001 §4: open while status is truthy). */
export const EXCEPTION_STATUSES = { 1: 'Open', 0: 'Closed' } as const;

export const SafetyExceptionFormSchema = z.object({
  name: field(requiredText(200, 'exception'), { label: 'Exception', span: 2 }),
  driver_id: field(optionalId, { label: 'Driver', kind: 'select', options: 'drivers' }),
  date: field(dateSchema(), { label: 'Date', kind: 'date' }),
  actions: field(optionalText(2000, 'actions'), { label: 'Actions to take', kind: 'textarea', span: 2 }),
});
export type SafetyExceptionForm = z.input<typeof SafetyExceptionFormSchema>;
export type SafetyExceptionFormOutput = z.output<typeof SafetyExceptionFormSchema>;

export const SafetyExceptionCommentSchema = z.object({
  id: z.number().int(),
  comment: z.string(),
  user: z.string().nullable(),
  created_at: z.string(),
});
export type SafetyExceptionComment = z.infer<typeof SafetyExceptionCommentSchema>;

export const SafetyExceptionRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  actions: z.string(),
  date: z.string(),
  driver_id: z.number().int().nullable(),
  driver: z.string().nullable(),
  status: z.number().int(),
  created_by: z.string().nullable(),
  closed_at: z.string().nullable(),
  comments: z.array(SafetyExceptionCommentSchema),
});
export type SafetyExceptionRow = z.infer<typeof SafetyExceptionRowSchema>;

const commentText = requiredText(2000, 'comment');

/**
 * POST /safety-exception: a new exception ('Added new exception'), or a comment on one when the
 * body names `exception_id` ('Comment added successfully').
 */
export const SafetyExceptionCommentBodySchema = z.object({
  exception_id: z.coerce.number().int().positive(),
  comment: commentText,
});
export const SafetyExceptionPostBodySchema = z
  .object({
    exception_id: z.coerce.number().int().positive().optional(),
    comment: optionalText(2000, 'comment').optional(),
    name: z.string().optional(),
    driver_id: optionalId.optional(),
    date: dateSchema().optional(),
    actions: z.string().optional(),
  })
  .superRefine((body, ctx) => {
    const parsed = (body.exception_id ? SafetyExceptionCommentBodySchema : SafetyExceptionFormSchema).safeParse(body);
    if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
  });

/** PUT /safety-exception/:id: edit, close (status 0) or reopen, with an optional comment. */
export const SafetyExceptionUpdateBodySchema = SafetyExceptionFormSchema.partial().extend({
  status: z.union([z.literal(0), z.literal(1)]).optional(),
  comment: optionalText(2000, 'comment').optional(),
});
export type SafetyExceptionUpdateBody = z.input<typeof SafetyExceptionUpdateBodySchema>;

/** GET /safety-exception?status=open|closed|all: the exceptions, newest first, and the open count. */
export const SafetyExceptionQuerySchema = z.object({
  status: z.enum(['open', 'closed', 'all']).default('open'),
  driver_id: z.coerce.number().int().positive().optional(),
});
export const SafetyExceptionListSchema = z.object({
  rows: z.array(SafetyExceptionRowSchema),
  open: z.number().int(),
  total: z.number().int(),
});
export const SafetyExceptionCreateSchema = z.object({ drivers: z.array(DriverOptionSchema) });
export const SafetyExceptionEditSchema = z.object({
  exception: SafetyExceptionRowSchema,
  drivers: z.array(DriverOptionSchema),
});
export const SafetyExceptionSavedSchema = z.object({
  message: z.string(),
  exception: SafetyExceptionRowSchema,
  open: z.number().int(),
});

/** The record engine's calls of an exception; PUT (edit, close, comment) and POST (add, comment) are the module's. */
export const SAFETY_EXCEPTION_ROUTES = {
  createForm: 'GET /safety-exception/create',
  editForm: 'GET /safety-exception/:id/edit',
  remove: 'DELETE /safety-exception/:id',
} as const satisfies RecordRoutes;

export const EMPTY_SAFETY_EXCEPTION: SafetyExceptionForm = { name: '', driver_id: null, date: '', actions: '' };

// ——— Driver actions (the safety calendar) and the logbook ———

export const SAFETY_ACTION_KINDS = {
  check_in: 'Check-in call',
  inspection: 'Inspection',
  training: 'Training',
  warning: 'Warning',
  violation: 'Violation',
  accident: 'Accident',
} as const;
export type SafetyActionKind = keyof typeof SAFETY_ACTION_KINDS;
const kindKeys = Object.keys(SAFETY_ACTION_KINDS) as [SafetyActionKind, ...SafetyActionKind[]];

export const SafetyActionParamsSchema = z.object({
  driver_id: z.coerce.number().int().positive(),
  date: dateSchema(),
});
/** GET /safety/:id/:date: `id` is the driver. */
export const SafetyDayParamsSchema = z.object({ id: z.coerce.number().int().positive(), date: dateSchema() });

/**
 * POST /safety/:driver_id/:date (001 §4): add (no id), edit (with id) or delete (`delete: true`,
 * which sets status 0 and hides the action).
 */
export const SafetyActionBodySchema = z.object({
  id: z.coerce.number().int().positive().optional(),
  kind: field(z.enum(kindKeys, { error: 'Choose a kind of action.' }).default('check_in'), {
    label: 'Action',
    kind: 'select',
    options: Object.entries(SAFETY_ACTION_KINDS).map(([value, label]) => ({ value, label })),
  }),
  note: field(optionalText(2000, 'note'), { label: 'Note', kind: 'textarea' }).default(''),
  delete: z.boolean().optional(),
});
export type SafetyActionBody = z.input<typeof SafetyActionBodySchema>;
/** The day dialog's form: an action added or edited there needs its note (a deletion sends none). */
export const SafetyActionFormSchema = SafetyActionBodySchema.extend({
  note: field(requiredText(2000, 'note'), { label: 'Note', kind: 'textarea' }),
});

export const SafetyActionSchema = z.object({
  id: z.number().int(),
  driver_id: z.number().int(),
  date: z.string(),
  kind: z.string(),
  note: z.string(),
  status: z.number().int(),
  dateTime: z.string(),
  created_by: z.string().nullable(),
});
export type SafetyAction = z.infer<typeof SafetyActionSchema>;

export const SafetyActionSavedSchema = z.object({ message: z.string(), action: SafetyActionSchema });
export const SafetyDaySchema = z.object({
  driver: z.object({ id: z.number().int(), name: z.string() }),
  date: z.string(),
  actions: z.array(SafetyActionSchema),
});

/** POST /safety/action: one driver's actions of a month, for the calendar. */
export const SafetyMonthBodySchema = z.object({
  driver_id: z.coerce.number().int().positive(),
  month: monthSchema().optional(),
});
export const SafetyMonthActionsSchema = z.object({
  driver: z.object({ id: z.number().int(), name: z.string() }),
  month: z.string(),
  actions: z.array(SafetyActionSchema),
});

export const LogbookRowSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  dateTime: z.string(),
  driver_id: z.number().int(),
  driver: z.string(),
  customer: z.string().nullable(),
  kind: z.string(),
  note: z.string(),
  created_by: z.string().nullable(),
  status: z.number().int(),
});
export type LogbookRow = z.infer<typeof LogbookRowSchema>;

/** GET /safety/create: what the safety screens choose from (drivers on safety first, then the rest). */
export const SafetyOptionsSchema = z.object({
  drivers: z.array(DriverOptionSchema.extend({ safety: z.boolean() })),
  kinds: z.array(z.object({ value: z.string(), label: z.string() })),
});
export type SafetyOptions = z.infer<typeof SafetyOptionsSchema>;

// ——— The safety/driver table (001 §3 "Safety/driver table columns") ———

export const SAFETY_DRIVER_STATUSES = { active: 'Active', watch: 'On watch', suspended: 'Suspended' } as const;
export type SafetyDriverStatus = keyof typeof SAFETY_DRIVER_STATUSES;
const statusKeys = Object.keys(SAFETY_DRIVER_STATUSES) as [SafetyDriverStatus, ...SafetyDriverStatus[]];

export const SafetyRowSchema = z.object({
  id: z.number().int(),
  date: z.string().nullable(),
  customer: z.string().nullable(),
  driver: z.string(),
  eld_count: z.number().int(),
  phone: z.string().nullable(),
  phone2: z.string().nullable(),
  sale_manager: z.string().nullable(),
  truck: z.string().nullable(),
  trailer: z.string().nullable(),
  trailer_type: z.string().nullable(),
  service: z.string().nullable(),
  employees: z.string().nullable(),
  status: z.string(),
  hours: z.number(),
  actions: z.number().int(),
});
export type SafetyRow = z.infer<typeof SafetyRowSchema>;

const driverId = z.coerce.number({ error: 'Choose a driver.' }).int().positive('Choose a driver.');
const hours = z.coerce
  .number({ error: 'The hours are a number.' })
  .min(0, 'The hours are between 0 and 70.')
  .max(70, 'The hours are between 0 and 70.')
  .multipleOf(0.1, 'The hours have one decimal at most.');

/** POST /safety/status: a driver's safety status. */
export const SafetyStatusBodySchema = z.object({
  driver_id: driverId,
  status: z.enum(statusKeys, { error: 'Choose a status from the list.' }),
});
/** POST /safety/hours: hours of service left in the driver's 70-hour week. */
export const SafetyHoursBodySchema = z.object({ driver_id: driverId, hours });
/** POST /safety/save: the safety row of a driver (status, hours, ELD count, the employee who watches). */
export const SafetySaveBodySchema = z.object({
  driver_id: driverId,
  status: z.enum(statusKeys, { error: 'Choose a status from the list.' }),
  hours,
  eld_count: z.coerce
    .number({ error: 'The ELD count is a number.' })
    .int('The ELD count is a whole number.')
    .min(0, 'The ELD count is between 0 and 9.')
    .max(9, 'The ELD count is between 0 and 9.'),
  employee_id: optionalId,
});
export type SafetySaveBody = z.input<typeof SafetySaveBodySchema>;
export const SafetySavedSchema = z.object({ message: z.string(), row: SafetyRowSchema });

export const SafetyAccessSchema = z.object({
  access: z.boolean(),
  driver: z.object({ id: z.number().int(), name: z.string(), safety: z.boolean() }),
  row: SafetyRowSchema.nullable(),
  employees: z.array(DriverOptionSchema),
});
export const SafetyCustomerFilterSchema = z.object({
  customers: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

/** POST /safety/statistics: the month's actions by kind, open exceptions and drivers on safety. */
export const SafetyStatisticsBodySchema = z.object({
  month: monthSchema().optional(),
});
export const SafetyStatisticsSchema = z.object({
  month: z.string(),
  drivers: z.number().int(),
  open_exceptions: z.number().int(),
  actions: z.number().int(),
  kinds: z.array(z.object({ kind: z.string(), label: z.string(), count: z.number().int() })),
});

// ——— Motivation programme (a month per driver of what the programme pays) ———

/**
 * The programme's rules, in cents: a safe-driving bonus for a month with no warning, violation,
 * accident or new exception and at least the settings' miles driven (Accounting settings, motivation
 * group), and an on-time bonus per load delivered by its appointment (the delivery stop's window
 * end, else its time). The safety score starts at
 * 100 and loses the weight of each event (never below 0).
 */
export const MOTIVATION_RULES = {
  safeDrivingBonusCents: 100_00,
  onTimePerLoadCents: 10_00,
  scoreWeights: { warning: 10, violation: 25, accident: 50, exception: 10 },
} as const;

export const MotivationRowSchema = z.object({
  driver_id: z.number().int(),
  driver: z.string(),
  customer: z.string().nullable(),
  loads: z.number().int(),
  /** Loads delivered by their appointment: the on-time bonus pays these. */
  on_time_loads: z.number().int(),
  /** Miles driven in the month (loaded + empty of the loads delivered, alone or in a team). */
  miles: z.number().int(),
  actions: z.number().int(),
  warnings: z.number().int(),
  violations: z.number().int(),
  accidents: z.number().int(),
  exceptions: z.number().int(),
  score: z.number().int(),
  safe_bonus: z.number(),
  on_time_bonus: z.number(),
  total: z.number(),
});
export type MotivationRow = z.infer<typeof MotivationRowSchema>;

export const MotivationMonthSchema = z.object({
  month: z.string(),
  rows: z.array(MotivationRowSchema),
  totals: z.object({ safe_bonus: z.number(), on_time_bonus: z.number(), total: z.number(), drivers: z.number().int() }),
});
export type MotivationMonth = z.infer<typeof MotivationMonthSchema>;
export const MotivationParamsSchema = z.object({ date: monthSchema() });
export const MotivationListBodySchema = z.object({ months: z.coerce.number().int().min(1).max(24).default(12) });
export const MotivationListSchema = z.object({
  months: z.array(
    z.object({ month: z.string(), drivers: z.number().int(), qualified: z.number().int(), total: z.number() }),
  ),
});
export const MotivationHomeSchema = z.object({
  month: z.string(),
  rules: z.object({
    safe_bonus: z.number(),
    on_time_per_load: z.number(),
    /** The miles a month needs for the safe-driving bonus (Accounting settings, motivation group). */
    safe_min_miles: z.number().int(),
    weights: z.record(z.string(), z.number()),
  }),
});
