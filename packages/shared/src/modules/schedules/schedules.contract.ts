import { z } from 'zod';
import { moneySchema } from '../../schemas/money';

/** What the factoring company did with a load of a schedule (schedule_loads.status). */
export const SCHEDULE_LOAD_STATUSES = ['applied', 'not_processed'] as const;
export type ScheduleLoadStatus = (typeof SCHEDULE_LOAD_STATUSES)[number];
export const SCHEDULE_LOAD_STATUS_LABELS: Record<ScheduleLoadStatus, string> = {
  applied: 'Applied',
  not_processed: 'Not processed',
};

export const SCHEDULE_MSG = {
  loadNotEligible: 'A chosen load is not delivered, not factored, has no PPW or is on another schedule.',
  noLoads: 'Choose at least one load.',
  loadNotOnSchedule: 'This load is not on a schedule.',
  noEmails: 'Enter at least one e-mail address.',
  badEmail: 'Enter valid e-mail addresses, separated by commas.',
  /** A schedule holds the loads of one factoring account: these loads' customers factor with another. */
  otherFactoring: (loadIds: readonly number[]) =>
    `Load ${loadIds.map((id) => `#${id}`).join(', ')} is factored with another factoring company than the schedule's.`,
} as const;

/** One row of POST /schedules/list (000 §3 "Schedules columns"). Money in dollars. */
export const ScheduleRowSchema = z.object({
  id: z.number().int(),
  create_at: z.string(),
  created_by: z.string().nullable(),
  name: z.string(),
  factoring: z.string().nullable(),
  load_count: z.number().int(),
  applied_load: z.number().int(),
  not_processed: z.number().int(),
  gross: z.number(),
  amount: z.number(),
});
export type ScheduleRow = z.infer<typeof ScheduleRowSchema>;

/** A load on a schedule: gross, what factoring should pay (gross × (1 − percent)) and what it paid. */
export const ScheduleLoadSchema = z.object({
  load_id: z.number().int(),
  customer: z.string().nullable(),
  broker: z.string().nullable(),
  broker_number: z.string().nullable(),
  delivery_date: z.string().nullable(),
  gross: z.number(),
  expected_factoring: z.number(),
  amount_factoring: z.number().nullable(),
  status: z.enum(SCHEDULE_LOAD_STATUSES),
  processed_at: z.string().nullable(),
});
export type ScheduleLoad = z.infer<typeof ScheduleLoadSchema>;

export const ScheduleActionSchema = z.object({
  id: z.number().int(),
  action_text: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type ScheduleAction = z.infer<typeof ScheduleActionSchema>;

export const ScheduleDetailSchema = ScheduleRowSchema.extend({
  factoring_company_id: z.number().int(),
  factoring_percent: z.number(),
  factoring_email: z.string().nullable(),
  sent_at: z.string().nullable(),
  expected: z.number(),
  loads: z.array(ScheduleLoadSchema),
  actions: z.array(ScheduleActionSchema),
});
export type ScheduleDetail = z.infer<typeof ScheduleDetailSchema>;

export const ScheduleFileSchema = z.object({
  id: z.number().int(),
  load_id: z.number().int().nullable(),
  category: z.string().nullable(),
  name: z.string(),
  mime: z.string(),
  url: z.string(),
  created_at: z.string(),
});
/** GET /schedules/:id (001 §3 "Schedule": files as load_files). */
export const ScheduleResponseSchema = z.object({
  schedule: ScheduleDetailSchema,
  load_files: z.array(ScheduleFileSchema),
});

export const FactoringOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  percent: z.number(),
  email: z.string().nullable(),
});
/** A load a schedule may take: delivered, factored, with PPW, on no other schedule. */
export const EligibleLoadSchema = z.object({
  load_id: z.number().int(),
  customer: z.string().nullable(),
  broker: z.string().nullable(),
  broker_number: z.string().nullable(),
  delivery_date: z.string().nullable(),
  gross: z.number(),
  factoring_company_id: z.number().int().nullable(),
});
export type EligibleLoad = z.infer<typeof EligibleLoadSchema>;

/** GET /schedules/create and /schedules/:id/edit. */
export const ScheduleFormOptionsSchema = z.object({
  factoring: z.array(FactoringOptionSchema),
  loads: z.array(EligibleLoadSchema),
  schedule: z
    .object({
      id: z.number().int(),
      name: z.string(),
      factoring_company_id: z.number().int(),
      load_ids: z.array(z.number().int()),
    })
    .nullable(),
});
export type ScheduleFormOptions = z.infer<typeof ScheduleFormOptionsSchema>;

/** POST /schedules and PUT /schedules/:id. */
export const ScheduleFormSchema = z.object({
  name: z.string().trim().min(1, 'The name is required.').max(120, 'The name may not be greater than 120 characters.'),
  factoring_company_id: z.coerce
    .number({ message: 'Choose a factoring company.' })
    .int()
    .positive('Choose a factoring company.'),
  load_ids: z.array(z.coerce.number().int().positive()).min(1, SCHEDULE_MSG.noLoads),
});
export type ScheduleForm = z.input<typeof ScheduleFormSchema>;

export const ScheduleSavedSchema = z.object({ message: z.string(), schedule: ScheduleDetailSchema });

/** POST /schedules/send/:id: addresses as a list or one comma-separated text, and a message. */
export const ScheduleSendBodySchema = z.object({
  emails: z
    .union([z.array(z.string()), z.string()])
    .transform((v) => (Array.isArray(v) ? v : v.split(/[,;\s]+/)).map((e) => e.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(z.email(SCHEDULE_MSG.badEmail)).min(1, SCHEDULE_MSG.noEmails).max(20, 'At most 20 addresses.')),
  message: z.string().trim().max(2000, 'The message may not be greater than 2000 characters.').optional().default(''),
});
export type ScheduleSendBody = z.input<typeof ScheduleSendBodySchema>;

/** POST /schedules/action/:id. */
export const ScheduleActionBodySchema = z.object({
  action_text: z
    .string()
    .trim()
    .min(1, 'The action text is required.')
    .max(1000, 'The action text may not be greater than 1000 characters.'),
});

/** POST /schedules/load/:id (the load id): what factoring paid for it, dollars (parsed to cents), and its status. */
export const ScheduleLoadBodySchema = z.object({
  amount_factoring: moneySchema({ max: 10_000_000 }),
  status: z.enum(SCHEDULE_LOAD_STATUSES, { message: 'Choose Applied or Not processed.' }),
});
export type ScheduleLoadBody = z.input<typeof ScheduleLoadBodySchema>;

export const ScheduleLoadSavedSchema = z.object({
  message: z.string(),
  load: ScheduleLoadSchema,
  /** The short payment created or updated when factoring paid less than expected. */
  short_payment_id: z.number().int().nullable(),
});

export const ScheduleLinkSchema = z.object({ link: z.string() });
