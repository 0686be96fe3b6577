import { z } from 'zod';
import { dateSchema, monthSchema } from '../../schemas/dates';
import { moneySchema } from '../../schemas/money';
import { StaffLineSchema } from '../manager-statements/manager-statements.contract';

/**
 * Salaries and pay history (001 §3, §7), the account's parts: an employee's (a user's) salary
 * payments — the monthly salary from a date on — and the salary statements made from them (the
 * month's salary prorated by calendar days + the bonus-or-charge entries the statement takes =
 * total, in cents). Pay history reads the statements: what it shows is what they pay.
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

/**
 * One month of the year as its statement pays it: the salary line, the bonus (every other line:
 * entries and Additional entries), the total, the statement's id (null: no statement for the
 * month yet), the Additional entries' share of the bonus, and the lines.
 */
export const PayMonthSchema = z.object({
  month: z.string(),
  salary: z.number(),
  bonus: z.number(),
  total: z.number(),
  statement_id: z.number().int().nullable(),
  additional: z.number(),
  lines: z.array(StaffLineSchema),
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
