import { z } from 'zod';
import { dateSchema, monthSchema } from '../../schemas/dates';
import { moneySchema } from '../../schemas/money';

/**
 * Salaries and pay history (001 §3, §7), the account's parts: an employee's (a user's) salary
 * payments — the monthly salary from a date on — and the salary statements made from them (salary
 * at the month's end + the month's bonus-or-charge entries = total, in cents).
 */
export const SALARY_SECTIONS = { statements: 96, payHistory: 104, accountUsers: 91 } as const;

export const SALARY_MSG = {
  futureMonth: 'A statement can be made only for a month that has begun.',
  created: (n: number, month: string) =>
    n
      ? `${n} salary statement${n === 1 ? '' : 's'} made for ${month}.`
      : `Every salary of ${month} already has its statement.`,
  toMake: (n: number, month: string) =>
    n
      ? `${n} salary statement${n === 1 ? '' : 's'} to make for ${month}.`
      : `Every salary of ${month} already has its statement.`,
  chooseEmployee: 'Choose an employee.',
} as const;

/** POST /info/pay-history/list: whose history (default: the caller) and the year to show (a date in it). */
export const PayHistoryListBodySchema = z.object({
  user_id: z.coerce.number().int().positive().optional(),
  date: dateSchema().optional(),
});
/** POST /info/pay-history and /info/pay-history/:id: a monthly salary from a date on. */
export const SalaryPaymentFormSchema = z.object({
  user_id: z.coerce.number({ message: SALARY_MSG.chooseEmployee }).int().positive(SALARY_MSG.chooseEmployee),
  date: dateSchema(),
  amount: moneySchema({ label: 'salary', positive: true, max: 1_000_000 }),
  note: z.string().trim().max(300, 'The note may not be greater than 300 characters.').default(''),
});
export type SalaryPaymentForm = z.input<typeof SalaryPaymentFormSchema>;

export const SalaryPaymentSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  date: z.string(),
  amount: z.number(),
  note: z.string(),
});
export type SalaryPayment = z.infer<typeof SalaryPaymentSchema>;

/** One month of the year: the salary in effect at its end and its bonus-or-charge entries. */
export const PayMonthSchema = z.object({
  month: z.string(),
  salary: z.number(),
  bonus: z.number(),
  total: z.number(),
});
export const PayHistorySchema = z.object({
  user_id: z.number().int(),
  months: z.array(z.string()),
  rows: z.array(PayMonthSchema),
  salary_payment: z.array(SalaryPaymentSchema),
});
export const SalaryPaymentSavedSchema = z.object({ message: z.string(), salary_payment: SalaryPaymentSchema });

/**
 * GET /info/statements/create?month=YYYY-MM (default last month), the spec's call: a preview that writes
 * nothing (`created` empty, the message says how many the month lacks). POST /info/statements/create
 * with `{ month }` makes the month's missing statements (`created`: their ids).
 */
export const SalaryStatementsCreateQuerySchema = z.object({ month: monthSchema().optional() });
export const SalaryStatementsCreateBodySchema = SalaryStatementsCreateQuerySchema;
export const SalaryStatementsCreatedSchema = z.object({
  message: z.string(),
  month: z.string(),
  created: z.array(z.number().int()),
});
