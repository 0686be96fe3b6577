import { z } from 'zod';
import { dateSchema } from '../../schemas/dates';
import { moneySchema } from '../../schemas/money';

/** How a customer paid (the payment form's choices). */
export const PAYMENT_METHODS = ['ACH', 'Zelle', 'Check', 'Wire', 'Card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The company's receiving accounts offered on the payment form (invoices may name others). */
export const PAYMENT_ACCOUNTS = [
  'Chase Operating ••4821',
  'Zelle billing@backhaul.demo',
  'Wells Fargo Lockbox ••1177',
] as const;

/** What will not be collected: a billing mistake or a loss (bad debt). */
export const LOST_KINDS = ['mistake', 'loss'] as const;
export type LostKind = (typeof LOST_KINDS)[number];

/** Dollars with at most two decimals, more than zero; parsed to integer cents. */
export const amountSchema = moneySchema({ positive: true, max: 10_000_000 });

const note = z.string().trim().max(1000, 'The note may not be greater than 1000 characters.');

/** POST /payments/:invoice_id: a payment received against an invoice. */
export const PaymentFormSchema = z.object({
  amount: amountSchema,
  date: dateSchema(),
  payment_method: z.enum(PAYMENT_METHODS, { message: 'Choose ACH, Zelle, Check, Wire or Card.' }),
  payment_account: z.string().trim().max(120).default(''),
  note: note.default(''),
  /** Posts an amount over what is due (the customer's credit). */
  overpayment: z.boolean().default(false),
});
export type PaymentForm = z.input<typeof PaymentFormSchema>;
export type PaymentFormOutput = z.output<typeof PaymentFormSchema>;

/** POST /lost-payment: a mistake or a loss recorded on an invoice (at most what is due). */
export const LostPaymentFormSchema = z.object({
  invoice_id: z.coerce.number().int().positive('Choose an invoice.'),
  kind: z.enum(LOST_KINDS, { message: 'Choose mistake or loss.' }),
  amount: amountSchema,
  date: dateSchema().optional(),
  note: note.default(''),
});
export type LostPaymentForm = z.input<typeof LostPaymentFormSchema>;
export type LostPaymentFormOutput = z.output<typeof LostPaymentFormSchema>;

/** An invoice as the payment form shows it: dollars, need_pay = total - paid - mistake - loss. */
export const PaymentInvoiceSchema = z.object({
  invoice_id: z.number().int(),
  customer_id: z.number().int(),
  customer: z.string(),
  service: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  invoice_status: z.string(),
  total: z.number(),
  paid: z.number(),
  mistake: z.number(),
  loss: z.number(),
  need_pay: z.number(),
  payment_account: z.string().nullable(),
});
export type PaymentInvoice = z.infer<typeof PaymentInvoiceSchema>;

/** GET /payments/new/:id: the invoice, what is due and the form's options. */
export const NewPaymentResponseSchema = z.object({
  invoice: PaymentInvoiceSchema,
  due: z.number(),
  today: z.string(),
  methods: z.array(z.string()),
  accounts: z.array(z.string()),
});
export type NewPaymentResponse = z.infer<typeof NewPaymentResponseSchema>;

export const PaymentRowSchema = z.object({
  id: z.number().int(),
  invoice_id: z.number().int(),
  customer_id: z.number().int(),
  customer: z.string(),
  date: z.string(),
  amount: z.number(),
  payment_method: z.string(),
  payment_account: z.string().nullable(),
  employee: z.string().nullable(),
  note: z.string().nullable(),
  invoice_status: z.string(),
});
export type PaymentRow = z.infer<typeof PaymentRowSchema>;

export const PaymentSaveResponseSchema = z.object({
  message: z.string(),
  payment: PaymentRowSchema,
  invoice: PaymentInvoiceSchema,
});

export const LostPaymentRowSchema = z.object({
  id: z.number().int(),
  invoice_id: z.number().int(),
  customer: z.string(),
  date: z.string(),
  kind: z.enum(LOST_KINDS),
  amount: z.number(),
  note: z.string().nullable(),
});
export const LostPaymentSaveResponseSchema = z.object({
  message: z.string(),
  lost_payment: LostPaymentRowSchema,
  invoice: PaymentInvoiceSchema,
});

export const PaymentResponseSchema = z.object({ payment: PaymentRowSchema });
export const DeleteStatusResponseSchema = z.object({ status: z.boolean(), message: z.string() });

/** A row of the customer payments list (000 §3 "Customer payment"). */
export type CustomerPaymentListRow = {
  id: number;
  invoice_id: number;
  customer_id: number;
  customer: string;
  date: string;
  amount: number;
  employee: string | null;
  sales_manager: string | null;
  services: string | null;
  payment_method: string;
  payment_account: string | null;
  invoice_status: string;
  note: string | null;
};

/** A row of the lost payments list (Lost payments 119). */
export type LostPaymentListRow = {
  id: number;
  invoice_id: number;
  date: string;
  customer_id: number;
  customer: string;
  mistake: number | null;
  loss: number | null;
  amount: number;
  employee: string | null;
  sales_manager: string | null;
  services: string | null;
  note: string | null;
};
