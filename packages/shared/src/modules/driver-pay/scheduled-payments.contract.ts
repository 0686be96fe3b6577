import { z } from 'zod';
import { field } from '../../forms/fields';
import { recordRoutes } from '../../http/routes';
import { dateSchema } from '../../schemas/dates';
import { moneySchema } from '../../schemas/money';

/**
 * Accounting → Scheduled payments (002 §7; issue 15): a driver's recurring deduction or credit
 * (truck lease, insurance, escrow, advance repayment), every week or month from its start date,
 * `count` times or open-ended. Each instalment due in a driver statement's period is offered on
 * that statement and taken by one statement at most. The register names the calls, not their
 * shapes: these are ours.
 */
export const SCHEDULED_PAYMENTS_BASE = '/scheduled-payments';
export const SCHEDULED_PAYMENT_ROUTES = recordRoutes(SCHEDULED_PAYMENTS_BASE, {
  editForm: 'GET /scheduled-payments/:id/edit/:date',
  remove: false,
});

export const SCHEDULED_PAYMENT_TYPES = { deduction: 'Deduction', credit: 'Credit' } as const;
export type ScheduledPaymentType = keyof typeof SCHEDULED_PAYMENT_TYPES;
export const SCHEDULED_FREQUENCIES = { weekly: 'Weekly', monthly: 'Monthly' } as const;
export type ScheduledFrequency = keyof typeof SCHEDULED_FREQUENCIES;
/** POST /scheduled-payments/destroy/:id: this instalment only, or the series from this date on. */
export const DESTROY_TYPES = { one: 'This payment only', all: 'The whole series' } as const;
export type DestroyType = keyof typeof DESTROY_TYPES;

export const SCHEDULED_MSG = {
  created: 'The scheduled payment was added.',
  updated: 'The scheduled payment was saved.',
  deletedOne: 'The payment of this date was removed from the series.',
  deletedAll: 'The scheduled payment was deleted.',
  ended: (n: number) => `The series now ends after payment ${n}: the earlier payments are on driver statements.`,
  onStatement: (id: number) => `This payment is on driver statement #${id}: take it off the statement first.`,
  taken:
    'Payments of this series are on driver statements: only the description and the number of payments can change.',
  countBelowTaken: (n: number) => `Payments up to number ${n} are on driver statements: keep at least ${n}.`,
  notDue: 'The series has no payment on this date.',
  chooseDriver: 'Choose a driver.',
} as const;

const options = <T extends Record<string, string>>(o: T) =>
  Object.entries(o).map(([value, label]) => ({ value, label }));
const keys = <T extends Record<string, string>>(o: T) => Object.keys(o) as [keyof T & string, ...(keyof T & string)[]];

const selectId = (message: string, required: boolean) =>
  z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((v) => (v === null || v === undefined || v === '' ? null : Number(v)))
    .pipe(
      required
        ? z.number({ error: message }).int(message).positive(message)
        : z.number().int().positive('Choose from the list.').nullable(),
    );

const countSchema = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined || v === '' ? null : Number(v)))
  .pipe(
    z
      .number({ error: 'The number of payments is a whole number.' })
      .int('The number of payments is a whole number.')
      .min(1, 'At least one payment, or leave it empty for an open-ended series.')
      .max(520, 'At most 520 payments.')
      .nullable(),
  );

