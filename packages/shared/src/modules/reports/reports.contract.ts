import { z } from 'zod';
import { dateSchema } from '../../schemas/dates';

/** Old (customer activity), safety and billing reports (001 §7 Reports). */
export const REPORT_KINDS = { old: 'Customer report', safety: 'Safety report', billing: 'Billing report' } as const;
export type ReportKind = keyof typeof REPORT_KINDS;
const kindKeys = Object.keys(REPORT_KINDS) as [ReportKind, ...ReportKind[]];

/**
 * POST /reports (customers), /reports/create, /reports/safety/create, /reports/safety: a report per
 * customer for the period (default: last month in Chicago), built as a PDF from the data it names.
 */
export const ReportCreateBodySchema = z
  .object({
    customers: z
      .array(z.coerce.number().int().positive('Choose customers from the list.'), {
        error: 'Choose at least one customer.',
      })
      .min(1, 'Choose at least one customer.')
      .max(50, 'Choose at most 50 customers.'),
    from: dateSchema({ allowEmpty: true }).optional(),
    to: dateSchema({ allowEmpty: true }).optional(),
    kind: z.enum(kindKeys, { error: 'Choose a kind of report.' }).optional(),
  })
  .refine((b) => !b.from || !b.to || b.from <= b.to, { message: 'The period ends before it starts.', path: ['to'] });
export type ReportCreateBody = z.input<typeof ReportCreateBodySchema>;

export const ReportSendBodySchema = z.object({
  email: z.email('Enter a valid e-mail address.').max(200, 'The e-mail may not be greater than 200 characters.'),
});

export const ReportRowSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  customer: z.string().nullable(),
  period_from: z.string(),
  period_to: z.string(),
  status: z.string(),
  pending: z.boolean(),
  sent_to: z.string().nullable(),
  sent_at: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  file_id: z.number().int().nullable(),
});
export type ReportRow = z.infer<typeof ReportRowSchema>;

export const ReportsCreatedSchema = z.object({ message: z.string(), reports: z.array(ReportRowSchema) });
export const ReportSentSchema = z.object({ message: z.string(), report: ReportRowSchema });

/** GET /reports/options: the customers a report may be made for. */
export const ReportOptionsSchema = z.object({
  customers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** System settings → Report contacts: the addresses the send dialog offers. */
  report_contacts: z.array(z.string()),
});
