import { z } from 'zod';
import { dateSchema } from '../../schemas/dates';
import { moneySchema } from '../../schemas/money';

export const SHORT_PAYMENT_STATUSES = [
  'New',
  'In progress',
  'Complete',
  'Inactive customer',
  'Processed by customer',
] as const;
export type ShortPaymentStatus = (typeof SHORT_PAYMENT_STATUSES)[number];

/** Statuses never highlighted by age (000 §4). */
export const SHORT_PAYMENT_QUIET_STATUSES: readonly ShortPaymentStatus[] = [
  'Complete',
  'Inactive customer',
  'Processed by customer',
];

/**
 * Age bands (000 §9): 30 to 60 days and over 60 days since the processed date, in company days.
 * The class names travel in the row (`highlight`) and the colour in `color` (the DataTable paints it).
 */
export const SHORT_PAYMENT_AGE = { from: 30, to: 60 } as const;
export const SHORT_PAYMENT_HIGHLIGHTS = {
  'age-30-60': 'rgba(250, 176, 5, 0.22)',
  'age-over-60': 'rgba(250, 82, 82, 0.28)',
} as const;
export type ShortPaymentHighlight = keyof typeof SHORT_PAYMENT_HIGHLIGHTS;

/** The band of an age for a status, the same rule the list's SQL applies. */
export function shortPaymentHighlight(age: number | null, status: string): ShortPaymentHighlight | null {
  if (age === null || (SHORT_PAYMENT_QUIET_STATUSES as readonly string[]).includes(status)) return null;
  if (age > SHORT_PAYMENT_AGE.to) return 'age-over-60';
  if (age >= SHORT_PAYMENT_AGE.from) return 'age-30-60';
  return null;
}

export const SHORT_PAYMENT_MSG = {
  notShort: 'The amount is not below the expected factoring amount.',
  exists: 'This load already has a short payment.',
  noLoad: 'The load was not found.',
} as const;

/** One row of the short payments list (000 §3 "Short payments columns"); money in dollars. */
export const ShortPaymentRowSchema = z.object({
  id: z.number().int(),
  load_id: z.number().int(),
  customer: z.string().nullable(),
  broker: z.string().nullable(),
  factoring_name: z.string().nullable(),
  gross: z.number(),
  amount_factoring: z.number(),
  debt: z.number(),
  processed_date: z.string().nullable(),
  age: z.number().int().nullable(),
  actions: z.string().nullable(),
  status: z.string(),
  highlight: z.string().nullable(),
  color: z.string().nullable(),
});
export type ShortPaymentRow = z.infer<typeof ShortPaymentRowSchema>;

/** POST /short/payments and PUT /short/payments/:id. Gross and debt come from the load. */
export const ShortPaymentFormSchema = z.object({
  load_id: z.coerce.number({ message: 'Enter the load number.' }).int().positive('Enter the load number.'),
  /** Dollars, parsed to cents. */
  amount_factoring: moneySchema({ max: 10_000_000 }),
  processed_date: dateSchema(),
  status: z.enum(SHORT_PAYMENT_STATUSES, { message: 'Choose a status.' }),
  actions: z.string().trim().max(1000, 'The actions may not be greater than 1000 characters.').default(''),
});
export type ShortPaymentForm = z.input<typeof ShortPaymentFormSchema>;
export type ShortPaymentFormOutput = z.output<typeof ShortPaymentFormSchema>;

export const ShortPaymentSchema = ShortPaymentRowSchema.extend({
  schedule_id: z.number().int().nullable(),
  factoring_company_id: z.number().int().nullable(),
  expected_factoring: z.number(),
});
export type ShortPayment = z.infer<typeof ShortPaymentSchema>;

export const ShortPaymentSavedSchema = z.object({ message: z.string(), short_payment: ShortPaymentSchema });
/** GET /short/payments/:id/edit. */
export const ShortPaymentEditSchema = z.object({
  short_payment: ShortPaymentSchema,
  statuses: z.array(z.string()),
});
