import { z } from 'zod';

/** Billing list labels (000 §3): the invoice flag and the PPW flag of a delivered load. */
export const BILLING_LABELS = {
  invoiceExists: 'Exist',
  invoiceMissing: 'Not exist',
  ppwExists: 'PPW exist',
  ppwMissing: 'PPW not exist',
} as const;

export const BillingRowSchema = z.object({
  load_id: z.number().int(),
  trip_id: z.number().int(),
  billing_id: z.number().int().nullable(),
  customer: z.string().nullable(),
  broker_name: z.string().nullable(),
  broker_number: z.string().nullable(),
  delivery_datetime: z.string().nullable(),
  gross: z.number(),
  billing: z.string(),
  billing_date: z.string().nullable(),
  billed_by: z.string().nullable(),
  invoice: z.string(),
  customer_invoice_id: z.number().int().nullable(),
  ppw_url: z.string(),
});
export type BillingRow = z.infer<typeof BillingRowSchema>;

/** POST /billing: make a delivered load ready for invoicing. */
export const BillingCreateBodySchema = z.object({
  load_id: z.coerce.number({ message: 'Choose a load.' }).int().positive('Choose a load.'),
});
export type BillingCreateBody = z.infer<typeof BillingCreateBodySchema>;

export const BillingSavedSchema = z.object({
  message: z.string(),
  billing: z.object({ id: z.number().int(), load_id: z.number().int(), created_at: z.string() }),
});

export const LoadFileSchema = z.object({
  id: z.number().int(),
  load_id: z.number().int().nullable(),
  category: z.string().nullable(),
  name: z.string(),
  mime: z.string(),
  url: z.string(),
  created_at: z.string(),
});
export const BillingFilesResponseSchema = z.object({ load_files: z.array(LoadFileSchema) });
export type LoadFile = z.infer<typeof LoadFileSchema>;