/** POST /scheduled-payments and PUT /scheduled-payments/:id. */
export const ScheduledPaymentFormSchema = z.object({
  driver_id: field(selectId(SCHEDULED_MSG.chooseDriver, true) as z.ZodType<number, unknown>, {
    label: 'Driver',
    kind: 'select',
    options: 'drivers',
  }),
  customer_id: field(selectId('', false) as z.ZodType<number | null, unknown>, {
    label: 'Customer',
    kind: 'select',
    options: 'customers',
  }),
  payment_type: field(z.enum(keys(SCHEDULED_PAYMENT_TYPES), { error: 'Choose deduction or credit.' }), {
    label: 'Type',
    kind: 'select',
    options: options(SCHEDULED_PAYMENT_TYPES),
  }),
  frequency: field(z.enum(keys(SCHEDULED_FREQUENCIES), { error: 'Choose weekly or monthly.' }), {
    label: 'Every',
    kind: 'select',
    options: options(SCHEDULED_FREQUENCIES),
  }),
  amount: field(moneySchema({ label: 'amount', positive: true, max: 1_000_000 }), { label: 'Amount', kind: 'money' }),
  start_date: field(dateSchema(), { label: 'First payment', kind: 'date' }),
  count: field(countSchema as z.ZodType<number | null, unknown>, {
    label: 'Number of payments',
    kind: 'number',
    placeholder: 'Open-ended',
  }),
  description: field(z.string().trim().min(1, 'Enter what the payment is for.').max(200), {
    label: 'Description',
    span: 2,
  }),
});
export type ScheduledPaymentForm = z.input<typeof ScheduledPaymentFormSchema>;
export type ScheduledPaymentFormOutput = z.output<typeof ScheduledPaymentFormSchema>;

/** A series as the list and the dialogs answer it. */
export const ScheduledPaymentSchema = z.object({
  id: z.number().int(),
  driver_id: z.number().int(),
  driver: z.string().nullable(),
  customer_id: z.number().int().nullable(),
  customer: z.string().nullable(),
  payment_type: z.enum(keys(SCHEDULED_PAYMENT_TYPES)),
  frequency: z.enum(keys(SCHEDULED_FREQUENCIES)),
  amount: z.number(),
  start_date: z.string(),
  count: z.number().int().nullable(),
  description: z.string(),
  /** Instalments on driver statements. */
  taken: z.number().int(),
});
export type ScheduledPayment = z.infer<typeof ScheduledPaymentSchema>;

const Option = z.object({ value: z.number().int(), label: z.string() });
/** GET /scheduled-payments/create (?customer_id narrows the drivers to that customer's). */
export const ScheduledCreateQuerySchema = z.object({ customer_id: z.coerce.number().int().positive().optional() });
export const ScheduledOptionsSchema = z.object({
  drivers: z.array(Option),
  customers: z.array(Option),
  customer_id: z.number().int().nullable(),
});

/** One instalment: the series' `id:date` key, its number and the statement that took it. */
export const InstalmentSchema = z.object({
  key: z.string(),
  scheduled_payment_id: z.number().int(),
  date: z.string(),
  n: z.number().int(),
  schedule: z.string(),
  driver: z.string().nullable(),
  customer: z.string().nullable(),
  payment_type: z.enum(keys(SCHEDULED_PAYMENT_TYPES)),
  description: z.string(),
  /** Signed: deductions negative. */
  amount: z.number(),
  statement_id: z.number().int().nullable(),
});
export type Instalment = z.infer<typeof InstalmentSchema>;

/** GET /scheduled-payments/:id/edit/:date: the series, the instalment of that date, and the options. */
export const ScheduledEditSchema = ScheduledOptionsSchema.extend({
  item: ScheduledPaymentSchema,
  instalment: InstalmentSchema,
});

/** POST /scheduled-payments/date/:date: the month around the date (a day per cell) and the date's instalments. */
export const ScheduledDayBodySchema = z.object({
  driver_id: z.coerce.number().int().positive().optional(),
});
export const ScheduledDaySchema = z.object({
  date: z.string(),
  month: z.string(),
  days: z.array(z.object({ date: z.string(), count: z.number().int(), deductions: z.number(), credits: z.number() })),
  rows: z.array(InstalmentSchema),
  total: z.number(),
});
export type ScheduledDay = z.infer<typeof ScheduledDaySchema>;

export const ScheduledDateParamsSchema = z.object({
  date: dateSchema(),
});
export const ScheduledEditParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  date: dateSchema(),
});
export const ScheduledDestroyBodySchema = z.object({
  payment_type: z.enum(keys(DESTROY_TYPES), { error: 'Choose this payment or the whole series.' }),
  /** The instalment's date (required for `one`; for `all` the series ends before it, or goes when nothing is taken). */
  date: dateSchema().optional(),
});
export const ScheduledSavedSchema = z.object({ message: z.string(), item: ScheduledPaymentSchema });
