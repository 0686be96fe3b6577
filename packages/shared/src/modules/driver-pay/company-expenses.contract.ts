import { z } from 'zod';
import { field } from '../../forms/fields';
import { dateSchema } from '../../schemas/dates';
import { moneySchema } from '../../schemas/money';

/**
 * Accounting → Company expenses (001 §3 "Expenses/payments list": ID, Customer, Driver, Truck,
 * Amount, Category, Description, pay action): costs the company paid that belong to a driver or a
 * truck — tolls, lumper, repairs on the road. Pay puts one on the driver's next statement: as a
 * deduction (the driver pays it back) or a reimbursement (the company pays the driver). The spec
 * names no calls: these are ours, under /company-expenses (the /info pattern plus POST …/:id/pay).
 */
export const COMPANY_EXPENSES_BASE = '/company-expenses';

export const EXPENSE_CATEGORIES = [
  'Toll',
  'Lumper',
  'Repair on the road',
  'Scale ticket',
  'Fine',
  'Parking',
  'Other',
] as const;
export const PAY_AS = { deduction: 'Deduction', reimbursement: 'Reimbursement' } as const;
export type PayAs = keyof typeof PAY_AS;
/** Open: not paid yet; Queued: waits for the driver's next statement; On statement: a statement holds it. */
export const EXPENSE_STATUSES = ['Open', 'Queued', 'On statement'] as const;

export const EXPENSE_MSG = {
  chargedTo: 'Choose the driver or the truck the expense is charged to.',
  noDriver: 'The expense names no driver and its truck has none: choose a driver first.',
  onStatement: (id: number) => `The expense is on driver statement #${id}: it can no longer change.`,
  onStatementNow: (id: number) => `The expense was added to driver statement #${id}.`,
  queued: "The expense will go on the driver's next statement.",
  payAs: 'Choose deduction or reimbursement.',
} as const;

const selectId = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined || v === '' ? null : Number(v)))
  .pipe(z.number().int().positive('Choose from the list.').nullable()) as z.ZodType<number | null, unknown>;

export const CompanyExpenseFormSchema = z
  .object({
    expense_date: field(dateSchema(), { label: 'Date', kind: 'date' }),
    category: field(z.enum(EXPENSE_CATEGORIES, { error: 'Choose a category.' }), {
      label: 'Category',
      kind: 'select',
      options: EXPENSE_CATEGORIES,
    }),
    driver_id: field(selectId, { label: 'Driver', kind: 'select', options: 'drivers' }),
    truck_id: field(selectId, { label: 'Truck', kind: 'select', options: 'trucks' }),
    customer_id: field(selectId, { label: 'Customer', kind: 'select', options: 'customers' }),
    amount: field(moneySchema({ label: 'amount', positive: true, max: 1_000_000 }), { label: 'Amount', kind: 'money' }),
    description: field(z.string().trim().max(500).default(''), { label: 'Description', kind: 'textarea', span: 2 }),
  })
  .superRefine((v, ctx) => {
    if (v.driver_id === null && v.truck_id === null)
      ctx.addIssue({ code: 'custom', path: ['driver_id'], message: EXPENSE_MSG.chargedTo });
  });
export type CompanyExpenseForm = z.input<typeof CompanyExpenseFormSchema>;

export const CompanyExpenseSchema = z.object({
  id: z.number().int(),
  expense_date: z.string(),
  category: z.string(),
  driver_id: z.number().int().nullable(),
  truck_id: z.number().int().nullable(),
  customer_id: z.number().int().nullable(),
  amount: z.number(),
  description: z.string(),
  pay_as: z.enum(['deduction', 'reimbursement']).nullable(),
  status: z.enum(EXPENSE_STATUSES),
  statement_id: z.number().int().nullable(),
});
export type CompanyExpense = z.infer<typeof CompanyExpenseSchema>;

const Option = z.object({ value: z.number().int(), label: z.string() });
export const ExpenseOptionsSchema = z.object({
  drivers: z.array(Option),
  trucks: z.array(Option),
  customers: z.array(Option),
});

/** POST /company-expenses/:id/pay. */
export const ExpensePayBodySchema = z.object({
  pay_as: z.enum(['deduction', 'reimbursement'], { error: EXPENSE_MSG.payAs }),
});
export const ExpensePaidSchema = z.object({
  message: z.string(),
  item: CompanyExpenseSchema,
});
