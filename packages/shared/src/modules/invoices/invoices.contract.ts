import { z } from 'zod';
import { COMPANY_TIME_ZONE_DEFAULT, nowInCompanyTimeZone } from '../../formats/formats';
import { dateSchema } from '../../schemas/dates';
import { moneySchema } from '../../schemas/money';

export const INVOICE_STATUS = { Open: 'Open', Sent: 'Sent', Paid: 'Paid' } as const;
export type InvoiceStatus = (typeof INVOICE_STATUS)[keyof typeof INVOICE_STATUS];

/** Words of the invoice screens that the spec leaves to us. */
export const INVOICE_MSG = {
  notOpen: 'Only an Open invoice can be changed.',
  alreadyOpen: 'The invoice is already Open.',
  paidNotOpen: 'Only an Open invoice can be marked paid.',
  nothingToPay: 'The invoice has nothing left to pay.',
  noEmail: 'The customer has no e-mail address: enter one.',
  paidSuccess: 'The invoice is marked paid.',
  statisticSent: 'Message has been sent successfully.',
  generationStarted: 'Invoice generation started.',
  billingInvoiced: 'The load is already invoiced: delete the invoice first.',
  billingExists: 'The load is already in billing.',
  billingNotDelivered: 'Only a delivered load can be billed.',
  hasPayments: 'Delete the payments of this invoice first.',
} as const;

const isoDate = dateSchema();

export const InvoiceRowSchema = z.object({
  invoice_id: z.number().int(),
  number: z.string().nullable().optional(),
  status: z.string(),
  service: z.string().nullable(),
  customer: z.string().nullable(),
  customer_id: z.number().int(),
  from: z.string(),
  to: z.string(),
  generated: z.string(),
  generated_date: z.string().nullable(),
  total_check: z.number(),
  pay_amount: z.number(),
  need_pay_amount: z.number(),
  balance: z.number(),
  mistake: z.number(),
  loss: z.number(),
  payment_account: z.string().nullable(),
  invoice_status: z.string(),
  pay: z.string().nullable(),
});
export type InvoiceRow = z.infer<typeof InvoiceRowSchema>;

export const InvoiceLineSchema = z.object({
  id: z.number().int().optional(),
  load_id: z.number().int().nullable().optional(),
  description: z
    .string()
    .trim()
    .min(1, 'The description is required.')
    .max(300, 'The description may not be greater than 300 characters.'),
  quantity: z.coerce.number().int('The quantity is a whole number.').min(1, 'The quantity is at least 1.').max(100000),
  /** The line's amount in dollars, parsed to cents (quantity is what it counts: drivers, months, 1 for a load). */
  amount: moneySchema({ min: -1_000_000, max: 10_000_000 }),
});
export type InvoiceLineInput = z.input<typeof InvoiceLineSchema>;

const text = (max: number, label: string) =>
  z.string().trim().max(max, `The ${label} may not be greater than ${max} characters.`).nullable().optional();

/** POST /invoice/update(/:id): what an Open invoice lets you change. */
export const InvoiceUpdateBodySchema = z.object({
  id: z.coerce.number().int().positive().optional(),
  description: text(1000, 'description'),
  payment_account: text(120, 'payment account'),
  lines: z.array(InvoiceLineSchema).max(5000).optional(),
});
export type InvoiceUpdateBody = z.input<typeof InvoiceUpdateBodySchema>;

/** POST /invoice/new: a manual invoice. */
export const InvoiceNewBodySchema = z
  .object({
    customer_id: z.coerce.number({ message: 'Choose a customer.' }).int().positive('Choose a customer.'),
    service_id: z.coerce.number().int().positive().nullable().optional(),
    from: isoDate,
    to: isoDate,
    description: text(1000, 'description'),
    payment_account: text(120, 'payment account'),
    lines: z.array(InvoiceLineSchema).min(1, 'Add at least one line.').max(5000),
  })
  .refine((v) => v.from <= v.to, { message: 'The start date is after the end date.', path: ['to'] });
export type InvoiceNewBody = z.input<typeof InvoiceNewBodySchema>;

export const InvoiceDetailSchema = z.object({
  invoice_id: z.number().int(),
  /** The printed number (Accounting settings' prefix and counter); null on invoices made before numbering. */
  number: z.string().nullable(),
  status: z.string(),
  customer_id: z.number().int(),
  customer: z.string().nullable(),
  customer_email: z.string().nullable(),
  service_id: z.number().int().nullable(),
  service: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  generated: z.boolean(),
  description: z.string().nullable(),
  payment_account: z.string().nullable(),
  total_check: z.number(),
  pay_amount: z.number(),
  need_pay_amount: z.number(),
  mistake: z.number(),
  loss: z.number(),
  lines: z.array(
    z.object({
      id: z.number().int(),
      load_id: z.number().int().nullable(),
      description: z.string(),
      quantity: z.number().int(),
      rate: z.number(),
      base: z.number(),
      amount: z.number(),
    }),
  ),
});
export type InvoiceDetail = z.infer<typeof InvoiceDetailSchema>;
export const InvoiceResponseSchema = z.object({ invoice: InvoiceDetailSchema });
export const InvoiceSavedSchema = z.object({ message: z.string(), invoice: InvoiceDetailSchema });

const email = z.email('Enter a valid e-mail address.');
/** POST /invoice/sendInvoice: one invoice to the customer's address, or the one given. */
export const SendInvoiceBodySchema = z.object({
  invoice_id: z.coerce.number().int().positive(),
  email: email.or(z.literal('')).optional(),
});
/** POST /invoice/invoiceEmail: one invoice to a typed address. */
export const InvoiceEmailBodySchema = z.object({ invoice_id: z.coerce.number().int().positive(), email });
/** POST /invoice/sendInvoices: several invoices, each to its customer's address. */
export const SendInvoicesBodySchema = z.object({
  invoice_ids: z.array(z.coerce.number().int().positive()).min(1, 'Choose invoices to send.').max(500),
});
export const SendResultSchema = z.object({
  message: z.string(),
  sent: z.array(z.number().int()),
  failed: z.array(z.object({ invoice_id: z.number().int(), error: z.string() })),
});
export type SendResult = z.infer<typeof SendResultSchema>;

export const SendStatisticBodySchema = z.object({ email });

/** POST /invoice/setPayments: mark Open invoices paid (what is left to pay, as one payment each). */
export const SetPaymentsBodySchema = z.object({
  invoice_ids: z.array(z.coerce.number().int().positive()).min(1, 'Choose invoices.').max(500),
  method: z.enum(['ACH', 'Zelle', 'Check', 'Wire', 'Card']).default('ACH'),
  paid_on: isoDate.optional(),
});

export const InvoiceTotalSchema = z.object({ total: z.number().int(), sum: z.record(z.string(), z.number()) });

/** GET /generate-invoice/create: the form's options. */
export const GenerateOptionsSchema = z.object({
  periods: z.array(z.object({ id: z.string(), label: z.string(), from: isoDate, to: isoDate })),
  services: z.array(z.object({ id: z.number().int(), name: z.string(), billing_method: z.string(), rate: z.number() })),
  customers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Accounting settings' default service, when it is active: what the form starts with. */
  default_service_id: z.number().int().nullable(),
});
export type GenerateOptions = z.infer<typeof GenerateOptionsSchema>;

/**
 * The longest period one generation run bills, in days (from and to included): a calendar quarter
 * (at most 92 days) fits. It bounds the work of one run (weeks and months are generated per day of
 * the period) and catches a mistyped year.
 */
export const GENERATE_MAX_DAYS = 93;

const dayNumber = (date: string) => Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / 86_400_000;

/** The generator's period rules (finding: a run for a future quarter billed driver-weeks not yet worked). */
export const GENERATE_MSG = {
  startAfterEnd: 'The start date is after the end date.',
  endInFuture: (today: string) =>
    `The end date (to) can't be after today (${today}, ${COMPANY_TIME_ZONE_DEFAULT}): that period has not ended.`,
  tooLong: (days: number) =>
    `The period (from - to) is ${days} days long; one run bills at most ${GENERATE_MAX_DAYS} days.`,
} as const;

/** POST /generate-invoice. "Today" is read when the body is checked, in the company time zone. */
export const GenerateBodySchema = z
  .object({
    from: isoDate,
    to: isoDate,
    service_id: z.coerce.number().int().positive().nullable().optional(),
    customer_ids: z.array(z.coerce.number().int().positive()).max(5000).optional(),
    description: text(1000, 'description'),
  })
  .superRefine((v, ctx) => {
    if (v.from > v.to) {
      ctx.addIssue({ code: 'custom', message: GENERATE_MSG.startAfterEnd, path: ['to'] });
      return;
    }
    const today = nowInCompanyTimeZone().date;
    if (v.to > today) ctx.addIssue({ code: 'custom', message: GENERATE_MSG.endInFuture(today), path: ['to'] });
    const days = dayNumber(v.to) - dayNumber(v.from) + 1;
    if (days > GENERATE_MAX_DAYS) ctx.addIssue({ code: 'custom', message: GENERATE_MSG.tooLong(days), path: ['from'] });
  });
export type GenerateBody = z.input<typeof GenerateBodySchema>;

export const GenerateStartedSchema = z.object({ message: z.string(), run_id: z.number().int(), job_id: z.string() });

/** What a finished run answers (the job's result). */
export type GenerateResult = { run_id: number; invoices: number; lines: number; amount: number; customers: number };
